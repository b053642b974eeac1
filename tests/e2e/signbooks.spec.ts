/**
 * Signbooks end to end on the demo server: an HR user creates a two-step signbook (step 1: herself as
 * user signatory; step 2: an employee, who has no account), signs step 1 with the code read from the
 * demo outbox (after a wrong code), then the employee opens the link mailed to her in a SECOND browser
 * context — the guest layout, no back-office menu — and signs step 2, while the first context sees the
 * step change live, without reload, and finally downloads the sealed PDF.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Employee, Session } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../src/web/app/sessionStore.ts';
import { fr, loginAs, persona, printedMessage, sessionHeaders, shot } from './support.ts';

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1600 }));

async function contractPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
}

/** The code of a code e-mail (« … est : 123456 »): the name of the signbook may hold digits too. */
const codeIn = (body: string) => body.match(/est : (\d{6})/)?.[1] ?? '';

/** Reading → channel (e-mail, prefilled) → code screen. */
async function askCodeByMail(page: Page) {
  const walk = page.getByRole('region', { name: fr('signbooks.signer.title') });
  await walk.getByRole('button', { name: fr('signbooks.signer.read.next') }).click();
  await expect(walk.locator('[data-walk-step="channel"]')).toHaveAttribute('aria-current', 'step');
  await walk.getByRole('button', { name: fr('signbooks.signer.channel.send') }).click();
  await expect(walk.locator('[data-walk-step="code"]')).toHaveAttribute('aria-current', 'step');
  return walk;
}

