/**
 * The employee sheet (`/employees/$id`, seed 000 §2 and §4): the employee read, then the actions on
 * their safe account — open the safe (only while it is not created), send a reminder (needs an e-mail,
 * the saved one or the one typed in the form), download the activation letter — and deactivation
 * behind a confirmation. One action at a time: while one runs the others are refused (the buttons
 * are disabled from `can()`). An action that changes the employee (safe opened, reminder sent) reads
 * them again, and the view remounts its form on the new version. Deactivated, the sheet is over and
 * the view goes back to the list. The form itself is the employee-form machine.
 *
 * Alerts and the letter leave as emitted events (`sheet.alert`, `sheet.letter`, `sheet.deactivated`):
 * the machine never touches the screen.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Employee } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type {
  EmployeeSheetContext,
  EmployeeSheetEmitted,
  EmployeeSheetEvent,
  EmployeeSheetInput,
  SheetAlert,
} from './employeeSheet.types.ts';

const unwired = <T>(name: string) =>
  fromPromise<T, { employeeId: string }>(() => Promise.reject(new Error(`${name}: no actor provided`)));

/** The server's failure as the alert shows it: its first error sentence, if any. */
const detailOf = (error: unknown): { detail?: string } => {
  const detail = (error as { errors?: readonly string[] } | null)?.errors?.[0];
  return detail ? { detail } : {};
};
const keyOf = (error: unknown): string | undefined => (error as { key?: string } | null)?.key;

const alert = (a: SheetAlert) => ({ type: 'sheet.alert' as const, alert: a });

/** Every effect works on the sheet's employee. */
const employeeInput = ({ context }: { context: EmployeeSheetContext }) => ({ employeeId: context.employeeId });

/** The read, first and after an action that changed the employee. */
const readEmployee = {
  id: 'loadEmployee',
  src: 'loadEmployee',
  input: employeeInput,
  onDone: { target: '#employeeSheet.ready', actions: 'storeEmployee' },
  onError: { target: '#employeeSheet.failed', actions: 'notifyLoadFailed' },
} as const;

