/**
 * The dispatched-doc machine in the browser: one document's page (`/campaigns/{campaignId}/{docId}`)
 * opened on a real document. A document with a file is the free-trial company's (`essai`), refused
 * past its document limit (trial.ts): a manual campaign of one file to one employee, created through
 * the real API per path, ends in error with its document « Limite de documents atteinte », which the
 * page offers to retry. A document without a file is the demo's seeded one for a page whose
 * registration number matched nobody (read only). A document or campaign that cannot be read is a
 * link to one that does not exist (the real server answers 404; a real document's link under a campaign
 * that does not exist when the document is read first). The reads' answers are the real
 * server's, awaited as they reach the page; the file's failure and the retry's are the connection
 * dropped for them (the retry refused again by the server is the campaign adapter's).
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, type Response } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { offeredAction } from '../../../machines/dispatched-doc/dispatchedDoc.machine.ts';
import type { DispatchedDocContext } from '../../../machines/dispatched-doc/dispatchedDoc.types.ts';
import type { CampaignPage, DispatchedDocDetail } from '../../../src/contract/dispatch.ts';
import type { DispatchedDocument } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';
import { campaignEnded, createManualCampaign, spendTrialAllowance } from './trial.ts';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DispatchedDocContext;
const loadedDoc = (events: readonly EventObject[]) =>
  events.find((e) => e.type === 'xstate.done.actor.loadDoc') as
    (EventObject & { output: DispatchedDocDetail }) | undefined;
const failing = (events: readonly EventObject[], type: string) => events.some((e) => e.type === type);

const answerOf = (memo: Map<string, unknown>, call: string) => memo.get(`answer:${call}`) as Promise<Response>;

/** Awaits the page's call as it reaches the server, registered before the page loads (the three run at once). */
const awaitAnswer = (page: Page, memo: Map<string, unknown>, call: string, path: string) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET');
  answer.catch(() => undefined);
  memo.set(`answer:${call}`, answer);
};

const answered = (status: number) => async (ctx: { memo: Map<string, unknown> }, call: string) => {
  const answer = await answerOf(ctx.memo, call);
  expect(answer.status(), `${call} answers ${status}`).toBe(status);
};

/** The demo's seeded document whose page matched nobody: no file, no recipient (the admin's distributed payroll). */
async function unmatchedSeededDoc(page: Page, headers: Record<string, string>): Promise<DispatchedDocument> {
  const list = await page.request.post(routeUrl('campaigns.list'), { headers, data: { limit: 50 } });
  expect(list.ok(), await list.text()).toBe(true);
  for (const campaign of ((await list.json()) as CampaignPage).dispatchs) {
    if (campaign.status !== 'DISPATCHED') continue;
    const docs = await page.request.post(routeUrl('campaigns.dispatchedDocs', { campaignId: campaign.id }), {
      headers,
      data: { status: ['NOT_DISPATCHED'], limit: 50 },
    });
    expect(docs.ok(), await docs.text()).toBe(true);
    const unmatched = ((await docs.json()) as { items: DispatchedDocument[] }).items.find((d) => !d.employeeId);
    if (unmatched) return unmatched;
  }
  throw new Error('the demo seeds a distributed payroll with a page that matched nobody');
}

