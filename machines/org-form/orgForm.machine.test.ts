import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { createOrgFormActors } from './orgForm.actors.ts';
import { COMPANY, PARENT, PAYROLL_MANAGED, SIRET_TAKEN } from './orgForm.fixtures.ts';
import { orgFormMachine } from './orgForm.machine.ts';
import { selectOrgForm } from './orgForm.selectors.ts';
import type { OrgFormEmitted, OrgFormField, OrgFormInput } from './orgForm.types.ts';

interface Call {
  routeId: RouteId;
  body?: unknown;
  params?: Record<string, string | number>;
}

/** An API port answering from a table, recording every call the machine makes. */
const fakeApi = (answers: Partial<Record<RouteId, (call: Call) => unknown>>) => {
  const calls: Call[] = [];
  return {
    calls,
    api: {
      call: <T>(routeId: RouteId, options: { body?: unknown; params?: Record<string, string | number> } = {}) => {
        const { body, params } = options;
        const call = { routeId, ...(body === undefined ? {} : { body }), ...(params ? { params } : {}) };
        calls.push(call);
        const answer = answers[routeId];
        if (!answer) return Promise.reject({ key: 'error.not-found', status: 404 });
        try {
          return Promise.resolve(answer(call) as T);
        } catch (error) {
          return Promise.reject(error);
        }
      },
    },
  };
};

const start = async (input: OrgFormInput, answers: Parameters<typeof fakeApi>[0]) => {
  const { api, calls } = fakeApi(answers);
  const actor = createActor(orgFormMachine.provide({ actors: createOrgFormActors(api) }), { input });
  const alerts: Extract<OrgFormEmitted, { type: 'form.alert' }>['alert'][] = [];
  const saved: string[] = [];
  actor.on('form.alert', (e) => alerts.push(e.alert));
  actor.on('form.saved', (e) => saved.push(e.organization.id));
  actor.start();
  await waitFor(actor, (s) => !s.matches({ data: 'loading' }));
  const view = () => selectOrgForm(actor.getSnapshot());
  const change = (field: OrgFormField, value: string) => actor.send({ type: 'form.change', field, value });
  return { actor, calls, alerts, saved, view, change };
};

const idle = (actor: Awaited<ReturnType<typeof start>>['actor']) =>
  waitFor(actor, (s) => s.matches({ lookup: 'idle', save: 'editing' }) || s.matches({ save: 'saved' }));

describe('organisation form: creation', () => {
  it('offers the eligible parents, says what is missing, and sends nothing until the rules pass', async () => {
    const { actor, calls, view, change } = await start(
      { orgId: null, parentId: PARENT.id },
      { 'organizations.eligible': () => [PARENT] },
    );
    expect(calls.map((c) => c.routeId)).toEqual(['organizations.eligible']);
    expect(view()).toMatchObject({ formShown: true, parents: [PARENT], unchanged: false, canSubmit: true });
    expect(view().values.parentId).toBe(PARENT.id);
    expect(view().blockedBy).toEqual([{ key: 'common.form.blocked.missing', fields: ['name', 'siret', 'city'] }]);
    expect(view().fieldError('name')).toBeUndefined();

    change('siret', '1234');
    expect(view().fieldError('siret')).toBe(VALIDATION_KEYS.siret);
    expect(view().blockedBy.map((l) => l.key)).toEqual(['common.form.blocked.missing', 'common.form.blocked.invalid']);
    actor.send({ type: 'form.submit' });
    expect(view().fieldError('name')).toBe(VALIDATION_KEYS.required);
    expect(calls).toHaveLength(1);
  });

  it('creates, then announces the organisation saved for its sheet to open', async () => {
    const { actor, calls, alerts, saved, view, change } = await start(
      { orgId: null },
      {
        'organizations.eligible': () => [PARENT],
        'organizations.create': () => ({ ...PARENT, id: 'org-new', name: 'Atelier' }),
      },
    );
    change('name', ' Atelier ');
    change('siret', COMPANY.siret);
    change('city', 'Pau');
    expect(view().blockedBy).toEqual([]);
    actor.send({ type: 'form.submit' });
    expect(view().isSaving).toBe(true);
    await idle(actor);
    expect(calls[1]).toMatchObject({
      routeId: 'organizations.create',
      body: { name: 'Atelier', siret: COMPANY.siret, city: 'Pau', street: null, parentId: null, country: 'France' },
    });
    expect(view().saved).toBe(true);
    expect(alerts).toEqual([{ type: 'success', key: ALERT_KEYS.organizations.createSuccess }]);
    expect(saved).toEqual(['org-new']);
  });

  it('marks a SIRET another organisation holds, in the form only, until another one is typed', async () => {
    const { actor, alerts, view, change } = await start(
      { orgId: null },
      {
        'organizations.eligible': () => [],
        'organizations.create': () => {
          throw SIRET_TAKEN;
        },
      },
    );
    change('name', 'Doublon');
    change('siret', PARENT.siret);
    change('city', 'Paris');
    actor.send({ type: 'form.submit' });
    await idle(actor);
    expect(view().failure).toMatchObject({ key: ERROR_KEYS.orgSiretTaken, errors: SIRET_TAKEN.errors });
    expect(view().fieldError('siret')).toBe(ERROR_KEYS.orgSiretTaken);
    expect(alerts).toEqual([]);
    change('siret', COMPANY.siret);
    expect(view().fieldError('siret')).toBeUndefined();
    change('siret', PARENT.siret);
    expect(view().fieldError('siret')).toBe(ERROR_KEYS.orgSiretTaken);
  });

  it('keeps the form when the parents cannot be read, with the failure shown', async () => {
    const { view } = await start({ orgId: null }, {});
    expect(view()).toMatchObject({ formShown: true, parents: [], failure: { key: 'error.not-found' } });
  });
});

