/**
 * Creating a campaign from a generated 200-page payroll PDF (the demo's sample route: payslips of the
 * organisation's employees at the seeded mask zone, one unknown page), watching it split live on the
 * campaign page, then reviewing it: one document refused with a reason, validation, final counts.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Campaign, EmployeePage } from '../../src/contract/entities.ts';
import { SESSION_KEYS } from '../../src/web/app/sessionStore.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, inProgressOrOutcome, loginAs, sessionHeaders, settled, shot } from './support.ts';

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1600 }));

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8cfc0f01f0005000201e2219bc40000000049454e44ae426082',
  'hex',
);

/** The lit step of the campaign's lifecycle diagram only (other widgets may carry data-state too). */
const LIT = `ol[aria-label="${fr('campaigns.lifecycle.title')}"] > [data-state][aria-current="step"]`;

/** Records, without reloading, each lit lifecycle step and each « pages découpées » text the page shows (« 1 page découpée » too). */

async function recordLive(page: Page) {
  await page.evaluate((selector) => {
    const w = window as unknown as { lit: string[]; pages: string[]; notReloaded: boolean };
    w.notReloaded = true;
    w.lit = [];
    w.pages = [];
    const note = () => {
      const lit = document.querySelector(selector)?.getAttribute('data-state');
      if (lit && w.lit.at(-1) !== lit) w.lit.push(lit);
      const pages = [...document.querySelectorAll('p')]
        .map((p) => p.textContent ?? '')
        .find((t) => /pages? découpées?/.test(t));
      if (pages && w.pages.at(-1) !== pages) w.pages.push(pages);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, LIT);
}
const live = (page: Page) =>
  page.evaluate((selector) => {
    const w = window as unknown as { lit?: string[]; pages?: string[]; notReloaded?: boolean };
    // The screen as it is now ends the record, whatever the observer has queued.
    const lit = document.querySelector(selector)?.getAttribute('data-state');
    if (lit && w.lit && w.lit.at(-1) !== lit) w.lit.push(lit);
    return { lit: w.lit ?? [], pages: w.pages ?? [], notReloaded: w.notReloaded === true };
  }, LIT);

/**
 * The socket.io events the browser receives (the app's push channel), decoded from its websocket frames:
 * a 200-page split takes well under a second, often over before the campaign page has rendered, but
 * its progress still reaches the browser live.
 */
function recordPushes(page: Page): [string, Record<string, unknown>][] {
  const events: [string, Record<string, unknown>][] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const match = /^42(?:\/[^,]*,)?\d*(\[.*\])$/s.exec(typeof payload === 'string' ? payload : payload.toString());
      if (match?.[1]) events.push(JSON.parse(match[1]) as [string, Record<string, unknown>]);
    }),
  );
  return events;
}

