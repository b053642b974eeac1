/**
 * Employees: the list's total and paging, the creation side sheet (each rule's message once),
 * the import of an employee known elsewhere by e-mail, and the CSV export read back.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { routeUrl } from '../../src/contract/routes.ts';
import { fr, loginAs, sessionHeaders, shot } from './support.ts';

const openList = async (page: Page) => {
  await page.goto('/employees');
  await expect(page.getByRole('table', { name: fr('employees.list.label') })).toBeVisible();
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 1 sur \d+$/);
};

const apiPost = async <T>(page: Page, url: string, body: unknown): Promise<T> => {
  const response = await page.request.post(url, { headers: await sessionHeaders(page), data: body });
  expect(response.ok(), `${url} answers`).toBeTruthy();
  return (await response.json()) as T;
};

test.describe('employees', () => {
  test.beforeEach(async ({ page }) => loginAs(page, 'admin'));

  test('the list shows the server total and pages through it', async ({ page }) => {
    await openList(page);
    const { count } = await apiPost<{ count: number }>(page, routeUrl('employees.list'), { limit: 1 });
    const total = page.getByTestId('table-total');
    await expect(total).toHaveText(`${count} résultats`);
    const pages = Math.ceil(count / 20);
    await expect(page.getByTestId('table-page')).toHaveText(`Page 1 sur ${pages}`);
    await page.getByRole('button', { name: fr('dataTable.next') }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('table-page')).toHaveText(`Page 2 sur ${pages}`);
    await shot(page, 'employees-list');
  });

  test('creates an employee through the side sheet, each message shown once', async ({ page }) => {
    await openList(page);
    await page.getByRole('button', { name: fr('employees.actions.add') }).click();
    const sheet = page.getByRole('dialog', { name: fr('employees.sheet.title') });
    await expect(sheet).toBeVisible();
    const create = sheet.getByRole('button', { name: fr('employees.actions.create'), exact: true });
    await expect(create).toBeDisabled();

    const field = (key: string) => sheet.getByLabel(fr(`employees.fields.${key}`), { exact: false }).first();
    for (const key of ['name', 'firstName', 'birthDate', 'email']) {
      await field(key).focus();
      await field(key).blur();
    }
    await expect(sheet.getByText(fr('validation.required'))).toHaveCount(4);
    await field('email').fill('pas-un-email');
    await field('numSecu').fill('123');
    await field('numSecu').blur();
    await expect(sheet.getByText(fr('validation.format'))).toHaveCount(1);
    await expect(sheet.getByText(fr('validation.numSecu'))).toHaveCount(1);
    await shot(page, 'employees-sheet-errors');

    const stamp = Date.now();
    await field('name').fill('Testeur');
    await field('firstName').fill('Camille');
    await field('birthDate').fill('1990-04-12');
    await field('email').fill(`camille.testeur.${stamp}@example.fr`);
    await field('numSecu').fill('');
    await expect(sheet.getByText(fr('validation.required'))).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText(fr('alert.employees.create.success'))).toBeVisible();
    await expect(sheet).toBeHidden();
  });

  test('imports an employee of another organisation found by e-mail', async ({ page }) => {
    await openList(page);
    // Search matches word starts, so candidates come from the plain list, not a search for '@'.
    const list = await apiPost<{ items: { email: string | null }[] }>(page, routeUrl('employees.list'), {
      limit: 50,
    });
    let email: string | null = null;
    for (const e of list.items) {
      if (!e.email) continue;
      const found = await apiPost<{ items: unknown[] }>(page, routeUrl('employees.importSearch'), { email: e.email });
      if (found.items.length) {
        email = e.email;
        break;
      }
    }
    // The demo seed is deterministic and has such employees: finding none is a failure, not a skip.
    expect(email, 'an employee of another organisation to import').not.toBeNull();
    await page.getByRole('button', { name: fr('employees.actions.add') }).click();
    const sheet = page.getByRole('dialog', { name: fr('employees.sheet.title') });
    await sheet
      .getByLabel(fr('employees.fields.email'), { exact: false })
      .first()
      .fill(email ?? '');
    const offer = sheet.getByRole('alertdialog', { name: fr('employees.import.title') });
    await expect(offer).toBeVisible();
    await expect(offer.getByTestId('import-candidate')).not.toBeEmpty();
    await offer.getByRole('button', { name: fr('employees.actions.integrate') }).click();
    await expect(sheet.getByLabel(fr('employees.fields.name'), { exact: false }).first()).not.toHaveValue('');
    await shot(page, 'employees-sheet-imported');
  });

  test('exports the list as employees.csv and reads it back', async ({ page }) => {
    await openList(page);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: fr('employees.actions.export') }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('employees.csv');
    const path = await download.path();
    const csv = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split(/\r\n/).filter(Boolean);
    const header = lines[0]?.split(';') ?? [];
    expect(header.length).toBeGreaterThan(3);
    const { count } = await apiPost<{ count: number }>(page, routeUrl('employees.list'), { limit: 1 });
    expect(lines.length - 1).toBe(count);
  });
});
