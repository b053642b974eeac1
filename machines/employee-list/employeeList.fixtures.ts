/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { Employee, EmployeePage, EmployeeStats } from '../../src/contract/entities.ts';
import type {
  EmployeeListContext,
  EmployeeListEvent,
  EmployeeListEventType,
  EmployeeQuery,
} from './employeeList.types.ts';

export const EMPLOYEE_1: Employee = {
  id: 'emp-1',
  name: 'Durand',
  firstName: 'Alice',
  birthDate: '1988-02-03',
  email: 'alice.durand@example.fr',
  phone: null,
  numSecu: null,
  address: { street: '1 rue de la Paix', postal: '75002', city: 'Paris', country: 'France' },
  hasBpe: false,
  hasSafeBox: false,
  registered: false,
  needsValidation: true,
  safeStatus: 'NOT_CREATED',
  bpeAgreement: null,
  safeCreatedAt: null,
  lastNotificationAt: null,
  active: true,
  organizations: [{ organizationId: 'org-a', active: true, registrationNumber: 'M001' }],
  groups: [],
};
export const EMPLOYEE_2: Employee = {
  ...EMPLOYEE_1,
  id: 'emp-2',
  name: 'Petit',
  firstName: 'Bruno',
  email: null,
  organizations: [{ organizationId: 'org-a', active: true, registrationNumber: 'M002' }],
};
export const PAGE: EmployeePage = { count: 2, items: [EMPLOYEE_1, EMPLOYEE_2], nextCursor: null };
export const STATS: EmployeeStats = { totalCount: 2, activeCount: 2, inactiveCount: 0, needsValidationCount: 2 };

/** The all-employees list, first page, as the URL gives it by default. */
export const QUERY_ALL: EmployeeQuery = { offset: 0, limit: 20, order: { field: 'name', sens: 'asc' } };
export const QUERY_TO_VALIDATE: EmployeeQuery = { ...QUERY_ALL, status: 'to-validate' };

type EventOf<T extends EmployeeListEventType> = Extract<EmployeeListEvent, { type: T }>;
type Fixtures = { readonly [T in EmployeeListEventType]: readonly EventOf<T>[] };

export const employeeListFixtures = {
  'list.query': [
    { type: 'list.query', query: QUERY_ALL },
    { type: 'list.query', query: QUERY_TO_VALIDATE },
  ],
  'list.reload': [{ type: 'list.reload' }],
  'selection.change': [
    { type: 'selection.change', ids: [EMPLOYEE_1.id] },
    { type: 'selection.change', ids: [] },
  ],
  'bulk.request': [
    { type: 'bulk.request', action: 'validate' },
    { type: 'bulk.request', action: 'deactivate' },
  ],
  'bulk.confirm': [{ type: 'bulk.confirm' }],
  'bulk.cancel': [{ type: 'bulk.cancel' }],
  'xstate.done.actor.readList': [{ type: 'xstate.done.actor.readList', output: PAGE }],
  'xstate.error.actor.readList': [{ type: 'xstate.error.actor.readList', error: { key: 'error.network', status: 0 } }],
  'xstate.done.actor.readStats': [{ type: 'xstate.done.actor.readStats', output: STATS }],
  'xstate.error.actor.readStats': [
    { type: 'xstate.error.actor.readStats', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.runBulk': [{ type: 'xstate.done.actor.runBulk', output: undefined }],
  'xstate.error.actor.runBulk': [
    {
      type: 'xstate.error.actor.runBulk',
      error: { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] },
    },
  ],
} satisfies Fixtures;

/**
 * Snapshots are told apart by what the guards read (the list's status, something checked, the action)
 * and whether a page and statistics were read, not by which employees are checked: the traversal stays small.
 */
export const serializeEmployeeList = (s: AnyMachineSnapshot): string => {
  const c = s.context as EmployeeListContext;
  return JSON.stringify({
    value: s.value,
    query: c.query ? (c.query.status ?? 'all') : null,
    page: c.page ? c.page.count : null,
    stats: c.stats !== null,
    selected: c.selected.length > 0,
    action: c.action,
  });
};
