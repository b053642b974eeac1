import { expect, test } from '@playwright/test';
import { fr, landOnDashboard, loginAs, persona, settled, shot, submitLogin, text } from './support.ts';

test('switching to English changes the texts, before and after login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: fr('auth.login.title') })).toBeVisible();
  await page.getByLabel(fr('common.language')).selectOption('en');
  await expect(page.getByRole('heading', { name: text('auth.login.title', 'en') })).toBeVisible();
  await expect(page.getByRole('button', { name: text('auth.actions.submit', 'en'), exact: true })).toBeVisible();
  await shot(page, 'login-en');

  const p = persona('admin');
  await submitLogin(page, p.login, p.password, 'en');
  await landOnDashboard(page, 'en');
  await shot(page, 'dashboard-en');
});

test('at 600px the side navigation is a drawer opened by the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await loginAs(page, 'admin');
  const navName = fr('shell.nav.label');
  await expect(page.getByRole('navigation', { name: navName })).toBeHidden();

  await page.getByRole('button', { name: fr('shell.nav.open') }).click();
  const drawer = page.getByRole('dialog', { name: navName });
  await expect(drawer).toBeVisible();
  await settled(drawer);
  await shot(page, 'mobile-drawer');
  await drawer.getByRole('link', { name: fr('shell.nav.documents'), exact: true }).click();
  await expect(page).toHaveURL(/\/documents/);
  await expect(drawer).toBeHidden();
  await shot(page, 'mobile-documents');
});

test('a user who asks for less motion gets none: the drawer opens and closes without animation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 600, height: 900 });
  await loginAs(page, 'admin');
  const navName = fr('shell.nav.label');
  await page.getByRole('button', { name: fr('shell.nav.open') }).click();
  const drawer = page.getByRole('dialog', { name: navName });
  await expect(drawer).toBeVisible();
  const motion = await drawer.evaluate((node) => {
    const all = [node, ...node.querySelectorAll('*')].map((el) => getComputedStyle(el));
    const seconds = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) || 0));
    return {
      animated: all.filter((s) => s.animationName !== 'none').length,
      transition: Math.max(...all.map((s) => seconds(s.transitionDuration))),
    };
  });
  expect(motion.animated, 'elements of the drawer with an animation').toBe(0);
  expect(motion.transition, 'the longest transition in the drawer, in seconds').toBeLessThan(0.001);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('the wide layout shows the side navigation without a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await expect(page.getByRole('navigation', { name: fr('shell.nav.label') })).toBeVisible();
  await expect(page.getByRole('button', { name: fr('shell.nav.open') })).toHaveCount(0);
});

test('screenshots of the main screens', async ({ page }) => {
  await loginAs(page, 'admin');
  await shot(page, 'dashboard');

  await page.getByRole('button', { name: fr('shell.topbar.notifications') }).click();
  const notifications = page.getByRole('dialog', { name: fr('shell.notifications.title') });
  await expect(notifications).toBeVisible();
  await settled(notifications);
  await shot(page, 'notifications');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  await page.getByRole('menuitem', { name: fr('shell.topbar.connectOrg') }).click();
  const orgSwitch = page.getByRole('dialog', { name: fr('shell.orgSwitch.title') });
  await expect(orgSwitch).toBeVisible();
  await settled(orgSwitch);
  await shot(page, 'org-switch');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: fr('shell.topbar.accountMenu') }).click();
  await page.getByRole('menuitem', { name: fr('shell.topbar.profile') }).click();
  await expect(page).toHaveURL(/\/profile/);
  await shot(page, 'profile');

  const nav = page.getByRole('navigation', { name: fr('shell.nav.label') });
  for (const [section, name] of [
    ['shell.nav.employees', 'employees'],
    ['shell.nav.campaigns', 'campaigns'],
    ['shell.nav.signbooks', 'signbooks'],
  ] as const) {
    await nav
      .getByRole('list', { name: fr(section) })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, name);
  }
});