test('admin creates a campaign from a 200-page payroll PDF, watches it split live, reviews and validates it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pushed = recordPushes(page);
  await loginAs(page, 'admin');
  const sample = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=200`, {
    headers: await sessionHeaders(page),
  });
  expect(sample.ok()).toBe(true);
  const pdf = await sample.body();

  await page.goto('/campaigns');
  await page.getByRole('button', { name: fr('campaignCreate.actions.new') }).click();
  await expect(page).toHaveURL(/\/campaigns\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.createCampaign') })).toBeVisible();
  const next = page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true });
  await expect(next).toBeDisabled(); // a type first

  // 1. Type: the payslip type has a reading mask.
  const payslip = page.getByRole('radio', { name: 'Bulletin de paie' });
  await expect(page.getByText(fr('campaignCreate.type.withMask')).first()).toBeVisible();
  await shot(page, 'campaign-create-type');
  await payslip.check({ force: true });
  await next.click();

  // 2. Documents: the sample payroll can be downloaded (the command machine saves the file it was answered);
  // a PNG named .pdf is refused by its content; the payroll PDF is accepted.
  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: fr('campaignCreate.documents.sample') }).click();
  expect((await sampleDownload).suggestedFilename()).toBe('bulletins-exemple.pdf');
  const files = page.getByLabel(fr('campaignCreate.documents.label'));
  await files.setInputFiles([
    { name: 'photo.pdf', mimeType: 'application/pdf', buffer: PNG },
    { name: 'bulletins-novembre.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'photo.pdf' })).toContainText(fr('error.upload.not-pdf'));
  const added = page.getByRole('list', { name: fr('campaignCreate.documents.list') });
  await expect(added).toContainText('bulletins-novembre.pdf');
  await expect(added).not.toContainText('photo.pdf');
  await shot(page, 'campaign-create-documents');
  await page.setViewportSize({ width: 600, height: 1400 });
  await shot(page, 'campaign-create-documents-600');
  await page.setViewportSize({ width: 1280, height: 1600 });
  await next.click();

  // 3. Recipients: found by the mask, explained.
  await expect(page.getByText(fr('campaignCreate.recipients.automaticTitle'))).toBeVisible();
  await next.click();

  // 4. Options: a name is required; the name shown to employees defaults to it.
  await expect(next).toBeDisabled();
  const name = `Bulletins e2e ${Date.now()}`;
  await page.getByLabel(fr('campaignCreate.options.name')).fill(name);
  await expect(page.getByLabel(fr('campaignCreate.options.review'))).toBeChecked();
  await shot(page, 'campaign-create-options');
  await next.click();

  // 5. Review and send: the new campaign's page opens and follows the split live.
  await expect(page.getByText(name).first()).toBeVisible();
  await shot(page, 'campaign-create-review');
  // Recording starts before sending: the app navigates without reloading, so the campaign page's first render is seen.
  await recordLive(page);
  await page.getByRole('button', { name: fr('campaignCreate.actions.send'), exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const campaignId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText(fr('alert.dispatch.creation.success'))).toBeVisible();

  const diagram = page.getByRole('list', { name: fr('campaigns.lifecycle.title') });
  await expect(diagram.locator('[aria-current="step"]')).toHaveAttribute('data-state', 'awaitingValidation', {
    timeout: 90_000,
  });
  const seen = await live(page);
  test.info().annotations.push({ type: 'seen live', description: JSON.stringify(seen) });
  expect(seen.notReloaded).toBe(true);
  expect(seen.lit.at(-1)).toBe('awaitingValidation');
  const answer = await page.request.get(routeUrl('campaigns.get', { id: campaignId }), {
    headers: await sessionHeaders(page),
  });
  const split = (await answer.json()) as Campaign;
  expect(split).toMatchObject({ status: 'NEEDS_VALIDATION', pagesTotal: 200, pagesSplit: 200, ignoredPages: 1 });
  // The split's progress reached the browser live: pages counted up to 200, then the campaign awaited validation.
  const mine = pushed.filter(([, p]) => p.campaignId === campaignId || p.id === campaignId);
  const progress = mine.filter(([e]) => e === 'campaign.progressed').map(([, p]) => p.pagesSplit as number);
  test.info().annotations.push({ type: 'pushed pages', description: JSON.stringify(progress) });
  expect(progress.length).toBeGreaterThan(0);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  expect(progress.every((n) => n <= 200)).toBe(true);
  const statuses = mine.filter(([e]) => e === 'campaign.updated').map(([, p]) => p.status);
  expect(statuses.at(-1)).toBe('NEEDS_VALIDATION');
  // What the page itself showed while splitting, when it rendered before the end: the counter only grows.
  const counts = seen.pages.map((t) => Number(/(\d+)/.exec(t)?.[1] ?? 0));
  expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  if (seen.lit[0] === 'splitting') expect(seen.pages.length).toBeGreaterThan(0);
  await expect(page.locator('[data-counter="total"]')).toContainText(String(split.documentCount));
  await shot(page, 'campaign-created-awaiting-validation');

  // The sample's page that matched nobody is counted and shown with what was read on it, then given to an employee.
  const ignored = page.getByRole('region', { name: fr('campaigns.ignored.title_one') });
  await expect(ignored.locator('[data-ignored-page]')).toContainText(fr('campaigns.ignored.read').split('{{')[0]!);
  await ignored.getByRole('button', { name: fr('campaigns.ignored.assign') }).click();
  await ignored.getByLabel(fr('campaigns.ignored.search')).fill('');
  await ignored.locator('[data-assign-employee]').first().click();
  await expect(ignored).toHaveCount(0);
  await expect(page.locator('[data-counter="total"]')).toContainText(String(split.documentCount + 1));

  // The upload shows in the notifications panel, finished; beside it, the server's split of the campaign
  // (pushed to its creator while it ran), finished with its page count.
  await page.getByRole('button', { name: fr('shell.topbar.notifications') }).click();
  const notice = page
    .getByRole('listitem')
    .filter({ hasText: fr('campaignCreate.upload.notification').replace('{{name}}', name) });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible();
  const splitDone = fr('campaigns.splitNotification.done_other')
    .replace('{{campaign}}', name)
    .replace('{{count}}', '200');
  const splitNotice = page.getByRole('listitem').filter({ hasText: splitDone });
  await expect(splitNotice.getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible();
  // Closed, it is gone from the panel.
  await splitNotice
    .getByRole('button', { name: fr('shell.notifications.close').replace('{{text}}', splitDone) })
    .click();
  await expect(splitNotice).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Review: refuse one document with a reason, then validate and watch the counts reach their end.
  const actions = page.getByRole('group', { name: fr('campaigns.actions.label') });
  const docs = page.getByRole('table', { name: fr('campaigns.docs.label') });
  const firstDoc = docs.getByRole('row').nth(1);
  await firstDoc.getByRole('checkbox').check();
  await actions.getByRole('button', { name: fr('campaigns.actions.refuseDocuments') }).click();
  const dialog = page.getByRole('dialog', { name: fr('campaigns.refuseDocuments.title') });
  const reason = 'Bulletin à corriger avant envoi';
  await dialog.getByLabel(fr('campaigns.refuseDocuments.reason')).fill(reason);
  await dialog.getByRole('button', { name: fr('campaigns.refuseDocuments.confirm'), exact: true }).click();
  await expect(page.getByText(fr('alert.campaign.refuse.success'))).toBeVisible();
  await expect(docs.getByRole('row').filter({ hasText: reason })).toHaveCount(1);

  await actions.getByRole('button', { name: fr('campaigns.actions.validate') }).click();
  const confirm = page.getByRole('alertdialog', { name: fr('campaigns.confirm.validate.title') });
  await confirm.getByRole('button', { name: fr('campaigns.confirm.validate.confirm'), exact: true }).click();
  await expect(inProgressOrOutcome(page, 'alert.campaign.validation.inProgress', name)).toBeVisible();
  await expect.poll(async () => (await live(page)).lit.at(-1), { timeout: 90_000 }).toMatch(/^(dispatched|inError)$/);
  const end = await live(page);
  expect(end.notReloaded).toBe(true);
  expect(end.lit).toContain('dispatching');

  const after = (await (
    await page.request.get(routeUrl('campaigns.get', { id: campaignId }), { headers: await sessionHeaders(page) })
  ).json()) as Campaign;
  expect(['DISPATCHED', 'IN_ERROR']).toContain(after.status);
  expect(after.counts.REFUSED ?? 0).toBe(1);
  await expect(page.locator('[data-counter="dispatched"]')).toContainText(String(after.counts.ALL_DISPATCHED ?? 0));
  await expect(page.locator('[data-counter="total"]')).toContainText(String(after.documentCount));
  await shot(page, 'campaign-created-after-dispatch');
});

test('manual recipients: the confirmation is irreversible and an employee without e-mail is refused', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/campaigns/create');
  await page.getByRole('radio', { name: 'Note de service' }).check({ force: true });
  const next = page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true });
  await next.click();
  const sample = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=2`, {
    headers: await sessionHeaders(page),
  });
  await page
    .getByLabel(fr('campaignCreate.documents.label'))
    .setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: await sample.body() });
  await next.click();
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: fr('campaignCreate.recipients.manualChoose') }).click();
  const dialog = page.getByRole('alertdialog', { name: fr('campaignCreate.recipients.confirmTitle') });
  await dialog.getByRole('button', { name: fr('campaignCreate.recipients.confirmAction') }).click();
  // An employee of the organisation without e-mail (the demo has a few), found through the picker's search.
  const orgId = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { orgId?: string }).orgId,
    SESSION_KEYS.session,
  );
  const employees = (await (
    await page.request.post(routeUrl('employees.list'), {
      headers: await sessionHeaders(page),
      data: { limit: 200, organizations: [{ organizationId: orgId, active: true }] },
    })
  ).json()) as EmployeePage;
  const without = employees.items.find((e) => !e.email);
  expect(without, 'the demo organisation has an employee without e-mail').toBeTruthy();
  await page.getByLabel(fr('campaignCreate.recipients.findEmployee')).fill(without!.name);
  const results = page.getByRole('list', { name: fr('campaignCreate.recipients.results') });
  const noMail = results
    .getByRole('listitem')
    .filter({ hasText: fr('campaignCreate.recipients.noEmail') })
    .first();
  await expect(noMail).toBeVisible({ timeout: 15_000 });
  // The button is marked unavailable (aria-disabled); a click explains why rather than adding.
  await noMail.getByRole('button').click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: "n'a pas d'adresse e-mail" })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel(fr('campaignCreate.recipients.findEmployee')).fill('');
  const withMail = results.getByRole('listitem').filter({ hasText: '@' }).first();
  await withMail.getByRole('button', { name: fr('campaignCreate.recipients.add') }).click();
  await expect(next).toBeEnabled();
  await shot(page, 'campaign-create-manual-recipients');
  await page.setViewportSize({ width: 600, height: 1400 });
  await shot(page, 'campaign-create-manual-recipients-600');
  // No way back to automatic recipients: the masked type is now unavailable.
  await page.getByRole('button', { name: fr('campaignCreate.actions.back') }).click();
  await page.getByRole('button', { name: fr('campaignCreate.actions.back') }).click();
  await expect(page.getByRole('radio', { name: 'Bulletin de paie' })).toBeDisabled();
});

