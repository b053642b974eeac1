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
    return {
      ...current,
      offset: (page - 1) * size,
      setPage: (p) => go({ ...current, page: Math.max(1, p) }),
      setSize: (s) => go({ ...current, size: s, page: 1 }),
      setSort: (sort) => {
        storeSort(listId, sort);
        go({ ...current, sort, page: 1 });
      },
      setQuery: (text) => go({ ...current, q: text, page: 1 }),
    };
  }, [page, size, q, field, dir, go, listId]);
};
