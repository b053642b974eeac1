/** Snapshot → what the employee list page needs; a button is enabled exactly when the machine takes its event. */
import type { SnapshotFrom } from 'xstate';
import type { EmployeeListMachine } from './employeeList.machine.ts';

export type EmployeeListSnapshot = SnapshotFrom<EmployeeListMachine>;

export const selectEmployeeList = (s: EmployeeListSnapshot) => ({
  rows: s.context.page?.items ?? [],
  total: s.context.page?.count ?? 0,
  /** While the page for the current query is awaited (not after a failed read: the empty page is shown). */
  loading: s.matches({ list: 'waiting' }) || s.matches({ list: 'loading' }),
  stats: s.context.stats,
  selected: s.context.selected,
  /** The bulk action whose confirmation is shown. */
  confirming: s.matches({ bulk: 'confirming' }) ? s.context.action : null,
  /** The bulk action running. */
  busy: s.matches({ bulk: 'running' }) ? s.context.action : null,
  /** Validation is offered on the to-validate list only. */
  offersValidate: s.context.query?.status === 'to-validate',
  canValidate: s.can({ type: 'bulk.request', action: 'validate' }),
  canDeactivate: s.can({ type: 'bulk.request', action: 'deactivate' }),
});
export type EmployeeListView = ReturnType<typeof selectEmployeeList>;
