/**
 * The notifications panel in the browser (the bell of the top bar). Its tasks are real uploads:
 * « Déposer des documents » on the documents page, one slip whose upload is slowed by the
 * browser's own network emulation (Chromium, DevTools protocol) so the panel can be seen while it
 * runs; the dialog is closed while it sends (the upload goes on). The panel's « Annuler » cancels
 * it, its « Effacer les notifications terminées » resets, a request the network drops makes it fail,
 * and a session expiry the server pushes (the session revoked through the real API) clears it.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { NotificationsContext } from '../../../machines/notifications/notifications.types.ts';
import { fr, persona, sessionHeaders, submitLogin } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, pushJoined, shellShown, skipWelcome, slowUploads } from './screens.ts';

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: fr('documents.upload.title') });
const bell = (page: Page) => page.getByRole('button', { name: fr('shell.topbar.notifications'), exact: true });
const panel = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText(fr('shell.notifications.title'), { exact: true }) });
/** The running tasks' « Annuler « … » » buttons, whatever the task's text. */
const cancelButtons = (page: Page) => {
  const [before = '', after = ''] = fr('shell.notifications.cancel').split('{{text}}');
  return panel(page).getByRole('button', { name: new RegExp(`^${before}.+${after}$`) });
};

const pdfBytes = async (padding: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`parcours notifications ${Date.now()}`, { x: 60, y: 760, size: 14, font });
  await pdf.attach(randomBytes(padding), 'annexe.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
};

/** The panel opened (the bell toggles it: clicked only when it is closed), and closed again. */
const openPanel = async (page: Page): Promise<void> => {
  if (!(await panel(page).isVisible())) await bell(page).click();
  await expect(panel(page)).toBeVisible();
};
const closePanel = async (page: Page): Promise<void> => {
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
};

/** Opens the panel, runs `look`, closes it again (the page behind stays usable). */
const inPanel = async (page: Page, look: () => Promise<void>): Promise<void> => {
  await openPanel(page);
  await look();
  await closePanel(page);
};

