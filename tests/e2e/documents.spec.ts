/**
 * The documents archive in a browser (issue 12): three slips uploaded with progress, found by
 * search and by filter, one opened (preview, marked read), its deposit certificate checked against
 * the SHA-256 of the very PDF downloaded, a filtered selection zipped and its manifest read back,
 * and the list, the document and the upload at 600 px without the page scrolling sideways.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentPage, DocumentSummary } from '../../src/contract/documents.ts';
import type { Employee, EmployeePage } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, loginAs, sessionHeaders, settled, shot } from './support.ts';

const onePagePdf = async (line: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(line, { x: 60, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
};

const bytesOf = async (download: Download): Promise<Buffer> => readFileSync((await download.path()) as string);

/** The text of every page of a PDF (mupdf, as the server reads PDFs). */
const pdfText = async (bytes: Buffer): Promise<string> => {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  let text = '';
  for (let i = 0; i < doc.countPages(); i += 1)
    text += doc.loadPage(i).toStructuredText('preserve-whitespace').asText();
  return text;
};

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

test('documents: upload three slips, find them, open one, its certificate, a zip of a filter, and at 600 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const headers = await sessionHeaders(page);
  const employees = (await (
    await page.request.post(routeUrl('employees.list'), { headers, data: { limit: 1, status: 'active' } })
  ).json()) as EmployeePage;
  const employee = employees.items[0] as Employee;
  expect(employee, 'the demo has an active employee').toBeTruthy();
  const employeeLabel = `${employee.name} ${employee.firstName}`;
  // A word no other document carries, so the full-text search finds exactly these three.
  const tag = `zebulon${Date.now().toString(36)}`;

  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.documents') })).toBeVisible();
  await expect(page.getByTestId('documents-count')).toHaveText(/\d/);
  await shot(page, 'documents-list');

  // Upload: one slip per PDF, each with its type, description and recipient.
  await page.getByRole('button', { name: fr('documents.upload.open') }).click();
  const dialog = page.getByRole('dialog', { name: fr('documents.upload.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(fr('documents.upload.files')).setInputFiles([
    { name: 'bulletin-a.pdf', mimeType: 'application/pdf', buffer: await onePagePdf(`${tag} bulletin A`) },
    { name: 'bulletin-b.pdf', mimeType: 'application/pdf', buffer: await onePagePdf(`${tag} bulletin B`) },
    { name: 'note.pdf', mimeType: 'application/pdf', buffer: await onePagePdf(`${tag} note`) },
  ]);
  await expect(dialog.getByTestId('slip')).toHaveCount(3);
  const slips = [
    { type: 'Bulletin de paie', description: `${tag} bulletin A`, employer: false },
    { type: 'Bulletin de paie', description: `${tag} bulletin B`, employer: false },
    { type: 'Note de service', description: `${tag} note de service`, employer: true },
  ];
  for (const [index, s] of slips.entries()) {
    const slip = dialog.getByRole('listitem', { name: `Bordereau ${index + 1}` });
    await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: s.type });
    await slip.getByLabel(fr('documents.fields.description')).fill(s.description);
    if (s.employer) {
      await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
    } else {
      await slip.getByLabel(fr('documents.fields.employee'), { exact: true }).fill(employee.name);
      await slip
        .getByRole('button', { name: `Ajouter ${employeeLabel}` })
        .first()
        .click();
      await expect(slip.getByTestId('slip-employee')).toContainText(employeeLabel);
    }
  }
  await settled(dialog);
  await shot(page, 'documents-upload');
  // One call per slip, each followed in the notifications panel.
  const uploadCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(routeUrl('documents.upload'))) uploadCalls.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Déposer 3 documents' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  expect(uploadCalls).toHaveLength(3);
  await page.getByRole('button', { name: fr('shell.topbar.notifications') }).click();
  for (const name of ['bulletin-a.pdf', 'bulletin-b.pdf', 'note.pdf'])
    await expect(page.getByText(`Dépôt de ${name}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Found by the full-text search, then narrowed by a filter.
  const table = page.getByRole('table', { name: fr('documents.list.label') });
  await page.getByLabel(fr('documents.list.search')).fill(tag);
  await expect(page.getByTestId('documents-count')).toHaveText('3 documents');
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await page.getByRole('button', { name: fr('documents.filters.toggle') }).click();
  await page.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYEE_SAFE');
  await expect(page).toHaveURL(/dest=EMPLOYEE_SAFE/);
  await expect(page.getByTestId('documents-count')).toHaveText('2 documents');
  await expect(table.getByRole('row').filter({ hasText: `${tag} note de service` })).toHaveCount(0);
  // Several organisations at once (each with its subtree): the company's root and a second one.
  const orgs = page.getByRole('combobox', { name: fr('documents.fields.organization') });
  await orgs.click();
  const orgChoices = page.getByRole('listbox', { name: fr('documents.fields.organization') }).getByRole('option');
  await orgChoices.nth(0).click();
  await orgChoices.nth(1).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/org=[0-9a-f-]{36}(%2C|,)[0-9a-f-]{36}/);
  await expect(orgs).toHaveText(/^2 organisations$/);
  await expect(page.getByTestId('documents-count')).toHaveText('2 documents');
  await shot(page, 'documents-list-filtered');

  // The filtered selection, zipped: its manifest names both documents with their SHA-256.
  await table.getByRole('checkbox', { name: fr('dataTable.selectPage') }).check();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('documents.actions.zipSelection') }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe('documents.zip');
  const manifest = execFileSync('unzip', ['-p', (await zip.path()) as string, 'manifest.csv'], { encoding: 'utf8' });
  const lines = manifest.trim().split(/\r?\n/);
  expect(lines.filter((l) => l.includes(tag))).toHaveLength(2);
  expect(lines.filter((l) => /[0-9a-f]{64}/.test(l) && l.includes(employee.name))).toHaveLength(2);

  // One opened: its preview shows, it is marked read, its PDF and certificate download.
  await table
    .getByRole('row')
    .filter({ hasText: `${tag} bulletin A` })
    .getByText(`${tag} bulletin A`)
    .click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${tag} bulletin A` })).toBeVisible();
  await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 sur 1');
  await expect(page.locator('[data-fact="read"] [data-read]')).toHaveAttribute('data-read', 'read');
  await expect(page.getByRole('button', { name: fr('documents.actions.markRead') })).toHaveCount(0);
  const sha = (await page.getByTestId('document-sha256').textContent())?.trim() ?? '';
  await shot(page, 'documents-detail');

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('documents.actions.downloadPdf') }).click();
  const pdf = await bytesOf(await pdfDownload);
  const pdfSha = createHash('sha256').update(pdf).digest('hex');
  expect(pdfSha).toBe(sha);

  const certDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('documents.actions.downloadAttestation') }).click();
  const cert = await certDownload;
  expect(cert.suggestedFilename()).toMatch(/^attestation_.+\.pdf$/);
  const certBytes = await bytesOf(cert);
  expect(certBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await pdfText(certBytes)).replace(/\s+/g, '')).toContain(pdfSha);

  // The list no longer counts it among the unread.
  await page.goto(`/documents?q=${tag}&read=unread`);
  await expect(page.getByTestId('documents-count')).toHaveText('2 documents');

  // 600 px: the list reads as one column, the document and the upload fit, nothing scrolls sideways.
  await page.setViewportSize({ width: 600, height: 1000 });
  await page.goto(`/documents?q=${tag}`);
  await expect(page.getByTestId('document-card')).toHaveCount(3);
  await noSidewaysScroll(page);
  await shot(page, 'documents-list-600');
  await page
    .getByTestId('document-card')
    .filter({ hasText: `${tag} bulletin B` })
    .click();
  await expect(page.getByTestId('pdf-page')).toHaveText('Page 1 sur 1');
  await noSidewaysScroll(page);
  await shot(page, 'documents-detail-600');
  await page.goto('/documents');
  await page.getByRole('button', { name: fr('documents.upload.open') }).click();
  await expect(dialog).toBeVisible();
  await settled(dialog);
  await noSidewaysScroll(page);
  await shot(page, 'documents-upload-600');
});

