/**
 * The notifications panel in the browser (the bell of the top bar). Its tasks are real uploads:
 * « Déposer des documents » on the documents page, one slip whose upload is slowed by the
 * browser's own network emulation (Chromium, DevTools protocol) so the panel can be seen while it
 * runs; the dialog is closed while it sends (the upload goes on). The panel's « Annuler » cancels
 * it, its « Effacer les notifications terminées » resets, a request the network drops makes it fail,
 * and a session expiry the server pushes (the session revoked through the real API) clears it.
 * The one task the app removes by itself is the simulated paper dispatch (3 s after its 100 %), on
 * a campaign's page when its count of paper documents grows while it is open: a manual campaign to
 * a demo employee who asked for paper, created and validated through the API while its page is open.
 * A second task while the upload runs is the page's « Tout télécharger (zip, …) »: the archive of
 * every document the persona sees, its download slowed by the same emulation so it is still running
 * when the path ends (the upload then ends, fails or is cancelled beside it).
 *
 * The server's own entries are real ones: a manual campaign created through the API with « Prévenir
 * si des documents sont refusés » for the persona, its documents then refused (« Refuser la
 * campagne », through the API): the server pushes « « … » : 1 document refusé à la vérification » to
 * the persona's user room. Those paths log in as `paie`, not `admin`: a push reaches every tab of its
 * user, and the other paths (running alongside, as `admin`) would see the entry in their panel.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Campaign, Employee } from '../../../src/contract/entities.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { NotificationsContext, NotificationsEvent } from '../../../machines/notifications/notifications.types.ts';
import { fr, persona, sessionHeaders, submitLogin } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, pushJoined, shellShown, skipWelcome, slowUploads } from './screens.ts';
import { createManualCampaign } from './trial.ts';
import { DEMO_ORGS, findOrg } from '../../../src/server/db/seed/orgs.ts';
import { generateEmployees } from '../../../src/server/db/seed/people.ts';

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

const FILE = 'notification.pdf';
const PUSH = 'push.notification.upserted';
/** The persona of the paths with server entries (see above): no other path of this machine logs in as it. */
const PUSH_PERSONA = 'paie';

/** The panel's entries of this path's uploads, and of the server's entries for this path's campaigns. */
const [ARCHIVE = ''] = fr('documents.archive.notification_other').split('{{');
const [PAPER = ''] = fr('campaigns.postal.progress_other').split('{{');
/** The panel's entries of this path's own tasks: its uploads, and its archive as a second task. */
const uploadItems = (page: Page) =>
  panel(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${FILE.replace('.', '\\.')}|^${ARCHIVE}|^${PAPER}`) });
const paperItem = (page: Page) =>
  panel(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${PAPER}`) });

/** The path's task is the paper dispatch (the one the app removes). */
const paperPath = (events: readonly EventObject[]) => events.some((e) => e.type === 'notification.remove');

/** The demo's two employees who asked for paper (seed: Horizon Services Paris, no activated safe). */
const paperEmployees = (): string[] => {
  const paris = findOrg('main', 'Horizon Services Paris').id;
  return generateEmployees('main', DEMO_ORGS.main)
    .filter((e) => e.mainOrgId === paris && e.safeStatus !== 'FINALISED' && e.bpeAgreement !== 'REFUSED')
    .slice(0, 2)
    .map((e) => e.id);
};

/**
 * A manual campaign of one note to a paper employee, open on its page. One paper document: the page's
 * count grows once (the job's progress pushes are coalesced, so more documents could grow it in two
 * steps, each its own task); its 300 ms of simulated progress and the 3 s before removal run on
 * Playwright's clock (installed before the app loads, paused once the validation is sent).
 */