test('a two-step signbook: the HR user signs, then the employee as a guest, seen live by the HR user', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = persona('admin');
  await loginAs(page, 'admin');
  const session = await page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Session,
    SESSION_KEYS.session,
  );
  const employees = await page.request.post(routeUrl('employees.list'), {
    headers: await sessionHeaders(page),
    data: { limit: 50, organizations: [{ organizationId: session.orgId, active: true }] },
  });
  const employee = ((await employees.json()) as { items: Employee[] }).items.find((e) => e.email);
  expect(employee, 'a seeded employee with an e-mail').toBeTruthy();
  const emp = employee!;

  // The inbox list, then creation.
  await page.goto('/signworkflows/status/in-progress/to-sign');
  await expect(page.getByRole('heading', { level: 1, name: fr('statuses.signbooks.to-sign') })).toBeVisible();
  await shot(page, 'signbooks-to-sign');
  await page.getByRole('link', { name: fr('signbooks.list.create') }).click();
  await expect(page).toHaveURL(/\/signworkflows\/creation$/);
  await page.setViewportSize({ width: 600, height: 1300 });
  await shot(page, 'signbook-creation-600');
  await page.setViewportSize({ width: 1280, height: 1600 });
  const name = `Avenant télétravail ${Date.now()}`;
  await page.getByLabel(fr('signbooks.fields.name'), { exact: true }).fill(name);
  await page.getByLabel(fr('signbooks.create.document')).setInputFiles({
    name: 'avenant.pdf',
    mimeType: 'application/pdf',
    buffer: await contractPdf(name),
  });
  // Step 1: the HR user herself.
  const step1 = page.locator('[data-edit-step="0"]');
  await step1.getByRole('radio', { name: fr('signbooks.picker.kinds.user') }).click({ force: true });
  await step1
    .getByRole('button', { name: `Ajouter ${admin.firstName} ${admin.lastName}` })
    .first()
    .click();
  await expect(step1.locator(`[data-signatory-email="${admin.email}"]`)).toBeVisible();
  // Step 2: the employee.
  await page.getByRole('button', { name: fr('signbooks.editor.addStep') }).click();
  const step2 = page.locator('[data-edit-step="1"]');
  await step2.getByLabel(fr('signbooks.picker.find.employee')).fill(emp.name);
  await step2.getByRole('button', { name: `Ajouter ${emp.firstName} ${emp.name}` }).click();
  await expect(step2.locator(`[data-signatory-email="${emp.email}"]`)).toBeVisible();
  await shot(page, 'signbook-creation');
  await page.getByRole('button', { name: fr('signbooks.create.submit') }).click();

  // The signbook: step 1 is the HR user's turn; a wrong code says so, the outbox code signs.
  await expect(page).toHaveURL(/\/signworkflows\/status\/in-progress\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-step="0"]')).toHaveAttribute('aria-current', 'step');
  const walk = await askCodeByMail(page);
  await walk.getByLabel(fr('signbooks.signer.code.label')).fill('000000');
  await walk.getByRole('button', { name: fr('signbooks.signer.code.sign'), exact: true }).click();
  await expect(walk.getByText(fr('signworkflow.signatureFrame.invalideCode'))).toBeVisible();
  // The demo outbox, opened from the code screen, holds the code.
  await walk.getByRole('button', { name: fr('signbooks.signer.code.openOutbox') }).click();
  const outbox = page.getByRole('dialog', { name: fr('signbooks.outbox.title') });
  const mine = outbox.locator(`[data-outbox-to="${admin.email}"]`).filter({ hasText: 'Code de signature' }).first();
  await expect(mine).toBeVisible();
  const code = codeIn((await mine.textContent()) ?? '');
  expect(code).toMatch(/^\d{6}$/);
  await shot(page, 'signbook-outbox');
  await outbox
    .getByRole('button', { name: fr('common.actions.close') })
    .first()
    .click();
  await shot(page, 'signbook-code');
  await walk.getByLabel(fr('signbooks.signer.code.label')).fill(code);
  await walk.getByRole('button', { name: fr('signbooks.signer.code.sign'), exact: true }).click();
  await expect(walk.getByText(fr('signbooks.signer.done.title'))).toBeVisible();
  await expect(page.locator('[data-step="0"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-step="1"]')).toHaveAttribute('aria-current', 'step');

  // The employee's link, mailed when step 2 started: nobody but the employee may read it, so the demo
  // server prints it on its console, as a development mail catcher would.
  const invitation = await printedMessage(emp.email!, 'Document à signer');
  const link = invitation.body.match(/\/signworkflows\/guest\/[^\s]+/)?.[0];
  expect(link, invitation.body).toBeTruthy();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // Second context: the employee, as a guest.
  const guestContext = await browser.newContext({ viewport: { width: 600, height: 1300 }, locale: 'fr-FR' });
  const guest = await guestContext.newPage();
  // The guest page opens its own socket with the link's token (no session), to hear changes live.
  const guestSocket = guest.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await guest.goto(link!);
  await guestSocket;
  await expect(guest.locator('[data-layout="guest"]')).toBeVisible();
  await expect(guest.getByRole('navigation', { name: fr('shell.nav.label') })).toHaveCount(0);
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible();
  await shot(guest, 'signbook-guest-read-600');
  const guestWalk = await askCodeByMail(guest);
  // The guest's own outbox, opened from its code screen, holds its code (and nothing of anyone else).
  await guestWalk.getByRole('button', { name: fr('signbooks.signer.code.openOutbox') }).click();
  const guestOutbox = guest.getByRole('dialog', { name: fr('signbooks.outbox.title') });
  const guestMessage = guestOutbox.locator(`[data-outbox-to="${emp.email}"]`).filter({ hasText: 'Code de signature' });
  await expect(guestMessage.first()).toBeVisible();
  await expect(guestOutbox.locator(`[data-outbox-to="${admin.email}"]`)).toHaveCount(0);
  const guestCode = codeIn((await guestMessage.first().textContent()) ?? '');
  await guestOutbox
    .getByRole('button', { name: fr('common.actions.close') })
    .first()
    .click();
  await expect(guestOutbox).toBeHidden();
  await shot(guest, 'signbook-guest-code-600');
  await guestWalk.getByLabel(fr('signbooks.signer.code.label')).fill(guestCode);
  await guestWalk.getByRole('button', { name: fr('signbooks.signer.code.sign'), exact: true }).click();
  await expect(guestWalk.getByText(fr('signbooks.signer.done.title'))).toBeVisible();
  await expect(guest.locator('[data-step="1"]')).toHaveAttribute('data-done', 'true');
  // The end of the seal reaches the guest page through its socket, which then offers the signed PDF.
  await expect(guest.getByRole('button', { name: fr('signbooks.view.download') })).toBeVisible({ timeout: 30_000 });
  await shot(guest, 'signbook-guest-done-600');
  await guestContext.close();

  // The HR user's page moved on by itself: step 2 signed, then sealed; the signed PDF is offered.
  await expect(page.locator('[data-step="1"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', /SEALING|COMPLETE/);
  await expect(page.getByRole('button', { name: fr('signbooks.view.download') })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('signbooks.view.download') }).click();
  expect((await download).suggestedFilename()).toMatch(/-signe\.pdf$/);
  await shot(page, 'signbook-complete');

  // It is listed as complete.
  await page.goto('/signworkflows/status/done');
  await expect(
    page
      .getByRole('table', { name: fr('signbooks.list.label') })
      .getByRole('row')
      .filter({ hasText: name }),
  ).toHaveCount(1);
  await page.setViewportSize({ width: 600, height: 1100 });
  await shot(page, 'signbooks-done-600');
});

