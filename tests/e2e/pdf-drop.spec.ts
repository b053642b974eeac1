/**
 * A damaged PDF is refused when it is dropped (issue 15 §9), with the key the server would answer, in the
 * campaign creation's documents step and in the signbook creation's drop zone: the file is dropped on the
 * zone (a real `drop` event carrying the files), opened by pdf.js in the browser and refused there, before
 * anything is sent.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, PDFName } from 'pdf-lib';
import { routeUrl } from '../../src/contract/routes.ts';
import { dropFiles, fr, loginAs, sessionHeaders, shot } from './support.ts';

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1400 }));

async function samplePayroll(page: Page): Promise<{ valid: Buffer; damaged: Buffer }> {
  const sample = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=4`, {
    headers: await sessionHeaders(page),
  });
  expect(sample.ok()).toBe(true);
  const valid = await sample.body();
  // A download cut short: the first 60 % of the file, with an end marker added as some tools do.
  const damaged = Buffer.concat([valid.subarray(0, Math.floor(valid.length * 0.6)), Buffer.from('\n%%EOF\n')]);
  return { valid, damaged };
}

test('a damaged PDF dropped on the campaign documents step is refused there, the valid one is added', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const { valid, damaged } = await samplePayroll(page);
  let uploads = 0;
  const creations = [routeUrl('campaigns.create'), routeUrl('campaigns.createManual')];
  page.on('request', (r) => {
    if (r.method() === 'POST' && creations.includes(new URL(r.url()).pathname)) uploads += 1;
  });

  await page.goto('/campaigns/create');
  await page.getByRole('radio', { name: 'Bulletin de paie' }).check({ force: true });
  await page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true }).click();
  await dropFiles(page, 'campaign-dropzone', [
    { name: 'bulletins-coupes.pdf', bytes: damaged },
    { name: 'bulletins.pdf', bytes: valid },
  ]);

  const refusal = page.getByRole('alert').filter({ hasText: 'bulletins-coupes.pdf' });
  await expect(refusal).toContainText(fr('error.upload.damaged'));
  const added = page.getByRole('list', { name: fr('campaignCreate.documents.list') });
  await expect(added).toContainText('bulletins.pdf');
  await expect(added).not.toContainText('bulletins-coupes.pdf');
  expect(uploads).toBe(0); // refused in the browser: nothing was sent
  await shot(page, 'pdf-drop-campaign-refused');
  await page.setViewportSize({ width: 600, height: 1300 });
  await shot(page, 'pdf-drop-campaign-refused-600');
});

test('the signbook creation takes its document in the drop zone and refuses a damaged one at drop', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const { valid, damaged } = await samplePayroll(page);
  await page.goto('/signworkflows/creation');
  const zone = page.getByTestId('signbook-dropzone');
  await expect(zone).toContainText(fr('signbooks.create.drop'));

  await dropFiles(page, 'signbook-dropzone', [{ name: 'avenant-abime.pdf', bytes: damaged }]);
  await expect(page.getByText(fr('error.upload.damaged'))).toBeVisible();
  await shot(page, 'pdf-drop-signbook-refused');

  await dropFiles(page, 'signbook-dropzone', [{ name: 'avenant.pdf', bytes: valid }]);
  await expect(zone).toContainText('avenant.pdf');
  await expect(page.getByText(fr('error.upload.damaged'))).toHaveCount(0);
  await page.setViewportSize({ width: 600, height: 1300 });
  await shot(page, 'pdf-drop-signbook-600');
});

/** A certified PDF (/Perms /DocMDP in a compressed catalog): the seal could not append its audit page. */
async function certifiedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Avenant certifié', { x: 72, y: 760 });
  const signature = doc.context.register(doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite' }));
  doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: signature }));
  return Buffer.from(await doc.save());
}

test('a certified PDF dropped on the signbook creation is refused there, as the seal would refuse it', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  let uploads = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === routeUrl('signbooks.upload')) uploads += 1;
  });
  await page.goto('/signworkflows/creation');
  await dropFiles(page, 'signbook-dropzone', [{ name: 'avenant-certifie.pdf', bytes: await certifiedPdf() }]);
  await expect(page.getByText(fr('error.upload.certified'))).toBeVisible();
  await expect(page.getByTestId('signbook-dropzone')).not.toContainText('avenant-certifie.pdf');
  expect(uploads).toBe(0);
  await shot(page, 'pdf-drop-signbook-certified');
});
