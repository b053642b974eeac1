/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { RuleView, UserAdminDetail, UserGroupView } from '../../src/contract/rights.ts';
import { isDirty } from './rightsForm.model.ts';
import type {
  RightsFormContext,
  RightsFormEvent,
  RightsFormEventType,
  RightsFormInput,
  RightsOptions,
} from './rightsForm.types.ts';

export const ORG_ROOT = '0b5d7c1e-0000-4000-8000-000000000001';
export const ORG_PARIS = '0b5d7c1e-0000-4000-8000-000000000002';
export const GROUP_PAYROLL = '0b5d7c1e-0000-4000-8000-0000000000a1';

export const OPTIONS: RightsOptions = {
  orgTree: [
    {
      id: ORG_ROOT,
      name: 'Groupe Horizon',
      siret: '81245367000011',
      street: null,
      zipCode: null,
      city: 'Paris',
      country: null,
      parentId: null,
      reference: null,
      billingReference: null,
      internalFolderCode: null,
      payeDomainId: null,
      isRoot: true,
      childrenCount: 1,
      children: [
        {
          id: ORG_PARIS,
          name: 'Horizon Services Paris',
          siret: '81245367000029',
          street: null,
          zipCode: null,
          city: 'Paris',
          country: null,
          parentId: ORG_ROOT,
          reference: null,
          billingReference: null,
          internalFolderCode: null,
          payeDomainId: null,
          isRoot: false,
          childrenCount: 0,
          children: [],
        },
      ],
    },
  ],
  userGroups: [{ id: GROUP_PAYROLL, name: 'Paie Paris' }],
  users: [{ id: 'user-2', label: 'Bernard Julien', detail: 'julien.bernard@horizon-demo.fr' }],
  docTypes: [{ code: 'PAYSLIP', label: 'Bulletin de paie' }],
  employeeGroups: [{ id: 'egroup-1', name: 'Cadres' }],
  employees: [{ id: 'emp-1', label: 'Durand Alice', detail: 'alice.durand@example.fr' }],
};

export const USER: UserAdminDetail = {
  id: 'user-1',
  login: 'lea.martin',
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea.martin@horizon-demo.fr',
  active: true,
  rootOrgId: ORG_PARIS,
  rootIncludesChildren: true,
  access: [],
  features: ['EmpList', 'DocListDispatch'],
  effectiveFeatures: ['EmpList', 'DocListDispatch'],
  userGroupIds: [],
  linkedToMicrosoft: false,
  lastLoginAt: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  version: 3,
  changes: [],
};

export const GROUP: UserGroupView = {
  id: 'ugroup-1',
  name: 'Paie Paris',
  features: ['EmpList'],
  memberIds: ['user-2'],
  memberCount: 1,
  ruleIds: [],
  createdAt: '2026-01-05T09:00:00.000Z',
  version: 1,
};

export const RULE: RuleView = {
  id: 'rule-1',
  name: 'Bulletins de Paris',
  features: ['DocSearch'],
  criteria: {
    periodStart: '2026-01-01',
    periodEnd: null,
    docTypes: ['PAYSLIP'],
    organizationIds: [ORG_PARIS],
    employeeIds: ['emp-1'],
    employeeGroupIds: [],
    metaKey: null,
    metaValue: null,
  },
  userGroupIds: [GROUP_PAYROLL],
  userIds: [],
  createdAt: '2026-01-05T09:00:00.000Z',
  version: 2,
};

/** The paths edit a user who is not the administrator, so every action is reachable. */
export const PATHS_INPUT: RightsFormInput = { kind: 'user', id: USER.id, orgId: ORG_ROOT, selfId: 'admin-1' };

type EventOf<T extends RightsFormEventType> = Extract<RightsFormEvent, { type: T }>;
type Fixtures = { readonly [T in RightsFormEventType]: readonly EventOf<T>[] };

export const CONFLICT = { key: 'error.rights.conflict', status: 409 };
const loginTaken = { key: 'error.validation.body', status: 400, fields: { login: 'error.validation.body' } };

export const rightsFormFixtures = {
  'form.change': [
    { type: 'form.change', patch: { login: '' } },
    { type: 'form.change', patch: { login: 'lea.martin2' } },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'form.reset': [{ type: 'form.reset' }],
  'form.retry': [{ type: 'form.retry' }],
  'form.reload': [{ type: 'form.reload' }],
  'form.reapply': [{ type: 'form.reapply' }],
  'form.pending.dismiss': [{ type: 'form.pending.dismiss' }],
  'form.action': [
    { type: 'form.action', action: 'delete' },
    { type: 'form.action', action: 'deactivate' },
    { type: 'form.action', action: 'reactivate' },
    { type: 'form.action', action: 'sendPassword' },
  ],
  'action.confirm': [{ type: 'action.confirm' }],
  'action.cancel': [{ type: 'action.cancel' }],
  'xstate.done.actor.loadForm': [{ type: 'xstate.done.actor.loadForm', output: { record: USER, options: OPTIONS } }],
  'xstate.error.actor.loadForm': [{ type: 'xstate.error.actor.loadForm', error: { key: 'error.network', status: 0 } }],
  'xstate.done.actor.saveForm': [
    { type: 'xstate.done.actor.saveForm', output: { ...USER, login: 'lea.martin2', version: 4 } },
  ],
  'xstate.error.actor.saveForm': [
    { type: 'xstate.error.actor.saveForm', error: CONFLICT },
    { type: 'xstate.error.actor.saveForm', error: loginTaken },
    // No answer at all (the connection dropped): nothing to correct, the same values can be sent again.
    { type: 'xstate.error.actor.saveForm', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.runAction': [
    { type: 'xstate.done.actor.runAction', output: { action: 'delete', outcome: 'deleted', record: null } },
    {
      type: 'xstate.done.actor.runAction',
      output: { action: 'delete', outcome: 'deactivated', record: { ...USER, active: false, version: 4 } },
    },
  ],
  'xstate.error.actor.runAction': [
    { type: 'xstate.error.actor.runAction', error: CONFLICT },
    { type: 'xstate.error.actor.runAction', error: { key: 'error.internal', status: 500 } },
  ],
} satisfies Fixtures;

/** What tells two snapshots apart for the traversal: the state and a summary of the context. */
export const serializeRightsForm = (s: AnyMachineSnapshot): string => {
  const c = s.context as RightsFormContext;
  const record = c.record as UserAdminDetail | null;
  return JSON.stringify({
    value: s.value,
    dirty: isDirty(c),
    errors: Object.keys(c.errors).length + Object.keys(c.serverErrors).length,
    pending: c.pending !== null,
    confirming: c.confirming,
    active: record?.active ?? null,
    failure: c.failure?.reason ?? null,
  });
};
