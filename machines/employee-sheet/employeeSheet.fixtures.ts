/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { Employee } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type {
  EmployeeSheetContext,
  EmployeeSheetEvent,
  EmployeeSheetEventType,
  EmployeeSheetInput,
} from './employeeSheet.types.ts';

export const EMPLOYEE: Employee = {
  id: 'emp-1',
  name: 'Durand',
  firstName: 'Alice',
  birthDate: '1988-02-03',
  email: null,
  phone: null,
  numSecu: null,
  address: { street: '1 rue de la Paix', postal: '75002', city: 'Paris', country: 'France' },
  hasBpe: false,
  hasSafeBox: false,
  registered: false,
  needsValidation: false,
  safeStatus: 'NOT_CREATED',
  bpeAgreement: null,
  safeCreatedAt: null,
  lastNotificationAt: null,
  active: true,
  organizations: [{ organizationId: 'org-a', active: true }],
  groups: [],
};
/** The same employee once their safe is open and they have left: no safe to open, nothing to deactivate. */
export const EMPLOYEE_DONE: Employee = { ...EMPLOYEE, safeStatus: 'FINALISED', active: false, email: 'a@example.fr' };

export const SHEET_INPUT: EmployeeSheetInput = { employeeId: EMPLOYEE.id };

type EventOf<T extends EmployeeSheetEventType> = Extract<EmployeeSheetEvent, { type: T }>;
type Fixtures = { readonly [T in EmployeeSheetEventType]: readonly EventOf<T>[] };

const failure = { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };

export const employeeSheetFixtures = {
  'sheet.safe.create': [{ type: 'sheet.safe.create' }],
  'sheet.reminder.send': [
    { type: 'sheet.reminder.send', formEmail: 'alice.durand@example.fr' },
    { type: 'sheet.reminder.send', formEmail: '  ' },
  ],
  'sheet.letter.download': [{ type: 'sheet.letter.download' }],
  'sheet.deactivate.ask': [{ type: 'sheet.deactivate.ask' }],
  'sheet.deactivate.confirm': [{ type: 'sheet.deactivate.confirm' }],
  'sheet.deactivate.cancel': [{ type: 'sheet.deactivate.cancel' }],
  'xstate.done.actor.loadEmployee': [
    { type: 'xstate.done.actor.loadEmployee', output: EMPLOYEE },
    { type: 'xstate.done.actor.loadEmployee', output: EMPLOYEE_DONE },
  ],
  'xstate.error.actor.loadEmployee': [{ type: 'xstate.error.actor.loadEmployee', error: { key: 'error.not-found' } }],
  'xstate.done.actor.createSafe': [
    { type: 'xstate.done.actor.createSafe', output: { accountCreated: true } },
    { type: 'xstate.done.actor.createSafe', output: { accountCreated: false } },
  ],
  'xstate.error.actor.createSafe': [{ type: 'xstate.error.actor.createSafe', error: failure }],
  'xstate.done.actor.sendReminder': [{ type: 'xstate.done.actor.sendReminder', output: undefined }],
  'xstate.error.actor.sendReminder': [
    { type: 'xstate.error.actor.sendReminder', error: failure },
    { type: 'xstate.error.actor.sendReminder', error: { key: ALERT_KEYS.reminderNeedsEmail, status: 400 } },
  ],
  'xstate.done.actor.fetchLetter': [
    { type: 'xstate.done.actor.fetchLetter', output: new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }) },
    { type: 'xstate.done.actor.fetchLetter', output: null },
  ],
  'xstate.error.actor.fetchLetter': [{ type: 'xstate.error.actor.fetchLetter', error: failure }],
  'xstate.done.actor.deactivate': [{ type: 'xstate.done.actor.deactivate', output: undefined }],
  'xstate.error.actor.deactivate': [{ type: 'xstate.error.actor.deactivate', error: failure }],
} satisfies Fixtures;

/** States for the path search: the version grows at every read, so it is left out (what guards read stays in). */
export const serializeEmployeeSheet = (s: AnyMachineSnapshot): string => {
  const e = (s.context as EmployeeSheetContext).employee;
  return JSON.stringify({ value: s.value, employee: e && [e.safeStatus, e.active, Boolean(e.email)] });
};