test('while the upload runs, leaving warns that actions are in progress, and the notification cancels it', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const sample = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=4`, {
    headers: await sessionHeaders(page),
  });
  const pdf = await sample.body();
  await page.goto('/campaigns/create');
  const next = page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true });
  await page.getByRole('radio', { name: 'Bulletin de paie' }).check({ force: true });
  await next.click();
  await page
    .getByLabel(fr('campaignCreate.documents.label'))
    .setInputFiles({ name: 'paie.pdf', mimeType: 'application/pdf', buffer: pdf });
  await next.click();
  await next.click();
  const name = `Envoi retenu ${Date.now()}`;
  await page.getByLabel(fr('campaignCreate.options.name')).fill(name);
  await next.click();

  // The server's answer is held: the upload stays in progress.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/dispatch/dispatch', async (route) => {
    await held;
    await route.abort();
  });
  await page.getByRole('button', { name: fr('campaignCreate.actions.send'), exact: true }).click();
  await expect(page.getByRole('button', { name: fr('campaignCreate.actions.cancelUpload') })).toBeVisible();

  await page
    .getByRole('navigation', { name: fr('shell.nav.label') })
    .getByRole('link')
    .first()
    .click();
  const leave = page.getByRole('alertdialog', { name: fr('campaignCreate.leave.title') });
  await expect(leave).toContainText(fr('campaignCreate.leave.text'));
  await settled(leave);
  await shot(page, 'campaign-create-leave-warning');
  await leave.getByRole('button', { name: fr('common.actions.cancel') }).click();
  await expect(page).toHaveURL(/\/campaigns\/create$/);

  await page.getByRole('button', { name: fr('shell.topbar.notifications') }).click();
  const uploading = fr('campaignCreate.upload.notification').replace('{{name}}', name);
  const notice = page.getByRole('listitem').filter({ hasText: uploading });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: fr('shell.notifications.cancel').replace('{{text}}', uploading) }).click();
  await expect(notice).toContainText(fr('shell.notifications.canceled'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: fr('campaignCreate.actions.send'), exact: true })).toBeEnabled();
  release();
  // Nothing was created: the campaign is not in the list.
  const list = await page.request.post(routeUrl('campaigns.list'), {
    headers: await sessionHeaders(page),
    data: { search: name },
  });
  expect(((await list.json()) as { count: number }).count).toBe(0);
});
