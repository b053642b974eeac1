import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { createGroupFormActors } from './groupForm.actors.ts';
import { GROUP, MEMBER, NAME_TAKEN, ORG } from './groupForm.fixtures.ts';
import { groupFormMachine } from './groupForm.machine.ts';
import { selectGroupForm } from './groupForm.selectors.ts';
import type { GroupFormAlert, GroupFormInput } from './groupForm.types.ts';

interface Call {
  routeId: RouteId;
  body?: unknown;
  params?: Record<string, string | number>;
}

const OTHER = { id: 'emp-2', name: 'Martin', firstName: 'Léa', email: null };

const start = async (input: GroupFormInput, answers: Partial<Record<RouteId, (call: Call) => unknown>>) => {
  const calls: Call[] = [];
  const api = {
    call: <T>(routeId: RouteId, options: { body?: unknown; params?: Record<string, string | number> } = {}) => {
      const { body, params } = options;
      calls.push({ routeId, ...(body === undefined ? {} : { body }), ...(params ? { params } : {}) });
      const answer = answers[routeId];
      try {
        if (!answer) throw { key: 'error.not-found', status: 404 };
        return Promise.resolve(answer({ routeId, body, params }) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  const actor = createActor(groupFormMachine.provide({ actors: createGroupFormActors(api) }), { input });
  const alerts: GroupFormAlert[] = [];
  let left = 0;
  actor.on('group.alert', (e) => alerts.push(e.alert));
  actor.on('group.left', () => (left += 1));
  actor.start();
  await waitFor(actor, (s) => !s.matches({ data: 'loading' }));
  return {
    actor,
    calls,
    alerts,
    left: () => left,
    view: () => selectGroupForm(actor.getSnapshot()),
    settled: () => waitFor(actor, (s) => s.matches({ form: { open: 'editing' } }) || s.matches({ form: 'left' })),
  };
};

describe('group form: creation', () => {
  it('creates with a name, the organisation and the members, then leaves for the list', async () => {
    const { actor, calls, alerts, left, view, settled } = await start(
      { groupId: null, orgId: 'org-paris' },
      {
        'organizations.eligible': () => [ORG],
        'groups.create': () => ({ ...GROUP, id: 'group-new', name: 'Équipe RH', orgId: ORG.id }),
      },
    );
    expect(view()).toMatchObject({ orgs: [ORG], orgId: 'org-paris', saveDisabled: true, nameError: null });
    // « Créer » is disabled: a save is no event of the chart then (nothing sent, nothing said yet).
    actor.send({ type: 'group.save' });
    expect(view().nameError).toBeNull();
    expect(calls).toHaveLength(1);
    actor.send({ type: 'group.name.blur' });
    expect(view().nameError).toBe(VALIDATION_KEYS.required);

    actor.send({ type: 'group.member.add', member: MEMBER });
    actor.send({ type: 'group.org.change', orgId: ORG.id });
    expect(view().members).toEqual([]);
    actor.send({ type: 'group.member.add', member: MEMBER });
    actor.send({ type: 'group.member.add', member: MEMBER });
    actor.send({ type: 'group.member.add', member: OTHER });
    actor.send({ type: 'group.member.remove', memberId: OTHER.id });
    actor.send({ type: 'group.name.change', value: ' Équipe RH ' });
    expect(view()).toMatchObject({ saveDisabled: false, dirty: true });
    actor.send({ type: 'group.save' });
    expect(view().isSaving).toBe(true);
    await settled();
    expect(calls.at(-1)).toEqual({
      routeId: 'groups.create',
      body: { name: 'Équipe RH', orgId: ORG.id, employeesIds: [MEMBER.id] },
    });
    expect(alerts).toEqual([{ type: 'success', key: ALERT_KEYS.groups.createSuccess }]);
    expect(view()).toMatchObject({ left: true, dirty: false });
    expect(left()).toBe(1);
  });

  it('keeps the creation going with the current organisation when the others cannot be read', async () => {
    const { view } = await start({ groupId: null, orgId: 'org-paris' }, {});
    expect(view()).toMatchObject({ orgs: [], loadError: null, orgId: 'org-paris' });
  });

  it('shows a taken name under the name, with an alert, until the name is typed again', async () => {
    const { actor, alerts, view, settled } = await start(
      { groupId: null, orgId: 'org-paris' },
      {
        'organizations.eligible': () => [],
        'groups.create': () => {
          throw NAME_TAKEN;
        },
      },
    );
    actor.send({ type: 'group.name.change', value: 'Équipe paie' });
    actor.send({ type: 'group.save' });
    await settled();
    expect(view()).toMatchObject({ nameError: ERROR_KEYS.groupNameTaken, formError: null, left: false });
    expect(alerts).toEqual([
      { type: 'error', key: ALERT_KEYS.groups.createError, detailKey: ERROR_KEYS.groupNameTaken },
    ]);
    actor.send({ type: 'group.name.change', value: 'Équipe paie 2' });
    expect(view().nameError).toBeNull();
  });
});

describe('group form: edit', () => {
  it('reads the group, saves a change and stays, with nothing left to save', async () => {
    const { actor, calls, alerts, left, view, settled } = await start(
      { groupId: GROUP.id, orgId: 'org-paris' },
      {
        'groups.get': () => GROUP,
        'groups.update': (call) => ({ ...GROUP, ...(call.body as object), members: [MEMBER, OTHER] }),
      },
    );
    expect(view()).toMatchObject({ group: GROUP, name: GROUP.name, members: [MEMBER], dirty: false });
    actor.send({ type: 'group.save' });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'group.member.add', member: OTHER });
    actor.send({ type: 'group.save' });
    await settled();
    expect(calls.at(-1)).toEqual({
      routeId: 'groups.update',
      params: { id: GROUP.id },
      body: { name: GROUP.name, employeesIds: [MEMBER.id, OTHER.id] },
    });
    expect(alerts).toEqual([{ type: 'success', key: ALERT_KEYS.groups.updateSuccess }]);
    expect(view()).toMatchObject({ dirty: false, left: false, saveDisabled: true });
    expect(left()).toBe(0);
  });

  it('deletes only once confirmed, and says so when the deletion fails', async () => {
    let fails = true;
    const { actor, calls, alerts, left, view, settled } = await start(
      { groupId: GROUP.id, orgId: 'org-paris' },
      {
        'groups.get': () => GROUP,
        'groups.delete': () => {
          if (fails) throw { key: 'error.internal', status: 500 };
          return undefined;
        },
      },
    );
    actor.send({ type: 'group.delete.ask' });
    expect(view().deleteAsked).toBe(true);
    actor.send({ type: 'group.delete.cancel' });
    expect(view().deleteAsked).toBe(false);
    expect(calls.some((c) => c.routeId === 'groups.delete')).toBe(false);

    actor.send({ type: 'group.delete.ask' });
    actor.send({ type: 'group.delete.confirm' });
    expect(view()).toMatchObject({ deleteAsked: true, isDeleting: true });
    await settled();
    expect(alerts).toEqual([{ type: 'error', key: ALERT_KEYS.groups.deleteError }]);
    expect(view().deleteAsked).toBe(false);

    fails = false;
    actor.send({ type: 'group.delete.ask' });
    actor.send({ type: 'group.delete.confirm' });
    await settled();
    expect(calls.at(-1)).toEqual({ routeId: 'groups.delete', params: { id: GROUP.id } });
    expect(alerts.at(-1)).toEqual({ type: 'success', key: ALERT_KEYS.groups.deleteSuccess });
    expect(left()).toBe(1);
  });

  it('says why when the group cannot be read, with an alert', async () => {
    const { actor, alerts, view } = await start({ groupId: 'gone', orgId: 'org-paris' }, {});
    expect(view()).toMatchObject({ loadError: 'error.not-found', group: null });
    expect(alerts).toEqual([{ type: 'error', key: ALERT_KEYS.groups.getError }]);
    actor.send({ type: 'group.delete.ask' });
    expect(view().deleteAsked).toBe(false);
  });
});
