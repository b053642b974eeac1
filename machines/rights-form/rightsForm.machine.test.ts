import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createRightsFormActors } from './rightsForm.actors.ts';
import { GROUP, ORG_PARIS, ORG_ROOT, RULE, USER } from './rightsForm.fixtures.ts';
import { rightsFormMachine } from './rightsForm.machine.ts';
import { selectRightsForm } from './rightsForm.selectors.ts';
import type { RightsFormEmitted, RightsFormInput, RightsPatch } from './rightsForm.types.ts';
import { tableApi } from '../testing/tableApi.ts';

const TREE = () => [];
const NO_PAGE = () => ({ count: 0, items: [] });

const start = (input: RightsFormInput, answers: Parameters<typeof tableApi>[0]) => {
  const { api, calls } = tableApi({
    'organizations.eligibleTree': TREE,
    'userGroups.list': NO_PAGE,
    'users.list': NO_PAGE,
    ...answers,
  });
  const actor = createActor(rightsFormMachine.provide({ actors: createRightsFormActors({ api }) }), { input });
  const emitted: RightsFormEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const view = () => selectRightsForm(actor.getSnapshot());
  const change = (patch: RightsPatch) => actor.send({ type: 'form.change', patch });
  const alerts = () => emitted.flatMap((e) => (e.type === 'form.alert' ? [e.alert] : []));
  return { actor, calls, emitted, alerts, view, change };
};

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(
    actor,
    (s) => !s.matches('loading') && !s.matches('saving') && !s.matches('acting') && !s.matches('reloading'),
  );

describe('rights form: what a disabled save waits for (issue 15)', () => {
  it('names the required fields still empty, untouched ones included, then those to correct, then nothing', async () => {
    const { actor, view, change } = start({ kind: 'user', id: null, orgId: ORG_ROOT }, {});
    await settled(actor);
    expect(view().canSubmit).toBe(false);
    expect(view().blockedBy).toEqual({ missing: ['lastName', 'firstName', 'login'], invalid: [] });
    change({ lastName: 'Martin', email: 'léa@' });
    expect(view().blockedBy).toEqual({ missing: ['firstName', 'login'], invalid: ['email'] });
    change({ firstName: 'Léa', login: 'lea.martin', email: 'lea@horizon-demo.fr' });
    expect(view().canSubmit).toBe(true);
    expect(view().blockedBy).toBeNull();
  });

  it('says nothing changed on a saved entity not yet modified', async () => {
    const { actor, view, change } = start(
      { kind: 'userGroup', id: GROUP.id, orgId: ORG_ROOT },
      { 'userGroups.get': () => GROUP },
    );
    await settled(actor);
    expect(view().blockedBy).toEqual({ unchanged: true });
    change({ name: '' });
    expect(view().blockedBy).toEqual({ missing: ['name'], invalid: [] });
  });
});

