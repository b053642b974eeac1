import { expect, test } from '@playwright/test';
import { ROOT_LEGACY, ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { fr, landOnDashboard, loginAs, persona, shot, submitLogin } from './support.ts';

test.describe('login', () => {
  for (const login of ['admin', 'paie', 'sansmail', 'essai']) {
    test(`${login} logs in and lands on the dashboard`, async ({ page }) => {
      await loginAs(page, login);
      const p = persona(login);
      await expect(
        page.getByText(fr('dashboard.greeting').replace('{{name}}', `${p.firstName} ${p.lastName}`)),
      ).toBeVisible();
      await shot(page, `dashboard-${login}`);
    });
  }

  test('the free-trial user sees the trial banner', async ({ page }) => {
    await loginAs(page, 'essai');
    await expect(page.getByRole('region', { name: fr('dashboard.trial.title') })).toBeVisible();
  });

  for (const [domain, rootOrg] of [
    ['legacy', ROOT_LEGACY],
    ['main', ROOT_MAIN],
  ] as const) {
    test(`multi chooses the ${domain} domain and works in it`, async ({ page }) => {
      const p = persona('multi');
      await page.goto('/login');
      await submitLogin(page, p.login, p.password);
      await expect(page).toHaveURL(/\/domain-choice/);
      await expect(page.getByRole('heading', { name: fr('auth.domainChoice.title') })).toBeVisible();
      await shot(page, 'domain-choice');
      const label = fr(`common.domains.${domain}`);
      await page.getByRole('button', { name: fr('auth.domainChoice.chooseLabel').replace('{{name}}', label) }).click();
      await landOnDashboard(page);
      await expect(page.getByRole('group', { name: fr('shell.topbar.currentOrg') })).toContainText(rootOrg);
    });
  }

  test('a wrong password shows the French message and stays on login', async ({ page }) => {
    await page.goto('/login');
    await shot(page, 'login');
    await submitLogin(page, 'admin', 'Mauvais!2026');
    await expect(page.getByRole('alert')).toHaveText(fr('alert.login.failure'));
    await expect(page).toHaveURL(/\/login/);
    await shot(page, 'login-wrong-password');
  });
});

test('an anonymous visitor at the root is sent to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: fr('auth.login.title') })).toBeVisible();
});
