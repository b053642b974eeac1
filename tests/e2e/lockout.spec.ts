import { expect, test } from '@playwright/test';
import { fr, landOnDashboard, persona, printedMessage, shot, submitLogin } from './support.ts';

// Runs after every other spec (its own Playwright project): the accounts it blocks or whose
// password it changes are not used by the other specs afterwards.
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

test('the owner of a blocked account gets back in through the unlock link mailed to them', async ({ page }) => {
  const p = persona('essai');
  await page.goto('/login');
  for (let attempt = 1; attempt <= 5; attempt++) await submitLogin(page, p.login, `Faux!${attempt}abc`);
  await expect(page.getByRole('alert')).toHaveText(fr('error.auth.blocked'));
  // The demo server prints the mail it cannot send on its console, as a development mail catcher does.
  const mail = await printedMessage(p.email!, 'Votre compte a été bloqué');
  const link = mail.body.match(/\/account-unlock\/\S+/)?.[0];
  expect(link, mail.body).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText(fr('auth.unlock.done'))).toBeVisible();
  await shot(page, 'account-unlocked');
  await page.getByRole('button', { name: fr('auth.unlock.toLogin') }).click();
  await submitLogin(page, p.login, p.password);
  await landOnDashboard(page);
  // The link works once.
  await page.goto(link!);
  await expect(page.getByText(fr('error.unlock.token-expired'))).toBeVisible();
});

test('a forgotten password: the link mailed to the owner sets a new one', async ({ page }) => {
  const p = persona('multi');
  await page.goto('/login');
  await page.getByRole('button', { name: fr('auth.actions.forgotPassword') }).click();
  const dialog = page.getByRole('dialog', { name: fr('auth.forgot.title') });
  await dialog.getByLabel(fr('auth.fields.email')).fill(p.email!);
  await dialog.getByRole('button', { name: fr('auth.actions.sendLink') }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await shot(page, 'password-lost-sent');
  const mail = await printedMessage(p.email!, 'Réinitialisation de votre mot de passe');
  const link = mail.body.match(/\/token-reinitialization\/\S+/)?.[0];
  expect(link, mail.body).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel(fr('auth.reset.password'), { exact: true }).fill('Nouveau!2027');
  await page.getByLabel(fr('auth.reset.confirmation'), { exact: true }).fill('Nouveau!2027');
  await page.getByRole('button', { name: fr('auth.reset.submit') }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, p.login, 'Nouveau!2027');
  await expect(page).toHaveURL(/\/domain-choice/);
});