describe('rights form: a user', () => {
  it('creates a user in the current organisation once the rules hold, without a version and with no e-mail as null', async () => {
    const { actor, calls, emitted, alerts, view, change } = start(
      { kind: 'user', id: null, orgId: ORG_ROOT },
      { 'users.create': ({ body }) => ({ ...USER, ...(body as object), id: 'user-new', version: 0, changes: [] }) },
    );
    await settled(actor);
    expect(view().values).toMatchObject({ rootOrgId: ORG_ROOT, rootIncludesChildren: true });
    expect(view().dirty).toBe(false);
    expect(view().fieldError('login')).toBeNull();

    change({ email: 'léa@' });
    expect(view().fieldError('email')).toBe('validation.expected.email');
    actor.send({ type: 'form.submit' });
    expect(view().fieldError('login')).toBe('validation.required');
    expect(calls.some((c) => c.routeId === 'users.create')).toBe(false);

    change({ login: 'lea.martin', firstName: 'Léa', lastName: 'Martin', email: '', features: ['EmpList', 'EmpList'] });
    expect(view().canSubmit).toBe(true);
    actor.send({ type: 'form.submit' });
    await settled(actor);
    const body = calls.find((c) => c.routeId === 'users.create')?.body;
    expect(body).toEqual({
      login: 'lea.martin',
      firstName: 'Léa',
      lastName: 'Martin',
      email: null,
      rootOrgId: ORG_ROOT,
      access: [],
      rootIncludesChildren: true,
      features: ['EmpList'],
      userGroupIds: [],
      linkedToMicrosoft: false,
    });
    expect(emitted).toContainEqual({ type: 'form.saved', id: 'user-new', created: true });
    expect(alerts()).toEqual([{ type: 'success', key: 'api.createUser.success' }]);
    expect(view()).toMatchObject({ justSaved: true, dirty: false, blocksLeaving: false });
  });

  it('sends nothing when nothing changed, and the version it read with an update', async () => {
    const { actor, calls, alerts, view, change } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      {
        'users.get': () => USER,
        'users.update': ({ body }) => ({ ...USER, ...(body as object), version: 4 }),
      },
    );
    await settled(actor);
    actor.send({ type: 'form.submit' });
    expect(calls.some((c) => c.routeId === 'users.update')).toBe(false);
    change({ features: ['DocListDispatch', 'EmpList'] });
    expect(view().dirty).toBe(false);
    change({ features: ['EmpList', 'DocListDispatch', 'OrgList'] });
    expect(view().blocksLeaving).toBe(true);
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(calls.find((c) => c.routeId === 'users.update')).toMatchObject({
      params: { id: USER.id },
      body: { version: 3, features: ['EmpList', 'DocListDispatch', 'OrgList'] },
    });
    expect(alerts()).toEqual([{ type: 'success', key: 'api.updateUser.success' }]);
  });

  it('on a conflict, reloads the current version and keeps what was typed, to apply again', async () => {
    let version = 3;
    const { actor, calls, view, change } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      {
        'users.get': () => ({ ...USER, version, firstName: version > 3 ? 'Léonie' : 'Léa' }),
        'users.update': ({ body }) => {
          if ((body as { version: number }).version < version) throw { key: 'error.rights.conflict', status: 409 };
          return { ...USER, ...(body as object), version: version + 1 };
        },
      },
    );
    await settled(actor);
    version = 4;
    change({ lastName: 'Martin-Roux' });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(view()).toMatchObject({ isConflict: true, editable: false, conflict: { reason: 'error.rights.conflict' } });
    expect(view().values.kind === 'user' && view().values).toMatchObject({ lastName: 'Martin-Roux' });

    actor.send({ type: 'form.reload' });
    await settled(actor);
    expect(view().values).toMatchObject({ firstName: 'Léonie', lastName: 'Martin' });
    expect(view().pending).toMatchObject({ firstName: 'Léa', lastName: 'Martin-Roux' });
    actor.send({ type: 'form.reapply' });
    expect(view().pending).toBeNull();
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(calls.filter((c) => c.routeId === 'users.update').at(-1)?.body).toMatchObject({
      version: 4,
      lastName: 'Martin-Roux',
    });
    expect(view().justSaved).toBe(true);
  });

  it('maps a server field error under its field until the field changes', async () => {
    const { actor, alerts, view, change } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      {
        'users.get': () => USER,
        'users.update': () => {
          throw { key: 'error.rights.login-taken', status: 409, fields: { login: 'error.rights.login-taken' } };
        },
      },
    );
    await settled(actor);
    change({ login: 'paie' });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(view().fieldError('login')).toBe('error.rights.login-taken');
    expect(view().failure).toMatchObject({ key: 'api.updateUser.error', reason: 'error.rights.login-taken' });
    expect(alerts()).toEqual([{ type: 'error', key: 'api.updateUser.error' }]);
    change({ login: 'paie2' });
    expect(view().fieldError('login')).toBeNull();
  });

  it('sends the password link after confirmation, only to a saved e-mail', async () => {
    const withEmail = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      { 'users.get': () => USER, 'users.reinitPassword': () => ({}) },
    );
    await settled(withEmail.actor);
    expect(withEmail.view().can.sendPassword).toBe(true);
    withEmail.actor.send({ type: 'form.action', action: 'sendPassword' });
    expect(withEmail.view().confirming).toBe('sendPassword');
    withEmail.actor.send({ type: 'action.confirm' });
    await settled(withEmail.actor);
    expect(withEmail.calls.find((c) => c.routeId === 'users.reinitPassword')?.body).toEqual({ userId: USER.id });
    expect(withEmail.alerts()).toEqual([{ type: 'success', key: 'api.reinitPassword.sent' }]);

    const without = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      { 'users.get': () => ({ ...USER, email: null }) },
    );
    await settled(without.actor);
    expect(without.view()).toMatchObject({ passwordNeedsEmail: true, can: { sendPassword: false } });
    without.actor.send({ type: 'form.action', action: 'sendPassword' });
    expect(without.view().confirming).toBeNull();
  });

  it('says so when deleting kept a user with history, deactivated; nobody deletes or deactivates themselves', async () => {
    let current = USER;
    const { actor, emitted, alerts, view } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT, selfId: 'admin-1' },
      {
        'users.get': () => current,
        'users.delete': () => {
          current = { ...USER, active: false, version: 4, hasHistory: true };
          return { outcome: 'deactivated' };
        },
      },
    );
    await settled(actor);
    actor.send({ type: 'form.action', action: 'delete' });
    actor.send({ type: 'action.confirm' });
    await settled(actor);
    // Inactive with a history: deleting would only deactivate them again, so it is no longer offered.
    expect(view()).toMatchObject({
      active: false,
      isDeleted: false,
      can: { reactivate: true, deactivate: false, delete: false },
    });
    expect(actor.getSnapshot().can({ type: 'form.action', action: 'delete' })).toBe(false);
    expect(alerts()).toEqual([{ type: 'success', key: 'api.deleteUser.deactivated' }]);
    expect(emitted.some((e) => e.type === 'form.deleted')).toBe(false);

    // Inactive without a history (never logged in, nothing authored): deleting deletes, still offered.
    const never = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT, selfId: 'admin-1' },
      { 'users.get': () => ({ ...USER, active: false, hasHistory: false }) },
    );
    await settled(never.actor);
    expect(never.view().can).toMatchObject({ delete: true, reactivate: true });

    const self = start({ kind: 'user', id: USER.id, orgId: ORG_ROOT, selfId: USER.id }, { 'users.get': () => USER });
    await settled(self.actor);
    expect(self.view()).toMatchObject({ isSelf: true, can: { delete: false, deactivate: false } });
  });

  it('deactivates with the saved values and version, keeping what is being typed', async () => {
    let current = USER;
    const { actor, calls, view, change } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      {
        'users.get': () => current,
        'users.update': ({ body }) => (current = { ...USER, ...(body as object), version: 4 }),
      },
    );
    await settled(actor);
    change({ firstName: 'Léonie' });
    actor.send({ type: 'form.action', action: 'deactivate' });
    actor.send({ type: 'action.confirm' });
    await settled(actor);
    expect(calls.find((c) => c.routeId === 'users.update')?.body).toMatchObject({
      firstName: 'Léa',
      active: false,
      version: 3,
    });
    expect(view()).toMatchObject({ active: false, dirty: true });
    expect(view().values).toMatchObject({ firstName: 'Léonie' });
  });

  it('shows a failed load and loads again on retry', async () => {
    let fail = true;
    const { actor, alerts, view } = start(
      { kind: 'user', id: USER.id, orgId: ORG_ROOT },
      {
        'users.get': () => {
          if (fail) throw { key: 'error.not-found', status: 404 };
          return USER;
        },
      },
    );
    await settled(actor);
    expect(view().loadFailed).toMatchObject({ key: 'api.getUser.error', reason: 'error.not-found' });
    expect(alerts()).toEqual([{ type: 'error', key: 'api.getUser.error' }]);
    fail = false;
    actor.send({ type: 'form.retry' });
    await settled(actor);
    expect(view().values).toMatchObject({ login: 'lea.martin' });
  });
});

