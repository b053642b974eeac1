import { expect, test, type Page } from '@playwright/test';
import type { Campaign } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, inProgressOrOutcome, loginAs, sessionHeaders, shot } from './support.ts';

// Tall enough that the page's buttons stay clear of the alerts stacked at the bottom.
test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1600 }));

const FINAL_STEPS = ['dispatched', 'inError'];

/** Records every step the lifecycle diagram lights, so a test can tell what it went through live. */
async function recordLitSteps(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { litSteps: string[]; notReloaded: boolean };
    w.notReloaded = true;
    w.litSteps = [];
    const note = () => {
      const lit = document.querySelector('[data-state][aria-current="step"]')?.getAttribute('data-state');
      if (lit && w.litSteps.at(-1) !== lit) w.litSteps.push(lit);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-current'],
    });
  });
}

const litSteps = (page: Page) => page.evaluate(() => (window as unknown as { litSteps?: string[] }).litSteps ?? []);

test('admin reviews the campaign awaiting validation, refuses one document, validates it and watches it finish live', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: fr('shell.nav.label') });
  await nav
    .getByRole('list', { name: fr('shell.nav.campaigns') })
    .getByRole('link')
    .filter({ hasText: fr('shell.nav.campaignsValidation') })
    .click();
  await expect(page).toHaveURL(/\/campaigns\/status\/validation/);
  await expect(page.getByRole('heading', { level: 1, name: fr('statuses.campaigns.validation') })).toBeVisible();
  const list = page.getByRole('table', { name: fr('campaigns.list.label') });
  const row = list.getByRole('row').filter({ hasText: '— Lyon' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fr('campaigns.status.NEEDS_VALIDATION'));
  await shot(page, 'campaigns-validation-list');
  await row.click();

  await expect(page).toHaveURL(/\/campaigns\/status\/validation\/[^/?]+/);
  const campaignId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const answer = await page.request.get(routeUrl('campaigns.get', { id: campaignId }), {
    headers: await sessionHeaders(page),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const seeded = (await answer.json()) as Campaign;
  expect(seeded.status).toBe('NEEDS_VALIDATION');
  await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();

  // Counters: the total is every document of the campaign, none distributed yet.
  const total = Object.entries(seeded.counts)
    .filter(([status]) => !status.startsWith('ALL_'))
    .reduce((n, [, c]) => n + c, 0);
  expect(total).toBeGreaterThan(1);
  await expect(page.locator('[data-counter="total"]')).toContainText(String(total));
  await expect(page.locator('[data-counter="dispatched"]')).toContainText('0');

  const diagram = page.getByRole('list', { name: fr('campaigns.lifecycle.title') });
  await expect(diagram.locator('[aria-current="step"]')).toHaveAttribute('data-state', 'awaitingValidation');
  // A forbidden action is not offered: a campaign awaiting validation cannot be retried.
  const actions = page.getByRole('group', { name: fr('campaigns.actions.label') });
  await expect(actions.getByRole('button', { name: fr('campaigns.actions.retry'), exact: true })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: fr('campaigns.actions.refuseDocuments') })).toBeDisabled();
  await expect(actions.getByText(fr('campaigns.actions.why.refuseDocuments'))).toBeVisible();
  await shot(page, 'campaign-awaiting-validation');

  // Refuse the first document with a reason.
  const docs = page.getByRole('table', { name: fr('campaigns.docs.label') });
  const firstDoc = docs.getByRole('row').nth(1);
  const recipient = (await firstDoc.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  await firstDoc.getByRole('checkbox').check();
  await actions.getByRole('button', { name: fr('campaigns.actions.refuseDocuments') }).click();
  const dialog = page.getByRole('dialog', { name: fr('campaigns.refuseDocuments.title') });
  const reason = 'Bulletin en double, à retirer';
  await dialog.getByLabel(fr('campaigns.refuseDocuments.reason')).fill(reason);
  await dialog.getByRole('button', { name: fr('campaigns.refuseDocuments.confirm'), exact: true }).click();
  await expect(page.getByText(fr('alert.campaign.refuse.success'))).toBeVisible();
  const refusedRow = docs.getByRole('row').filter({ hasText: reason });
  await expect(refusedRow).toHaveCount(1);
  await expect(refusedRow).toContainText(recipient);
  await expect(refusedRow).toContainText(fr('campaigns.docStatus.REFUSED'));

  // Validate, then watch distribution run and end without reloading.
  await recordLitSteps(page);
  await actions.getByRole('button', { name: fr('campaigns.actions.validate') }).click();
  const confirm = page.getByRole('alertdialog', { name: fr('campaigns.confirm.validate.title') });
  await confirm.getByRole('button', { name: fr('campaigns.confirm.validate.confirm'), exact: true }).click();
  await expect(inProgressOrOutcome(page, 'alert.campaign.validation.inProgress', seeded.name)).toBeVisible();
  await expect
    .poll(async () => (await litSteps(page)).at(-1), { timeout: 60_000 })
    .toMatch(new RegExp(`^(${FINAL_STEPS.join('|')})$`));
  const steps = await litSteps(page);
  expect(steps).toContain('dispatching');
  expect(steps.indexOf('dispatching')).toBeLessThan(steps.length - 1);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The counters reached the server's final values, and the refused document stayed refused.
  const after = (await (
    await page.request.get(routeUrl('campaigns.get', { id: campaignId }), { headers: await sessionHeaders(page) })
  ).json()) as Campaign;
  expect(['DISPATCHED', 'IN_ERROR']).toContain(after.status);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(
    fr(`campaigns.status.${after.status}`),
  );
  const dispatched = ['DISPATCHED', 'DISPATCHED_BY_CUSTOMER', 'PAPER_DISPATCHED'].reduce(
    (n, s) => n + (after.counts[s] ?? 0),
    0,
  );
  expect(dispatched).toBeGreaterThan(0);
  await expect(page.locator('[data-counter="dispatched"]')).toContainText(String(dispatched));
  expect(after.counts.REFUSED ?? 0).toBe(1);
  await expect(actions.getByRole('button', { name: fr('campaigns.actions.validate') })).toHaveCount(0);
  await shot(page, 'campaign-after-dispatch');
});