/** An upload starts: one slip for the employer's safe, slowed (or held, then dropped, when it is to fail). */
const startUpload = async (page: Page, events: readonly EventObject[], index: number): Promise<void> => {
  const after = events.slice(index + 1);
  const failing = after.some((e) => e.type === 'notification.fail');
  // A task the path does not see end stays running to the last check: the long upload.
  const long = !after.some((e) => e.type === 'notification.done' || e.type === 'notification.fail');
  if (failing)
    await page.route(`**${routeUrl('documents.upload')}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.abort('connectionreset');
    });
  await page.getByRole('button', { name: fr('documents.upload.open') }).click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(fr('documents.upload.files')).setInputFiles([
    {
      name: 'notification.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(long ? 2_048 * 1024 : 768 * 1024),
    },
  ]);
  const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
  await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
  await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : notifications');
  await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
  if (!failing) {
    // 256 KB/s up: about 3 s for the short upload, 8 s for the long one.
    await slowUploads(page);
  }
  await dialog.getByRole('button', { name: fr('documents.upload.send_one').replace('{{count}}', '1') }).click();
  await expect(dialog.getByTestId('slip-status')).toHaveAttribute('data-status', /queued|uploading/);
  // Closed while it sends: the upload goes on, followed in the panel.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

const count = (snapshot: AnyMachineSnapshot, state: string) =>
  (snapshot.context as NotificationsContext).notifications.filter((n) => n.state === state).length;

/** The panel lists what the model holds: as many running (cancellable), done, failed and cancelled tasks. */
const listed = async (page: Page, snapshot: AnyMachineSnapshot): Promise<void> => {
  await inPanel(page, async () => {
    await expect(cancelButtons(page)).toHaveCount(count(snapshot, 'running'));
    await expect(panel(page).getByRole('img', { name: fr('shell.notifications.done') })).toHaveCount(
      count(snapshot, 'done'),
    );
    await expect(panel(page).getByRole('img', { name: fr('shell.notifications.error') })).toHaveCount(
      count(snapshot, 'error'),
    );
    await expect(panel(page).getByText(fr('shell.notifications.canceled'), { exact: true })).toHaveCount(
      count(snapshot, 'canceled'),
    );
  });
};

export const notificationsAdapter: MachineAdapter = {
  machine: 'notifications',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    if (events.some((e) => e.type === 'notification.clear')) memo.set('push', pushJoined(page));
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, '/documents');
    await expect(page.getByRole('button', { name: fr('documents.upload.open') })).toBeVisible();
  },
  how: {
    'notification.start':
      '« Déposer 1 document » in the upload dialog, closed while it sends (upload bandwidth limited)',
    'notification.progress': 'the bytes sent: « En cours : n % » in the panel, between 1 and 99',
    'notification.done': 'the real server stores the document',
    'notification.fail': 'the upload request dropped on its way (aborted by the test: the network fails)',
    'notification.cancel': 'the panel’s « Annuler « Dépôt … » » while it runs',
    'notification.reset': 'the panel’s « Effacer les notifications terminées »',
    'notification.clear':
      'the session revoked through the real API (the server pushes its expiry), then a new login to see the panel',
  },
  events: {
    'notification.start': async ({ page, events, index }) => startUpload(page, events, index),
    'notification.progress': async ({ page }) => {
      await openPanel(page);
      // The task's progress, labelled « En cours : n % » (the label of the panel's progress bar).
      const [label = ''] = fr('shell.notifications.running').split('{{percentage}}');
      await expect(panel(page).locator(`[aria-label^="${label}"]`).first()).toHaveAttribute(
        'aria-label',
        /\s[1-9]\d?\s%$/,
      );
      await closePanel(page);
    },
    'notification.done': async ({ page }) => {
      await expect(page.getByText(fr('documents.messages.uploaded_one').replace('{{count}}', '1'))).toBeVisible({
        timeout: 30_000,
      });
    },
    'notification.fail': async ({ page }) => {
      await expect(page.getByText(fr('documents.messages.uploadFailed_one').replace('{{count}}', '1'))).toBeVisible();
    },
    'notification.cancel': async ({ page }) => {
      await openPanel(page);
      await cancelButtons(page).first().click();
      await closePanel(page);
    },
    'notification.reset': async ({ page }) => {
      await openPanel(page);
      await panel(page)
        .getByRole('button', { name: fr('shell.notifications.reset') })
        .click();
      await closePanel(page);
    },
    'notification.clear': async ({ page, memo }) => {
      await (memo.get('push') as Promise<void>);
      const headers = await sessionHeaders(page);
      const answer = await page.request.post(routeUrl('auth.logout'), { headers });
      expect(answer.ok(), `logout answered ${answer.status()}`).toBeTruthy();
      await expect(page).toHaveURL(/\/login/);
      // The same tab logs in again: the panel is the same actor's.
      const me = persona('admin');
      await submitLogin(page, me.login, me.password);
      await shellShown(page);
    },
  },
  states: {
    'notifications.empty': async (page) => {
      await inPanel(page, async () => {
        await expect(panel(page).getByText(fr('shell.notifications.empty'))).toBeVisible();
      });
    },
    'notifications.running': listed,
    'notifications.finished': async (page, snapshot) => {
      await listed(page, snapshot);
      await inPanel(page, async () => {
        await expect(panel(page).getByRole('button', { name: fr('shell.notifications.reset') })).toBeEnabled();
      });
    },
  },
  notDriven: {
    'notifications.running —notification.start[0]→ (self)':
      'needs two tasks at once; the screens send one upload at a time (the dialog sends its slips one after the other)',
    'notifications.running —notification.done[0]→ (self)':
      'needs two tasks at once; the screens send one upload at a time (the dialog sends its slips one after the other)',
    'notifications.running —notification.fail[0]→ (self)':
      'needs two tasks at once; the screens send one upload at a time (the dialog sends its slips one after the other)',
    'notifications.running —notification.cancel[0]→ (self)':
      'needs two tasks at once; the screens send one upload at a time (the dialog sends its slips one after the other)',
    'notifications.running —notification.remove[0]→ (self)':
      'only the simulated paper dispatch removes an entry (3 s after 100 %), when a campaign’s paper count grows while its page is open: not caused here',
    'notifications.running —notification.remove[1]→ notifications.finished':
      'only the simulated paper dispatch removes an entry (3 s after 100 %), when a campaign’s paper count grows while its page is open: not caused here',
    'notifications.running —notification.remove[2]→ notifications.empty':
      'only the simulated paper dispatch removes an entry (3 s after 100 %), when a campaign’s paper count grows while its page is open: not caused here',
    'notifications.finished —notification.remove[0]→ (self)':
      'only the simulated paper dispatch removes an entry (3 s after 100 %), when a campaign’s paper count grows while its page is open: not caused here',
    'notifications.finished —notification.remove[1]→ notifications.empty':
      'only the simulated paper dispatch removes an entry (3 s after 100 %), when a campaign’s paper count grows while its page is open: not caused here',
    'notifications.empty —push.notification.upserted[0]→ notifications.running':
      'the server never pushes a running entry (its entries are finished ones)',
    'notifications.running —push.notification.upserted[0]→ (self)':
      'the server never pushes a running entry (its entries are finished ones)',
    'notifications.finished —push.notification.upserted[0]→ notifications.running':
      'the server never pushes a running entry (its entries are finished ones)',
    'notifications.empty —push.notification.upserted[1]→ notifications.finished':
      'the server pushes panel entries only for a campaign’s refused or undistributed documents (`notify.ts`, always finished, each a new id) when the campaign asked for them: not caused here (it changes a shared demo campaign)',
    'notifications.running —push.notification.upserted[1]→ notifications.finished':
      'the server pushes panel entries only for a campaign’s refused or undistributed documents (`notify.ts`, always finished, each a new id) when the campaign asked for them: not caused here (it changes a shared demo campaign)',
    'notifications.finished —push.notification.upserted[1]→ (self)':
      'the server pushes panel entries only for a campaign’s refused or undistributed documents (`notify.ts`, always finished, each a new id) when the campaign asked for them: not caused here (it changes a shared demo campaign)',
  },
};
