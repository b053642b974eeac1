import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { FORMAT_HINT_KEYS } from '../../src/contract/validation.ts';
import { createOrgConfActors } from './orgConf.actors.ts';
import { CONF, DOC_TYPES } from './orgConf.fixtures.ts';
import { orgConfMachine } from './orgConf.machine.ts';
import { selectOrgConf } from './orgConf.selectors.ts';
import type { OrgConfAlert } from './orgConf.types.ts';

interface Call {
  routeId: RouteId;
  body?: unknown;
  params?: Record<string, string | number>;
}

const failure = { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };

/** An API port answering from a table (a missing answer fails), recording every call. */
const start = async (answers: Partial<Record<RouteId, (call: Call) => unknown>>) => {
  const calls: Call[] = [];
  const api = {
    call: <T>(routeId: RouteId, options: { body?: unknown; params?: Record<string, string | number> } = {}) => {
      const call = { routeId, ...(options.body === undefined ? {} : { body: options.body }), params: options.params };
      calls.push(call);
      const answer = answers[routeId];
      try {
        if (!answer) throw failure;
        return Promise.resolve(answer(call) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  const actor = createActor(orgConfMachine.provide({ actors: createOrgConfActors(api) }), {
    input: { orgId: 'org-paris' },
  });
  const alerts: OrgConfAlert[] = [];
  actor.on('conf.alert', (e) => alerts.push(e.alert));
  actor.start();
  await waitFor(actor, (s) => !s.matches('loading'));
  return { actor, calls, alerts, view: () => selectOrgConf(actor.getSnapshot()) };
};

const read = {
  'organizations.conf': () => CONF,
  'documents.orgDocTypes': () => DOC_TYPES,
};

describe('organisation configuration panel', () => {
  it('reads the configuration and the document types, and saves the choices made', async () => {
    const { actor, calls, alerts, view } = await start({
      ...read,
      'organizations.updateConf': (call) => ({ ...(call.body as object), notifiableUsers: CONF.notifiableUsers }),
    });
    expect(calls.map((c) => [c.routeId, c.params])).toEqual([
      ['organizations.conf', { id: 'org-paris' }],
      ['documents.orgDocTypes', { id: 'org-paris' }],
    ]);
    expect(view()).toMatchObject({ conf: CONF, docTypes: DOC_TYPES, css: '', cssError: null, canSave: true });

    actor.send({ type: 'conf.mode.change', mode: 'WITHOUT_VERIFICATION' });
    actor.send({ type: 'conf.user.toggle', userId: 'user-1', on: true });
    actor.send({ type: 'conf.signature.toggle', on: true });
    actor.send({ type: 'conf.css.change', value: ' https://cdn.example.fr/rh.css ' });
    actor.send({ type: 'conf.docType.toggle', code: 'CONTRACT', on: true });
    actor.send({ type: 'conf.save' });
    expect(view()).toMatchObject({ isSaving: true, canSave: false });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls.at(-1)).toEqual({
      routeId: 'organizations.updateConf',
      params: { id: 'org-paris' },
      body: {
        distributionMode: 'WITHOUT_VERIFICATION',
        usersToNotify: ['user-1'],
        subscribeToSignature: true,
        extraOptions: { specificCSSUrl: 'https://cdn.example.fr/rh.css' },
        docTypes: [
          { code: 'PAYSLIP', enabled: true },
          { code: 'CONTRACT', enabled: true },
        ],
      },
    });
    expect(view().css).toBe('https://cdn.example.fr/rh.css');
    expect(alerts).toEqual([{ type: 'success', key: ALERT_KEYS.organizations.confUpdateSuccess }]);

    actor.send({ type: 'conf.user.toggle', userId: 'user-1', on: false });
    expect(view().conf?.usersToNotify).toEqual([]);
  });

  it('sends nothing while the style sheet is not an https URL', async () => {
    const { actor, calls, view } = await start(read);
    actor.send({ type: 'conf.css.change', value: 'http://cdn.example.fr/rh.css' });
    expect(view()).toMatchObject({ cssError: FORMAT_HINT_KEYS.httpsUrl, canSave: false });
    actor.send({ type: 'conf.save' });
    expect(calls).toHaveLength(2);
    actor.send({ type: 'conf.css.change', value: '' });
    expect(view().canSave).toBe(true);
  });

  it('keeps the choices and says why when the save fails', async () => {
    const { actor, alerts, view } = await start(read);
    actor.send({ type: 'conf.signature.toggle', on: true });
    actor.send({ type: 'conf.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(alerts).toEqual([{ type: 'error', key: ALERT_KEYS.organizations.confUpdateFailure, error: failure }]);
    expect(view().conf?.subscribeToSignature).toBe(true);
  });

  it('steps aside with an alert when the configuration cannot be read', async () => {
    const { alerts, view } = await start({ 'organizations.conf': () => CONF });
    expect(view()).toMatchObject({ isFailed: true, conf: null });
    expect(alerts).toEqual([{ type: 'error', key: ALERT_KEYS.organizations.confGetFailure, error: failure }]);
  });
});