test('templates: create one with ordered typed steps, find it, use it, delete it', async ({ page }) => {
  const admin = persona('admin');
  await loginAs(page, 'admin');
  await page.goto('/signworkflows/templates');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.signbookTemplates') })).toBeVisible();
  await page.getByRole('link', { name: fr('signbooks.templates.create') }).click();
  const name = `Modèle avenant ${Date.now()}`;
  await page.getByLabel(fr('signbooks.fields.name'), { exact: true }).fill(name);
  // Saving with an empty step is refused on the spot.
  await page.getByRole('button', { name: fr('common.actions.save') }).click();
  await expect(page.getByRole('alert').getByText(fr('signbooks.create.problems.emptyStep'))).toBeVisible();
  const step1 = page.locator('[data-edit-step="0"]');
  await step1
    .getByRole('button', { name: `Ajouter ${admin.firstName} ${admin.lastName}` })
    .first()
    .click();
  await page.getByRole('button', { name: fr('signbooks.editor.addStep') }).click();
  await page.getByLabel("Type de signataire de l'étape 2").selectOption('external');
  const step2 = page.locator('[data-edit-step="1"]');
  await step2.getByLabel(fr('signbooks.picker.external.name'), { exact: true }).fill('Lemaire');
  await step2.getByLabel(fr('signbooks.picker.external.email')).fill('conseil@cabinet-demo.fr');
  await step2.getByRole('button', { name: fr('signbooks.picker.addExternal') }).click();
  await page.getByRole('button', { name: fr('common.actions.save') }).click();
  await expect(page).toHaveURL(/\/signworkflows\/templates\/[0-9a-f-]{36}$/);
  await shot(page, 'signbook-template');

  await page.goto('/signworkflows/templates');
  const row = page
    .getByRole('table', { name: fr('signbooks.templates.label') })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText(`1. ${fr('signbooks.signatoryType.user')}`);
  await expect(row).toContainText(`2. ${fr('signbooks.signatoryType.external')}`);

  // Creation from the template takes its steps.
  await page.goto('/signworkflows/creation');
  await page.getByLabel(fr('signbooks.create.template')).selectOption({ label: name });
  await expect(page.getByLabel(fr('signbooks.fields.name'), { exact: true })).toHaveValue(name);
  await expect(
    page.locator('[data-edit-step="0"] [data-signatory-email="camille.martin@horizon-demo.fr"]'),
  ).toBeVisible();
  await expect(page.locator('[data-edit-step="1"] [data-signatory-email="conseil@cabinet-demo.fr"]')).toBeVisible();

  await page.goto('/signworkflows/templates');
  await row.click();
  await page.getByRole('button', { name: fr('signbooks.templates.delete') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: fr('signbooks.templates.delete') })
    .click();
  await expect(page).toHaveURL(/\/signworkflows\/templates$/);
  await expect(row).toHaveCount(0);
});

test('a profile without e-mail is told the signbooks are unusable', async ({ page }) => {
  await loginAs(page, 'sansmail');
  await page.goto('/signworkflows/status/in-progress');
  await expect(page.getByRole('alert').filter({ hasText: fr('alert.sidenav.signworkflows.alert') })).toBeVisible();
  await expect(page.getByRole('link', { name: fr('signbooks.list.create') })).toHaveCount(0);
});

