/**
 * The campaign machine in the browser: a campaign created through the real API (the demo's sample
 * payroll of the admin's organisation, or a PDF matching nobody for a failed split), its page opened
 * at once, then the walk. Operator intents are clicked on the page (its actions group offers exactly
 * what the lifecycle actor accepts); the jobs' facts are the real server's split and dispatch
 * workers, heard live on the page. No screen renames a campaign: `campaign.update` is the real API's
 * rename, and the page shows the new name live. A run that leaves documents failed is the free-trial
 * company's (`essai`) past its document limit (trial.ts): a manual campaign to three of its employees,
 * each document refused « Limite de documents atteinte » — deletable, and retried in vain one at a time.
 * Failures a retry may fix come from the personal safe the server deposits through (the test double,
 * tests/e2e/support/safe-double.mjs): rules matching the path's own campaign name, set by the step that
 * starts each distribution run (the split's end, before the campaign exists, « Valider », « Relancer ») from
 * that run's own facts, make its deposits refused (4xx, retryable), unavailable (the run fails) or held
 * (the run waits: a document is sent ahead of it, its progress is seen move when released).
 *
 * Chained paths (`chainable`): one campaign per path, made by `start` for the path's first fact (the long
 * payroll for an intent while splitting, a PDF naming nobody, the trial's campaign for documents refused past
 * its limit, else the sample payroll); a run's first deposit is held once, in the path's first run, and such a
 * run ends distributed; documents the safe refused are sent again only after a run that ended refusing them
 * (both refused for one to stay in error). Three orders keep one costly campaign for two transitions: the long
 * payroll renamed then canceled, the trial's documents deleted one then all, the refused ones sent again one
 * then the other.
 */