describe('organisation form: company lookup', () => {
  it('looks nothing up for an invalid SIRET, fills name and address from a valid one, says when none is found', async () => {
    let found = true;
    const { actor, calls, view, change } = await start(
      { orgId: null },
      {
        'organizations.eligible': () => [],
        'organizations.bySiret': () => {
          if (!found) throw { key: ERROR_KEYS.companyNotFound, status: 404 };
          return COMPANY;
        },
      },
    );
    actor.send({ type: 'form.lookup' });
    expect(view().fieldError('siret')).toBe(VALIDATION_KEYS.required);
    expect(calls).toHaveLength(1);

    change('reference', 'REF-1');
    change('siret', ` ${COMPANY.siret} `);
    actor.send({ type: 'form.lookup' });
    expect(view().isLookingUp).toBe(true);
    await idle(actor);
    expect(calls[1]).toMatchObject({ routeId: 'organizations.bySiret', params: { siret: COMPANY.siret } });
    expect(view().values).toMatchObject({ name: COMPANY.name, city: 'Pau', zipCode: '64000', reference: 'REF-1' });
    expect(view()).toMatchObject({ lookupFilled: true, lookupError: null });

    found = false;
    actor.send({ type: 'form.lookup' });
    await idle(actor);
    expect(view()).toMatchObject({ lookupFilled: false, lookupError: ERROR_KEYS.companyNotFound });
  });
});

describe('organisation form: edit', () => {
  const edit = (answers: Parameters<typeof fakeApi>[0]) =>
    start(
      { orgId: PARENT.id },
      { 'organizations.noChildren': () => ({ items: [{ ...PARENT, id: 'org-root' }] }), ...answers },
    );

  it('reads the organisation and the parents it may move under, and saves only a change', async () => {
    const { actor, calls, alerts, saved, view, change } = await edit({
      'organizations.get': () => PARENT,
      'organizations.update': (call) => ({ ...PARENT, ...(call.body as object) }),
    });
    expect(calls.find((c) => c.routeId === 'organizations.noChildren')).toMatchObject({
      params: { orgID: PARENT.id },
      body: { limit: 200 },
    });
    expect(view()).toMatchObject({ formShown: true, editing: true, unchanged: true, dirty: false, canSubmit: false });
    expect(view().blockedBy).toEqual([{ key: 'common.form.blocked.unchanged', fields: [] }]);
    actor.send({ type: 'form.submit' });
    expect(calls.some((c) => c.routeId === 'organizations.update')).toBe(false);

    change('reference', 'HSP-2');
    expect(view()).toMatchObject({ dirty: true, unchanged: false, blockedBy: [], canSubmit: true });
    actor.send({ type: 'form.submit' });
    await idle(actor);
    expect(calls.at(-1)).toMatchObject({
      routeId: 'organizations.update',
      params: { id: PARENT.id },
      body: { reference: 'HSP-2' },
    });
    expect(alerts).toEqual([{ type: 'success', key: ALERT_KEYS.organizations.updateSuccess }]);
    expect(saved).toEqual([PARENT.id]);
  });

  it('raises an alert with the failure when the save fails, and keeps the edit', async () => {
    const failure = { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };
    const { actor, alerts, view, change } = await edit({
      'organizations.get': () => PARENT,
      'organizations.update': () => {
        throw failure;
      },
    });
    change('city', 'Lyon');
    actor.send({ type: 'form.submit' });
    await idle(actor);
    expect(alerts).toEqual([{ type: 'error', key: ALERT_KEYS.organizations.updateError, failure }]);
    expect(view()).toMatchObject({ failure, saved: false, dirty: true });
  });

  it('shows only the failure when the organisation cannot be read', async () => {
    const { view } = await edit({});
    expect(view()).toMatchObject({ formShown: false, isLoading: false, failure: { key: 'error.not-found' } });
  });

  it('sends nothing for an organisation payroll manages', async () => {
    const { actor, calls, view, change } = await edit({ 'organizations.get': () => PAYROLL_MANAGED });
    expect(view()).toMatchObject({ readOnly: true, blockedBy: [], canSubmit: false });
    change('name', 'Autre nom');
    actor.send({ type: 'form.submit' });
    expect(calls.map((c) => c.routeId).sort()).toEqual(['organizations.get', 'organizations.noChildren']);
  });
});