test('refusing to sign needs a reason, ends the signbook and shows who refused and why', async ({ page }) => {
  const admin = persona('admin');
  await loginAs(page, 'admin');
  const session = await page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Session,
    SESSION_KEYS.session,
  );
  const name = `Note de frais ${Date.now()}`;
  const created = await page.request.post(routeUrl('signbooks.upload'), {
    headers: await sessionHeaders(page),
    multipart: {
      json: JSON.stringify({ name, steps: [{ signatories: [{ type: 'user', userId: session.userId }] }] }),
      file: { name: 'note.pdf', mimeType: 'application/pdf', buffer: await contractPdf(name) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { signbook } = (await created.json()) as { signbook: { id: string } };

  await page.goto(`/signworkflows/status/in-progress/to-sign/${signbook.id}`);
  const walk = page.getByRole('region', { name: fr('signbooks.signer.title') });
  await walk.getByRole('button', { name: fr('signbooks.refuse.open') }).click();
  const dialog = page.getByRole('dialog', { name: fr('signbooks.refuse.title') });
  await expect(dialog.getByRole('button', { name: fr('signbooks.refuse.confirm') })).toBeDisabled();
  await dialog.getByLabel(fr('signbooks.refuse.reason')).fill('Le montant est faux');
  await dialog.getByRole('button', { name: fr('signbooks.refuse.confirm') }).click();
  await expect(walk.getByText(fr('signbooks.signer.refused.title'))).toBeVisible();
  await expect(page.getByText(`${admin.firstName} ${admin.lastName} a refusé de signer`)).toBeVisible();
  await expect(page.getByText('Motif : Le montant est faux').first()).toBeVisible();
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'REFUSED');
  await shot(page, 'signbook-refused');
});

test('every signbook list of the side navigation and the tabs opens, sub-statuses included', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/signworkflows/status/in-progress');
  const tabs = page.getByRole('navigation', { name: fr('signbooks.list.tabs') });
  for (const key of ['to-sign', 'waiting-for-others', 'done', 'in-progress']) {
    await tabs.getByRole('link', { name: fr(`statuses.signbooks.${key}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: fr(`statuses.signbooks.${key}`) })).toBeVisible();
    await expect(tabs.getByRole('link', { name: fr(`statuses.signbooks.${key}`) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('table', { name: fr('signbooks.list.label') })).toBeVisible();
  }
});

test('social signers: reached from the account menu and the templates, each with its authorised users', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  await page.getByRole('menuitem', { name: fr('shell.topbar.socialSigners') }).click();
  await expect(page).toHaveURL(/\/signatories\/social$/);
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.socialSigners') })).toBeVisible();
  const list = page.getByRole('list', { name: fr('signbooks.social.label') });
  const director = list.getByRole('article', { name: 'Camille Martin' });
  await expect(director).toContainText(fr('signbooks.social.authorizedUsers'));
  await expect(director.getByRole('listitem').filter({ hasText: 'Julien Bernard' })).toBeVisible();
  await expect(director).toContainText(fr('signbooks.social.signingRight'));
  await shot(page, 'signbook-social-signers');
  await page.setViewportSize({ width: 600, height: 1000 });
  await expect(director).toBeVisible();
  await shot(page, 'signbook-social-signers-600');
  await page.setViewportSize({ width: 1280, height: 1600 });

  // Search, then the template link opens the template that defines it.
  await page.getByLabel(fr('signbooks.social.search')).fill('personne');
  await expect(page.getByRole('status').filter({ hasText: fr('signbooks.social.noMatch') })).toBeVisible();
  await page.getByLabel(fr('signbooks.social.search')).fill('camille');
  await director.getByRole('link', { name: 'Avenant — paie puis signataire social' }).click();
  await expect(page).toHaveURL(/\/signworkflows\/templates\/[0-9a-f-]{36}$/);

  // And back from the template list.
  await page.goto('/signworkflows/templates');
  await page
    .getByRole('link', { name: fr('sections.socialSigners') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signatories\/social$/);
});
