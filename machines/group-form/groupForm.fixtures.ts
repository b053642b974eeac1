/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { EmployeeGroupDetail, EmployeeGroupMember, Organization } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { isDirty } from './groupForm.machine.ts';
import type { GroupFormContext, GroupFormEvent, GroupFormEventType, GroupFormInput } from './groupForm.types.ts';

export const MEMBER: EmployeeGroupMember = {
  id: 'emp-1',
  name: 'Durand',
  firstName: 'Alice',
  email: 'alice.durand@example.fr',
};

export const GROUP: EmployeeGroupDetail = {
  id: 'group-1',
  name: 'Équipe paie',
  employeesIds: [MEMBER.id],
  orgId: 'org-paris',
  orgName: 'Horizon Services Paris',
  employeeCount: 1,
  members: [MEMBER],
};

export const ORG: Organization = {
  id: 'org-lyon',
  name: 'Horizon Lyon',
  siret: '59240539300014',
  street: null,
  zipCode: null,
  city: 'Lyon',
  country: 'France',
  parentId: null,
  reference: null,
  billingReference: null,
  internalFolderCode: null,
  payeDomainId: null,
  isRoot: true,
  childrenCount: 0,
};

/** The paths create: the edit's read is the `loadGroup` fixture with a group. */
export const PATHS_INPUT: GroupFormInput = { groupId: null, orgId: 'org-paris' };

type EventOf<T extends GroupFormEventType> = Extract<GroupFormEvent, { type: T }>;
type Fixtures = { readonly [T in GroupFormEventType]: readonly EventOf<T>[] };

export const NAME_TAKEN = { key: ERROR_KEYS.groupNameTaken, status: 409 };

export const groupFormFixtures = {
  'group.name.change': [
    { type: 'group.name.change', value: 'Équipe RH' },
    { type: 'group.name.change', value: ' ' },
  ],
  'group.name.blur': [{ type: 'group.name.blur' }],
  'group.org.change': [{ type: 'group.org.change', orgId: ORG.id }],
  'group.member.add': [{ type: 'group.member.add', member: MEMBER }],
  'group.member.remove': [{ type: 'group.member.remove', memberId: MEMBER.id }],
  'group.save': [{ type: 'group.save' }],
  'group.delete.ask': [{ type: 'group.delete.ask' }],
  'group.delete.cancel': [{ type: 'group.delete.cancel' }],
  'group.delete.confirm': [{ type: 'group.delete.confirm' }],
  'xstate.done.actor.loadGroup': [
    { type: 'xstate.done.actor.loadGroup', output: { group: null, orgs: [ORG] } },
    { type: 'xstate.done.actor.loadGroup', output: { group: GROUP, orgs: [] } },
  ],
  'xstate.error.actor.loadGroup': [
    { type: 'xstate.error.actor.loadGroup', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.saveGroup': [{ type: 'xstate.done.actor.saveGroup', output: { ...GROUP, name: 'Équipe RH' } }],
  'xstate.error.actor.saveGroup': [{ type: 'xstate.error.actor.saveGroup', error: NAME_TAKEN }],
  'xstate.done.actor.deleteGroup': [{ type: 'xstate.done.actor.deleteGroup', output: undefined }],
  'xstate.error.actor.deleteGroup': [
    { type: 'xstate.error.actor.deleteGroup', error: { key: 'error.internal', status: 500 } },
  ],
} satisfies Fixtures;

/** What the guards read: a name, a change, a group read or saved. */
export const serializeGroupForm = (s: AnyMachineSnapshot): string => {
  const c = s.context as GroupFormContext;
  return JSON.stringify({
    value: s.value,
    named: c.name.trim() !== '',
    dirty: isDirty(c),
    group: c.group !== null,
  });
};