test('one failed document is retried from its row, and the campaign stays in error while others remain', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/campaigns/status/error/subStatus/error-retry');
  await page
    .getByRole('table', { name: fr('campaigns.list.label') })
    .getByRole('row')
    .nth(1)
    .click();
  const docs = page.getByRole('table', { name: fr('campaigns.docs.label') });
  await page.getByLabel(fr('campaigns.docs.filter')).selectOption('NOT_DISPATCHED');
  const row = docs
    .getByRole('row')
    .filter({ hasText: fr('campaigns.failureCause.EDOCPERSO_ERROR') })
    .first();
  const link = row.getByRole('link');
  const recipient = ((await link.textContent()) ?? '').trim();
  const docId = ((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '';
  const answer = page.waitForResponse((r) => r.url().includes(`/dispatched-doc/retry/${docId}`));
  await row.getByRole('button', { name: fr('campaigns.docs.retry') }).click();
  const retried = (await (await answer).json()) as { status: string; failureCause: string | null };
  // The safe answers now: the document is dispatched, or its real cause shows (e.g. the employee refused paperless).
  expect(retried.failureCause).not.toBe('EDOCPERSO_ERROR');
  await expect(
    page.getByText(
      retried.status === 'NOT_DISPATCHED' ? fr('campaign.dispactchedDoc.retry.failure') : /Document traité/,
    ),
  ).toBeVisible();
  await expect(docs.getByRole('row').filter({ hasText: recipient }).first()).not.toContainText(
    fr('campaigns.failureCause.EDOCPERSO_ERROR'),
  );
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(fr('campaigns.status.IN_ERROR'));
  await page.setViewportSize({ width: 600, height: 1400 });
  await shot(page, 'campaign-error-600');
});

test('a campaign in error that can be retried is found under « À relancer », retried, and the user lands on the list', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: fr('shell.nav.label') });
  await nav
    .getByRole('list', { name: fr('shell.nav.campaigns') })
    .getByRole('link')
    .filter({ hasText: fr('shell.nav.campaignsErrorRetry') })
    .click();
  await expect(page).toHaveURL(/\/campaigns\/status\/error\/subStatus\/error-retry/);
  const row = page
    .getByRole('table', { name: fr('campaigns.list.label') })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText(fr('campaigns.status.IN_ERROR'));
  await row.click();
  await expect(page).toHaveURL(/\/campaigns\/status\/error\/subStatus\/error-retry\/[^/?]+/);
  const diagram = page.getByRole('list', { name: fr('campaigns.lifecycle.title') });
  await expect(diagram.locator('[aria-current="step"]')).toHaveAttribute('data-state', 'inError');
  const actions = page.getByRole('group', { name: fr('campaigns.actions.label') });
  await expect(actions.getByRole('button', { name: fr('campaigns.actions.validate') })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: fr('campaigns.actions.refuseDispatch') })).toHaveCount(0);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await actions.getByRole('button', { name: fr('campaigns.actions.retry'), exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns(\?.*)?$/);
  // « Nouvel essai d'envoi en cours… », or already where the run ended when its push came before the
  // retry's answer (the outcome replaces the message: web/app/services.ts).
  await expect(inProgressOrOutcome(page, 'alert.campaign.retry.inProgress', name)).toBeVisible();
});

