/** A list's paging, sort and search, read from and written to the URL (see listSearch.ts). */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { type ListDefaults, listStateToSearch, parseListSearch } from './listSearch.ts';
import { readStoredSort, storeSort } from './sortStore.ts';
import type { ListState, TableSort } from './types.ts';

export interface ListStateControls extends ListState {
  /** Offset for the server call: (page − 1) × size. */
  readonly offset: number;
  setPage(page: number): void;
  setSize(size: number): void;
  setSort(sort: TableSort): void;
  setQuery(q: string): void;
  /** The paging and sort props of <DataTable>, wired to this state: `<DataTable {...list.tableProps} … />`. */
  readonly tableProps: {
    readonly page: number;
    readonly size: number;
    readonly sort: TableSort;
    readonly onPageChange: (page: number) => void;
    readonly onSizeChange: (size: number) => void;
    readonly onSortChange: (sort: TableSort) => void;
  };
}

export const useListState = (listId: string, defaults: ListDefaults): ListStateControls => {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = parseListSearch(raw, defaults, readStoredSort(listId));
  const { page, size, q } = state;
  const { field, dir } = state.sort;

  const go = useCallback(
    (next: ListState) => {
      const search = listStateToSearch(next, defaults);
      // `to: '.'` keeps the current route (status lists share this hook); only the search changes.
      void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...search })) as never });
    },
    [navigate, defaults],
  );

  return useMemo(() => {
    const current: ListState = { page, size, q, sort: { field, dir } };
    const setPage = (p: number) => go({ ...current, page: Math.max(1, p) });
    const setSize = (s: number) => go({ ...current, size: s, page: 1 });
    const setSort = (sort: TableSort) => {
      storeSort(listId, sort);
      go({ ...current, sort, page: 1 });
    };
    return {
      ...current,
      offset: (page - 1) * size,
      setPage,
      setSize,
      setSort,
      setQuery: (text) => go({ ...current, q: text, page: 1 }),
      tableProps: {
        page,
        size,
        sort: current.sort,
        onPageChange: setPage,
        onSizeChange: setSize,
        onSortChange: setSort,
      },
    };
  }, [page, size, q, field, dir, go, listId]);
};
