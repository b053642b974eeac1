/** Context, events and input of the employee list page's workflow (its table, statistics, selection and bulk actions). */
import type { EmployeePage, EmployeeSearchBody, EmployeeStats } from '../../src/contract/entities.ts';
import type { AlertType } from '../../src/contract/enums.ts';

/** The bulk actions on the checked employees. */
export type BulkAction = 'validate' | 'deactivate';

/**
 * What the table shows: search, sort, paging and the status filter live in the URL; the view sends
 * them as the body of `employees.list`.
 */
export type EmployeeQuery = EmployeeSearchBody;

/** An alert for the view to push: a translation key, its type and the server's detail if any. */
export interface PageAlert {
  readonly message: string;
  readonly type: AlertType;
  readonly detail?: string;
}

export interface ReadListInput {
  readonly query: EmployeeQuery;
}
export interface RunBulkInput {
  readonly action: BulkAction;
  readonly ids: readonly string[];
}

export interface EmployeeListContext {
  /** The last query the view sent; `null` until the first one. */
  readonly query: EmployeeQuery | null;
  /** The page last read (kept while the next one loads; empty after a failed read). */
  readonly page: EmployeePage | null;
  /** The statistics last read (kept while they are read again; `null` until the first answer). */
  readonly stats: EmployeeStats | null;
  /** Checked employees (ids of the page shown): a new read starts empty. */
  readonly selected: readonly string[];
  /** The bulk action being confirmed or run. */
  readonly action: BulkAction | null;
}

export type EmployeeListEvent =
  | { readonly type: 'list.query'; readonly query: EmployeeQuery }
  | { readonly type: 'list.reload' }
  | { readonly type: 'selection.change'; readonly ids: readonly string[] }
  | { readonly type: 'bulk.request'; readonly action: BulkAction }
  | { readonly type: 'bulk.confirm' }
  | { readonly type: 'bulk.cancel' }
  | { readonly type: 'xstate.done.actor.readList'; readonly output: EmployeePage }
  | { readonly type: 'xstate.error.actor.readList'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.readStats'; readonly output: EmployeeStats }
  | { readonly type: 'xstate.error.actor.readStats'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.runBulk'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.runBulk'; readonly error: unknown };
export type EmployeeListEventType = EmployeeListEvent['type'];
