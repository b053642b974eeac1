/**
 * The upload machine in the browser: « Déposer des documents » on the documents page, one slip
 * for the employer's safe. A failed transfer is a sound PDF whose upload the network drops. A path that
 * ends the transfer itself (a cancel, a failure, the server storing it) holds the upload in the browser's
 * network (Playwright's routing) from the start until the step whose fact is its end: then it goes to the
 * real server (`route.continue()`) or its connection is dropped (`route.abort()`); a cancel aborts it while
 * held, and one the path ends with in flight (a « Réessayer » sent last) stays held. A percentage between 0
 * and 100 needs an upload slow enough to watch: a 256 KB PDF on the browser's upload limited to 32 KB/s
 * (Chromium's network emulation, DevTools protocol), the path ending once it is seen. The last report (every
 * byte sent, « Envoi : 100 % ») is seen before « Déposé » through the same emulation's latency (3 s per round
 * trip, the bandwidth not limited): a small PDF is sent at once and the server's answer reaches the page after it.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import type { UploadEvent } from '../../../machines/upload/upload.types.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { emulateNetwork, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

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

/** The last bytes' report (100 %), before the server's answer. */
const allSent = (e: EventObject) => {
  if (e.type !== 'transfer.progressed') return false;
  const { loaded, total } = e as Extract<UploadEvent, { type: 'transfer.progressed' }>;
  return loaded >= total;
};

/** A share sent (between 0 and 100 %) is watched: the upload goes on a limited bandwidth. */
const watchesShare = (events: readonly EventObject[]) =>
  events.some((e) => e.type === 'transfer.progressed' && !allSent(e));

/** A path that watches no percentage holds each upload in the network until the fact that ends it. */
const holds = (events: readonly EventObject[]) => !events.some((e) => e.type === 'transfer.progressed');

/** The upload held on its way, once the page has sent it. */
const heldUpload = async (memo: Map<string, unknown>): Promise<Route> => {
  await expect
    .poll(() => (memo.get('held') as Route[]).length, { message: 'the upload is on its way' })
    .toBeGreaterThan(0);
  return (memo.get('held') as Route[]).shift()!;
};

export const uploadAdapter: MachineAdapter = {
  machine: 'upload',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, '/documents');
    await page.getByRole('button', { name: fr('documents.upload.open') }).click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    // A damaged PDF is refused when dropped (issue 15 §9), before any transfer: the failed transfer is a sound
    // PDF whose upload the network drops (the request aborted on its way to the server).
    const buffer = await pdfBytes(`parcours upload ${Date.now()}`, watchesShare(events) ? 256 * 1024 : 0);
    if (holds(events)) {
      // Each upload (the first, a « Réessayer ») waits in the network for the step that ends it.
      const held: Route[] = [];
      memo.set('held', held);
      await page.route(`**${routeUrl('documents.upload')}`, (route) => {
        held.push(route);
      });
    }
    await dialog
      .getByLabel(fr('documents.upload.files'))
      .setInputFiles([{ name: 'parcours.pdf', mimeType: 'application/pdf', buffer }]);
    const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
    await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
    await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : dépôt');
    await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
    // About 8 s for the 256 KB at 32 KB/s: a percentage is seen long before the end. The last report: a small
    // file sent at once, the server's answer 3 s behind it.
    if (watchesShare(events)) await emulateNetwork(page, { uploadBytesPerSecond: 32 * 1024 });
    else if (events.some(allSent)) await emulateNetwork(page, { latencyMs: 3_000 });
  },
  how: {
    'upload.start':
      '« Déposer 1 document » in the upload dialog; after a failure or a cancel, the slip’s « Réessayer » (the same upload machine)',
    'upload.cancel': 'the slip’s « Annuler » while it is sent (held on its way in the network)',
    'transfer.progressed':
      'the bytes sent: a percentage between 0 and 100 shown (upload bandwidth limited); 100 % before the answer with 3 s of network latency emulated',
    'transfer.failed': 'the upload request, held on its way, dropped (aborted by the test: the network fails)',
    'transfer.succeeded': 'the upload request, held on its way, let go: the real server stores the document',
  },
  events: {
    'upload.start': async ({ page, before }) => {
      // After a failure or a cancel, the slip's « Réessayer »: the same upload machine sends it again (held on its
      // way too, until the fact that ends it).
      if (before.matches('failed') || before.matches('canceled')) {
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
    'transfer.failed': async ({ memo }) => {
      await (await heldUpload(memo)).abort('connectionreset');
    },
    'transfer.succeeded': async ({ memo }) => {
      await (await heldUpload(memo)).continue();
    },
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
