import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, transition, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RouteId } from '../../src/contract/routes.ts';
import { createSignbookCreationActors } from './signbookCreation.actors.ts';
import {
  CAMILLE,
  CREATED,
  DOC_TYPES,
  NOMAIL,
  PATHS_INPUT,
  serializeSignbookCreation,
  signbookCreationFixtures,
  TEMPLATE,
} from './signbookCreation.fixtures.ts';
import { signbookCreationMachine } from './signbookCreation.machine.ts';
import { selectSignbookCreation } from './signbookCreation.selectors.ts';
import type { SignbookCreationEmitted } from './signbookCreation.types.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

const start = (answers: Partial<Record<RouteId, Answer>>, refusal: string | null = null) => {
  const { api: port, calls } = tableApi({
    'signbooks.templates': () => ({ count: 1, items: [TEMPLATE] }),
    'documents.orgDocTypes': () => DOC_TYPES,
    ...answers,
  });
  const machine = signbookCreationMachine.provide({
    actors: createSignbookCreationActors({
      sign: port,
      api: port,
      fileOf: () => PDF,
      refusalOf: () => Promise.resolve(refusal),
    }),
  });
  const actor = createActor(machine, { input: { orgId: 'org-a' } });
  const alerts: SignbookCreationEmitted[] = [];
  actor.on('*', (e) => alerts.push(e));
  actor.start();
  const view = () => selectSignbookCreation(actor.getSnapshot());
  return { actor, calls, alerts, view };
};

const fill = async (actor: ReturnType<typeof start>['actor']) => {
  actor.send({ type: 'signbook.name.change', value: 'Avenant' });
  actor.send({ type: 'signbook.steps.change', steps: [{ signatoryType: 'user', signatories: [CAMILLE] }] });
  actor.send({ type: 'signbook.document.choose', document: { id: 'f1', name: 'avenant.pdf', size: 8 } });
  await waitFor(actor, (s) => s.matches({ document: 'chosen' }));
};

describe('signbook creation', () => {
  it('reads the templates and the enabled document types of the organisation', async () => {
    const { actor, view } = start({});
    await waitFor(actor, (s) => s.matches({ templates: 'ready', organisation: 'ready' }));
    expect(view().templates).toEqual([TEMPLATE]);
    expect(view().docTypes.map((d) => d.code)).toEqual(['AVENANT', 'CONTRAT']);
    expect(view().docTypeOptional).toBe(true);
  });

  it('applying a template names the draft, moves it to its organisation and takes its steps and first type', async () => {
    const { actor, calls, view } = start({});
    await waitFor(actor, (s) => s.matches({ templates: 'ready', organisation: 'ready' }));
    actor.send({ type: 'signbook.template.choose', templateId: TEMPLATE.id });
    await waitFor(actor, (s) => s.matches({ organisation: 'ready' }));
    expect(view()).toMatchObject({ name: TEMPLATE.name, orgId: 'org-b', docType: 'AVENANT', docTypeOptional: false });
    expect(view().docTypes.map((d) => d.code)).toEqual(['AVENANT']);
    expect(view().steps[0]?.signatories[0]).toMatchObject({ userId: 'user-camille', email: CAMILLE.email });
    expect(calls.filter((c) => c.routeId === 'documents.orgDocTypes').map((c) => c.params)).toEqual([
      { id: 'org-a' },
      { id: 'org-b' },
    ]);
    // A typed name stays; a free choice keeps the draft.
    actor.send({ type: 'signbook.name.change', value: 'Mon avenant' });
    actor.send({ type: 'signbook.template.choose', templateId: '' });
    expect(view()).toMatchObject({ name: 'Mon avenant', template: null, orgId: 'org-b' });
  });

  it('refuses to send an incomplete draft: marks it tried, shows every problem, calls nothing', async () => {
    const { actor, calls, view } = start({});
    actor.send({ type: 'signbook.steps.change', steps: [{ signatoryType: 'employee', signatories: [NOMAIL] }] });
    expect(view().problems).toEqual([]);
    actor.send({ type: 'signbook.submit' });
    expect(view()).toMatchObject({ nameMissing: true, documentMissing: true, sending: false });
    expect(view().problems).toEqual([
      'signbooks.create.problems.name',
      'signbooks.create.problems.file',
      'error.signbook.signatory-without-email',
    ]);
    expect(calls.some((c) => c.routeId === 'signbooks.upload')).toBe(false);
  });

  it('a refused document is not kept, and its key is shown', async () => {
    const { actor, view } = start({}, 'error.upload.certified');
    actor.send({ type: 'signbook.document.choose', document: { id: 'f1', name: 'certifie.pdf', size: 8 } });
    expect(view().checking).toBe(true);
    await waitFor(actor, (s) => s.matches({ document: 'refused' }));
    expect(view()).toMatchObject({ document: null, fileError: 'error.upload.certified', checking: false });
  });

  it('sends the draft as one multipart upload through the upload machine, alerts warnings then success', async () => {
    const { actor, calls, alerts } = start({ 'signbooks.upload': () => CREATED });
    await fill(actor);
    actor.send({ type: 'signbook.toSafe.change', value: true });
    actor.send({ type: 'signbook.submit' });
    await waitFor(actor, (s) => s.matches({ submission: 'sent' }));
    const upload = calls.find((c) => c.routeId === 'signbooks.upload');
    expect(JSON.parse(upload?.formData?.get('json') as string)).toEqual({
      name: 'Avenant',
      organizationId: 'org-a',
      sendToPersonalSafe: true,
      steps: [{ signatories: [{ type: 'user', userId: 'user-camille' }] }],
    });
    expect((upload?.formData?.get('file') as File).name).toBe('avenant.pdf');
    expect(alerts).toEqual([
      {
        type: 'signbook.alert',
        alert: { type: 'warning', key: 'error.signbook.no-signing-right', detail: 'Camille Martin' },
      },
      { type: 'signbook.alert', alert: { type: 'success', key: 'signbooks.create.created' } },
      { type: 'signbook.created', signbookId: 'sb-1' },
    ]);
  });

  it("a failed sending keeps the draft with the server's key and alerts; sending again clears it", async () => {
    let fail = true;
    const { actor, alerts, view } = start({
      'signbooks.upload': () => {
        if (fail) throw { key: 'error.signbook.social-signer-order', status: 400 };
        return CREATED;
      },
    });
    await fill(actor);
    actor.send({ type: 'signbook.submit' });
    await waitFor(actor, (s) => s.matches({ submission: 'idle' }) && s.context.failure !== null);
    expect(view()).toMatchObject({ failure: 'error.signbook.social-signer-order', name: 'Avenant', sending: false });
    expect(alerts).toEqual([
      { type: 'signbook.alert', alert: { type: 'error', key: 'alert.signworkflows.create.error' } },
    ]);
    fail = false;
    actor.send({ type: 'signbook.submit' });
    expect(view()).toMatchObject({ failure: null, sending: true });
    // The document cannot change while it is being sent.
    actor.send({ type: 'signbook.document.remove' });
    expect(view().document).not.toBeNull();
    await waitFor(actor, (s) => s.matches({ submission: 'sent' }));
  });
});