/** The visible dispatched campaign with paper letters (the demo's « Horizon Services Paris » payslips). */
async function dispatchedCampaign(page: Page): Promise<Campaign> {
  const res = await page.request.post(routeUrl('campaigns.list', {}), {
    headers: await sessionHeaders(page),
    data: { status: ['DISPATCHED'], limit: 50 },
  });
  const { dispatchs } = (await res.json()) as { dispatchs: Campaign[] };
  const paper = (c: Campaign) => c.counts.PAPER_DISPATCHED ?? 0;
  return dispatchs.sort((a, b) => paper(b) - paper(a) || b.documentCount - a.documentCount)[0]!;
}

test('a document opens in its preview from the table, and going back restores the table as it was', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const campaign = await dispatchedCampaign(page);
  await page.goto(`/campaigns/status/finalized/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  const docs = page.getByRole('table', { name: fr('campaigns.docs.label') });
  await page.getByLabel(fr('campaigns.docs.filter')).selectOption('DISPATCHED');
  await expect(docs.getByRole('row').nth(1)).toContainText(fr('campaigns.docStatus.DISPATCHED'));
  const link = docs.getByRole('row').nth(2).getByRole('link');
  const recipient = ((await link.textContent()) ?? '').trim();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/campaigns/status/finalized/${campaign.id}/[^/?]+$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(recipient);
  await expect(page.locator('[data-fact="status"]')).toContainText(fr('campaigns.docStatus.DISPATCHED'));
  await expect(page.locator('[data-fact="campaign"]')).toContainText(campaign.name);
  const viewer = page.getByRole('region', { name: fr('campaigns.document.preview') });
  await expect(viewer.getByTestId('pdf-page')).toHaveText(/Page 1 sur 1/);
  const canvas = viewer.getByRole('img');
  // The part is really drawn: the canvas has non-white pixels (the payslip's text).
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
        return dark;
      }),
    )
    .toBeGreaterThan(100);
  const fitWidth = (await canvas.boundingBox())?.width ?? 0;
  await viewer.getByRole('button', { name: fr('pdfViewer.zoomIn') }).click();
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(fitWidth * 1.2);
  await viewer.getByRole('button', { name: fr('pdfViewer.fitWidth') }).click();
  await shot(page, 'campaign-document-1280');
  await page.setViewportSize({ width: 600, height: 1200 });
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 999).toBeLessThanOrEqual(600);
  await shot(page, 'campaign-document-600');
  await page.setViewportSize({ width: 1280, height: 1600 });

  await page.getByRole('button', { name: fr('campaigns.document.back') }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/status/finalized/${campaign.id}$`));
  await expect(page.getByLabel(fr('campaigns.docs.filter'))).toHaveValue('DISPATCHED');
  await expect(docs.getByRole('row').nth(2)).toContainText(recipient);
});

test('the campaign page downloads the treatment report and the documents merged into one PDF', async ({ page }) => {
  await loginAs(page, 'admin');
  const campaign = await dispatchedCampaign(page);
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  const downloads = page.getByRole('group', { name: fr('campaigns.downloads.title') });
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('button', { name: fr('campaigns.downloads.report') }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/^rapport-Bulletins-de-paie-.+\.csv$/);
  const csv = await (await report.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.startsWith('\uFEFFDestinataire;Identifiant lu;Pages;Statut;Motif;Cause;Date')).toBe(true);
  expect(text.trim().split('\r\n')).toHaveLength(campaign.documentCount + 1);

  await page.getByLabel(fr('campaigns.docs.filter')).selectOption('PAPER_DISPATCHED');
  const [merged] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('button', { name: fr('campaigns.downloads.merged') }).click(),
  ]);
  expect(merged.suggestedFilename()).toBe('documents.pdf');
  const pdf = Buffer.concat(await (await merged.createReadStream()).toArray()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBe(campaign.counts.PAPER_DISPATCHED);

  // No page was ignored in this campaign: the server's key says so.
  await downloads.getByRole('button', { name: fr('campaigns.downloads.ignoredPages') }).click();
  await expect(page.getByText(fr('error.campaign.no-ignored-pages'))).toBeVisible();
  // Paper letters and their postal status, refreshed on demand.
  const postal = page.getByRole('region', { name: fr('campaigns.postal.title') });
  await postal.getByRole('button', { name: fr('campaigns.postal.refresh') }).click();
  await expect(postal.locator('[data-postal-status="RECEIVED"]')).toBeVisible();
  await shot(page, 'campaign-downloads-postal');
});
