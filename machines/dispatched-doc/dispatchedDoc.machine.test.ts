import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { DispatchedDocDetail } from '../../src/contract/dispatch.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { createDispatchedDocActors } from './dispatchedDoc.actors.ts';
import { DISPATCHED_DOC, DISPATCHED_DOC_CAMPAIGN, DISPATCHED_DOC_INPUT } from './dispatchedDoc.fixtures.ts';
import { dispatchedDocMachine } from './dispatchedDoc.machine.ts';
import { selectDispatchedDoc } from './dispatchedDoc.selectors.ts';
import type { DispatchedDocEmitted, DocActionOutcome, RunDocActionInput } from './dispatchedDoc.types.ts';

type Answer = () => unknown;

/** The page on a fake API answering from a table, and a document action answering as told. */
const start = (
  answers: Partial<Record<RouteId, Answer>>,
  act: (input: RunDocActionInput) => DocActionOutcome = () => {
    throw new Error('unexpected action');
  },
) => {
  const calls: RouteId[] = [];
  const runs: RunDocActionInput[] = [];
  const api = {
    call: <T>(routeId: RouteId) => {
      calls.push(routeId);
      const answer = answers[routeId];
      if (!answer) return Promise.reject({ key: 'error.not-found', status: 404 });
      try {
        return Promise.resolve(answer() as T);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  const runDocAction = (input: RunDocActionInput) => {
    runs.push(input);
    return Promise.resolve(act(input));
  };
  const actor = createActor(
    dispatchedDocMachine.provide({ actors: createDispatchedDocActors({ api, runDocAction }) }),
    {
      input: DISPATCHED_DOC_INPUT,
    },
  );
  const emitted: DispatchedDocEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, calls, runs, emitted, view: () => selectDispatchedDoc(actor.getSnapshot()) };
};

const settled = (page: ReturnType<typeof start>) =>
  waitFor(
    page.actor,
    (s) =>
      !s.matches({ campaign: 'loading' }) &&
      (s.matches({ document: 'failed' }) || s.matches({ document: { ready: { file: 'none', action: 'idle' } } })),
  );
const pdf = () => new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' });

describe('dispatched document page', () => {
  it('reads the document, then its file, and its campaign alongside; offers the retry the statuses allow', async () => {
    const page = start({
      'campaigns.dispatchedDoc': () => DISPATCHED_DOC,
      'campaigns.dispatchedDocFile': pdf,
      'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN,
    });
    await settled(page);
    expect(page.calls).toEqual(['campaigns.dispatchedDoc', 'campaigns.get', 'campaigns.dispatchedDocFile']);
    expect([...(page.view().file ?? [])]).toEqual([37, 80, 68, 70]);
    expect([page.view().action, page.view().problem]).toEqual(['retry', null]);
  });

  it('runs the action once, announces its outcome and shows the document as the server left it', async () => {
    const page = start(
      {
        'campaigns.dispatchedDoc': () => ({ ...DISPATCHED_DOC, hasFile: false }),
        'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN,
      },
      ({ doc }) => ({
        doc: { ...doc, status: 'DISPATCHED' },
        alert: { message: 'campaigns.docs.done', type: 'success' },
      }),
    );
    await settled(page);
    page.actor.send({ type: 'doc.action.run' });
    expect(page.view().acting).toBe(true);
    page.actor.send({ type: 'doc.action.run' });
    await settled(page);
    expect(page.runs.map((r) => [r.action, r.doc.id])).toEqual([['retry', DISPATCHED_DOC.id]]);
    expect(page.emitted).toEqual([
      { type: 'doc.alert', alert: { message: 'campaigns.docs.done', type: 'success' }, status: 'DISPATCHED' },
    ]);
    const doc = page.view().doc as DispatchedDocDetail;
    expect([doc.status, doc.campaignName, page.view().action]).toEqual(['DISPATCHED', 'Paie mars 2026', null]);
  });

  it('offers no action without its campaign, and keeps the shown document when the action fails', async () => {
    const orphan = start({ 'campaigns.dispatchedDoc': () => ({ ...DISPATCHED_DOC, hasFile: false }) });
    await settled(orphan);
    expect(orphan.view().action).toBeNull();
    orphan.actor.send({ type: 'doc.action.run' });
    expect(orphan.runs).toEqual([]);

    const refused = start(
      {
        'campaigns.dispatchedDoc': () => ({ ...DISPATCHED_DOC, hasFile: false }),
        'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN,
      },
      () => ({ doc: null, alert: { message: 'error.campaign.conflict', type: 'error' } }),
    );
    await settled(refused);
    refused.actor.send({ type: 'doc.action.run' });
    await settled(refused);
    expect(refused.emitted).toEqual([
      { type: 'doc.alert', alert: { message: 'error.campaign.conflict', type: 'error' }, status: null },
    ]);
    expect(refused.view().doc?.status).toBe('CANT_CREATE_DOC_ERROR');
  });

  it("keeps the server's key when the document cannot be read, and the viewer's when its file cannot", async () => {
    const missing = start({ 'campaigns.get': () => DISPATCHED_DOC_CAMPAIGN });
    await settled(missing);
    expect([missing.view().doc, missing.view().problem]).toEqual([null, 'error.not-found']);

    const fileless = start({
      'campaigns.dispatchedDoc': () => DISPATCHED_DOC,
      'campaigns.dispatchedDocFile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await settled(fileless);
    expect([fileless.view().doc?.id, fileless.view().problem]).toEqual([DISPATCHED_DOC.id, 'pdfViewer.error']);
  });
});
