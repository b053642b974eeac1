import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import { createCampaignDocumentsActors } from './campaignDocuments.actors.ts';
import { DOC_1, DOC_1_SENT, DOC_2, PAGE } from './campaignDocuments.fixtures.ts';
import { campaignDocumentsMachine } from './campaignDocuments.machine.ts';
import { selectCampaignDocuments } from './campaignDocuments.selectors.ts';
import type {
  ActionOutcome,
  DocActionOutcome,
  DocsQuery,
  ReadDocsInput,
  RunActionInput,
  RunDocActionInput,
} from './campaignDocuments.types.ts';

interface Deferred<I, O> {
  readonly input: I;
  readonly signal?: AbortSignal;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** Ports the test answers by hand; the view's actions recorded in order. */
const harness = () => {
  const reads: Deferred<ReadDocsInput, DispatchedDocPage>[] = [];
  const actions: Deferred<RunActionInput, ActionOutcome>[] = [];
  const docRuns: Deferred<RunDocActionInput, DocActionOutcome>[] = [];
  const log: string[] = [];
  const defer =
    <I, O>(into: Deferred<I, O>[], name: string) =>
    (input: I, signal?: AbortSignal) =>
      new Promise<O>((resolve, reject) => {
        log.push(name);
        into.push({ input, signal, resolve, reject });
      });
  const machine = campaignDocumentsMachine.provide({
    actors: createCampaignDocumentsActors({
      readDocs: defer(reads, 'readDocs'),
      runAction: defer(actions, 'runAction'),
      runDocAction: defer(docRuns, 'runDocAction'),
    }),
    actions: {
      alert: (_, params) => log.push(`alert ${params.message}`),
      docAlert: (_, params) => log.push(`docAlert ${params.alert.message} ${params.status}`),
      rowsShown: () => log.push('rowsShown'),
      actionSent: () => log.push('actionSent'),
      rereadCampaign: () => log.push('rereadCampaign'),
      goToList: () => log.push('goToList'),
    },
  });
  const actor = createActor(machine, { input: { campaignId: 'campaign-1' } }).start();
  const view = () => selectCampaignDocuments(actor.getSnapshot());
  return { actor, reads, actions, docRuns, log, view };
};

const tick = () => new Promise((r) => setTimeout(r, 0));
const QUERY: DocsQuery = { filter: 'ALL', page: 1, size: 20, status: 'NEEDS_VALIDATION' };

/** A page shown for QUERY. */
const shown = async () => {
  const h = harness();
  h.actor.send({ type: 'docs.query', ...QUERY });
  h.reads[0]!.resolve(PAGE);
  await tick();
  return h;
};

describe('campaign documents', () => {
  it('waits for the status, reads the page, and reads again on a new status or an invalidation only', async () => {
    const h = harness();
    expect(h.view()).toMatchObject({ loading: true, rows: [] });
    h.actor.send({ type: 'docs.query', ...QUERY });
    expect(h.reads[0]!.input).toEqual({ campaignId: 'campaign-1', query: QUERY });
    h.reads[0]!.resolve(PAGE);
    await tick();
    expect(h.view()).toMatchObject({ loading: false, rows: PAGE.items, total: 2 });
    expect(h.log).toContain('rowsShown');

    h.actor.send({ type: 'docs.query', ...QUERY }); // the same query (a re-render): nothing read
    expect(h.reads).toHaveLength(1);
    h.actor.send({ type: 'docs.query', ...QUERY, status: 'DISPATCHING' });
    expect(h.reads).toHaveLength(2);
    expect(h.view()).toMatchObject({ loading: true, rows: PAGE.items }); // the rows read before stay meanwhile
    h.actor.send({ type: 'docs.invalidate' });
    expect(h.reads).toHaveLength(3);
    expect(h.reads[1]!.signal?.aborted).toBe(true); // the read overtaken is abandoned
  });

  it('says so when the page cannot be read', async () => {
    const h = harness();
    h.actor.send({ type: 'docs.query', ...QUERY });
    h.reads[0]!.reject(new Error('down'));
    await tick();
    expect(h.log).toContain('alert alert.campaign.get.dispatchedDocs.failure');
    expect(h.actor.getSnapshot().matches({ documents: 'failed' })).toBe(true);
    expect(h.view()).toMatchObject({ loading: false, failed: true });
  });

  it('lays a pushed document over its row', async () => {
    const h = await shown();
    h.actor.send({ type: 'docs.pushed', doc: DOC_1_SENT });
    expect(h.view().rows).toEqual([DOC_1_SENT, DOC_2]);
  });

  it('checks documents one by one, all of the page, or none', async () => {
    const h = await shown();
    h.actor.send({ type: 'selection.toggle', id: DOC_2.id });
    expect(h.view().selected).toEqual([DOC_2.id]);
    h.actor.send({ type: 'selection.all' });
    expect(h.view().selected).toEqual([DOC_2.id, DOC_1.id]);
    h.actor.send({ type: 'selection.toggle', id: DOC_2.id });
    expect(h.view().selected).toEqual([DOC_1.id]);
    h.actor.send({ type: 'selection.clear' });
    expect(h.view().selected).toEqual([]);
  });

  it('runs one document action at a time, shows its outcome and row, and reads the campaign again', async () => {
    const h = await shown();
    h.actor.send({ type: 'doc.run', doc: DOC_1, action: 'send' });
    h.actor.send({ type: 'doc.run', doc: DOC_2, action: 'send' });
    expect(h.docRuns).toHaveLength(1);
    expect(h.view().busyDoc).toBe(DOC_1.id);
    h.docRuns[0]!.resolve({ doc: DOC_1_SENT, alert: { message: 'campaigns.docs.done', type: 'success' } });
    await tick();
    expect(h.view()).toMatchObject({ busyDoc: null, rows: [DOC_1_SENT, DOC_2] });
    expect(h.log.slice(-2)).toEqual(['docAlert campaigns.docs.done DISPATCHED', 'rereadCampaign']);
  });

  it('confirms an action, says it is sent right before the call, then re-reads and clears the selection', async () => {
    const h = await shown();
    h.actor.send({ type: 'selection.toggle', id: DOC_1.id });
    h.actor.send({ type: 'action.request', action: 'validate' });
    expect(h.view()).toMatchObject({ confirming: 'validate', askingReason: false, busy: null });
    expect(h.actions).toHaveLength(0);
    h.actor.send({ type: 'action.confirm' });
    expect(h.view()).toMatchObject({ confirming: null, busy: 'validate' });
    expect(h.log.slice(-2)).toEqual(['actionSent', 'runAction']);
    h.actions[0]!.resolve({ ok: true, alert: { message: 'alert.campaign.validation.inProgress', type: 'info' } });
    await tick();
    expect(h.view()).toMatchObject({ busy: null, selected: [], loading: true });
    expect(h.log.slice(-3)).toEqual(['alert alert.campaign.validation.inProgress', 'rereadCampaign', 'readDocs']);
  });

  it('refuses checked documents only with a reason, and sends it with their ids', async () => {
    const h = await shown();
    h.actor.send({ type: 'action.request', action: 'refuseDocuments' });
    expect(h.view().askingReason).toBe(false); // nothing checked: not asked
    h.actor.send({ type: 'selection.toggle', id: DOC_1.id });
    h.actor.send({ type: 'action.request', action: 'refuseDocuments' });
    expect(h.view()).toMatchObject({ askingReason: true, confirming: null });
    h.actor.send({ type: 'action.confirm', reason: '  ' });
    expect(h.actions).toHaveLength(0);
    h.actor.send({ type: 'action.confirm', reason: 'Doublon' });
    expect(h.actions[0]!.input).toEqual({
      campaignId: 'campaign-1',
      action: 'refuseDocuments',
      ids: [DOC_1.id],
      reason: 'Doublon',
    });
  });

  it('keeps the page and the selection after a failure; cancel closes the question', async () => {
    const h = await shown();
    h.actor.send({ type: 'selection.toggle', id: DOC_1.id });
    h.actor.send({ type: 'action.request', action: 'cancel' });
    h.actor.send({ type: 'action.cancel' });
    expect(h.view().confirming).toBeNull();
    h.actor.send({ type: 'action.request', action: 'cancel' });
    h.actor.send({ type: 'action.confirm' });
    h.actions[0]!.resolve({ ok: false, alert: { message: 'alert.campaign.canceled.failure', type: 'error' } });
    await tick();
    expect(h.view()).toMatchObject({ busy: null, selected: [DOC_1.id], loading: false });
    expect(h.log).not.toContain('rereadCampaign');
  });

  it('retries without asking, and leaves for the list once the retry is sent', async () => {
    const h = await shown();
    h.actor.send({ type: 'action.request', action: 'retry' });
    expect(h.view().busy).toBe('retry');
    h.actions[0]!.resolve({ ok: true, alert: { message: 'alert.campaign.retry.inProgress', type: 'info' } });
    await tick();
    expect(h.log.slice(-2)).toEqual(['alert alert.campaign.retry.inProgress', 'goToList']);
    expect(h.actor.getSnapshot().matches({ campaignAction: 'left' })).toBe(true);
  });

  it('keeps a running action and document action when the page is read again meanwhile (a new status pushed)', async () => {
    const h = await shown();
    h.actor.send({ type: 'doc.run', doc: DOC_1, action: 'send' });
    h.actor.send({ type: 'action.request', action: 'retry' });
    h.actor.send({ type: 'docs.query', ...QUERY, status: 'DISPATCHING' });
    h.actor.send({ type: 'docs.invalidate' });
    expect(h.view()).toMatchObject({ busy: 'retry', busyDoc: DOC_1.id });
    expect(h.actions[0]!.signal).toBeUndefined();
    h.actions[0]!.resolve({ ok: true, alert: { message: 'alert.campaign.retry.inProgress', type: 'info' } });
    h.docRuns[0]!.resolve({ doc: DOC_1_SENT, alert: { message: 'campaigns.docs.done', type: 'success' } });
    await tick();
    expect(h.log).toContain('goToList');
    expect(h.log).toContain('docAlert campaigns.docs.done DISPATCHED');
  });
});
