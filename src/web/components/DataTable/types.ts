import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/** The server-side sort: one column and its direction (the seed's `order: {field, sens}`). */
export interface TableSort {
  readonly field: string;
  readonly dir: SortDirection;
}

/** What a list keeps in the URL: 1-based page, page size, sort and the free-text search. */
export interface ListState {
  readonly page: number;
  readonly size: number;
  readonly sort: TableSort;
  readonly q: string;
}

/** A column, kept small so features describe tables without touching TanStack's generics. */
export interface DataTableColumn<T> {
  /** Unique id; for sortable columns it is the server's sort field. */
  readonly id: string;
  /** Already translated header text. */
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  readonly sortable?: boolean;
  /** CSS min-width, e.g. '12rem'. */
  readonly minWidth?: string;
}
