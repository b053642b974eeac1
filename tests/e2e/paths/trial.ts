/**
 * The demo's free-trial company (`essai`, Boulangerie Levain d'Or) at its document limit: the one real
 * cause of failed documents the demo server has (the dispatch job refuses a deposit past the
 * subscription's limit: « Limite de documents atteinte », CANT_CREATE_DOC_ERROR, deletable). Nothing
 * is injected: the company first spends what its trial has left the way its user would — a manual
 * campaign to its employees with activated safes, through the real API — and then every campaign it
 * sends leaves its documents failed. No screen or API raises a trial's limit, so once reached it stays
 * reached for the rest of the run: paths running in parallel, or after, find it spent and skip the spending.
 */
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Campaign, Employee, SubscriptionStats } from '../../../src/contract/entities.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { sessionHeaders } from '../support.ts';

/** The server refuses more files than this in one campaign (create.upload.ts). */
const MAX_FILES = 20;
const ENDED = ['DISPATCHED', 'IN_ERROR', 'REFUSED', 'CANCELED'];

const onePagePdf = async (label: string): Promise<Uint8Array<ArrayBuffer>> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(label, { x: 60, y: 760, size: 14, font });
  return new Uint8Array(await pdf.save());
};

/** Employees of the trial company a document can be deposited for (activated safe, e-mail, no refusal). */
async function depositable(page: Page): Promise<string[]> {
  const answer = await page.request.post(routeUrl('employees.list'), {
    headers: await sessionHeaders(page),
    data: { limit: 50 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: Employee[] };
  const ids = items
    .filter((e) => e.safeStatus === 'FINALISED' && e.email && e.bpeAgreement !== 'REFUSED')
    .map((e) => e.id);
  expect(ids.length, 'the trial company has employees with an activated safe').toBeGreaterThanOrEqual(2);
  return ids;
}

/** What the trial still lets the company deposit, as its dashboard shows it. */
async function allowanceLeft(page: Page): Promise<number> {
  const answer = await page.request.get(routeUrl('subscription.stats'), { headers: await sessionHeaders(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
  const stats = (await answer.json()) as SubscriptionStats;
  expect(stats.trial, 'the persona is on a free trial').toBe(true);
  return stats.docLimit - stats.nbDispatchedDocs;
}

/** A manual campaign of the logged-in user: every file to every recipient, through the real API. */
export async function createManualCampaign(
  page: Page,
  options: {
    name: string;
    review: boolean;
    recipients: readonly string[];
    files: number;
    /** « Personnes à prévenir »: these users get a panel entry when its documents are refused. */
    notifyOnRefuse?: readonly string[];
    /** The files' type (default: payslips); one without a split mask where the company has one for payslips. */
    docTypeCode?: string;
  },
): Promise<string> {
  const form = new FormData();
  const files = Array.from({ length: options.files }, (_, i) => `bulletin-${i + 1}.pdf`);
  const docTypeCode = options.docTypeCode ?? 'BULLETIN_PAIE';
  form.append(
    'json',
    JSON.stringify({
      name: options.name,
      docIds: [],
      groupIds: [],
      empIds: options.recipients,
      review: options.review,
      onRefuse: Boolean(options.notifyOnRefuse?.length),
      onError: false,
      usersToNotify: options.notifyOnRefuse ?? [],
      docTypeCode,
      automaticRecipients: false,
      files: files.map((name) => ({ name, docTypeCode })),
    }),
  );
  for (const name of files) form.append('files', new Blob([await onePagePdf(name)], { type: 'application/pdf' }), name);
  const created = await page.request.post(routeUrl('campaigns.createManual'), {
    headers: await sessionHeaders(page),
    multipart: form,
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

/** Waits until the campaign has ended (distributed, in error, refused or canceled). */
export async function campaignEnded(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(routeUrl('campaigns.get', { id }), {
          headers: await sessionHeaders(page),
        });
        return ENDED.includes(((await answer.json()) as Campaign).status);
      },
      { message: `campaign ${id} ends`, timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
}

/**
 * Spends what the logged-in trial user's company has left (a campaign of as many documents, to its
 * employees with an activated safe: those are the deposits the subscription counts), until nothing is.
 * Returns the employees a document can be deposited for.
 */
export async function spendTrialAllowance(page: Page): Promise<string[]> {
  const recipients = await depositable(page);
  for (let left = await allowanceLeft(page); left > 0; left = await allowanceLeft(page)) {
    const files = Math.min(MAX_FILES, Math.ceil(left / recipients.length));
    const id = await createManualCampaign(page, {
      name: `Essai : ${left} documents restants ${Date.now()}`,
      review: false,
      recipients,
      files,
    });
    await campaignEnded(page, id);
  }
  return recipients;
}
