/**
 * The campaign machine in the browser: a campaign created through the real API (the demo's sample
 * payroll of the admin's organisation, or a PDF matching nobody for a failed split), its page opened
 * at once, then the walk. Operator intents are clicked on the page (its actions group offers exactly
 * what the lifecycle actor accepts); the jobs' facts are the real server's split and dispatch
 * workers, heard live on the page. No screen renames a campaign: `campaign.update` is the real API's
 * rename, and the page shows the new name live. A run that leaves documents failed is the free-trial
 * company's (`essai`) past its document limit (trial.ts): a manual campaign to three of its employees,
 * each document refused « Limite de documents atteinte » — deletable, and retried in vain one at a time.
 */
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import type { CampaignStatus } from '../../../src/contract/enums.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { createPayrollCampaign } from './payroll.ts';
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
/** The path's dispatch leaves documents failed: the trial company's campaign past its limit. */
const failingRun = (events: readonly EventObject[]) =>
  events.some((e) => e.type === 'job.dispatch.completed' && (e as EventObject & { failed: number }).failed > 0);

const docsTable = (page: Page) => page.getByRole('table', { name: fr('campaigns.docs.label') });
/** The table's documents refused past the trial's limit. */
const failedRows = (page: Page) =>
  docsTable(page)
    .getByRole('row')
    .filter({ has: page.locator('[data-status="CANT_CREATE_DOC_ERROR"]') });
const RETRY_DOC = routeUrl('campaigns.retryDispatchedDoc', { id: 'x' }).replace(/x$/, '');

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
      const id = await createManualCampaign(page, { name, review, recipients: recipients.slice(0, 3), files: 1 });
      memo.set('id', id);
      await page.goto(`/campaigns/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      return;
    }
    const { headers } = await logInThroughApi(page, 'admin');
    const name = `Parcours campagne ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    const id = await createPayrollCampaign(page, headers, {
      name,
      review,
      ...(split?.type === 'job.split.failed' ? { pdf: await strangerPdf() } : {}),
    });
    memo.set('id', id);
    await openLoggedIn(page, `/campaigns/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },
  how: {
    'job.split.completed':
      'the real split job (worker) reads the demo’s sample payroll, or gives each file of a manual campaign (essai’s) to each recipient; « review » chosen at creation (API)',
    'job.split.failed': 'the real split job reads a PDF naming nobody, and fails',
    'job.dispatch.progressed': 'the real dispatch job (worker) starts',
    'job.dispatch.completed':
      'the real dispatch job deposits every document (the embedded safe), or refuses each one « Limite de documents atteinte » for the free-trial company (essai) once its trial’s documents are spent',
    'campaign.validate': '« Valider » and its confirmation',
    'campaign.refuse': '« Refuser la campagne » and its confirmation',
    'campaign.cancel': '« Annuler » and its confirmation',
    'campaign.update': 'renamed through the real API (no screen renames a campaign): the page shows the name live',
    'campaign.document.refuse': 'a document checked, « Refuser des documents », a reason, confirm',
    'campaign.deleteDocuments':
      'documents in error checked (one, or all that are left), « Supprimer les documents cochés » and its confirmation',
    'campaign.document.send':
      'a document in error’s « Réessayer » in the documents table (refused again: the trial’s limit is still reached)',
  },
  events: {
    'job.split.completed': async () => {},
    'job.split.failed': async () => {},
    'job.dispatch.progressed': async () => {},
    'job.dispatch.completed': async () => {},
    'campaign.validate': async ({ page }) => confirm(page, 'validate'),
    'campaign.refuse': async ({ page }) => confirm(page, 'refuseDispatch'),
    'campaign.cancel': async ({ page }) => confirm(page, 'cancel'),
    'campaign.update': async ({ page, memo }) => {
      const name = `${memo.get('name') as string} (renommée)`;
      const answer = await page.request.put(routeUrl('campaigns.update', { id: memo.get('id') as string }), {
        headers: await sessionHeaders(page),
        data: { name },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      memo.set('name', name);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
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
    'campaign.document.send': async ({ page }) => {
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
  offered: (_snapshot, event) => {
    // The demo's failures are the trial's limit (deletable); none a retry may fix (the safe refusing).
    if (event.type === 'job.dispatch.completed' || event.type === 'campaign.document.send')
      return (event as EventObject & { retryable: number }).retryable === 0;
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
  notDriven: {
    'campaign.splitting —campaign.update[0]→ (self)':
      'the real split of a small file ends within a second: the page cannot be caught splitting reliably',
    'campaign.splitting —campaign.cancel[0]→ campaign.canceled':
      'the real split of a small file ends within a second: the page cannot be caught splitting reliably',
    'campaign.dispatching —campaign.document.send[0]→ (self)':
      'the real dispatch of a few documents ends within a second: a waiting one cannot be sent ahead of it reliably',
    'campaign.dispatching.running —job.dispatch.progressed[0]→ (self)':
      'the real dispatch job reports its start once; a second report is a run resumed after a server restart',
    'campaign.dispatching —job.dispatch.failed[0]→ campaign.inError':
      'a run fails when the database fails under it: not provoked on the shared demo server (the API suite does)',
    'campaign.inError —campaign.retry[0]→ campaign.dispatching':
      'needs documents a new attempt may fix (the safe refusing a deposit, or a run dying): the demo server’s embedded safe never refuses and its database does not fail; documents refused past the trial’s limit are deletable, not retried with the campaign (the API suite provokes both)',
    'campaign.inError —campaign.document.send[1]→ campaign.dispatched':
      'the last document in error deposited needs the trial’s limit raised: no screen or API of the product raises a subscription’s limit (the seed sets it) and a company’s count of deposits never goes down (the API suite retries over-limit documents of a subscriber)',
  },
};
