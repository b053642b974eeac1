import { expect, test } from '@playwright/test';
import { fr, persona, shot, submitLogin } from './support.ts';

// Runs after every other spec (its own Playwright project): the account it blocks stays blocked
// for 30 minutes on this server.
test('five wrong passwords block the account, even for the right password', async ({ page }) => {
  const p = persona('sansmail');
  await page.goto('/login');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitLogin(page, p.login, `Faux!${attempt}abc`);
    await expect(page.getByRole('alert')).toHaveText(fr('alert.login.failure'));
  }
  await submitLogin(page, p.login, 'Faux!5abc');
  await expect(page.getByRole('alert')).toHaveText(fr('error.auth.blocked'));

  await page.reload();
  await submitLogin(page, p.login, p.password);
  await expect(page.getByRole('alert')).toHaveText(fr('error.auth.blocked'));
  await expect(page).toHaveURL(/\/login/);
  await shot(page, 'login-blocked');
});