describe('rights form: a user group', () => {
  it("keeps a group that rules use, showing the server's message", async () => {
    const { actor, alerts, view } = start(
      { kind: 'userGroup', id: GROUP.id, orgId: ORG_ROOT },
      {
        'userGroups.get': () => GROUP,
        'users.list': () => ({
          count: 1,
          items: [{ ...USER, id: 'user-2', firstName: 'Julien', lastName: 'Bernard' }],
        }),
        'userGroups.delete': () => {
          throw {
            key: 'error.rights.group-in-use',
            status: 409,
            errors: ['Ce groupe est utilisé par la règle « Paris ».'],
          };
        },
      },
    );
    await settled(actor);
    expect(view().values).toMatchObject({ members: [{ id: 'user-2', label: 'Bernard Julien' }] });
    actor.send({ type: 'form.action', action: 'delete' });
    actor.send({ type: 'action.confirm' });
    await settled(actor);
    expect(view().failure).toEqual({
      key: 'api.deleteUserGroup.error',
      reason: 'error.rights.group-in-use',
      detail: 'Ce groupe est utilisé par la règle « Paris ».',
    });
    expect(alerts()).toEqual([
      { type: 'error', key: 'api.deleteUserGroup.error', detail: 'Ce groupe est utilisé par la règle « Paris ».' },
    ]);
    expect(view().isDeleted).toBe(false);
  });

  it('deletes a group and says so', async () => {
    const { actor, emitted } = start(
      { kind: 'userGroup', id: GROUP.id, orgId: ORG_ROOT },
      { 'userGroups.get': () => GROUP, 'userGroups.delete': () => undefined },
    );
    await settled(actor);
    actor.send({ type: 'form.action', action: 'delete' });
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'form.action', action: 'delete' });
    actor.send({ type: 'action.confirm' });
    await settled(actor);
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toContainEqual({ type: 'form.deleted', id: GROUP.id });
    expect(emitted).toContainEqual({
      type: 'form.alert',
      alert: { type: 'success', key: 'api.deleteUserGroup.success' },
    });
  });
});

