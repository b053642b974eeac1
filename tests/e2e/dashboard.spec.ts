/**
 * Issue 15 §11, §8 and §6 in Chromium: the dashboard's charts with their data tables; reminders in
 * a row that covers nothing and stays closed after a reload; the key columns of the employee and
 * campaign lists visible at 1280 px, fewer at 600 px, and a column chooser that remembers.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { fr, loginAs, shot } from './support.ts';

const rightEdgeWithin = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
};

test('the dashboard draws its charts, each with a text alternative and a data table', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin');
  const charts = page.getByRole('region', { name: fr('dashboard.charts.title') });
  await expect(charts.getByRole('figure')).toHaveCount(4);
  const documents = charts.getByRole('figure', { name: fr('dashboard.charts.documents.title') });
  await expect(documents.getByRole('img', { name: /documents distribués sur les 12 derniers mois/ })).toBeVisible();
  await expect(documents.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await documents.getByRole('button', { name: fr('dashboard.charts.showTable') }).click();
  await expect(documents.getByRole('table')).toBeVisible();
  await expect(documents.getByRole('columnheader', { name: 'Bulletin de paie' })).toBeVisible();
  await charts.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-charts-1280');
});

test('reminders sit in a row above the page and stay closed after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/employees');
  const reminders = page.getByRole('region', { name: fr('shell.reminders.region') });
  const toValidate = reminders.getByRole('group', { name: /salariés sont à valider/ });
  await expect(toValidate).toBeVisible();
  // Nothing floats over the table: the toasts' region holds no reminder.
  await expect(page.getByRole('region', { name: fr('shell.alerts.region') })).toHaveCount(0);
  // The row is above the page's heading, in the flow.
  const heading = page.getByRole('heading', { level: 1 });
  expect((await reminders.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
  await shot(page, 'reminders-row-1280');
  await toValidate.getByRole('button', { name: fr('shell.reminders.close') }).click();
  await expect(toValidate).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: fr('employees.list.label') })).toBeVisible();
  await expect(page.getByText(/salariés sont à valider/)).toHaveCount(0);
});

test('the key columns are visible at 1280 px, fewer at 600 px, and the chooser remembers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/employees');
  const employees = page.getByRole('table', { name: fr('employees.list.label') });
  for (const name of ['Coffre-fort', 'Statut'])
    await rightEdgeWithin(page, employees.getByRole('columnheader', { name }));
  await shot(page, 'employees-columns-1280');

  await page.goto('/campaigns');
  const campaigns = page.getByRole('table', { name: fr('campaigns.list.label') });
  for (const name of [/^Statut/, /^Destinataires/, /^Distribués/])
    await rightEdgeWithin(page, campaigns.getByRole('columnheader', { name }));
  const octobre = campaigns.getByRole('row', { name: /Bulletins de paie octob/ });
  await expect(octobre.getByRole('cell', { name: 'Bulletin de paie', exact: true })).toBeVisible();
  // 84 documents for 83 recipients (a page found nobody): the documents' number stands under the
  // recipients', so « 70 / 84 » beside « 83 » adds up.
  await expect(octobre.getByRole('cell', { name: '83 84 documents' })).toBeVisible();
  await expect(octobre.getByRole('cell', { name: '70 / 84' })).toBeVisible();
  // Two campaigns differ by their end only: each name shows whole (on two lines), not both « …novembre 2… ».
  for (const name of ['Bulletins de paie novembre 2026 — Marseille', 'Bulletins de paie novembre 2026 — Lyon']) {
    const cell = campaigns.getByRole('cell', { name, exact: true }).locator('[data-lines]');
    await expect(cell).toBeVisible();
    const clipped = await cell.evaluate((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth);
    expect(clipped, `${name} shows whole`).toBe(false);
  }
  await shot(page, 'campaigns-columns-1280');

  // The chooser: hide « Organisation », it stays hidden after a reload.
  await page.getByRole('button', { name: fr('dataTable.columns.button') }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Organisation' }).click();
  await page.keyboard.press('Escape');
  await expect(campaigns.getByRole('columnheader', { name: 'Organisation' })).toHaveCount(0);
  await page.reload();
  await expect(campaigns.getByRole('columnheader', { name: /^Statut/ })).toBeVisible();
  await expect(campaigns.getByRole('columnheader', { name: 'Organisation' })).toHaveCount(0);

  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/employees');
  await expect(employees.getByRole('columnheader', { name: 'Statut' })).toBeVisible();
  await expect(employees.getByRole('columnheader', { name: /^E-mail/ })).toHaveCount(0);
  await rightEdgeWithin(page, employees.getByRole('columnheader', { name: 'Statut' }));
  await shot(page, 'employees-columns-600');

  // The signbooks' status (and « À vous de signer ») stays in sight at 600 px: organisation and date leave.
  await page.goto('/signworkflows');
  const signbooks = page.getByRole('table', { name: fr('signbooks.list.label') });
  await rightEdgeWithin(page, signbooks.getByRole('columnheader', { name: 'Statut' }));
  await expect(signbooks.getByRole('columnheader', { name: 'Organisation' })).toHaveCount(0);
  await rightEdgeWithin(page, signbooks.getByText(fr('signbooks.list.yourTurn')).first());
  await shot(page, 'signbooks-columns-600');
});
