/**
 * The campaign machine in the browser: a campaign created through the real API (the demo's sample
 * payroll of the admin's organisation, or a PDF matching nobody for a failed split), its page opened
 * at once, then the walk. Operator intents are clicked on the page (its actions group offers exactly
 * what the lifecycle actor accepts); the jobs' facts are the real server's split and dispatch
 * workers, heard live on the page. No screen renames a campaign: `campaign.update` is the real API's
 * rename, and the page shows the new name live.
 */
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import type { CampaignStatus } from '../../../src/contract/enums.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

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

export const campaignAdapter: MachineAdapter = {
  machine: 'campaign',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { headers } = await logInThroughApi(page, 'admin');
    const split = splitOf(events);
    const review = split?.type === 'job.split.completed' ? Boolean((split as { review?: boolean }).review) : true;
    let pdf: Buffer;
    if (split?.type === 'job.split.failed') pdf = await strangerPdf();
    else {
      const sample = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=3`, { headers });
      expect(sample.ok(), await sample.text()).toBe(true);
      pdf = await sample.body();
    }
    const name = `Parcours campagne ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    const created = await page.request.post(routeUrl('campaigns.create'), {
      headers,
      multipart: {
        json: JSON.stringify({
          name,
          docIds: [],
          groupIds: [],
          empIds: [],
          review,
          onRefuse: false,
          onError: false,
          usersToNotify: [],
          docTypeCode: 'BULLETIN_PAIE',
          automaticRecipients: true,
        }),
        files: { name: 'bulletins.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    memo.set('id', id);
    await openLoggedIn(page, `/campaigns/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },
  how: {
    'job.split.completed':
      'the real split job (worker) reads the demo’s sample payroll; « review » chosen at creation (API)',
    'job.split.failed': 'the real split job reads a PDF naming nobody, and fails',
    'job.dispatch.progressed': 'the real dispatch job (worker) starts',
    'job.dispatch.completed': 'the real dispatch job deposits every document (the embedded safe)',
    'campaign.validate': '« Valider » and its confirmation',
    'campaign.refuse': '« Refuser la campagne » and its confirmation',
    'campaign.cancel': '« Annuler » and its confirmation',
    'campaign.update': 'renamed through the real API (no screen renames a campaign): the page shows the name live',
    'campaign.document.refuse': 'a document checked, « Refuser des documents », a reason, confirm',
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
    'campaign.dispatching —job.dispatch.completed[0]→ campaign.inError':
      'the demo server’s embedded safe never refuses a deposit and its subscriptions are not at their limit: no document fails (the API suite provokes both)',
    'campaign.dispatching —job.dispatch.failed[0]→ campaign.inError':
      'a run fails when the database fails under it: not provoked on the shared demo server (the API suite does)',
    ...Object.fromEntries(
      [
        'campaign.inError —campaign.retry[0]→ campaign.dispatching',
        'campaign.inError —campaign.deleteDocuments[0]→ campaign.dispatched',
        'campaign.inError —campaign.deleteDocuments[1]→ campaign.inError',
        'campaign.inError —campaign.document.send[0]→ (self)',
        'campaign.inError —campaign.document.send[1]→ campaign.dispatched',
      ].map((key) => [key, 'needs documents a run left failed, which the demo server does not produce (above)']),
    ),
  },
};
