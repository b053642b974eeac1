import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Campaign, EmployeePage, Organization } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, landOnDashboard, loginAs, printedMessage, sessionHeaders, shot, submitLogin } from './support.ts';

// Tall enough that the form's buttons stay clear of the alerts stacked at the bottom.
test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1400 }));

const frWith = (key: string, values: Record<string, string | number>) =>
  fr(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
/** The accessible name of a permission-matrix cell (« Campagnes : lister »). */
const cell = (family: string, column: string) =>
  frWith('rights.matrix.cell', { family: fr(`rights.families.${family}`), column: fr(`rights.columnWords.${column}`) });

const PARIS = 'Horizon Services Paris';
const PASSWORD = 'Officier!2027';

/** The new user's own browser: they never share the administrator's session. */
const openAs = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 1400 } });
  return context.newPage();
};

test('an administrator gives a payroll officer one sub-organisation and two features; widening them shows on the next page load', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const login = `paie.paris.${stamp}`;
  const email = `paie.paris.${stamp}@horizon-demo.fr`;

  // The administrator reaches the users from the account menu and creates the officer.
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  await page.getByRole('menuitem', { name: fr('shell.topbar.users'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.users') })).toBeVisible();
  await page.getByRole('button', { name: fr('users.list.create') }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  // The disabled « Créer l'utilisateur » says what it waits for (issue 15).
  const create = page.getByRole('button', { name: fr('users.form.create') });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Il reste à renseigner : Nom, Prénom et Identifiant.');
  await expect(page.getByText(/^Il reste à renseigner/)).toBeVisible();
  await create.scrollIntoViewIfNeeded();
  await shot(page, 'rights-user-create-missing');

  await page.getByRole('textbox', { name: fr('users.fields.lastName'), exact: true }).fill('Roux');
  await page.getByRole('textbox', { name: fr('users.fields.firstName'), exact: true }).fill('Nadia');
  await page.getByRole('textbox', { name: fr('users.fields.login'), exact: true }).fill(login);
  await page.getByRole('textbox', { name: fr('users.fields.email'), exact: true }).fill('nadia@');
  await expect(page.getByText(fr('validation.format'))).toBeVisible();
  await page.getByRole('textbox', { name: fr('users.fields.email'), exact: true }).fill(email);
  await page.getByRole('combobox', { name: fr('users.fields.rootOrg') }).selectOption({ label: PARIS });
  await page.getByRole('checkbox', { name: cell('employees', 'list') }).check();
  await page.getByRole('checkbox', { name: cell('campaigns', 'all') }).check();
  await expect(page.getByRole('checkbox', { name: cell('campaigns', 'createEdit') })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: cell('users', 'others') })).not.toBeChecked();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await shot(page, 'rights-user-create');
  await page.getByRole('button', { name: fr('users.form.create') }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nadia Roux' })).toBeVisible();
  const userPage = page.url();

  // « Envoyer un mot de passe généré »: a confirmed link, mailed to the officer.
  await page.getByRole('button', { name: fr('users.form.sendPassword') }).click();
  const confirm = page.getByRole('alertdialog', { name: fr('users.confirm.sendPasswordTitle') });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: fr('users.confirm.sendPassword') }).click();
  await expect(page.getByText(fr('api.reinitPassword.sent'))).toBeVisible();
  await shot(page, 'rights-user-page');

  // The officer sets their password from the link, then logs in.
  const mail = await printedMessage(email, '');
  const link = mail.body.match(/\/token-reinitialization\/\S+/)?.[0];
  expect(link, mail.body).toBeTruthy();
  const officer = await openAs(browser);
  await officer.goto(link!);
  await officer.getByLabel(fr('auth.reset.password')).fill(PASSWORD);
  await officer.getByLabel(fr('auth.reset.confirmation')).fill(PASSWORD);
  await officer.getByRole('button', { name: fr('auth.reset.submit') }).click();
  await expect(officer).toHaveURL(/\/login/);
  await submitLogin(officer, login, PASSWORD);
  await landOnDashboard(officer);

  // Only employees and campaigns, only Paris, and no rights menus.
  const nav = officer.getByRole('navigation', { name: fr('shell.nav.label') });
  await expect(nav.getByText(fr('shell.nav.employees'))).toBeVisible();
  await expect(nav.getByText(fr('shell.nav.campaigns'))).toBeVisible();
  await expect(nav.getByRole('link', { name: fr('shell.nav.documents'), exact: true })).toHaveCount(0);
  await officer.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  const menu = officer.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: fr('shell.topbar.profile') })).toBeVisible();
  for (const entry of ['users', 'rules', 'userGroups', 'manageOrgs'])
    await expect(menu.getByRole('menuitem', { name: fr(`shell.topbar.${entry}`) })).toHaveCount(0);
  await officer.keyboard.press('Escape');
  await shot(officer, 'rights-officer-dashboard');

  const headers = await sessionHeaders(officer);
  const visible = (await (
    await officer.request.get(routeUrl('organizations.eligible'), { headers })
  ).json()) as Organization[];
  // Paris and, by its default access, the organisations created under it (other browser tests add some).
  const paris = visible.find((o) => o.name === PARIS)?.id;
  expect(paris, JSON.stringify(visible)).toBeTruthy();
  for (const org of visible) expect(org.id === paris || org.parentId === paris, org.name).toBe(true);
  const seen = new Set(visible.map((o) => o.id));
  const employees = await officer.request.post(routeUrl('employees.list'), { headers, data: { limit: 50 } });
  expect(employees.ok(), await employees.text()).toBe(true);
  const employeePage = (await employees.json()) as EmployeePage;
  expect(employeePage.count).toBeGreaterThan(0);
  for (const employee of employeePage.items)
    expect(employee.organizations.some((o) => seen.has(o.organizationId))).toBe(true);
  const campaigns = await officer.request.post(routeUrl('campaigns.list'), { headers, data: { limit: 50 } });
  expect(campaigns.ok(), await campaigns.text()).toBe(true);
  for (const campaign of ((await campaigns.json()) as { dispatchs: Campaign[] }).dispatchs)
    expect(seen.has(campaign.organizationId)).toBe(true);
  await officer.goto('/employees');
  await expect(officer.getByRole('heading', { level: 1, name: fr('sections.employees') })).toBeVisible();
  // The rest is refused: the rights screens say « Accès refusé » and which right, their calls answer 403, a foreign organisation 403/404.
  await officer.goto('/users');
  await expect(officer).toHaveURL(/\/access-denied\?/);
  await expect(officer.getByRole('heading', { level: 1, name: fr('shell.accessDenied.title') })).toBeVisible();
  expect((await officer.request.post(routeUrl('users.list'), { headers, data: {} })).status()).toBe(403);
  expect((await officer.request.post(routeUrl('rules.list'), { headers, data: {} })).status()).toBe(403);
  expect((await officer.request.post(routeUrl('documents.list'), { headers, data: {} })).status()).toBe(403);
  const root = (await (
    await page.request.get(routeUrl('organizations.eligible'), { headers: await sessionHeaders(page) })
  ).json()) as Organization[];
  const foreign = root.find((o) => o.name !== PARIS && o.parentId !== paris);
  expect(foreign).toBeTruthy();
  expect([403, 404]).toContain(
    (await officer.request.get(routeUrl('organizations.get', { id: foreign!.id }), { headers })).status(),
  );

  // The administrator widens the access: the documents, and the whole group from its root.
  await page.goto(userPage);
  await page.getByRole('checkbox', { name: cell('documents', 'list') }).check();
  await page.getByRole('combobox', { name: fr('users.fields.rootOrg') }).selectOption({ label: 'Groupe Horizon' });
  await page.getByRole('button', { name: fr('common.actions.save') }).click();
  await expect(page.getByText(fr('api.updateUser.success'))).toBeVisible();
  await expect(page.getByText(frWith('rights.trail.subjects.user', { name: 'Nadia Roux' })).first()).toBeVisible();
  await shot(page, 'rights-user-widened');

  // Next page load, same session: the officer sees it without logging in again.
  await officer.reload();
  await expect(officer).not.toHaveURL(/\/login/);
  await expect(nav.getByRole('link', { name: fr('shell.nav.documents'), exact: true })).toBeVisible();
  const widened = (await (
    await officer.request.get(routeUrl('organizations.eligible'), { headers: await sessionHeaders(officer) })
  ).json()) as Organization[];
  expect(widened.length).toBeGreaterThan(1);
  await officer.context().close();
});

test('the permission matrix is a list of families at 600 px, and leaving a changed user form warns', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 600, height: 1200 });
  await page.goto('/user-groups/create');
  const matrix = page.getByRole('list', { name: fr('userGroups.form.rights') });
  await expect(matrix).toBeVisible();
  await expect(page.getByRole('table', { name: fr('userGroups.form.rights') })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('checkbox', { name: cell('signbooks', 'all') }).check();
  await expect(page.getByRole('checkbox', { name: cell('signbooks', 'list') })).toBeChecked();
  await shot(page, 'rights-matrix-600');
  await page.getByRole('button', { name: fr('rights.form.back') }).click();
  const ask = page.getByRole('alertdialog', { name: fr('rights.unsaved.title') });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: fr('rights.unsaved.leave') }).click();
  await expect(page).toHaveURL(/\/user-groups(\?.*)?$/);
});
