/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { Employee } from '../../src/contract/entities.ts';
import type {
  EmployeeFormContext,
  EmployeeFormEvent,
  EmployeeFormEventType,
  EmployeeFormInput,
  ImportCandidate,
} from './employeeForm.types.ts';

export const TODAY = '2025-06-30';

export const IMPORTED: Employee = {
  id: 'emp-elsewhere',
  name: 'Durand',
  firstName: 'Alice',
  birthDate: '1988-02-03',
  email: 'alice.durand@example.fr',
  phone: null,
  numSecu: null,
  address: { street: '1 rue de la Paix', postal: '75002', city: 'Paris', country: 'France' },
  hasBpe: false,
  hasSafeBox: true,
  registered: true,
  needsValidation: false,
  safeStatus: 'FINALISED',
  bpeAgreement: null,
  safeCreatedAt: '2024-01-05',
  lastNotificationAt: null,
  active: true,
  organizations: [{ organizationId: 'org-a', active: true }],
  groups: [],
};

export const CANDIDATE: ImportCandidate = {
  id: IMPORTED.id,
  name: IMPORTED.name,
  firstName: IMPORTED.firstName,
  address: IMPORTED.address,
};

/** The paths run with the first line free, so "no organisation" is reachable before one is picked. */
export const PATHS_INPUT: EmployeeFormInput = { mode: 'create', orgId: null, visibleOrgCount: 2, today: TODAY };

type EventOf<T extends EmployeeFormEventType> = Extract<EmployeeFormEvent, { type: T }>;
type Fixtures = { readonly [T in EmployeeFormEventType]: readonly EventOf<T>[] };

const apiError = {
  key: 'error.validation.body',
  status: 400,
  fields: { email: 'validation.format' },
  errors: ['E-mail : Format incorrect'],
};

export const employeeFormFixtures = {
  'form.change': [
    { type: 'form.change', field: 'name', value: 'Martin' },
    { type: 'form.change', field: 'firstName', value: 'Léa' },
    { type: 'form.change', field: 'birthDate', value: '1990-04-12' },
    { type: 'form.change', field: 'email', value: 'alice.durand@example.fr' },
    { type: 'form.change', field: 'email', value: 'new.person@example.fr' },
    { type: 'form.change', field: 'email', value: 'bad' },
  ],
  'form.blur': [{ type: 'form.blur', field: 'name' }],
  'form.org.add': [{ type: 'form.org.add', organizationId: 'org-b' }],
  'form.org.change': [
    { type: 'form.org.change', index: 0, organizationId: 'org-a' },
    { type: 'form.org.change', index: 0, registrationNumber: 'M-001' },
  ],
  'form.org.remove': [{ type: 'form.org.remove', index: 1 }],
  'form.submit': [{ type: 'form.submit' }],
  'form.erase': [{ type: 'form.erase' }],
  'import.confirm': [{ type: 'import.confirm' }],
  'import.cancel': [{ type: 'import.cancel' }],
  'xstate.done.actor.lookupEmail': [
    { type: 'xstate.done.actor.lookupEmail', output: CANDIDATE },
    { type: 'xstate.done.actor.lookupEmail', output: null },
  ],
  'xstate.error.actor.lookupEmail': [
    { type: 'xstate.error.actor.lookupEmail', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.importEmployee': [{ type: 'xstate.done.actor.importEmployee', output: IMPORTED }],
  'xstate.error.actor.importEmployee': [
    { type: 'xstate.error.actor.importEmployee', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.saveEmployee': [
    { type: 'xstate.done.actor.saveEmployee', output: { ...IMPORTED, id: 'emp-new', name: 'Martin' } },
  ],
  'xstate.error.actor.saveEmployee': [{ type: 'xstate.error.actor.saveEmployee', error: apiError }],
} satisfies Fixtures;

/**
 * Values are summarised by how many rules fail and how the e-mail relates to the last lookup, so
 * the traversal stays small but still tells a valid form from an invalid one (each valid fixture
 * lowers the count, so a valid form is always reached).
 */
export const serializeEmployeeForm = (s: AnyMachineSnapshot): string => {
  const c = s.context as EmployeeFormContext;
  return JSON.stringify({
    value: s.value,
    mode: c.mode,
    errors: Object.keys(c.errors).length,
    server: Object.keys(c.serverErrors).length,
    orgs: c.organizations.map((l) => l.organizationId),
    email: c.checkedEmail === null ? 'unchecked' : c.values.email === c.checkedEmail ? 'checked' : 'changed',
    dirty: JSON.stringify(c.values) !== JSON.stringify(c.initialValues),
  });
};
