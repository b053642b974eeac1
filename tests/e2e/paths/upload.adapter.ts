/**
 * The upload machine in the browser: « Déposer des documents » on the documents page, one slip
 * for the employer's safe. A damaged PDF (its header says PDF, its body does not) is refused by
 * the real server; progress and cancel need an upload slow enough to watch, so the browser's own
 * upload bandwidth is limited (Chromium's network emulation, DevTools protocol) for those paths.
 * The last report (every byte sent, « Envoi : 100 % ») is seen before « Déposé » through the same
 * emulation's latency (3 s per round trip): the server's answer reaches the page after it.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import type { UploadEvent } from '../../../machines/upload/upload.types.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome, slowUploads } from './screens.ts';

const dialogOf = (page: Page) => page.getByRole('dialog', { name: fr('documents.upload.title') });
const statusOf = (page: Page) => dialogOf(page).getByTestId('slip-status');

/** A valid PDF; `padding` bytes attached make it long to send on a limited connection. */
const pdfBytes = async (line: string, padding: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(line, { x: 60, y: 760, size: 14, font });
  if (padding) await pdf.attach(randomBytes(padding), 'annexe.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
};

/** Every upload but the refused one is slowed down, so the screen can be seen while it is sent. */
/** The last bytes' report (100 %), before the server's answer. */
const allSent = (e: EventObject) => {
  if (e.type !== 'transfer.progressed') return false;
  const { loaded, total } = e as Extract<UploadEvent, { type: 'transfer.progressed' }>;
  return loaded >= total;
};

const slow = (events: readonly EventObject[]) => !events.some((e) => e.type === 'transfer.failed');

export const uploadAdapter: MachineAdapter = {
  machine: 'upload',
  start: async (page, events) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, '/documents');
    await page.getByRole('button', { name: fr('documents.upload.open') }).click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    const failing = events.some((e) => e.type === 'transfer.failed');
    // A damaged PDF is now refused when dropped (issue 15 §9), before any transfer: the failed transfer
    // is a sound PDF whose upload the network drops (the request aborted on its way to the server).
    const buffer = await pdfBytes(`parcours upload ${Date.now()}`, slow(events) ? 2 * 1024 * 1024 : 0);
    // Held a few seconds first, so the screen is seen sending before the failure.
    if (failing)
      await page.route(`**${routeUrl('documents.upload')}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        await route.abort('connectionreset');
      });
    await dialog
      .getByLabel(fr('documents.upload.files'))
      .setInputFiles([{ name: 'parcours.pdf', mimeType: 'application/pdf', buffer }]);
    const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
    await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
    await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : dépôt');
    await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
    if (slow(events)) {
      // About 8 s for the 2 MB: long enough to see a percentage and to cancel.
      await slowUploads(page, events.some(allSent) ? 3_000 : 0);
    }
  },
  how: {
    'upload.start':
      '« Déposer 1 document » in the upload dialog; after a failure or a cancel, the slip’s « Réessayer » (the same upload machine)',
    'upload.cancel': 'the slip’s « Annuler » while it is sent (upload bandwidth limited)',
    'transfer.progressed':
      'the bytes sent: a percentage between 0 and 100 shown (upload bandwidth limited); 100 % before the answer with 3 s of network latency emulated',
    'transfer.failed': 'the upload request dropped on its way (aborted by the test: the network fails)',
    'transfer.succeeded': 'the real server stores the document',
  },
  events: {
    'upload.start': async ({ page, before, events, index }) => {
      if (before.matches('failed') || before.matches('canceled')) {
        // The slip's « Réessayer »: the same upload machine sends it again. After a failure the network is
        // mended first (unless the path fails it again), still holding the request a few seconds so the
        // screen is seen sending it.
        if (before.matches('failed') && !events.slice(index + 1).some((e) => e.type === 'transfer.failed')) {
          await page.unroute(`**${routeUrl('documents.upload')}`);
          await page.route(`**${routeUrl('documents.upload')}`, async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 4_000));
            await route.continue();
          });
        }
        await statusOf(page)
          .getByRole('button', { name: fr('documents.upload.retry') })
          .click();
        return;
      }
      await dialogOf(page)
        .getByRole('button', { name: fr('documents.upload.send_one').replace('{{count}}', '1') })
        .click();
    },
    'upload.cancel': async ({ page }) => {
      await expect(statusOf(page)).toHaveAttribute('data-status', 'uploading');
      await statusOf(page)
        .getByRole('button', { name: fr('documents.upload.cancel') })
        .click();
    },
    'transfer.progressed': async ({ page, event }) => {
      if (allSent(event)) await expect(statusOf(page)).toHaveText(/Envoi\s:\s100\s%/, { timeout: 20_000 });
      else await expect(statusOf(page)).toHaveText(/Envoi\s:\s[1-9]\d?\s%/);
    },
    'transfer.failed': async () => {},
    'transfer.succeeded': async () => {},
  },
  states: {
    'upload.idle': async (page) => {
      await expect(
        dialogOf(page).getByRole('button', { name: fr('documents.upload.send_one').replace('{{count}}', '1') }),
      ).toBeEnabled();
    },
    'upload.uploading': async (page) => {
      await expect(statusOf(page)).toHaveAttribute('data-status', /queued|uploading/);
    },
    'upload.completed': async (page) => {
      await expect(dialogOf(page)).toBeHidden();
      await expect(page.getByText(fr('documents.messages.uploaded_one').replace('{{count}}', '1'))).toBeVisible();
    },
    'upload.failed': async (page) => {
      await expect(statusOf(page)).toHaveAttribute('data-status', 'failed');
      await expect(statusOf(page).getByRole('alert')).toBeVisible();
    },
    'upload.canceled': async (page) => {
      await expect(statusOf(page)).toHaveAttribute('data-status', 'canceled');
      await expect(statusOf(page)).toContainText(fr('documents.upload.status.canceled'));
    },
  },
};
