import { expect, test } from '@playwright/test';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, loginAs, sessionHeaders, shot } from './support.ts';

test('a session revoked on the server sends the user back to login with the expiry alert', async ({ page }) => {
  await loginAs(page, 'admin');
  const headers = await sessionHeaders(page);
  const logout = await page.request.post(routeUrl('auth.logout'), { headers });
  expect(logout.ok(), `logout answered ${logout.status()}`).toBeTruthy();

  // The next call the app makes gets a 401 (the push channel may notice first); a click makes sure one is made.
  const home = page
    .getByRole('navigation', { name: fr('shell.nav.label') })
    .getByRole('link', { name: fr('shell.nav.home') });
  await home.click({ timeout: 2_000 }).catch(() => undefined);

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(fr('alert.login.warning.session-expired'))).toBeVisible();
  await shot(page, 'login-session-expired');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hrdesk.')));
  expect(stored, 'the stored session is wiped').toEqual([]);
});

test('a menu entry without its feature is hidden, and the API refuses the call all the same', async ({ page }) => {
  await loginAs(page, 'paie');
  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: fr('shell.topbar.profile') })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: fr('shell.topbar.users'), exact: true })).toHaveCount(0);
  await shot(page, 'account-menu-paie');

  const refused = await page.request.post(routeUrl('users.list'), { headers: await sessionHeaders(page), data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).key).toBe('error.feature.forbidden');
});

test('the administrator has the users entry the payroll officer lacks', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  await expect(
    page.getByRole('menu').getByRole('menuitem', { name: fr('shell.topbar.users'), exact: true }),
  ).toBeVisible();
  await shot(page, 'account-menu-admin');
});