test('documents: an id nobody may see reads « Document introuvable »', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/documents/0195f3a2-0000-7000-8000-00000000dead');
  await expect(page.getByRole('heading', { level: 1, name: fr('documents.detail.notFound') })).toBeVisible();
});

test('campaign creation takes payslips already in the safe, sent by their ids', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/campaigns/create');
  const next = page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true });
  await page.getByRole('radio', { name: 'Bulletin de paie' }).check({ force: true });
  await next.click();

  const safe = page.getByRole('list', { name: fr('campaignCreate.documents.safe.results') });
  const first = safe.getByRole('listitem').first();
  await expect(first).toBeVisible();
  const description = (await first.locator('p').first().textContent())?.trim() ?? '';
  await first.getByRole('button', { name: `Ajouter ${description}` }).click();
  const added = page.getByRole('list', { name: fr('campaignCreate.documents.list') });
  await expect(added).toContainText(description);
  await expect(added).toContainText(fr('campaignCreate.documents.safe.badge'));
  await shot(page, 'campaign-create-safe-documents');
  await next.click();
  await next.click();
  await page.getByLabel(fr('campaignCreate.options.name')).fill(`Depuis le coffre ${Date.now()}`);
  await next.click();
  const creation = page.waitForRequest((r) => r.url().endsWith(routeUrl('campaigns.create')));
  await page.getByRole('button', { name: fr('campaignCreate.actions.send') }).click();
  expect((await creation).postData()).toMatch(/"docIds":\["[0-9a-f-]{36}"\]/);
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
});

