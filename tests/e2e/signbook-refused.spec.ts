/**
 * A refused signbook is findable (issue 15, point 4): the payroll officer creates a two-step signbook
 * (step 1 the administrator, step 2 an external signatory) and keeps it open; the administrator refuses to sign in
 * a second browser context. Without reload the creator's page marks step 1 refused (step 2 never
 * reached), moves under « Refusés » (the breadcrumb says so), and the « Refusés » tab and side-navigation
 * entry carry a badge equal to what the list shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Session } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../src/web/app/sessionStore.ts';
import { fr, loginAs, sessionHeaders, shot } from './support.ts';

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1400 }));

async function contractPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
}

test('a signer refuses: the creator finds the signbook under « Refusés », badge and refused step', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const sessionOf = (p: Page) =>
    p.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Session, SESSION_KEYS.session);
  // The signer, in her own browser.
  const other = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
  const signer = await other.newPage();
  await loginAs(signer, 'admin');
  const admin = await sessionOf(signer);
  await loginAs(page, 'paie');
  const session = await sessionOf(page);
  const headers = await sessionHeaders(page);
  const name = `Avenant refusé ${Date.now()}`;
  const created = await page.request.post(routeUrl('signbooks.upload'), {
    headers,
    multipart: {
      json: JSON.stringify({
        name,
        organizationId: session.orgId,
        steps: [
          { signatories: [{ type: 'user', userId: admin.userId }] },
          // Not the creator: a signatory of a later step may not read the document before its turn.
          {
            signatories: [
              { type: 'external', name: 'Lefèvre', firstName: 'Claire', email: 'claire.lefevre@example.org' },
            ],
          },
        ],
      }),
      file: { name: 'avenant.pdf', mimeType: 'application/pdf', buffer: await contractPdf(name) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { signbook: { id: string } }).signbook.id;

  // The creator keeps it open from « En cours »: step 1 is being signed, step 2 comes later.
  await page.goto(`/signworkflows/status/in-progress/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const step = (index: number) => page.locator(`[data-step="${index}"] [data-step-state]`);
  await expect(step(0)).toHaveText(fr('signbooks.view.stepCurrent'));
  await expect(step(1)).toHaveText(fr('signbooks.view.stepLater'));

  // The administrator refuses.
  await signer.goto(`/signworkflows/status/in-progress/to-sign/${id}`);
  const walk = signer.getByRole('region', { name: fr('signbooks.signer.title') });
  await walk.getByRole('button', { name: fr('signbooks.refuse.open') }).click();
  const dialog = signer.getByRole('dialog', { name: fr('signbooks.refuse.title') });
  await dialog.getByLabel(fr('signbooks.refuse.reason')).fill('La date de prise d’effet est fausse');
  await dialog.getByRole('button', { name: fr('signbooks.refuse.confirm'), exact: true }).click();
  await expect(signer.getByText(fr('signbooks.signer.refused.title'))).toBeVisible();
  await other.close();

  // Live on the creator's page: the refusing step, the step never reached, the real list and breadcrumb.
  await expect(step(0)).toHaveText(fr('signbooks.view.stepRefused'));
  await expect(page.locator('[data-step="0"]')).toHaveAttribute('data-refused', 'true');
  await expect(step(1)).toHaveText(fr('signbooks.view.stepUnreached'));
  await expect(page).toHaveURL(new RegExp(`/signworkflows/status/refused/${id}$`));
  const crumbs = page.getByRole('navigation', { name: fr('shell.breadcrumb') });
  await expect(crumbs.getByRole('link', { name: fr('statuses.signbooks.refused') })).toBeVisible();
  await expect(crumbs).not.toContainText(fr('statuses.signbooks.in-progress'));
  await shot(page, 'signbook-refused-steps');

  // The list the badge counts is the list shown.
  const listed = await page.request.post(routeUrl('signbooks.list'), {
    headers,
    data: { status: 'refused', limit: 100 },
  });
  const refused = (await listed.json()) as { count: number; items: { id: string }[] };
  expect(refused.items.map((b) => b.id)).toContain(id);
  const nav = page.getByRole('navigation', { name: fr('shell.nav.label') });
  const navEntry = nav.locator('a[href="/signworkflows/status/refused"]');
  await expect(navEntry).toHaveText(`${fr('shell.nav.signbooksRefused')}${refused.count}`);
  await navEntry.click();
  await expect(page.getByRole('heading', { level: 1, name: fr('statuses.signbooks.refused') })).toBeVisible();
  const tab = page.locator('[data-tab="refused"]');
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tab.locator('[data-count="refused"]')).toHaveText(String(refused.count));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(fr('signbooks.status.REFUSED'));
  await shot(page, 'signbooks-refused-list');
  // Gone from « En cours ».
  await page.locator('[data-tab="in-progress"]').click();
  await expect(page.getByRole('heading', { level: 1, name: fr('statuses.signbooks.in-progress') })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
