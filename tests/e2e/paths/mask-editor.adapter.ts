/**
 * The mask editor in the browser (machines/mask-editor): the administrator's `/doc-types/SOLDE_TOUT_COMPTE`,
 * a document type the demo gives no mask (and no other path uses), so the editor opens on a new mask as
 * the model does: its name, no sample, no zone. A one-page A4 sample is picked, the zone drawn with the
 * mouse (or a zone past the page's right edge typed into « x »), the name emptied or typed, « Enregistrer le
 * masque » and « Annuler » clicked. The save goes to the real server (the mask then applies to the
 * administrator's organisation for this type, which nothing else reads), or its connection drops.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type MaskEditorContext,
  type MaskEditorEvent,
  maskProblem,
  zoneFits,
} from '../../../machines/mask-editor/index.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Event<T extends MaskEditorEvent['type']> = Extract<MaskEditorEvent, { type: T }>;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MaskEditorContext;

const DOC_TYPE = 'SOLDE_TOUT_COMPTE';
const A4 = { width: 595, height: 842 };
const CREATE_PATH = new URL(routeUrl('masks.create'), 'http://app').pathname;

const saveButton = (page: Page) => page.getByRole('button', { name: fr('masks.editor.save'), exact: true });
const cancelButton = (page: Page) => page.getByRole('button', { name: fr('common.actions.cancel'), exact: true });
const nameField = (page: Page) => page.getByLabel(fr('masks.editor.name'));
const pageImage = (page: Page) => page.getByRole('img', { name: "Page 1 de l'exemple" });
const toast = (page: Page, text: string, role: 'alert' | 'status') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(role)
    .filter({ hasText: text });
/** The editor's own problem line (not a toast). */
const problemLine = (page: Page) => page.locator('p[role="alert"]');

const samplePdf = async (): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([A4.width, A4.height]).drawText('Solde de tout compte — parcours du masque', {
    x: 60,
    y: 760,
    size: 14,
    font,
  });
  return Buffer.from(await pdf.save());
};

/** Drags over a zone given in PDF points (bottom-left origin) on the page shown. */
async function drawZone(page: Page, zone: { x: number; y: number; width: number; height: number }): Promise<void> {
  const box = (await page.getByTestId('zone-surface').boundingBox())!;
  const s = box.width / A4.width;
  const left = box.x + zone.x * s;
  const top = box.y + (A4.height - zone.y - zone.height) * s;
  await page.mouse.move(left, top);
  await page.mouse.down();
  await page.mouse.move(left + (zone.width * s) / 2, top + (zone.height * s) / 2, { steps: 4 });
  await page.mouse.move(left + zone.width * s, top + zone.height * s, { steps: 4 });
  await page.mouse.up();
}

export const maskEditorAdapter: MachineAdapter = {
  machine: 'mask-editor',
  start: async (page) => {
    await skipWelcome(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, `/doc-types/${DOC_TYPE}`);
    await expect(page.getByRole('heading', { level: 1, name: /Solde de tout compte/ })).toBeVisible();
    await expect(saveButton(page)).toBeEnabled();
  },
  how: {
    'settings.change': '« Nom du masque » emptied, or a name typed',
    'samples.change': 'a one-page A4 PDF picked as the sample',
    'zone.change':
      'the zone drawn with the mouse over the page (or « x » typed past the page’s right edge, once the page is shown)',
    'page.measured': 'the sample’s page rendered by pdf.js (its size read)',
    'mask.save': '« Enregistrer le masque »',
    'mask.cancel': '« Annuler »',
    'xstate.done.actor.saveMask': 'the real server saves the mask: the success alert, back to « Types de documents »',
    'xstate.error.actor.saveMask': 'the save’s connection drops (the browser’s network): the failure’s alert',
  },
  events: {
    'settings.change': async ({ page, event }) => {
      const { patch } = event as Event<'settings.change'>;
      await nameField(page).fill(patch.maskName ?? '');
    },
    'samples.change': async ({ page }) => {
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'solde.pdf', mimeType: 'application/pdf', buffer: await samplePdf() });
      await expect(pageImage(page)).toBeVisible();
    },
    'page.measured': async ({ page }) => {
      await expect(pageImage(page)).toBeVisible();
      await expect(page.getByTestId('zone-surface')).toBeVisible();
    },
    'zone.change': async ({ page, event }) => {
      const { zone } = event as Event<'zone.change'>;
      if (zoneFits(zone, A4)) await drawZone(page, zone);
      else await page.locator('input[name="zone-x"]').fill(String(zone.x));
      await expect(page.locator('input[name="zone-x"]')).not.toHaveValue('');
    },
    'mask.save': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.saveMask') {
        const isCall = (url: URL) => url.pathname === CREATE_PATH;
        const drop = (route: Route) => route.abort('internetdisconnected');
        await page.route(isCall, drop);
        const failed = page.waitForEvent('requestfailed', (r) => isCall(new URL(r.url())));
        failed.catch(() => undefined);
        memo.set(
          'dropped',
          failed.then(() => page.unroute(isCall, drop)),
        );
      }
      await saveButton(page).click();
    },
    'mask.cancel': async ({ page }) => cancelButton(page).click(),
    'xstate.done.actor.saveMask': async ({ page }) => {
      await expect(toast(page, fr('masks.post.success').split('«')[0]!.trim(), 'status')).toBeVisible();
    },
    'xstate.error.actor.saveMask': async ({ page, memo }) => {
      await (memo.get('dropped') as Promise<void>);
      await expect(toast(page, fr('masks.post.error'), 'alert')).toBeVisible();
    },
  },
  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      // The page is drawn, and measured, once a sample is there; the zone is drawn over it.
      case 'page.measured':
        return c.samples.length > 0;
      // A zone past the page is typed once the page was measured (the screen measures it as it shows it).
      case 'zone.change':
        return c.samples.length > 0 && (c.pageSize !== null || zoneFits((event as Event<'zone.change'>).zone, A4));
      default:
        return true;
    }
  },
  states: {
    'maskEditor.editing': async (page, snapshot) => {
      const c = contextOf(snapshot);
      await expect(saveButton(page)).toBeEnabled();
      await expect(cancelButton(page)).toBeEnabled();
      const problem = c.tried ? maskProblem(c) : null;
      if (problem) await expect(problemLine(page)).toHaveText(fr(problem));
      else await expect(problemLine(page)).toHaveCount(0);
    },
    'maskEditor.saving': null,
    'maskEditor.saved': async (page) => {
      await expect(page).toHaveURL(/\/doc-types$/);
    },
    'maskEditor.left': async (page) => {
      await expect(page).toHaveURL(/\/doc-types$/);
    },
  },
};
