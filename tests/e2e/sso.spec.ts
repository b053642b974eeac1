/**
 * Single sign-on in the browser, through the demo identity provider the e2e server starts
 * (SSO_DEMO=1, scripts/e2e.mjs): the real OpenID provider's login page, the CAS login, the safe
 * portal's signed token. Each success lands where the seed says; each refusal is shown in French.
 */
import { type Page, expect, test } from '@playwright/test';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { DEMO_PASSWORD } from '../../src/server/auth/sso/demo-idp.ts';
import { fr, landOnDashboard, shot } from './support.ts';

/** On the demo provider's page: choose the account, type the demo password, sign in. */
async function signInAtProvider(page: Page, account: string, field = 'Compte'): Promise<void> {
  await expect(page.getByText("Fournisseur d'identité de démonstration")).toBeVisible();
  await page.getByLabel(field).selectOption(account);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function microsoftLogin(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByText(fr('auth.sso.demoNotice'))).toBeVisible();
  await page.getByRole('button', { name: fr('auth.actions.microsoft') }).click();
  await signInAtProvider(page, account);
}

test.describe('single sign-on', () => {
  test('Microsoft: a linked account with one root organisation lands on the dashboard', async ({ page }) => {
    await microsoftLogin(page, 'camille');
    await landOnDashboard(page);
    await expect(page).toHaveURL(/\/dashboard/);
    await shot(page, 'sso-microsoft-dashboard');
  });

  test('Microsoft: a user of two domains chooses one, then works in it', async ({ page }) => {
    await microsoftLogin(page, 'sophie');
    await expect(page).toHaveURL(/\/domain-choice/);
    await shot(page, 'sso-microsoft-domain-choice');
    const label = fr('common.domains.main');
    await page.getByRole('button', { name: fr('auth.domainChoice.chooseLabel').replace('{{name}}', label) }).click();
    await landOnDashboard(page);
    await expect(page.getByRole('group', { name: fr('shell.topbar.currentOrg') })).toContainText(ROOT_MAIN);
  });

  test('Microsoft: an e-mail not linked to an account is refused in French', async ({ page }) => {
    await microsoftLogin(page, 'julien');
    await expect(page.getByRole('alert')).toHaveText(fr('error.auth.sso-not-linked'));
    await shot(page, 'sso-microsoft-not-linked');
    await page.getByRole('button', { name: fr('common.actions.backToLogin') }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('CAS: the ticket logs the CAS user in and lands on the home page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: fr('auth.actions.cas') }).click();
    await signInAtProvider(page, 'paie', 'Identifiant');
    await landOnDashboard(page);
  });

  test('CAS: an invented ticket is refused in French', async ({ page }) => {
    await page.goto('/autologin?ticket=ST-invente');
    await expect(page.getByRole('alert')).toHaveText(fr('error.auth.cas-failure'));
  });

  test('the safe portal: its token logs in once, to the first steps; used again it is refused', async ({
    page,
    browser,
  }) => {
    const settings = (await (await page.request.get('/api/user/sso/settings')).json()) as { casLoginUrl: string };
    const idp = new URL(settings.casLoginUrl).origin;
    const offer = await page.request.get(`${idp}/portal?login=admin`, { maxRedirects: 0 });
    const target = offer.headers().location!;
    expect(target).toContain('/auto-Login-edoc#id_token=');
    await page.goto(target);
    await expect(page).toHaveURL(/\/dashboard\?firstSteps=1/);
    await landOnDashboard(page);
    const other = await browser.newPage();
    try {
      await other.goto(target);
      await expect(other.getByRole('alert')).toHaveText(fr('error.auth.edoc-invalid'));
      await shot(other, 'sso-portal-replayed');
    } finally {
      await other.close();
    }
  });
});