/** A document of the trial company refused past its limit, in its own campaign (in error). */
async function refusedTrialDoc(page: Page): Promise<DispatchedDocument> {
  await openLoggedIn(page, '/');
  const recipients = await spendTrialAllowance(page);
  const name = `Parcours document ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const id = await createManualCampaign(page, { name, review: false, recipients: recipients.slice(0, 1), files: 1 });
  await campaignEnded(page, id);
  const headers = await sessionHeaders(page);
  const docs = await page.request.post(routeUrl('campaigns.dispatchedDocs', { campaignId: id }), {
    headers,
    data: { limit: 5 },
  });
  expect(docs.ok(), await docs.text()).toBe(true);
  const [doc] = ((await docs.json()) as { items: DispatchedDocument[] }).items;
  expect(doc?.status, 'the trial’s limit refuses the document').toBe('CANT_CREATE_DOC_ERROR');
  return doc!;
}

const actionButton = (page: Page) => page.locator('[data-doc-action]');

/** The action offered once both reads are in (none while the campaign is still read: the model cannot tell when it lands). */
const showsAction = async (page: Page, snapshot: AnyMachineSnapshot) => {
  if (snapshot.matches({ campaign: 'loading' }) || !snapshot.matches({ document: 'ready' })) return;
  const action = offeredAction(contextOf(snapshot));
  if (!action) return expect(actionButton(page)).toHaveCount(0);
  await expect(actionButton(page)).toHaveAttribute('data-doc-action', action);
  if (snapshot.matches({ document: { ready: { action: 'idle' } } })) await expect(actionButton(page)).toBeEnabled();
  else await expect(actionButton(page)).toBeDisabled();
};

const DOC_FILE = (id: string) => routeUrl('campaigns.dispatchedDocFile', { id });
const RETRY = (id: string) => routeUrl('campaigns.retryDispatchedDoc', { id });

export const dispatchedDocAdapter: MachineAdapter = {
  machine: 'dispatched-doc',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const loaded = loadedDoc(events);
    let campaignId: string = randomUUID();
    let docId: string = randomUUID();
    if (loaded?.output.hasFile) {
      await logInThroughApi(page, 'essai');
      const doc = await refusedTrialDoc(page);
      [campaignId, docId] = [doc.campaignId, doc.id];
      memo.set('doc', doc);
    } else if (loaded) {
      const { headers } = await logInThroughApi(page, 'admin');
      const doc = await unmatchedSeededDoc(page, headers);
      [campaignId, docId] = [doc.campaignId, doc.id];
      memo.set('doc', doc);
    } else await logInThroughApi(page, 'admin');
    // A campaign that cannot be read is a link under one that does not exist, whatever the document read
    // (a chained path may read a real document before the campaign's read fails).
    if (failing(events, 'xstate.error.actor.loadCampaign')) campaignId = randomUUID();
    memo.set('docId', docId);
    awaitAnswer(page, memo, 'loadDoc', routeUrl('campaigns.dispatchedDoc', { id: docId }));
    awaitAnswer(page, memo, 'loadCampaign', routeUrl('campaigns.get', { id: campaignId }));
    if (failing(events, 'xstate.error.actor.loadFile')) await dropCall(page, DOC_FILE(docId), memo);
    else awaitAnswer(page, memo, 'loadFile', DOC_FILE(docId));
    await openLoggedIn(page, `/campaigns/${campaignId}/${docId}`);
  },
  how: {
    'xstate.done.actor.loadDoc':
      'the real server reads the document: one of the trial company’s refused past its limit (a campaign created per path), or the demo’s seeded page that matched nobody (no file)',
    'xstate.error.actor.loadDoc': 'a link to a document that does not exist: the real server answers 404',
    'xstate.done.actor.loadFile': 'the real server sends the document’s PDF, shown in the viewer',
    'xstate.error.actor.loadFile': 'the connection dropped for the PDF’s download',
    'xstate.done.actor.loadCampaign': 'the real server reads the document’s campaign',
    'xstate.error.actor.loadCampaign': 'a link under a campaign that does not exist: the real server answers 404',
    'doc.action.run': '« Réessayer » on the page of a document in error',
    'xstate.done.actor.runDocAction':
      'the connection dropped for the retry: the page says it failed, the document unchanged',
  },
  events: {
    'xstate.done.actor.loadDoc': (ctx) => answered(200)(ctx, 'loadDoc'),
    'xstate.error.actor.loadDoc': (ctx) => answered(404)(ctx, 'loadDoc'),
    'xstate.done.actor.loadFile': (ctx) => answered(200)(ctx, 'loadFile'),
    'xstate.error.actor.loadFile': ({ page, memo }) => afterDrop(page, memo),
    'xstate.done.actor.loadCampaign': (ctx) => answered(200)(ctx, 'loadCampaign'),
    'xstate.error.actor.loadCampaign': (ctx) => answered(404)(ctx, 'loadCampaign'),
    'doc.action.run': async ({ page, memo }) => {
      await dropCall(page, RETRY(memo.get('docId') as string), memo, 1_000);
      await actionButton(page).click();
    },
    'xstate.done.actor.runDocAction': async ({ page, memo }) => {
      await afterDrop(page, memo);
      const said = page
        .getByRole('region', { name: fr('shell.alerts.region') })
        .getByRole('alert')
        .filter({ hasText: fr(ALERT_KEYS.campaigns.dispatchedDocRetryFailure) });
      await expect(said).toBeVisible();
    },
  },
  // The demo's documents in error are refused past the trial's limit: a retry never deposits them
  // (no screen or API raises a subscription's limit); a failed retry is the connection dropped.
  offered: (_snapshot, event) =>
    event.type !== 'xstate.done.actor.runDocAction' ||
    (event as EventObject & { output: { doc: unknown } }).output.doc === null,
  states: {
    'dispatchedDoc.document.loading': null,
    'dispatchedDoc.document.failed': async (page, snapshot) => {
      await expect(page.getByRole('heading', { level: 1, name: fr('sections.campaignDocument') })).toBeVisible();
      await expect(page.getByText(fr(contextOf(snapshot).problem!))).toBeVisible();
    },
    'dispatchedDoc.document.ready.file.loadingFile': async (page, snapshot, memo) => {
      const doc = memo.get('doc') as DispatchedDocument;
      await expect(page.locator('[data-fact="status"] [data-status]')).toHaveAttribute('data-status', doc.status);
      await showsAction(page, snapshot);
    },
    'dispatchedDoc.document.ready.file.none': async (page, snapshot, memo) => {
      const doc = memo.get('doc') as DispatchedDocument;
      const { doc: shown, problem } = contextOf(snapshot);
      const recipient = doc.recipientName ?? fr('campaigns.docs.unknownRecipient');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(recipient);
      await expect(page.locator('[data-fact="status"] [data-status]')).toHaveAttribute('data-status', doc.status);
      const viewer = page.getByRole('region', { name: fr('campaigns.document.preview') });
      if (!shown?.hasFile) await expect(page.getByText(fr('error.campaign.document-without-file'))).toBeVisible();
      else if (problem) {
        await expect(page.getByText(fr(problem))).toBeVisible();
        await expect(viewer).toHaveCount(0);
      } else {
        // The trial's one-page file, read by the viewer.
        const pages = fr('pdfViewer.page').replace('{{page}}', '1').replace('{{count}}', '1');
        await expect(viewer.getByTestId('pdf-page')).toHaveText(pages);
      }
      await showsAction(page, snapshot);
    },
    'dispatchedDoc.document.ready.action': async (page, snapshot) => showsAction(page, snapshot),
    'dispatchedDoc.campaign.loading': null,
    'dispatchedDoc.campaign': async (page, snapshot) => showsAction(page, snapshot),
  },
};
