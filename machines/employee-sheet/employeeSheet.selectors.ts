/** Snapshot → what the employee sheet's view needs. */
import type { SnapshotFrom } from 'xstate';
import type { EmployeeSheetMachine } from './employeeSheet.machine.ts';

export type EmployeeSheetSnapshot = SnapshotFrom<EmployeeSheetMachine>;

const RUNNING = ['creatingSafe', 'sendingReminder', 'downloadingLetter', 'deactivating'] as const;

export const selectEmployeeSheet = (s: EmployeeSheetSnapshot) => ({
  employee: s.context.employee,
  version: s.context.version,
  isLoading: s.matches('loading'),
  isFailed: s.matches('failed'),
  /** An action runs, or the employee is read again after one: every action button waits. */
  busy: s.matches('reloading') || RUNNING.some((state) => s.matches({ ready: state })),
  confirmingDeactivation: s.matches({ ready: 'confirmingDeactivation' }),
  canCreateSafe: s.can({ type: 'sheet.safe.create' }),
  canSendReminder: s.matches({ ready: 'idle' }),
  canDownloadLetter: s.can({ type: 'sheet.letter.download' }),
  canDeactivate: s.can({ type: 'sheet.deactivate.ask' }),
});
export type EmployeeSheetView = ReturnType<typeof selectEmployeeSheet>;
