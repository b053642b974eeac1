/**
 * The mask editor (issue 3 §1): open the payroll mask from « Types de documents », upload a payroll
 * PDF generated for seeded employees, draw the zone by mouse over the matricule box, see each page
 * matched live, save, and read the success alert. Saving replaces the seeded payroll mask (same zone).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_ORGS } from '../../src/server/db/seed/orgs.ts';
import { generateEmployees } from '../../src/server/db/seed/people.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { loadMupdf, payrollPdf } from '../../src/server/pdf/index.ts';
import { fr, loginAs, shot } from './support.ts';

const A4 = { width: 595, height: 842 };

/** Four employees of the main root's subtree, as the demo seed generates them. */
function seededEmployees() {
  const orgs = DEMO_ORGS.main;
  const inTree = new Set([ROOT_MAIN]);
  for (let grew = true; grew;) {
    grew = false;
    for (const o of orgs) {
      if (o.parentName && inTree.has(o.parentName) && !inTree.has(o.name)) {
        inTree.add(o.name);
        grew = true;
      }
    }
  }
  const ids = new Set(orgs.filter((o) => inTree.has(o.name)).map((o) => o.id));
  return generateEmployees('main', orgs)
    .filter((e) => e.links.some((l) => l.active && ids.has(l.orgId)))
    .slice(0, 4)
    .map((e) => ({
      name: e.name,
      firstName: e.firstName,
      registrationNumber: e.links.find((l) => l.active && ids.has(l.orgId))!.registrationNumber,
    }));
}

/** Drags over a zone given in PDF points (bottom-left origin) on the page shown in `surface`. */
async function drawZone(page: Page, surface: Locator, zone: { x: number; y: number; width: number; height: number }) {
  const box = (await surface.boundingBox())!;
  const s = box.width / A4.width;
  const left = box.x + zone.x * s;
  const top = box.y + (A4.height - zone.y - zone.height) * s;
  await page.mouse.move(left, top);
  await page.mouse.down();
  await page.mouse.move(left + (zone.width * s) / 2, top + (zone.height * s) / 2, { steps: 4 });
  await page.mouse.move(left + zone.width * s, top + zone.height * s, { steps: 4 });
  await page.mouse.up();
}

test('draws the payroll mask zone on a sample and sees employees matched live', async ({ page }) => {
  const employees = seededEmployees();
  expect(employees).toHaveLength(4);
  const sample = join(tmpdir(), `masks-e2e-${process.pid}.pdf`);
  await loadMupdf();
  writeFileSync(sample, payrollPdf({ employees, twoPageShare: 0, unknownPages: 1 }).bytes);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/doc-types');
  await expect(page.getByRole('heading', { level: 1, name: fr('sections.docTypes') })).toBeVisible();
  const table = page.getByRole('table', { name: fr('masks.list.label') });
  const payroll = table.locator('[data-doc-type="BULLETIN_PAIE"]');
  await expect(payroll).toContainText('Bulletin de paie — matricule en haut à droite');
  await expect(payroll).toContainText(fr('masks.identifiers.registrationNumber'));
  await expect(table.locator('[data-doc-type="NOTE_SERVICE"]')).toContainText(fr('masks.list.noMask'));
  await shot(page, 'doc-types-1280');

  await payroll.getByRole('link', { name: 'Modifier le masque « Bulletin de paie »' }).click();
  await expect(page).toHaveURL(/\/doc-types\/BULLETIN_PAIE$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Masque — Bulletin de paie' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(sample);
  const surface = page.getByTestId('zone-surface');
  await expect(page.getByRole('img', { name: "Page 1 de l'exemple" })).toBeVisible();

  // A zone over the title block reads no matricule: nobody is matched.
  await drawZone(page, surface, { x: 50, y: 600, width: 200, height: 40 });
  const preview = page.getByRole('table', { name: fr('masks.preview.label') });
  await expect(page.getByRole('status').filter({ hasText: 'attribuée' })).toHaveText(
    '0 page attribuée à un salarié sur 5',
  );
  await expect(preview.locator('[data-matched="yes"]')).toHaveCount(0);

  // Over the matricule box (the seeded zone 400,760 150×24, drawn a little wider): everyone, live.
  await drawZone(page, surface, { x: 396, y: 757, width: 158, height: 30 });
  await expect(page.getByRole('status').filter({ hasText: 'attribuées' })).toHaveText(
    '4 pages attribuées à un salarié sur 5',
  );
  for (const e of employees) await expect(preview).toContainText(`${e.firstName} ${e.name}`);
  await expect(preview.locator('[data-matched="no"]')).toContainText(fr('masks.preview.nobody'));
  await expect(page.locator('input[name="zone-x"]')).toHaveValue(/^39\d/);
  await shot(page, 'mask-editor-1280');
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'mask-editor-preview-1280');

  // The keyboard way: the coordinates typed in, back to exactly the seeded zone; still everyone.
  for (const [field, value] of [
    ['x', '400'],
    ['y', '760'],
    ['width', '150'],
    ['height', '24'],
  ] as const)
    await page.locator(`input[name="zone-${field}"]`).fill(value);
  await expect(page.getByRole('status').filter({ hasText: 'attribuées' })).toHaveText(
    '4 pages attribuées à un salarié sur 5',
  );

  await page.setViewportSize({ width: 600, height: 900 });
  await expect(preview).toBeVisible();
  await shot(page, 'mask-editor-600');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: fr('masks.editor.save') }).click();
  await expect(
    page.getByText('Le masque « Bulletin de paie — matricule en haut à droite » est enregistré.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/doc-types$/);
  await expect(table.locator('[data-doc-type="BULLETIN_PAIE"]')).toContainText(
    'Bulletin de paie — matricule en haut à droite',
  );
  await page.setViewportSize({ width: 600, height: 900 });
  await shot(page, 'doc-types-600');
});
