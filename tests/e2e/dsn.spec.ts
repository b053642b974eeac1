/**
 * DSN import from the employee list (issue 5 §2): upload the demo DSN, read the result screen.
 * Needs the employee list page to show `<DsnImportButton />` in its toolbar.
 * The import changes the shared demo database (3 employees created, 3 updated): later specs that
 * count employees must count from what they read, not from the bare seed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dropFiles, fr, loginAs, shot } from './support.ts';

const VALID = fileURLToPath(new URL('../fixtures/dsn/valid-utf8-lf.dsn', import.meta.url));
const MALFORMED = fileURLToPath(new URL('../fixtures/dsn/malformed-unterminated-quote.dsn', import.meta.url));

test('importing a DSN lists who was created, updated and rejected, with lines', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/employees');
  await page.getByRole('button', { name: fr('dsn.import.open') }).click();
  const dialog = page.getByRole('dialog', { name: fr('dsn.import.title') });
  await expect(dialog).toBeVisible();

  // The product's drop zone, not the browser's file input (issue 15): a file dropped on it is listed.
  const zone = dialog.getByTestId('dsn-dropzone');
  await expect(zone).toContainText(fr('dsn.import.drop'));
  const submit = dialog.getByRole('button', { name: fr('dsn.import.submit') });
  await expect(submit).toBeDisabled();
  // A disabled « Importer » says what it waits for (issue 15), as « Créer » does.
  await expect(submit).toHaveAccessibleDescription(fr('dsn.import.missing.file'));
  await shot(page, 'dsn-dropzone');
  await page.setViewportSize({ width: 600, height: 900 });
  await shot(page, 'dsn-dropzone-600');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A malformed file is refused as a whole, with the line of the defect.
  await dropFiles(page, 'dsn-dropzone', [
    { name: 'malformed.dsn', bytes: readFileSync(MALFORMED), type: 'text/plain' },
  ]);
  await expect(zone).toContainText('malformed.dsn');
  await dialog.getByRole('button', { name: fr('dsn.import.submit') }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(fr('employees.messages.dsnUpload.error'));
  await expect(alert).toContainText('Ligne 46 : guillemet fermant manquant');
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(fr('dsn.import.missing.refused'));

  await dialog.getByLabel(fr('dsn.import.file')).setInputFiles(VALID);
  await dialog.getByRole('button', { name: fr('dsn.import.submit') }).click();
  const result = page.getByRole('dialog', { name: fr('dsn.result.title') });
  await expect(result.getByRole('status')).toHaveText(
    'Individus lus : 8 — créés : 3, mis à jour : 3, sortis : 0, rejetés : 2.',
  );
  const created = result.getByRole('region', { name: fr('dsn.result.created') });
  await expect(created.getByRole('listitem')).toHaveText([
    /Ligne 88 — Lefèvre Noémie · Horizon Services Paris/,
    /Ligne 114 — Moreau Inès · Horizon Services Paris/,
    /Ligne 186 — Nguyen Théo · Horizon Santé Marseille/,
  ]);
  const updated = result.getByRole('region', { name: fr('dsn.result.updated') });
  await expect(updated.getByRole('listitem')).toHaveCount(3);
  await expect(updated).toContainText('Ligne 38 — André Frédéric');
  const rejected = result.getByRole('region', { name: fr('dsn.result.rejected') });
  await expect(rejected.getByRole('listitem')).toHaveText([
    /Ligne 212 — Fabre Clara · Données invalides : Date de naissance « 31021990 »/,
    /Ligne 258 — Guérin Yann · Établissement inconnu : aucune organisation de SIRET 38291045300028/,
  ]);
  await shot(page, 'dsn-result');
  await result
    .getByRole('button', { name: fr('common.actions.close') })
    .first()
    .click();
  await expect(result).toBeHidden();
});