test('documents: a payroll officer whose rule admits payslips only sees fewer — in the list, its count, a document page, its PDF and certificate', async ({
  page,
  browser,
}) => {
  const countOf = async (p: Page) => {
    const count = p.getByTestId('documents-count');
    await expect(count).toHaveText(/\d/);
    return Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  };
  await loginAs(page, 'admin');
  const adminHeaders = await sessionHeaders(page);
  const all = (await (
    await page.request.post(routeUrl('documents.list'), { headers: adminHeaders, data: { limit: 100 } })
  ).json()) as DocumentPage;
  const other = all.items.find((d) => d.typeCode !== 'BULLETIN_PAIE');
  expect(other, 'the demo archive holds a document that is not a payslip').toBeTruthy();
  const hidden = other as DocumentSummary;
  await page.goto('/documents');
  const adminCount = await countOf(page);

  // « paie » is in « Gestionnaires paie », whose one rule admits the group's payslips.
  const officer = await browser.newPage();
  await loginAs(officer, 'paie');
  await officer.goto('/documents');
  const officerCount = await countOf(officer);
  expect(officerCount).toBeGreaterThan(0);
  expect(officerCount).toBeLessThan(adminCount);
  const rows = officer.getByRole('table', { name: fr('documents.list.label') }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Bulletin de paie');

  // The other document is not there at all: its page, its PDF and its certificate answer « not found ».
  await officer.goto(`/documents/${hidden.id}`);
  await expect(officer.getByRole('heading', { level: 1, name: fr('documents.detail.notFound') })).toBeVisible();
  const officerHeaders = await sessionHeaders(officer);
  for (const route of ['documents.pdf', 'documents.attestation', 'documents.get'] as const)
    expect((await officer.request.get(routeUrl(route, { id: hidden.id }), { headers: officerHeaders })).status()).toBe(
      404,
    );
  // The administrator still reaches it.
  expect(
    (await page.request.get(routeUrl('documents.pdf', { id: hidden.id }), { headers: adminHeaders })).status(),
  ).toBe(200);
  await officer.close();
});