import { expect, type Page } from '@playwright/test';
import { PDFArray, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import { campaignMachine } from '../../../machines/campaign/index.ts';
import type { CampaignStatus } from '../../../src/contract/enums.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { stepsOf, type Step } from '../../harness/coverset.ts';
import { fr, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { safeControl } from '../support/safe-control.ts';
import { createPayrollCampaign, samplePayroll } from './payroll.ts';
import { logInThroughApi, logInThroughForm, openLoggedIn, skipWelcome } from './screens.ts';
import { createManualCampaign, spendTrialAllowance } from './trial.ts';

const actionsOf = (page: Page) => page.getByRole('group', { name: fr('campaigns.actions.label') });
const action = (page: Page, id: string) =>
  actionsOf(page).getByRole('button', { name: fr(`campaigns.actions.${id}`), exact: true });
const ALL_ACTIONS = ['validate', 'refuseDocuments', 'refuseDispatch', 'cancel', 'retry', 'deleteDocuments'];

/** A PDF the split reads nobody on: the split fails (« nobody found »). */
const strangerPdf = async (): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Aucun salarié ici', { x: 60, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
};

/**
 * Pages of the long payroll: its real split outlasts the intents made on the page (the page opened, the
 * campaign renamed 4 to 7 s after creation here, then canceled). 8000 pages (123 KB) split in about 21 s
 * on this machine under a full browser run; a cancel stops the split at its next stored batch (the
 * campaign's pages_split no longer moves). Splits run one after another: the path cancels its campaign
 * as soon as it is done with it, so it holds the queue only until then.
 */
const LONG_PAGES = 8000;
/**
 * The demo's sample payroll (two payslips and a page naming nobody) over and over, LONG_PAGES pages:
 * each page a new page object sharing the sample's content and resources (a few hundred KB). The new pages are
 * put in the page tree's kids directly: `addPage` for each one took 8 s of a busy core, this well under one.
 */
async function buildLongPayroll(page: Page, headers: Record<string, string>): Promise<Buffer> {
  const sample = await PDFDocument.load(await samplePayroll(page, headers));
  const pdf = await PDFDocument.create();
  const copied = await pdf.copyPages(sample, sample.getPageIndices());
  for (const source of copied) pdf.addPage(source);
  const parent = pdf.catalog.get(PDFName.of('Pages'));
  const tree = pdf.catalog.Pages();
  const kids = tree.lookup(PDFName.of('Kids'), PDFArray);
  for (let i = copied.length; i < LONG_PAGES; i += 1) {
    const source = copied[i % copied.length]!;
    const leaf = pdf.context.obj({ Type: 'Page', Parent: parent });
    for (const key of ['Contents', 'Resources', 'MediaBox']) {
      const value = source.node.get(PDFName.of(key));
      if (value) leaf.set(PDFName.of(key), value);
    }
    kids.push(pdf.context.register(leaf));
  }
  tree.set(PDFName.of('Count'), PDFNumber.of(LONG_PAGES));
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}
/** Built once per worker (seconds of pdf-lib's save on a busy core): every long payroll's bytes are the same. */
let longPayrollOnce: Promise<Buffer> | undefined;
const longPayroll = (page: Page, headers: Record<string, string>): Promise<Buffer> =>
  (longPayrollOnce ??= buildLongPayroll(page, headers).catch((error: unknown) => {
    longPayrollOnce = undefined;
    throw error;
  }));

/** An intent while splitting: the path's first event is the operator's, before any split fact. */
const intentWhileSplitting = (events: readonly EventObject[]) =>
  events.length > 0 && events[0]!.type.startsWith('campaign.');

const statusOf = (page: Page) => page.getByRole('heading', { level: 1 }).locator('..').locator('[data-status]');

/** What the page shows in a state: the status badge, the lit step, exactly the offered actions. */
const shows = async (page: Page, status: CampaignStatus, step: string, offered: readonly string[]) => {
  await expect(page.getByRole('heading', { level: 1 }).locator('..').locator('[data-status]')).toHaveAttribute(
    'data-status',
    status,
  );
  await expect(page.locator('[data-state][aria-current="step"]').first()).toHaveAttribute('data-state', step);
  for (const id of offered) await expect(action(page, id)).toBeVisible();
  for (const id of ALL_ACTIONS.filter((a) => !offered.includes(a))) await expect(action(page, id)).toHaveCount(0);
  if (!offered.length) await expect(actionsOf(page)).toContainText(fr('campaigns.actions.none'));
};

const confirm = async (page: Page, id: string) => {
  await action(page, id).click();
  const dialog = page.getByRole('alertdialog', { name: fr(`campaigns.confirm.${id}.title`) });
  await dialog.getByRole('button', { name: fr(`campaigns.confirm.${id}.confirm`), exact: true }).click();
  await expect(dialog).toBeHidden();
};

const splitOf = (events: readonly EventObject[]) => events.find((e) => e.type.startsWith('job.split.'));
/** The path's dispatch leaves documents failed for good: the trial company's campaign past its limit. */
const failingRun = (events: readonly EventObject[]) =>
  events.some((e) => {
    const { failed, retryable } = e as EventObject & { failed: number; retryable: number };
    return e.type === 'job.dispatch.completed' && failed > 0 && retryable === 0;
  });

const REFUSAL = 'Coffre-fort : salarié inconnu';
const HOLD_MS = 25_000;

const isRunEnd = (e: EventObject) => e.type === 'job.dispatch.completed' || e.type === 'job.dispatch.failed';
const failuresOf = (e: EventObject) => e as EventObject & { failed: number; retryable: number };

/**
 * The safe double's rules for one distribution run, set at the step that starts it (the split's end when
 * nothing is to be checked, « Valider », « Relancer ») from that run's own facts (`events[from]` starts it):
 * its first deposit held when the run is seen waiting on it (a progress released, a document sent ahead),
 * unavailable when the run fails, refused when it ends in error (one document, or both when one is to stay
 * in error after the other is sent again). The last run's rules go first (a refusal left unused would
 * refuse this run's deposits). The rules match the path's token (its campaign's first name, which a rename
 * keeps: « … (renommée) »), so paths in parallel never meet.
 */
async function setRunRules(memo: Map<string, unknown>, events: readonly EventObject[], from: number) {
  for (const remove of (memo.get('rules') as (() => Promise<void>)[] | undefined) ?? []) await remove();
  const safe = safeControl();
  const match = memo.get('token') as string;
  const end = events.findIndex((e, i) => i > from && isRunEnd(e));
  const run = events.slice(from + 1, end < 0 ? undefined : end + 1);
  const nextRun = events.findIndex((e, i) => i > end && e.type === 'campaign.retry');
  const afterwards = end < 0 ? [] : events.slice(end + 1, nextRun < 0 ? undefined : nextRun);
  const rules: (() => Promise<void>)[] = [];
  const held = run.filter((e) => e.type === 'job.dispatch.progressed').length > 1;
  if (held || run.some((e) => e.type === 'campaign.document.send'))
    rules.push(await safe.addRule({ match, action: 'hold', times: 1, holdMs: HOLD_MS }));
  const last = end < 0 ? undefined : events[end]!;
  // The run asks three times in a row before it fails; the retry then finds the safe back.
  if (last?.type === 'job.dispatch.failed') rules.push(await safe.addRule({ match, action: 'unavailable', times: 3 }));
  if (last?.type === 'job.dispatch.completed' && failuresOf(last).retryable > 0) {
    const oneLeft = afterwards.some((e) => e.type === 'campaign.document.send' && failuresOf(e).failed > 0);
    rules.push(await safe.addRule({ match, action: 'refuse', status: 422, reason: REFUSAL, times: oneLeft ? 2 : 1 }));
  }
  memo.set('rules', rules);
  const cleanup = (memo.get('cleanup') as (() => Promise<void>)[] | undefined) ?? [];
  memo.set('cleanup', [...cleanup, ...rules]);
}

/** Steps of the run `steps.at(-1)` belongs to: from the step that entered `dispatching`. */
const runOf = (steps: readonly Step[]): readonly Step[] => {
  const start = steps.findLastIndex((s) => !s.before.matches('dispatching') && s.after.matches('dispatching'));
  return start < 0 ? [] : steps.slice(start + 1);
};
/** The run waits on its first deposit: a progress seen released, or a document sent ahead of it. */
const waitsOnDeposit = (s: Step) =>
  (s.event.type === 'job.dispatch.progressed' && s.before.matches({ dispatching: 'running' })) ||
  (s.event.type === 'campaign.document.send' && s.before.matches('dispatching'));

/** Rows offering « Réessayer » (a retryable failure) or « Envoyer » (a waiting document). */
const rowsOffering = (page: Page, action: 'retry' | 'send') =>
  docsTable(page)
    .getByRole('row')
    .filter({ has: page.locator(`[data-doc-action="${action}"]`) });
const SENT = '[data-status="DISPATCHED"], [data-status="WAITING_FOR_USER_REGISTRATION"]';
const SEND_DOC = routeUrl('campaigns.sendDispatchedDoc', { id: 'x' }).replace(/x$/, '');

const docsTable = (page: Page) => page.getByRole('table', { name: fr('campaigns.docs.label') });
/** The table's documents refused past the trial's limit. */
const failedRows = (page: Page) =>
  docsTable(page)
    .getByRole('row')
    .filter({ has: page.locator('[data-status="CANT_CREATE_DOC_ERROR"]') });
const RETRY_DOC = routeUrl('campaigns.retryDispatchedDoc', { id: 'x' }).replace(/x$/, '');

/** A waiting document sent while the run waits on its first deposit (held by the safe), then the run let go. */
async function sendAhead(page: Page, name: string): Promise<void> {
  const safe = safeControl();
  await expect.poll(() => safe.held(name), { timeout: 30_000 }).toBe(1);
  const waiting = rowsOffering(page, 'send');
  await expect(waiting.first()).toBeVisible();
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.startsWith(SEND_DOC),
  );
  await waiting.first().locator('[data-doc-action="send"]').click();
  const answer = await sent;
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(['DISPATCHED', 'WAITING_FOR_USER_REGISTRATION']).toContain(
    ((await answer.json()) as { status: string }).status,
  );
  // Still distributing: the run is still held on its deposit.
  await expect(page.getByRole('heading', { level: 1 }).locator('..').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'DISPATCHING',
  );
  await expect(docsTable(page).locator(SENT).first()).toBeVisible();
  await safe.release(name);
}

