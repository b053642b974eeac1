import { expect, test } from '@playwright/test';
import type { EmployeePage } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { fr, loginAs, sessionHeaders, shot } from './support.ts';

/** A French text with its `{{placeholders}}` filled. */
// Tall enough that the page's buttons stay clear of the alerts stacked at the bottom.
test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1400 }));

const frWith = (key: string, values: Record<string, string | number>) =>
  fr(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test('admin creates a group with two members found by search, sees its count, then deletes it', async ({ page }) => {
  await loginAs(page, 'admin');
  // Two active employees of the current organisation, as the member search would offer them.
  const answer = await page.request.post(routeUrl('employees.list'), {
    headers: await sessionHeaders(page),
    data: { limit: 2, organizations: [{ organizationId: orgId('main', ROOT_MAIN), active: true }] },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const picked = ((await answer.json()) as EmployeePage).items;
  expect(picked).toHaveLength(2);

  await page.goto('/employee-groups');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.employeeGroups') })).toBeVisible();
  await expect(page.getByRole('table', { name: fr('groups.list.label') }).getByRole('row')).not.toHaveCount(1);
  await shot(page, 'groups-list');
  await page.getByRole('button', { name: fr('groups.list.create') }).click();
  await expect(page).toHaveURL(/\/employee-groups\/create$/);

  const groupName = `Équipe test ${Date.now()}`;
  await page.getByLabel(fr('groups.form.name')).fill(groupName);
  const search = page.getByLabel(fr('groups.form.findEmployee'));
  for (const employee of picked) {
    const fullName = `${employee.name} ${employee.firstName}`;
    await search.fill(fullName);
    const add = page.getByRole('button', { name: frWith('groups.form.addNamed', { name: fullName }) }).first();
    await add.click();
    await expect(add).toBeDisabled();
  }
  const members = page.getByRole('table', { name: fr('groups.members.label') });
  for (const employee of picked)
    await expect(members.getByRole('cell', { name: employee.firstName, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: frWith('groups.members.title_other', { count: 2 }) })).toBeVisible();
  await shot(page, 'groups-create');

  await page.getByRole('button', { name: fr('groups.form.create') }).click();
  await expect(page).toHaveURL(/\/employee-groups(\?.*)?$/);
  await expect(page.getByText(fr('alert.employees.group.create.success'))).toBeVisible();
  await page.getByLabel(fr('groups.list.search')).fill(groupName);
  const row = page.getByRole('row').filter({ hasText: groupName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(frWith('groups.list.employees_other', { count: 2 }));

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await page.getByRole('button', { name: fr('groups.form.delete') }).click();
  const confirm = page.getByRole('alertdialog', { name: fr('groups.delete.title') });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: fr('groups.delete.confirm'), exact: true }).click();
  await expect(page.getByText(fr('alert.employees.group.delete.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/employee-groups(\?.*)?$/);
  await page.getByLabel(fr('groups.list.search')).fill(groupName);
  await expect(page.getByText(fr('groups.list.noMatch'))).toBeVisible();
});

test('leaving a group form with unsaved changes asks first', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/employee-groups/create');
  await page.getByLabel(fr('groups.form.name')).fill('Brouillon');
  await page.getByRole('button', { name: fr('groups.form.back') }).click();
  const ask = page.getByRole('alertdialog', { name: fr('groups.unsaved.title') });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: fr('common.actions.cancel') }).click();
  await expect(page).toHaveURL(/\/employee-groups\/create$/);
  await page.getByRole('button', { name: fr('groups.form.back') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: fr('groups.unsaved.leave') })
    .click();
  await expect(page).toHaveURL(/\/employee-groups(\?.*)?$/);
});

test('admin sees the users table with its rows', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.users') })).toBeVisible();
  const table = page.getByRole('table', { name: fr('users.list.label') });
  await expect(table.getByRole('cell', { name: 'paie', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'multi', exact: true })).toBeVisible();
  await shot(page, 'users-list');
  await table.getByRole('button', { name: new RegExp(fr('users.list.login')) }).click();
  await expect(page).toHaveURL(/sort=login/);
});