export const employeeSheetMachine = setup({
  types: {} as {
    context: EmployeeSheetContext;
    events: EmployeeSheetEvent;
    input: EmployeeSheetInput;
    emitted: EmployeeSheetEmitted;
  },
  actors: {
    loadEmployee: unwired<Employee>('loadEmployee'),
    createSafe: unwired<{ accountCreated: boolean }>('createSafe'),
    sendReminder: unwired<unknown>('sendReminder'),
    fetchLetter: unwired<Blob | null>('fetchLetter'),
    deactivate: unwired<unknown>('deactivate'),
  },
  guards: {
    safeNotCreated: ({ context }) => context.employee?.safeStatus === 'NOT_CREATED',
    hasEmail: ({ context, event }) =>
      event.type === 'sheet.reminder.send' && Boolean(event.formEmail.trim() || context.employee?.email),
    isActive: ({ context }) => context.employee?.active === true,
    accountCreated: ({ event }) => event.type === 'xstate.done.actor.createSafe' && event.output.accountCreated,
    hasLetter: ({ event }) =>
      event.type === 'xstate.done.actor.fetchLetter' && event.output !== null && event.output.size > 0,
  },
  actions: {
    storeEmployee: assign({
      employee: ({ event }) => (event.type === 'xstate.done.actor.loadEmployee' ? event.output : null),
      version: ({ context }) => context.version + 1,
    }),
    notifyLoadFailed: emit(alert({ type: 'error', key: 'employees.messages.get.error' })),
    notifySafeCreated: emit(alert({ type: 'success', key: 'employees.messages.safe.success' })),
    notifySafeRefused: emit(alert({ type: 'error', key: 'employees.messages.safe.error' })),
    notifySafeFailed: emit(({ event }) =>
      alert({
        type: 'error',
        key: 'employees.messages.safe.error',
        ...(event.type === 'xstate.error.actor.createSafe' ? detailOf(event.error) : {}),
      }),
    ),
    notifyNeedsEmail: emit(alert({ type: 'error', key: ALERT_KEYS.reminderNeedsEmail })),
    notifyReminderSent: emit(alert({ type: 'success', key: ALERT_KEYS.employees.reminderSuccess })),
    notifyReminderFailed: emit(({ event }) =>
      alert({
        type: 'error',
        key:
          event.type === 'xstate.error.actor.sendReminder' && keyOf(event.error) === ALERT_KEYS.reminderNeedsEmail
            ? ALERT_KEYS.reminderNeedsEmail
            : ALERT_KEYS.employees.reminderError,
      }),
    ),
    emitLetter: emit(({ event }) => {
      if (event.type !== 'xstate.done.actor.fetchLetter' || !event.output) throw new Error('no letter');
      return { type: 'sheet.letter' as const, letter: event.output };
    }),
    notifyLetterFailed: emit(alert({ type: 'error', key: ALERT_KEYS.employees.activationMailError })),
    notifyDeactivated: emit(alert({ type: 'success', key: 'employees.messages.deactivate.success' })),
    emitDeactivated: emit({ type: 'sheet.deactivated' as const }),
    notifyDeactivateFailed: emit(({ event }) =>
      alert({
        type: 'error',
        key: ALERT_KEYS.employees.deleteError,
        ...(event.type === 'xstate.error.actor.deactivate' ? detailOf(event.error) : {}),
      }),
    ),
  },
}).createMachine({
  id: 'employeeSheet',
  context: ({ input }) => ({ employeeId: input.employeeId, employee: null, version: 0 }),
  initial: 'loading',
  states: {
    loading: { invoke: readEmployee },
    /** The employee could not be read (gone, or not visible to this user): the sheet says so. */
    failed: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sheet.safe.create': { guard: 'safeNotCreated', target: 'creatingSafe' },
            'sheet.reminder.send': [{ guard: 'hasEmail', target: 'sendingReminder' }, { actions: 'notifyNeedsEmail' }],
            'sheet.letter.download': { target: 'downloadingLetter' },
            'sheet.deactivate.ask': { guard: 'isActive', target: 'confirmingDeactivation' },
          },
        },
        creatingSafe: {
          invoke: {
            id: 'createSafe',
            src: 'createSafe',
            input: employeeInput,
            onDone: [
              { guard: 'accountCreated', target: '#employeeSheet.reloading', actions: 'notifySafeCreated' },
              { target: '#employeeSheet.reloading', actions: 'notifySafeRefused' },
            ],
            onError: { target: 'idle', actions: 'notifySafeFailed' },
          },
        },
        sendingReminder: {
          invoke: {
            id: 'sendReminder',
            src: 'sendReminder',
            input: employeeInput,
            onDone: { target: '#employeeSheet.reloading', actions: 'notifyReminderSent' },
            onError: { target: 'idle', actions: 'notifyReminderFailed' },
          },
        },
        downloadingLetter: {
          invoke: {
            id: 'fetchLetter',
            src: 'fetchLetter',
            input: employeeInput,
            onDone: [
              { guard: 'hasLetter', target: 'idle', actions: 'emitLetter' },
              { target: 'idle', actions: 'notifyLetterFailed' },
            ],
            onError: { target: 'idle', actions: 'notifyLetterFailed' },
          },
        },
        confirmingDeactivation: {
          on: {
            'sheet.deactivate.confirm': { target: 'deactivating' },
            'sheet.deactivate.cancel': { target: 'idle' },
          },
        },
        deactivating: {
          invoke: {
            id: 'deactivate',
            src: 'deactivate',
            input: employeeInput,
            onDone: { target: '#employeeSheet.deactivated', actions: ['notifyDeactivated', 'emitDeactivated'] },
            onError: { target: 'idle', actions: 'notifyDeactivateFailed' },
          },
        },
      },
    },
    /** Read again after an action that changed the employee; the view keeps showing the last read. */
    reloading: { invoke: readEmployee },
    deactivated: { type: 'final' },
  },
});

export type EmployeeSheetMachine = typeof employeeSheetMachine;