/** Every snapshot the fixture events reach, from a session without and with an organisation. */
const reachable = (): AnyMachineSnapshot[] => {
  const events = Object.values(signbookCreationFixtures).flat();
  return [PATHS_INPUT, { orgId: 'org-a' }].flatMap((input) =>
    getShortestPaths(signbookCreationMachine, {
      input,
      events: (s) => events.filter((e) => s.can(e)),
      serializeState: serializeSignbookCreation,
    }).map((p) => p.state as AnyMachineSnapshot),
  );
};

describe('signbook creation: a signatory added is never dropped', () => {
  // The steps editor shows « Ajouter … » in every state of the page; each add is one `signbook.steps.change`.
  const added = [{ signatoryType: 'employee' as const, signatories: [CAMILLE, { ...NOMAIL, email: 'paul@x.fr' }] }];
  const add = { type: 'signbook.steps.change', steps: added } as const;
  const states = reachable();

  it('walks the loading of templates and types, the document check, sending and sent', () => {
    const leaves = new Set(states.map((s) => JSON.stringify(s.value)));
    for (const value of [
      { templates: 'loading', organisation: 'loading', document: 'checking', submission: 'idle' },
      { templates: 'ready', organisation: 'ready', document: 'chosen', submission: 'sending' },
      { templates: 'ready', organisation: 'ready', document: 'chosen', submission: 'sent' },
    ])
      expect(leaves).toContain(JSON.stringify(value));
  });

  it('accepts an add in every reachable state, and the add is in the draft at once', () => {
    for (const s of states) {
      expect(s.can(add), JSON.stringify(s.value)).toBe(true);
      const [next] = transition(signbookCreationMachine, s as never, add);
      expect(next.context.steps, JSON.stringify(s.value)).toEqual(added);
    }
  });

  it('no later answer (templates, types, document check, sending) and no other field takes the add back', () => {
    const others = Object.values(signbookCreationFixtures)
      .flat()
      // Choosing a template replaces the steps by its own: the user asked for it.
      .filter((e) => e.type !== 'signbook.steps.change' && e.type !== 'signbook.template.choose');
    for (const s of states) {
      const [withAdd] = transition(signbookCreationMachine, s as never, add);
      for (const event of others) {
        const [next] = transition(signbookCreationMachine, withAdd, event as never);
        expect(next.context.steps, `${JSON.stringify(s.value)} then ${event.type}`).toEqual(added);
      }
    }
  });
});