const openPaperCampaign = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  const name = `Papier ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const id = await createManualCampaign(page, {
    name,
    review: true,
    recipients: paperEmployees().slice(0, 1),
    files: 1,
    docTypeCode: 'NOTE_SERVICE',
  });
  await waitForStatus(page, id, 'NEEDS_VALIDATION');
  memo.set('paperCampaign', id);
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const waitForStatus = async (page: Page, id: string, status: string): Promise<void> => {
  const headers = await sessionHeaders(page);
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(routeUrl('campaigns.get', { id }), { headers });
        return ((await answer.json()) as Campaign).status;
      },
      { message: `campaign ${id} is ${status}`, timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(status);
};
const pushedItems = (page: Page, memo: Map<string, unknown>) =>
  panel(page)
    .getByRole('listitem')
    .filter({ hasText: memo.get('stamp') as string });

/**
 * One campaign per server entry the path expects, created before the path starts (their split takes
 * a moment): one document to one employee, waiting for its check, the persona to be told of refusals.
 */
const campaignsToRefuse = async (page: Page, userId: string, count: number, memo: Map<string, unknown>) => {
  const headers = await sessionHeaders(page);
  const listed = await page.request.post(routeUrl('employees.list'), { headers, data: { limit: 20 } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { items } = (await listed.json()) as { items: Employee[] };
  const recipients = items
    .filter((e) => e.email)
    .slice(0, 1)
    .map((e) => e.id);
  expect(recipients, 'an employee with an e-mail address').toHaveLength(1);
  const stamp = `Panneau ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  memo.set('stamp', stamp);
  const ids: string[] = [];
  for (let i = 1; i <= count; i += 1)
    ids.push(
      await createManualCampaign(page, {
        name: `${stamp} n° ${i}`,
        review: true,
        recipients,
        files: 1,
        notifyOnRefuse: [userId],
        // Payslips of this company are split by a mask: a manual campaign takes another type.
        docTypeCode: 'NOTE_SERVICE',
      }),
    );
  for (const id of ids) await waitForStatus(page, id, 'NEEDS_VALIDATION');
  memo.set('campaigns', ids);
};

/** The panel opened (the bell toggles it: clicked only when it is closed), and closed again. */
const openPanel = async (page: Page): Promise<void> => {
  if (!(await panel(page).isVisible())) await bell(page).click();
  await expect(panel(page)).toBeVisible();
};
/**
 * Pages whose clock is paused (the paper path): the panel's closing waits on the page's timers, so
 * it stays open there once opened (nothing else is clicked on that page afterwards).
 */
const panelStaysOpen = new WeakSet<Page>();
const closePanel = async (page: Page): Promise<void> => {
  if (panelStaysOpen.has(page)) return;
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
};

/** Opens the panel, runs `look`, closes it again (the page behind stays usable). */
const inPanel = async (page: Page, look: () => Promise<void>): Promise<void> => {
  await openPanel(page);
  await look();
  await closePanel(page);
};

/** The path starts a second task while the first runs (two starts in a row). */
const twoAtOnce = (events: readonly EventObject[]) =>
  events.some((e, i) => i > 0 && e.type === 'notification.start' && events[i - 1]!.type === 'notification.start');