describe('rights form: an access rule', () => {
  const ruleAnswers = {
    'rules.get': () => RULE,
    'documents.orgDocTypes': () => [{ code: 'PAYSLIP', label: 'Bulletin de paie', enabled: true, hasMask: true }],
    'groups.list': NO_PAGE,
    'employees.get': () => ({ id: 'emp-1', name: 'Durand', firstName: 'Alice', email: null }),
  } satisfies Parameters<typeof tableApi>[0];

  it('reads its criteria with names, checks the period, and sends empty criteria as null', async () => {
    const { actor, calls, view, change } = start(
      { kind: 'rule', id: RULE.id, orgId: ORG_ROOT },
      { ...ruleAnswers, 'rules.update': ({ body }) => ({ ...RULE, ...(body as object), version: 3 }) },
    );
    await settled(actor);
    expect(view().options.docTypes).toEqual([{ code: 'PAYSLIP', label: 'Bulletin de paie' }]);
    expect(view().values).toMatchObject({ employees: [{ id: 'emp-1', label: 'Durand Alice' }], periodEnd: '' });
    change({ periodEnd: '2025-12-31' });
    expect(view().fieldError('periodEnd')).toBe('validation.periodOrder');
    change({ periodEnd: '2026-06-30', metaValue: 'Paris' });
    expect(view().fieldError('metaValue')).toBe('validation.metaKeyRequired');
    change({ metaValue: '' });
    actor.send({ type: 'form.submit' });
    await settled(actor);
    expect(calls.find((c) => c.routeId === 'rules.update')?.body).toEqual({
      name: 'Bulletins de Paris',
      features: ['DocSearch'],
      criteria: {
        periodStart: '2026-01-01',
        periodEnd: '2026-06-30',
        docTypes: ['PAYSLIP'],
        organizationIds: [ORG_PARIS],
        employeeIds: ['emp-1'],
        employeeGroupIds: [],
        metaKey: null,
        metaValue: null,
      },
      userGroupIds: RULE.userGroupIds,
      userIds: [],
      version: 2,
    });
  });
});
