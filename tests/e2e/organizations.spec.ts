import { expect, test } from '@playwright/test';
import { DEMO_ORGS } from '../../src/server/db/seed/orgs.ts';
import { embeddedCompanies } from '../../src/server/ports/companies.ts';
import { fr, loginAs, shot } from './support.ts';

test('an administrator creates an organisation: wrong SIRETs, a taken one, then the company lookup', async ({
  page,
}) => {
  const company = embeddedCompanies()[42]!;
  const parisSiret = DEMO_ORGS.main.find((o) => o.name === 'Horizon Services Paris')!.siret;
  await loginAs(page, 'admin');
  await page.goto('/organizations');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.organizations') })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Groupe Horizon', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Horizon Services Paris', exact: true })).toBeVisible();

  await page.getByRole('link', { name: fr('organizations.list.create') }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr('organizations.form.createTitle') })).toBeVisible();
  const siret = page.getByLabel(fr('organizations.fields.siret'));
  // « Créer » says what is still missing, beside it and as its description (issue 15).
  const create = page.getByRole('button', { name: fr('organizations.form.create'), exact: true });
  await expect(create).toHaveAccessibleDescription('Il reste à renseigner : Nom, SIRET et Ville.');
  await create.scrollIntoViewIfNeeded();
  await shot(page, 'organization-create-missing');
  await page.setViewportSize({ width: 600, height: 1100 });
  await create.scrollIntoViewIfNeeded();
  await shot(page, 'organization-create-missing-600');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Checked as typed, with the seed's rules: 14 digits, then the check digit.
  await siret.fill('1234567890123');
  await expect(page.getByText(fr('validation.siret'))).toBeVisible();
  await siret.fill('12345678901234');
  await expect(page.getByText(fr('validation.siretChecksum'))).toBeVisible();

  // A SIRET another organisation holds: the server's errors, joined by line breaks.
  await siret.fill(parisSiret);
  await page.getByLabel(fr('organizations.fields.name')).fill('Doublon');
  await page.getByLabel(fr('organizations.fields.city')).fill('Paris');
  await expect(create).not.toHaveAttribute('aria-describedby');
  await page.getByRole('button', { name: fr('organizations.form.create'), exact: true }).click();
  await expect(page.getByTestId('org-form-errors')).toContainText(fr('error.organization.siret-taken'));
  await shot(page, 'organization-create-siret-taken');

  // The lookup fills the name and address from the company directory.
  await siret.fill(company.siret);
  await page.getByRole('button', { name: fr('organizations.form.lookup'), exact: true }).click();
  await expect(page.getByLabel(fr('organizations.fields.name'))).toHaveValue(company.name);
  await expect(page.getByLabel(fr('organizations.fields.city'))).toHaveValue(company.city);
  await expect(page.getByLabel(fr('organizations.fields.zipCode'))).toHaveValue(company.zipCode);
  await page
    .getByLabel(fr('organizations.fields.parentId'))
    .selectOption({ label: `Horizon Services Paris (${parisSiret})` });
  await shot(page, 'organization-create-filled');
  await page.getByRole('button', { name: fr('organizations.form.create'), exact: true }).click();

  await expect(page).toHaveURL(/\/organizations\/item\//);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Horizon Services Paris', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: fr('organizations.sheet.configuration') })).toBeVisible();
  await shot(page, 'organization-sheet');

  // In the tree, under its parent.
  await page.getByRole('link', { name: fr('organizations.sheet.back') }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await page.getByRole('button', { name: 'Déplier Horizon Services Paris' }).click();
  await expect(page.getByRole('link', { name: company.name, exact: true })).toBeVisible();
  await shot(page, 'organizations-tree');
});
