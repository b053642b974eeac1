/**
 * The notifications panel in the browser (the bell of the top bar). Its own tasks are real uploads:
 * « Déposer des documents » on the documents page, one slip whose upload is slowed by the browser's
 * own network emulation (Chromium, DevTools protocol) so the panel can be seen while it runs; the
 * dialog is closed while it sends (the upload goes on). The panel's « Annuler » cancels it, its close
 * (×) removes it (a running upload is then aborted: its request fails in the browser), its « Effacer
 * les notifications terminées » resets, a request the network drops makes it fail, and a session
 * expiry the server pushes (the session revoked through the real API) clears it. A second task while
 * the upload runs is the page's « Tout télécharger (zip, …) »: the archive of every document the
 * persona sees, its download slowed by the same emulation so it is still running when the path ends.
 *
 * The server's own entries are real ones: the split of a payroll campaign the persona creates through
 * the real creation route while the panel is open (the demo's sample payroll): the split job pushes
 * « Découpage de « … » » running to the creator's user room, then « « … » découpée : 3 pages » with the
 * same id. A split of three pages ends in well under a second: when the path must see it run, its
 * finished entry is held in the browser's network (the socket's frames pass through the test,
 * `page.routeWebSocket`) until the path's next fact lets it through — the server's own entry, late.
 * A push reaches every tab of its user: each path checks the split entries of its own campaigns only
 * (named with the path's stamp), so paths side by side, and other machines' paths creating campaigns as
 * the same `admin`, do not disturb each other; the panel's « empty » is checked as nothing of the path
 * listed and nothing else but such split entries (with nothing at all, the seed's text).
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { Notification } from '../../../src/contract/entities.ts';
import type { NotificationsContext, NotificationsEvent } from '../../../machines/notifications/notifications.types.ts';
import { fr, persona, sessionHeaders, submitLogin } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { createPayrollCampaign } from './payroll.ts';
import { logInThroughApi, openLoggedIn, pushJoined, shellShown, skipWelcome, slowUploads } from './screens.ts';

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: fr('documents.upload.title') });
const bell = (page: Page) => page.getByRole('button', { name: fr('shell.topbar.notifications'), exact: true });
const panel = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText(fr('shell.notifications.title'), { exact: true }) });
/** A button of the panel named by `key` (« Annuler « … » », « Fermer « … » »), whatever the entry's text. */
const entryButton = (key: string) => {
  const [before = '', after = ''] = fr(key).split('{{text}}');
  return new RegExp(`^${before}.+${after}$`);
};
/** The running tasks' « Annuler « … » » buttons, whatever the task's text. */
const cancelButtons = (page: Page) =>
  panel(page).getByRole('button', { name: entryButton('shell.notifications.cancel') });

const pdfBytes = async (padding: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`parcours notifications ${Date.now()}`, { x: 60, y: 760, size: 14, font });
  await pdf.attach(randomBytes(padding), 'annexe.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
};

const FILE = 'notification.pdf';
const PUSH = 'push.notification.upserted';

