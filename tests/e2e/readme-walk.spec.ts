/**
 * The README's demo walk, word for word (issue 15: what a newcomer stumbled on): every label it quotes
 * is found on the screen it names, by that exact text, and reached by the clicks it tells. When this
 * fails, the README or the screen has drifted: fix whichever is wrong.
 */
import { expect, test } from '@playwright/test';
import { fr, loginAs, shot } from './support.ts';

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 1000 }));

test('the README’s demo walk: each quoted label is on screen where the README says', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  // « 13 salariés sont à valider » sits in the reminders' row.
  await expect(page.getByRole('region', { name: 'Rappels' }).getByText(/^13 salariés sont à valider/)).toBeVisible();

  // Walking a campaign: Campagnes → Toutes, « Nouvelle campagne », « Bulletin de paie », « Suivant »,
  // « Télécharger un exemple de bulletins ».
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('list', { name: 'Campagnes' }).getByRole('link', { name: 'Toutes', exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  // The lists keep a « Colonnes » chooser.
  await expect(page.getByRole('button', { name: 'Colonnes', exact: true })).toBeVisible();
  await page
    .getByRole('link', { name: 'Nouvelle campagne', exact: true })
    .or(page.getByRole('button', { name: 'Nouvelle campagne', exact: true }))
    .click();
  await page.getByRole('radio', { name: 'Bulletin de paie' }).check({ force: true });
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Télécharger un exemple de bulletins', exact: true })).toBeVisible();
  await shot(page, 'readme-walk-campaign-documents');

  // Campagnes → Types de documents: a type was chosen, so leaving the wizard asks first.
  await nav
    .getByRole('list', { name: 'Campagnes' })
    .getByRole('link', { name: 'Types de documents', exact: true })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Abandonner la nouvelle campagne ?' })
    .or(page.getByRole('dialog', { name: 'Abandonner la nouvelle campagne ?' }))
    .getByRole('button', { name: 'Quitter sans créer', exact: true })
    .click();
  await expect(page).toHaveURL(/\/doc-types$/);

  // Parapheurs → Tous → « Nouveau parapheur »: the drop zone that refuses a certified PDF.
  await nav.getByRole('list', { name: 'Parapheurs' }).getByRole('link', { name: 'Tous', exact: true }).click();
  await expect(page).toHaveURL(/\/signworkflows$/);
  // The seeded draft opens under « Brouillons » (it sat under « En cours », which does not list drafts).
  await page.getByRole('row', { name: /Promesse d'embauche/ }).click();
  await expect(page).toHaveURL(/\/signworkflows\/status\/draft\/[0-9a-f-]{36}$/);
  const crumbs = page.getByRole('navigation', { name: fr('shell.breadcrumb') });
  await expect(crumbs).toContainText('Brouillons');
  await expect(crumbs).not.toContainText('En cours');
  await page.goBack();
  await expect(page).toHaveURL(/\/signworkflows$/);
  await page
    .getByRole('link', { name: 'Nouveau parapheur', exact: true })
    .or(page.getByRole('button', { name: 'Nouveau parapheur', exact: true }))
    .click();
  await expect(page.getByTestId('signbook-dropzone')).toBeVisible();

  // **Documents** and « Déposer des documents ».
  await nav.getByRole('link', { name: 'Documents', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Déposer des documents', exact: true })).toBeVisible();

  // The account menu (top right) opens **Utilisateurs**, **Groupes d'utilisateurs** and **Règles**.
  for (const [label, path] of [
    ['Utilisateurs', /\/users$/],
    ["Groupes d'utilisateurs", /\/user-groups$/],
    ['Règles', /\/rules$/],
  ] as const) {
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
});
