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
  /**
   * CSS max-width, e.g. '14rem': a longer value is cut with « … » on one line, and its whole text
   * shows as a tooltip (the cell's string, or `text`).
   */
  readonly maxWidth?: string;
  /**
   * With `maxWidth`: the lines a value may wrap onto before it is cut (1 by default). A key column
   * whose values differ at their end (« … novembre 2026 — Marseille », « … — Lyon ») takes 2.
   */
  readonly lines?: number;
  /** The cell's whole text, for the tooltip of a cut cell whose `cell` is not a string. */
  readonly text?: (row: T) => string;
  /**
   * How much the column matters: `essential` always shows (and the column chooser cannot hide it);
   * `normal` (the default) shows unless the user hides it; `optional` also leaves narrow screens
   * (≤ 600 px) unless the user chose it there.
   */
  readonly priority?: 'essential' | 'normal' | 'optional';
  /** Hidden until the user shows it with the column chooser. */
  readonly hiddenByDefault?: boolean;
}