/** An upload starts: one slip for the employer's safe, slowed (or held, then dropped, when it is to fail). */
const startUpload = async (page: Page, events: readonly EventObject[], index: number): Promise<void> => {
  const after = events.slice(index + 1);
  const failing = after.some((e) => e.type === 'notification.fail');
  const two = twoAtOnce(events);
  // A task the path does not see end stays running to the last check: the long upload. With a second
  // task started beside it, it runs long enough for that task to start and be seen first.
  const long = !after.some((e) => e.type === 'notification.done' || e.type === 'notification.fail');
  if (failing)
    await page.route(`**${routeUrl('documents.upload')}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, two ? 8_000 : 3_000));
      await route.abort('connectionreset');
    });
  await page.getByRole('button', { name: fr('documents.upload.open') }).click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(fr('documents.upload.files')).setInputFiles([
    {
      name: FILE,
      mimeType: 'application/pdf',
      buffer: await pdfBytes(long ? 2_048 * 1024 : two ? 1_536 * 1024 : 768 * 1024),
    },
  ]);
  const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
  await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
  await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : notifications');
  await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
  if (!failing || two) {
    // 256 KB/s up: about 3 s for the short upload, 6 s beside a second task, 8 s for the long one. The
    // second task, an archive, comes down at 16 KB/s: it runs past the path's end.
    await slowUploads(page, 0, two ? 16 * 1024 : -1);
  }
  await dialog.getByRole('button', { name: fr('documents.upload.send_one').replace('{{count}}', '1') }).click();
  await expect(dialog.getByTestId('slip-status')).toHaveAttribute('data-status', /queued|uploading/);
  // Closed while it sends: the upload goes on, followed in the panel.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

/** The second task: the archive of every document listed (« Tout télécharger (zip, n documents) »). */
const startArchive = async (page: Page): Promise<void> => {
  const [zipAll = ''] = fr('documents.actions.zipAllCapped').split(' (');
  const button = page
    .getByRole('toolbar', { name: fr('documents.list.actions') })
    .getByRole('button', { name: new RegExp(`^${zipAll}`) });
  await expect(button).toBeEnabled();
  await button.click();
};

const entries = (snapshot: AnyMachineSnapshot) => (snapshot.context as NotificationsContext).notifications;
/** The model's upload tasks in `state` (the server's entries are the others). */
const count = (snapshot: AnyMachineSnapshot, state: string) =>
  entries(snapshot).filter((n) => n.type === 'upload' && n.state === state).length;

/**
 * The panel lists what the model holds: as many running (cancellable), done, failed and cancelled
 * uploads, and the server's entries for this path's refused campaigns, each finished in error. The
 * model's server entries are the fixture's (one id, pushed again: updated in place); the server's
 * have a new id each: the panel shows one per refusal, and some exactly when the model holds some.
 */
const listed = async (page: Page, snapshot: AnyMachineSnapshot, memo: Map<string, unknown>): Promise<void> => {
  const pushed = (memo.get('pushed') as number | undefined) ?? 0;
  expect(pushed > 0, 'the server’s entries shown as the model holds some').toBe(
    entries(snapshot).some((n) => n.type !== 'upload'),
  );
  await inPanel(page, async () => {
    await expect(cancelButtons(page)).toHaveCount(count(snapshot, 'running'));
    const uploads = uploadItems(page);
    await expect(uploads.getByRole('img', { name: fr('shell.notifications.done') })).toHaveCount(
      count(snapshot, 'done'),
    );
    await expect(uploads.getByRole('img', { name: fr('shell.notifications.error') })).toHaveCount(
      count(snapshot, 'error'),
    );
    await expect(uploads.getByText(fr('shell.notifications.canceled'), { exact: true })).toHaveCount(
      count(snapshot, 'canceled'),
    );
    if (pushed > 0) {
      const items = pushedItems(page, memo);
      await expect(items).toHaveCount(pushed);
      await expect(items.getByRole('img', { name: fr('shell.notifications.error') })).toHaveCount(pushed);
      await expect(items.first()).toContainText('1 document refusé à la vérification');
    }
  });
};

export const notificationsAdapter: MachineAdapter = {
  machine: 'notifications',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const pushes = events.filter((e) => e.type === PUSH).length;
    if (paperPath(events)) await page.clock.install();
    if (pushes > 0 || events.some((e) => e.type === 'notification.clear')) memo.set('push', pushJoined(page));
    const { session } = await logInThroughApi(page, pushes > 0 ? PUSH_PERSONA : 'admin');
    await openLoggedIn(page, '/documents');
    await expect(page.getByRole('button', { name: fr('documents.upload.open') })).toBeVisible();
    if (pushes > 0) await campaignsToRefuse(page, session.userId, pushes, memo);
    if (paperPath(events)) {
      memo.set('paper', true);
      await openPaperCampaign(page, memo);
    }
  },
  how: {
    'notification.start':
      '« Déposer 1 document » in the upload dialog, closed while it sends (upload bandwidth limited); beside it, « Tout télécharger (zip, …) » (its download limited); on a campaign’s page, its paper dispatch simulated once the campaign to a paper employee is validated (real API)',
    'notification.progress': 'the bytes sent: « En cours : n % » in the panel, between 1 and 99',
    'notification.done':
      'the real server stores the document; the paper task’s 300 ms of simulated progress run on Playwright’s clock',
    'notification.fail': 'the upload request dropped on its way (aborted by the test: the network fails)',
    'notification.cancel': 'the panel’s « Annuler « Dépôt … » » while it runs',
    'notification.reset': 'the panel’s « Effacer les notifications terminées »',
    'notification.clear':
      'the session revoked through the real API (the server pushes its expiry), then a new login to see the panel',
    'notification.remove':
      'the app itself, 3 s after the simulated paper dispatch reached 100 % (a campaign to a paper employee, created through the API, validated on its page; the 3 s run on Playwright’s clock, the task seen 100 ms before)',
    [PUSH]:
      'a campaign telling the persona of refusals (created through the real API), refused through the real API: the server pushes « « … » : 1 document refusé à la vérification » (an entry in error)',
  },
  events: {
    'notification.start': async ({ page, events, index, before, memo }) => {
      if (memo.get('paper')) {
        // The clock paused first (the panel stays open from then on: its closing waits on the page's timers),
        // then the campaign validated through the real API (the page's own « Valider » dialog would wait on
        // them too): the dispatch job posts the paper document, the page's count grows, the task starts.
        await page.clock.pauseAt(Date.now() + 500);
        panelStaysOpen.add(page);
        await openPanel(page);
        const id = memo.get('paperCampaign') as string;
        const answer = await page.request.get(routeUrl('campaigns.validate', { id }), {
          headers: await sessionHeaders(page),
        });
        expect(answer.ok(), await answer.text()).toBe(true);
        await expect(paperItem(page)).toBeVisible();
      } else if (entries(before).some((n) => n.state === 'running')) await startArchive(page);
      else await startUpload(page, events, index);
    },
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
    'notification.done': async ({ page, memo }) => {
      if (memo.get('paper')) {
        // One document: one step of 300 ms to 100 %.
        await page.clock.runFor(300);
        await openPanel(page);
        await expect(paperItem(page).getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible();
        await closePanel(page);
        return;
      }
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
    'notification.reset': async ({ page, memo }) => {
      await openPanel(page);
      await panel(page)
        .getByRole('button', { name: fr('shell.notifications.reset') })
        .click();
      await closePanel(page);
      memo.set('pushed', 0);
    },
    'notification.remove': async ({ page }) => {
      // The app's own timer, 3 s after 100 %: still listed just before.
      await page.clock.runFor(2_900);
      await openPanel(page);
      await expect(paperItem(page)).toHaveCount(1);
      await closePanel(page);
      await page.clock.runFor(100);
      await openPanel(page);
      await expect(paperItem(page)).toHaveCount(0);
      await closePanel(page);
    },
    [PUSH]: async ({ page, memo }) => {
      await (memo.get('push') as Promise<void>);
      const id = (memo.get('campaigns') as string[]).shift()!;
      const answer = await page.request.post(routeUrl('campaigns.refuseDispatch'), {
        headers: await sessionHeaders(page),
        data: { id },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      const pushed = ((memo.get('pushed') as number | undefined) ?? 0) + 1;
      memo.set('pushed', pushed);
      await inPanel(page, async () => {
        await expect(pushedItems(page, memo)).toHaveCount(pushed);
      });
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
      memo.set('pushed', 0);
    },
  },
  states: {
    'notifications.empty': async (page) => {
      await inPanel(page, async () => {
        await expect(panel(page).getByText(fr('shell.notifications.empty'))).toBeVisible();
      });
    },
    'notifications.running': listed,
    'notifications.finished': async (page, snapshot, memo) => {
      await listed(page, snapshot, memo);
      await inPanel(page, async () => {
        await expect(panel(page).getByRole('button', { name: fr('shell.notifications.reset') })).toBeEnabled();
      });
    },
  },
  /**
   * The server pushes finished entries only (never a running one). A path with a server entry takes it
   * first, or while one upload runs, or twice in a row, and ends there: each entry costs a campaign,
   * and the other transitions are walked by the upload paths.
   */
  offered: (snapshot, event) => {
    const list = entries(snapshot);
    const server = list.filter((n) => n.type !== 'upload');
    // The app removes only its paper task, once done; alone in the panel on the campaign page.
    if (event.type === 'notification.remove') return list.length === 1 && list[0]!.state === 'done';
    if (event.type !== PUSH) return server.length === 0;
    if ((event as Extract<NotificationsEvent, { type: typeof PUSH }>).payload.state === 'running') return false;
    if (server.length > 0) return server.length === list.length;
    return list.length === 0 || (list.length === 1 && list[0]!.state === 'running');
  },
  notDriven: {
    'notifications.running —notification.remove[0]→ (self)':
      'the app removes only its simulated paper task, 3 s after 100 %: another task would have to run beside it on the campaign page by then (the uploads and the archive are the documents page’s; a second growth of the paper count would be one, but the job’s coalesced pushes do not say when)',
    'notifications.running —notification.remove[1]→ notifications.finished':
      'the app removes only a finished task (its simulated paper dispatch, 3 s after 100 %): the running ones stay',
    'notifications.running —notification.remove[2]→ notifications.empty':
      'the app removes only a finished task (its simulated paper dispatch, 3 s after 100 %): the running ones stay',
    'notifications.finished —notification.remove[0]→ (self)':
      'needs another finished entry beside the paper task on the campaign page within its 3 s (the uploads and the archive are the documents page’s)',
    'notifications.empty —push.notification.upserted[0]→ notifications.running':
      'the server never pushes a running entry (its entries are finished ones)',
    'notifications.finished —push.notification.upserted[0]→ notifications.running':
      'the server never pushes a running entry (its entries are finished ones)',
    'notifications.running —push.notification.upserted[1]→ notifications.finished':
      'only a pushed entry replacing the last running task ends it; the server’s entries are new ids, always finished (`notify.ts`): a running upload stays running',
  },
};