const [ARCHIVE = ''] = fr('documents.archive.notification_other').split('{{');
/** The panel's entries of this path's own tasks: its uploads, and its archive as a second task. */
const uploadItems = (page: Page) =>
  panel(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${FILE.replace('.', '\\.')}|^${ARCHIVE}`) });
/** The upload's entry (the model's first task, the one `notification.remove` closes). */
const uploadItem = (page: Page) => panel(page).getByRole('listitem').filter({ hasText: FILE });

/** Any split entry (this path's or another's campaign), by what its French texts say around the name. */
const SPLIT_TEXT = /Découpage de «|» découpée :|» : le découpage a échoué|» : découpage arrêté/;
const quoted = (key: string) => fr(key).split('{{campaign}}');

/** This path's campaigns, in creation order (their names carry the path's stamp). */
interface Splits {
  readonly stamp: string;
  readonly names: string[];
  /** Names whose finished entry is held in the browser's network, and the frames held. */
  readonly holding: Set<string>;
  readonly held: { readonly name: string; readonly ws: WebSocketRoute; readonly frame: string }[];
  joined: Promise<void>;
}
const splitsOf = (memo: Map<string, unknown>) => memo.get('splits') as Splits;
const splitItems = (page: Page, memo: Map<string, unknown>) =>
  panel(page)
    .getByRole('listitem')
    .filter({ hasText: splitsOf(memo).stamp });
const splitItem = (page: Page, name: string) => panel(page).getByRole('listitem').filter({ hasText: name });
const progressOf = (item: ReturnType<typeof splitItem>) => {
  const [label = ''] = fr('shell.notifications.running').split('{{percentage}}');
  return item.locator(`[aria-label^="${label}"]`);
};

/** A socket.io event frame from the server (`42["event",payload]`), or null. */
const eventOf = (frame: string): [string, unknown] | null => {
  if (!frame.startsWith('42[')) return null;
  try {
    return JSON.parse(frame.slice(2)) as [string, unknown];
  } catch {
    return null;
  }
};

/**
 * The push socket's frames pass through the test: each goes on to the page at once, but the finished
 * entry of a campaign whose end the path must not see yet, held until `releaseSplit`.
 */
const routePush = async (page: Page, splits: Splits): Promise<void> => {
  let joined: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (joined = resolve));
  splits.joined = Promise.race([seen, pushJoined(page)]);
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      const event = typeof frame === 'string' ? eventOf(frame) : null;
      if (event?.[0] === 'rooms.joined') joined();
      if (event?.[0] === 'notification.upserted') {
        const entry = event[1] as Notification;
        const name = String(entry.values?.campaign ?? '');
        if (entry.state !== 'running' && splits.holding.has(name)) {
          splits.held.push({ name, ws, frame: frame as string });
          return;
        }
      }
      ws.send(frame);
    });
  });
};

const releaseSplit = (splits: Splits, name: string): void => {
  splits.holding.delete(name);
  for (const held of splits.held.filter((h) => h.name === name)) held.ws.send(held.frame);
};

/**
 * A payroll campaign of the persona's company through the real creation route (the sample payroll,
 * awaiting validation once split), the panel open: its running entry shows; `hold` keeps its end back.
 */
const newSplit = async (page: Page, memo: Map<string, unknown>, hold: boolean): Promise<string> => {
  const splits = splitsOf(memo);
  await splits.joined;
  const name = `${splits.stamp} n° ${splits.names.length + 1}`;
  splits.names.push(name);
  if (hold) splits.holding.add(name);
  await openPanel(page);
  await createPayrollCampaign(page, await sessionHeaders(page), { name, review: true });
  return name;
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
      // Beside a campaign's split (a server entry), the long upload runs twice as long.
      buffer: await pdfBytes(
        long ? (events.some((e) => e.type === PUSH) ? 4_096 : 2_048) * 1024 : two ? 1_536 * 1024 : 1_280 * 1024,
      ),
    },
  ]);
  const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
  await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
  await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : notifications');
  await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
  if (!failing || two) {
    // 256 KB/s up: about 5 s for the short upload (in 3 s it ended before a loaded machine had checked it
    // running), 6 s beside a second task, 8 s for the long one (16 s beside a split). The second task, an
    // archive, comes down at 16 KB/s: it runs past the path's end.
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
const serverEntry = (snapshot: AnyMachineSnapshot) => entries(snapshot).find((n) => n.type !== 'upload');

/**
 * The panel lists what the model holds: as many running (cancellable), done, failed and cancelled
 * uploads, and the split entries of this path's campaigns. The model's server entry is the fixture's
 * (one id, pushed again: updated in place); the server's ids are one per campaign: the last campaign's
 * entry is in the model's entry's state, the earlier ones done.
 */
const listed = async (page: Page, snapshot: AnyMachineSnapshot, memo: Map<string, unknown>): Promise<void> => {
  const server = serverEntry(snapshot);
  const names = (memo.get('splits') as Splits | undefined)?.names ?? [];
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
    if (!server) {
      if (names.length > 0) await expect(splitItems(page, memo)).toHaveCount(0);
      return;
    }
    await expect(splitItems(page, memo)).toHaveCount(names.length);
    const last = splitItem(page, names.at(-1)!);
    if (server.state === 'running') {
      await expect(progressOf(last)).toBeVisible();
      await expect(last).toContainText(quoted('campaigns.splitNotification.running')[0]!.trim());
    } else {
      await expect(last.getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible();
      // « « … » découpée : n pages » (the sample payroll's pages).
      await expect(last).toContainText(fr('campaigns.splitNotification.done_other').split('}} ')[1]!.split(' {{')[0]!);
    }
    for (const name of names.slice(0, -1))
      await expect(splitItem(page, name).getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible();
  });
};

export const notificationsAdapter: MachineAdapter = {
  machine: 'notifications',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const pushes = events.filter((e) => e.type === PUSH).length;
    const sent: string[] = [];
    memo.set('uploadsSent', sent);
    page.on('request', (r) => {
      if (r.url().includes(routeUrl('documents.upload'))) sent.push(r.url());
    });
    if (pushes > 0) {
      const splits: Splits = {
        stamp: `Suivi ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        names: [],
        holding: new Set(),
        held: [],
        joined: Promise.resolve(),
      };
      memo.set('splits', splits);
      await routePush(page, splits);
    } else if (events.some((e) => e.type === 'notification.clear')) memo.set('push', pushJoined(page));
    // The documents page's upload to the employer's safe: `paie` is refused it (403), `admin` may.
    // A path that revokes its session has its own.
    await logInThroughApi(page, 'admin', { own: events.some((e) => e.type === 'notification.clear') });
    await openLoggedIn(page, '/documents');
    await expect(page.getByRole('button', { name: fr('documents.upload.open') })).toBeVisible();
  },
  how: {
    'notification.start':
      '« Déposer 1 document » in the upload dialog, closed while it sends (upload bandwidth limited); beside it, « Tout télécharger (zip, …) » (its download limited)',
    'notification.progress': 'the bytes sent: « En cours : n % » in the panel, between 1 and 99',
    'notification.done': 'the real server stores the document',
    'notification.fail': 'the upload request dropped on its way (aborted by the test: the network fails)',
    'notification.cancel': 'the panel’s « Annuler « Dépôt … » » while it runs',
    'notification.reset': 'the panel’s « Effacer les notifications terminées »',
    'notification.clear':
      'the session revoked through the real API (the server pushes its expiry), then a new login to see the panel',
    'notification.remove':
      'the panel’s « Fermer « … » » on the upload’s entry, running (its request then aborted by the app) or finished',
    [PUSH]:
      'a payroll campaign created through the real creation route, the panel open: the split job pushes « Découpage de « … » » (running) to the creator, then « « … » découpée : 3 pages » with the same id — held in the browser’s network until the path’s next fact when the path sees it run',
  },
  events: {
    'notification.start': async ({ page, events, index, before }) => {
      if (entries(before).some((n) => n.type === 'upload' && n.state === 'running')) await startArchive(page);
      else await startUpload(page, events, index);
    },
    'notification.progress': async ({ page }) => {
      await openPanel(page);
      // The task's progress, labelled « En cours : n % » (the label of the panel's progress bar).
      const [label = ''] = fr('shell.notifications.running').split('{{percentage}}');
      await expect(uploadItems(page).locator(`[aria-label^="${label}"]`).first()).toHaveAttribute(
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
    'notification.remove': async ({ page, before, memo }) => {
      // The model closes its first task: the upload. Running, the app aborts its request (once sent).
      const running = entries(before).find((n) => n.id === 'up-1')?.state === 'running';
      const isUpload = (r: { url(): string }) => r.url().includes(routeUrl('documents.upload'));
      const sent = memo.get('uploadsSent') as string[];
      if (running) await expect.poll(() => sent.length, { message: 'the upload is on its way' }).toBeGreaterThan(0);
      const aborted = running ? page.waitForEvent('requestfailed', isUpload) : null;
      await openPanel(page);
      await uploadItem(page)
        .getByRole('button', { name: entryButton('shell.notifications.close') })
        .click();
      await expect(uploadItem(page)).toHaveCount(0);
      await closePanel(page);
      if (aborted) await aborted;
    },
    [PUSH]: async ({ page, event, before, memo }) => {
      const pushed = (event as Extract<NotificationsEvent, { type: typeof PUSH }>).payload;
      const splits = splitsOf(memo);
      if (pushed.state === 'running') {
        // A new campaign while the panel is open: its entry runs (its end held back).
        const name = await newSplit(page, memo, true);
        await expect(progressOf(splitItem(page, name))).toBeVisible({ timeout: 30_000 });
      } else if (serverEntry(before)?.state === 'running') {
        // The running split's end, let through: the same entry, now done.
        const name = splits.names.at(-1)!;
        await openPanel(page);
        releaseSplit(splits, name);
        await expect(splitItem(page, name).getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible({
          timeout: 30_000,
        });
      } else {
        const name = await newSplit(page, memo, false);
        await expect(splitItem(page, name).getByRole('img', { name: fr('shell.notifications.done') })).toBeVisible({
          timeout: 30_000,
        });
      }
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
    // Nothing of this path listed; anything else is a split entry of a campaign another path created as
    // the same user meanwhile (a push reaches all their tabs), and with nothing at all, the seed's text.
    'notifications.empty': async (page) => {
      await inPanel(page, async () => {
        const items = panel(page).getByRole('listitem');
        await expect(uploadItems(page)).toHaveCount(0);
        await expect(items.filter({ hasNotText: SPLIT_TEXT })).toHaveCount(0);
        // Either the seed's text or another path's split entry (one may be pushed between two looks:
        // counting the items first and then expecting the text raced it).
        await expect(
          panel(page)
            .getByText(fr('shell.notifications.empty'))
            .or(items.filter({ hasText: SPLIT_TEXT }).first()),
        ).toBeVisible();
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
   * A server entry costs a campaign: a running one is pushed when the model's server entry is not
   * running (a new campaign; its progress pushes are coalesced, not on demand), a finished one always
   * (the running one's end, or a new campaign left to end). With a server entry listed, the screens
   * walk only the upload's close beside it: the other transitions are walked by the upload paths.
   */
  offered: (snapshot, event) => {
    const server = serverEntry(snapshot);
    if (event.type === PUSH) {
      const pushed = (event as Extract<NotificationsEvent, { type: typeof PUSH }>).payload;
      return pushed.state !== 'running' || server?.state !== 'running';
    }
    return !server || event.type === 'notification.remove';
  },
};