/** A document the safe refused, sent again: the safe takes it now. */
async function retryRefused(page: Page): Promise<void> {
  const refused = rowsOffering(page, 'retry');
  // The documents table may still be reading when the page shows the campaign in error: wait for its rows.
  await expect(refused.first()).toBeVisible();
  const count = await refused.count();
  expect(count, 'documents the safe refused').toBeGreaterThan(0);
  await expect(refused.first()).toContainText(REFUSAL);
  const retried = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(RETRY_DOC),
  );
  await refused.first().locator('[data-doc-action="retry"]').click();
  const answer = await retried;
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(['DISPATCHED', 'WAITING_FOR_USER_REGISTRATION']).toContain(
    ((await answer.json()) as { status: string }).status,
  );
  await expect(refused).toHaveCount(count - 1);
}

export const campaignAdapter: MachineAdapter = {
  machine: 'campaign',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const split = splitOf(events);
    const review = split?.type === 'job.split.completed' ? Boolean((split as { review?: boolean }).review) : true;
    if (failingRun(events)) {
      await logInThroughForm(page, 'essai');
      const recipients = await spendTrialAllowance(page);
      const name = `Parcours essai ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      memo.set('name', name);
      memo.set('token', name);
      const id = await createManualCampaign(page, { name, review, recipients: recipients.slice(0, 3), files: 1 });
      memo.set('id', id);
      await page.goto(`/campaigns/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      return;
    }
    const { headers } = await logInThroughApi(page, 'admin');
    const name = `Parcours campagne ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    memo.set('token', name);
    // Nothing to check: the split's end starts the first run, whose rules are set before the campaign exists.
    if (split?.type === 'job.split.completed' && !review) await setRunRules(memo, events, 0);
    const id = await createPayrollCampaign(page, headers, {
      name,
      review,
      ...(split?.type === 'job.split.failed' ? { pdf: await strangerPdf() } : {}),
      ...(intentWhileSplitting(events) ? { pdf: await longPayroll(page, headers) } : {}),
    });
    memo.set('id', id);
    await openLoggedIn(page, `/campaigns/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },
  how: {
    'job.split.completed':
      'the real split job (worker) reads the demo’s sample payroll, or gives each file of a manual campaign (essai’s) to each recipient; « review » chosen at creation (API)',
    'job.split.failed': 'the real split job reads a PDF naming nobody, and fails',
    'job.dispatch.progressed':
      'the real dispatch job (worker) starts; again: its first deposit, held by the safe double, released — the document’s row and the progress move live',
    'job.dispatch.completed':
      'the real dispatch job deposits every document through the safe double, which refuses one or two of the path’s deposits when asked (retryable, the safe’s reason shown), or refuses each one « Limite de documents atteinte » for the free-trial company (essai) once its trial’s documents are spent',
    'job.dispatch.failed':
      'the safe double answers 503 to the path’s deposits: the run stops after three answers in a row',
    'campaign.retry': '« Relancer » once the safe takes the path’s deposits again',
    'campaign.validate': '« Valider » and its confirmation',
    'campaign.refuse': '« Refuser la campagne » and its confirmation',
    'campaign.cancel':
      '« Annuler » and its confirmation (while splitting: a long payroll, the sample’s pages over and over, whose real split outlasts the intent)',
    'campaign.update':
      'renamed through the real API (no screen renames a campaign): the page shows the name live (while splitting: a long payroll, canceled through the API when the path ends there)',
    'campaign.document.refuse': 'a document checked, « Refuser des documents », a reason, confirm',
    'campaign.deleteDocuments':
      'documents in error checked (one, or all that are left), « Supprimer les documents cochés » and its confirmation',
    'campaign.document.send':
      'a document in error’s « Réessayer » in the documents table (deposited now that the safe takes it, or refused again: the trial’s limit is still reached); while the run waits on a deposit the safe holds, a waiting document’s « Envoyer »',
  },
  events: {
    'job.split.completed': async () => {},
    'job.split.failed': async () => {},
    'job.dispatch.progressed': async ({ page, before, memo }) => {
      if (!before.matches({ dispatching: 'running' })) return;
      // The run waits on its first deposit (held by the safe): released, the page sees it land.
      const token = memo.get('token') as string;
      const safe = safeControl();
      await expect.poll(() => safe.held(token), { timeout: 30_000 }).toBe(1);
      await expect(docsTable(page).locator(SENT)).toHaveCount(0);
      expect(await safe.release(token)).toBe(1);
      await expect(docsTable(page).locator(SENT).first()).toBeVisible();
    },
    'job.dispatch.completed': async () => {},
    'job.dispatch.failed': async () => {},
    'campaign.retry': async ({ page, memo, events, index }) => {
      const id = memo.get('id') as string;
      await setRunRules(memo, events, index);
      await action(page, 'retry').click();
      // A retry that went through leaves for the campaigns list (its button may be gone before): the path goes
      // back to its campaign, whose next run's facts follow.
      await page.waitForURL((url) => url.pathname === '/campaigns');
      await page.goto(`/campaigns/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: memo.get('name') as string })).toBeVisible();
    },
    'campaign.validate': async ({ page, memo, events, index }) => {
      await setRunRules(memo, events, index);
      await confirm(page, 'validate');
    },
    'campaign.refuse': async ({ page }) => confirm(page, 'refuseDispatch'),
    'campaign.cancel': async ({ page, before }) => {
      // Still splitting when « Annuler » is clicked (the long payroll's split).
      if (before.matches('splitting')) await expect(statusOf(page)).toHaveAttribute('data-status', 'SPLITTING');
      await confirm(page, 'cancel');
    },
    'campaign.update': async ({ page, memo, before, next }) => {
      const name = `${memo.get('name') as string} (renommée)`;
      const answer = await page.request.put(routeUrl('campaigns.update', { id: memo.get('id') as string }), {
        headers: await sessionHeaders(page),
        data: { name },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      memo.set('name', name);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      if (!before.matches('splitting')) return;
      // Renamed while the long payroll splits: still splitting on the page.
      await expect(statusOf(page)).toHaveAttribute('data-status', 'SPLITTING');
      if (next) return;
      // The path ends here: its split stops now (splits are serialized, other paths' campaigns wait on it).
      const id = memo.get('id') as string;
      const canceled = await page.request.post(routeUrl('campaigns.cancel', { id }), {
        headers: await sessionHeaders(page),
      });
      expect(canceled.ok(), await canceled.text()).toBe(true);
      await expect(statusOf(page)).toHaveAttribute('data-status', 'CANCELED');
    },
    'campaign.document.refuse': async ({ page }) => {
      const docs = page.getByRole('table', { name: fr('campaigns.docs.label') });
      await docs.getByRole('row').nth(1).getByRole('checkbox').check();
      await action(page, 'refuseDocuments').click();
      const dialog = page.getByRole('dialog', { name: fr('campaigns.refuseDocuments.title') });
      await dialog.getByLabel(fr('campaigns.refuseDocuments.reason')).fill('Mauvais salarié');
      await dialog.getByRole('button', { name: fr('campaigns.refuseDocuments.confirm'), exact: true }).click();
      await expect(docs.getByRole('row').filter({ hasText: 'Mauvais salarié' })).toHaveCount(1);
    },
    'campaign.deleteDocuments': async ({ page, event }) => {
      const failed = failedRows(page);
      await expect(failed.first()).toBeVisible();
      const count = await failed.count();
      const all = (event as EventObject & { remainingFailed: number }).remainingFailed === 0;
      // Some left in error: one of several checked.
      if (!all) expect(count, 'documents in error to keep one').toBeGreaterThan(1);
      const chosen = all ? count : 1;
      for (let i = 0; i < chosen; i += 1) await failed.nth(i).getByRole('checkbox').check();
      await confirm(page, 'deleteDocuments');
      await expect(failed).toHaveCount(count - chosen);
    },
    'campaign.document.send': async ({ page, before, memo }) => {
      if (before.matches('dispatching')) return sendAhead(page, memo.get('token') as string);
      // A document the safe refused (the admin's campaign), else one refused past the trial's limit.
      if ((before.context as { canRetry: boolean }).canRetry) return retryRefused(page);
      const failed = failedRows(page);
      const count = await failed.count();
      const retried = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(RETRY_DOC),
      );
      await failed
        .first()
        .getByRole('button', { name: fr('campaigns.docs.retry'), exact: true })
        .click();
      const answer = await retried;
      expect(answer.ok(), await answer.text()).toBe(true);
      // The deposit tried again, and refused again: the trial's limit is still reached.
      expect(((await answer.json()) as { status: string }).status).toBe('CANT_CREATE_DOC_ERROR');
      await expect(failed).toHaveCount(count);
    },
  },
  offered: (snapshot, event) => {
    const { failed, retryable } = event as EventObject & { failed: number; retryable: number };
    // Failures either all retryable (the safe refusing) or all deletable (the trial's limit), not mixed.
    if (event.type === 'job.dispatch.completed') return retryable === 0 || retryable === failed;
    if (event.type === 'campaign.document.send' && snapshot.matches('inError')) {
      const { canRetry } = snapshot.context as { canRetry: boolean };
      // A refused document sent again is deposited (the safe takes it now); over the trial's limit, refused again.
      return canRetry ? retryable === failed : failed > 0 && retryable === 0;
    }
    return true;
  },
  chainable: (walked, _snapshot, event) => {
    const steps = stepsOf(campaignMachine, [...walked, event]);
    const step = steps.at(-1)!;
    const earlier = steps.slice(0, -1);
    // One campaign per path, made by `start` for the path's first fact. An intent while splitting is made on
    // the long payroll, canceled before its split ends: no split fact follows it.
    if (intentWhileSplitting(walked) && event.type.startsWith('job.split.')) return false;
    // Its cancel follows its rename, so that one long payroll (its making, a split holding the queue) serves both.
    if (event.type === 'campaign.cancel' && step.before.matches('splitting'))
      return walked.some((e) => e.type === 'campaign.update');
    const retried = walked.some((e) => e.type === 'campaign.retry');
    const docRefused = walked.some((e) => e.type === 'campaign.document.refuse');
    const run = runOf(steps);
    if (waitsOnDeposit(step)) {
      // The run's first deposit is held once, in the path's first run (the table shows nothing sent yet),
      // and a document is sent ahead only while another waits beside it (none refused before).
      if (retried || run.slice(0, -1).some(waitsOnDeposit)) return false;
      if (event.type === 'campaign.document.send' && docRefused) return false;
    }
    if (isRunEnd(event)) {
      const { failed, retryable } = failuresOf(event);
      // A run held on its first deposit ends with every document deposited.
      if (run.some(waitsOnDeposit) && (event.type === 'job.dispatch.failed' || failed > 0)) return false;
      // Documents refused past the trial's limit are the trial company's campaign: its first run, never retried.
      if (failed > 0 && retryable === 0 && earlier.some((s) => isRunEnd(s.event))) return false;
    }
    if (
      event.type === 'campaign.document.send' &&
      step.before.matches('inError') &&
      (step.before.context as { canRetry: boolean }).canRetry
    ) {
      // Documents the safe refused (after a run that failed, none is in error to send again).
      const end = earlier.findLastIndex((s) => isRunEnd(s.event));
      if (earlier[end]?.event.type !== 'job.dispatch.completed') return false;
      const sent = earlier.slice(end + 1).some((s) => s.event.type === 'campaign.document.send');
      // One of two refused sent again: the path's first run deposited both (none refused before), once.
      if (failuresOf(event).failed > 0) return !retried && !docRefused && !sent;
      // The last one sent again after the other: one campaign in error serves both sendings.
      return sent;
    }
    // The trial's campaign in error (a path of its own: its company's allowance spent first) serves both
    // deletions: one of several first, then all that are left.
    if (
      event.type === 'campaign.deleteDocuments' &&
      (event as EventObject & { remainingFailed: number }).remainingFailed === 0
    )
      return walked.some((e) => e.type === 'campaign.deleteDocuments');
    return true;
  },
  states: {
    'campaign.splitting': null,
    'campaign.awaitingValidation': async (page) =>
      shows(page, 'NEEDS_VALIDATION', 'awaitingValidation', [
        'validate',
        'refuseDocuments',
        'refuseDispatch',
        'cancel',
      ]),
    'campaign.dispatching': null,
    'campaign.dispatched': async (page) => shows(page, 'DISPATCHED', 'dispatched', []),
    'campaign.inError': async (page, snapshot) => {
      const { canRetry, canDelete } = snapshot.context as { canRetry: boolean; canDelete: boolean };
      const offered = [
        ...(canRetry ? ['retry'] : []),
        ...(canDelete ? ['deleteDocuments'] : []),
        ...(!canRetry && !canDelete ? ['cancel'] : []),
      ];
      await shows(page, 'IN_ERROR', 'inError', offered);
    },
    'campaign.refused': async (page) => shows(page, 'REFUSED', 'refused', []),
    'campaign.canceled': async (page) => shows(page, 'CANCELED', 'canceled', []),
  },
};
