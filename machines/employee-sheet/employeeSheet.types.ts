/** Context, events, input and emitted facts of the employee sheet (`/employees/$id`). */
import type { Employee } from '../../src/contract/entities.ts';

export interface EmployeeSheetInput {
  readonly employeeId: string;
}

export interface SheetAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
  /** The server's first error sentence, when it gave one. */
  readonly detail?: string;
}

export interface EmployeeSheetContext {
  readonly employeeId: string;
  readonly employee: Employee | null;
  /** Bumped at every (re)load: the view remounts the form on the employee as read again. */
  readonly version: number;
}

export type EmployeeSheetEvent =
  | { readonly type: 'sheet.safe.create' }
  /** `formEmail`: the address typed in the form, which the reminder may use before it is saved. */
  | { readonly type: 'sheet.reminder.send'; readonly formEmail: string }
  | { readonly type: 'sheet.letter.download' }
  | { readonly type: 'sheet.deactivate.ask' }
  | { readonly type: 'sheet.deactivate.confirm' }
  | { readonly type: 'sheet.deactivate.cancel' }
  | { readonly type: 'xstate.done.actor.loadEmployee'; readonly output: Employee }
  | { readonly type: 'xstate.error.actor.loadEmployee'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.createSafe'; readonly output: { readonly accountCreated: boolean } }
  | { readonly type: 'xstate.error.actor.createSafe'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.sendReminder'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.sendReminder'; readonly error: unknown }
  /** The activation letter, or null when the server has none to give (204). */
  | { readonly type: 'xstate.done.actor.fetchLetter'; readonly output: Blob | null }
  | { readonly type: 'xstate.error.actor.fetchLetter'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.deactivate'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.deactivate'; readonly error: unknown };
export type EmployeeSheetEventType = EmployeeSheetEvent['type'];

/** What the sheet tells its view: an alert to show, a letter to save, the employee gone. */
export type EmployeeSheetEmitted =
  | { readonly type: 'sheet.alert'; readonly alert: SheetAlert }
  | { readonly type: 'sheet.letter'; readonly letter: Blob }
  | { readonly type: 'sheet.deactivated' };
