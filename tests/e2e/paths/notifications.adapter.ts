/**
 * The notifications panel in the browser (the bell of the top bar). Its own tasks are real uploads:
 * « Déposer des documents » on the documents page, one slip (the model's `up-1`); the dialog is closed
 * while it sends (the upload goes on). The upload is held in the browser's network (`page.route`) until
 * the step whose fact is its end lets it go to the server (done) or drops it (fail); one whose percentage
 * the path watches is sent at once on an upload bandwidth limited by the browser's own network emulation
 * (Chromium, DevTools protocol: 2 KB/s, its first 16 KB sent at once), lifted at its `notification.done`
 * (Chromium then sends the rest at once). The panel's « Annuler » cancels it, its close (×) removes it (a
 * running upload is then aborted: its request fails in the browser), its « Effacer les notifications
 * terminées » resets, and a session expiry the server pushes (the session revoked through the real API)
 * clears it. The second task (`up-2`) is the page's « Tout télécharger (zip, …) »: the archive of every
 * document the persona sees, its request held in the network so it runs to the path's end.
 *
 * Chained paths: each upload decides from its own events up to its end (held or watched), a slip an earlier
 * upload left in the dialog (failed, canceled) is removed first, a new login after a clear goes back to the
 * documents page and its pushes wait for its own join; a watched upload does not fail (`chainable`).
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
import { expect, type Page, type Route, type WebSocketRoute } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { Notification } from '../../../src/contract/entities.ts';
import type { NotificationsContext, NotificationsEvent } from '../../../machines/notifications/notifications.types.ts';
import { fr, persona, sessionHeaders, submitLogin } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { createPayrollCampaign } from './payroll.ts';
import { emulateNetwork, logInThroughApi, openLoggedIn, shellShown, skipWelcome } from './screens.ts';

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
  if (padding) await pdf.attach(randomBytes(padding), 'annexe.bin', { mimeType: 'application/octet-stream' });
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
 * The push channel's « rooms joined », counted whichever way it comes (a socket's frame, a polling
 * answer): a push reaches the page once its login's join is in. `since`: the count at the last login.
 */
interface Joins {
  count: number;
  since: number;
  readonly waiting: Set<() => void>;
}
const joinsOf = (memo: Map<string, unknown>) => memo.get('joins') as Joins;
const joinSeen = (joins: Joins): void => {
  joins.count += 1;
  for (const wake of joins.waiting) wake();
};
const trackJoins = (page: Page, memo: Map<string, unknown>): void => {
  const joins: Joins = { count: 0, since: 0, waiting: new Set() };
  memo.set('joins', joins);
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('rooms.joined')) joinSeen(joins);
    }),
  );
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    response
      .text()
      .then((body) => body.includes('rooms.joined') && joinSeen(joins))
      .catch(() => undefined);
  });
};
/** Resolves once the push channel has joined the rooms of the page's current login. */
const joinedNow = (memo: Map<string, unknown>): Promise<void> => {
  const joins = joinsOf(memo);
  return new Promise((resolve) => {
    const wake = () => {
      if (joins.count <= joins.since) return;
      joins.waiting.delete(wake);
      resolve();
    };
    joins.waiting.add(wake);
    wake();
  });
};

/**
 * The push socket's frames pass through the test: each goes on to the page at once, but the finished
 * entry of a campaign whose end the path must not see yet, held until `releaseSplit`.
 */
const routePush = async (page: Page, splits: Splits, joins: Joins): Promise<void> => {
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      const event = typeof frame === 'string' ? eventOf(frame) : null;
      if (event?.[0] === 'rooms.joined') joinSeen(joins);
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
  await joinedNow(memo);
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

/**
 * The page's uploads: each goes through the test (`page.route`), held in the browser's network while
 * `hold` says so (`held`) until the step whose fact is its end lets it go to the server or drops it;
 * else sent at once, at the upload bandwidth `rate` (bytes a second, -1 unlimited: Chromium's network
 * emulation, `emulateNetwork`). `sent`: the uploads the page asked.
 */
interface Uploads {
  hold: boolean;
  readonly held: Route[];
  rate: number;
  sent: number;
  /** `sent` when the model's upload started. */
  sentBefore: number;
}
const uploadsOf = (memo: Map<string, unknown>) => memo.get('uploads') as Uploads;
const isUpload = (url: string) => url.includes(routeUrl('documents.upload'));

const setRate = async (page: Page, uploads: Uploads, rate: number): Promise<void> => {
  if (uploads.rate === rate) return;
  uploads.rate = rate;
  await emulateNetwork(page, { uploadBytesPerSecond: rate });
};

/**
 * A watched upload: Chromium sends a body's first read (16 KB) at once, the rest at the limited bandwidth.
 * Its file, of 256 KB, then shows 6 % at once, and 100 % only after two minutes (a path's limit is 90 s);
 * changing the limit while it runs sends the rest at once: it is lifted at its `notification.done`.
 */
const WATCHED_RATE = 2 * 1024;
const WATCHED_PADDING = 240 * 1024;

/** The end of the upload the path starts at `index` (its done, fail, cancel, remove or clear), and what comes before it. */
const ENDS = new Set([
  'notification.done',
  'notification.fail',
  'notification.cancel',
  'notification.remove',
  'notification.clear',
]);
const untilEnd = (events: readonly EventObject[], index: number): readonly EventObject[] => {
  const rest = events.slice(index + 1);
  const end = rest.findIndex((e) => ENDS.has(e.type));
  return end < 0 ? rest : rest.slice(0, end + 1);
};

/**
 * The model's upload (`up-1`) starts: one slip for the employer's safe. Until its end it is held in the
 * network (its end's step lets it go or drops it), unless the path watches its percentage: then it is sent
 * at once on a limited bandwidth (lifted at its `notification.done`).
 */
const startUpload = async (
  page: Page,
  events: readonly EventObject[],
  index: number,
  memo: Map<string, unknown>,
): Promise<void> => {
  const uploads = uploadsOf(memo);
  const watched = untilEnd(events, index).some((e) => e.type === 'notification.progress');
  // An earlier upload held and then canceled by the app (its request aborted) is gone.
  uploads.held.length = 0;
  uploads.hold = !watched;
  uploads.sentBefore = uploads.sent;
  await setRate(page, uploads, watched ? WATCHED_RATE : -1);
  await page.getByRole('button', { name: fr('documents.upload.open') }).click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  // A slip an earlier upload of the path left (failed or canceled) is removed first.
  const slips = dialog.getByTestId('slip');
  for (let left = await slips.count(); left > 0; left -= 1) {
    await slips
      .first()
      .getByRole('button', { name: fr('documents.upload.removeSlip') })
      .click();
    await expect(slips).toHaveCount(left - 1);
  }
  await dialog.getByLabel(fr('documents.upload.files')).setInputFiles([
    {
      name: FILE,
      mimeType: 'application/pdf',
      buffer: await pdfBytes(watched ? WATCHED_PADDING : 0),
    },
  ]);
  const slip = dialog.getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', '1') });
  await slip.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
  await slip.getByLabel(fr('documents.fields.description')).fill('Parcours généré : notifications');
  await slip.getByLabel(fr('documents.fields.destination')).selectOption('EMPLOYER_SAFE');
  await dialog.getByRole('button', { name: fr('documents.upload.send_one').replace('{{count}}', '1') }).click();
  await expect(dialog.getByTestId('slip-status')).toHaveAttribute('data-status', /queued|uploading/);
  // Closed while it sends: the upload goes on, followed in the panel.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

/**
 * The second task (`up-2`): the archive of every document listed (« Tout télécharger (zip, n documents) »),
 * its request held in the browser's network: it runs to the path's end (or the session's).
 */
const startArchive = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  if (!memo.get('archiveHeld')) {
    memo.set('archiveHeld', true);
    await page.route(`**${routeUrl('documents.archive')}`, () => undefined);
  }
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
    const uploads: Uploads = { hold: false, held: [], rate: -1, sent: 0, sentBefore: 0 };
    memo.set('uploads', uploads);
    page.on('request', (r) => {
      if (isUpload(r.url())) uploads.sent += 1;
    });
    await page.route(`**${routeUrl('documents.upload')}`, async (route) => {
      if (uploads.hold) uploads.held.push(route);
      else await route.continue();
    });
    trackJoins(page, memo);
    if (events.some((e) => e.type === PUSH)) {
      const splits: Splits = {
        stamp: `Suivi ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        names: [],
        holding: new Set(),
        held: [],
      };
      memo.set('splits', splits);
      await routePush(page, splits, joinsOf(memo));
    }
    // The documents page's upload to the employer's safe: `paie` is refused it (403), `admin` may.
    // A path that revokes its session has its own.
    await logInThroughApi(page, 'admin', { own: events.some((e) => e.type === 'notification.clear') });
    await openLoggedIn(page, '/documents');
    await expect(page.getByRole('button', { name: fr('documents.upload.open') })).toBeVisible();
  },
  how: {
    'notification.start':
      '« Déposer 1 document » in the upload dialog, closed while it sends (held in the network until its end, or sent on a limited upload bandwidth when its percentage is watched); the second task, « Tout télécharger (zip, …) » (held in the network)',
    'notification.progress': 'the bytes sent: « En cours : n % » in the panel, between 1 and 99',
    'notification.done': 'the real server stores the document (the held upload let go, or the bandwidth limit lifted)',
    'notification.fail': 'the held upload request dropped on its way (aborted by the test: the network fails)',
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
    'notification.start': async ({ page, event, events, index, memo }) => {
      if ((event as Extract<NotificationsEvent, { type: 'notification.start' }>).id === 'up-1')
        await startUpload(page, events, index, memo);
      else await startArchive(page, memo);
    },
    'notification.progress': async ({ page }) => {
      await openPanel(page);
      // The upload's progress, labelled « En cours : n % » (the label of the panel's progress bar).
      await expect(progressOf(uploadItem(page))).toHaveAttribute('aria-label', /\s[1-9]\d?\s%$/);
      await closePanel(page);
    },
    'notification.done': async ({ page, memo }) => {
      const uploads = uploadsOf(memo);
      const answered = page.waitForResponse((r) => isUpload(r.url()));
      // The held upload goes to the server; a watched one, sent slowly, ends at once (the limit lifted).
      uploads.hold = false;
      for (const route of uploads.held.splice(0)) await route.continue();
      await setRate(page, uploads, -1);
      expect((await answered).ok(), 'the server stores the document').toBeTruthy();
      await expect(page.getByText(fr('documents.messages.uploaded_one').replace('{{count}}', '1'))).toBeVisible();
    },
    'notification.fail': async ({ page, memo }) => {
      const uploads = uploadsOf(memo);
      uploads.hold = false;
      const failed = page.waitForEvent('requestfailed', (r) => isUpload(r.url()));
      for (const route of uploads.held.splice(0)) await route.abort('connectionreset');
      await failed;
      await expect(page.getByText(fr('documents.messages.uploadFailed_one').replace('{{count}}', '1'))).toBeVisible();
    },
    'notification.cancel': async ({ page }) => {
      await openPanel(page);
      await uploadItem(page)
        .getByRole('button', { name: entryButton('shell.notifications.cancel') })
        .click();
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
      const uploads = uploadsOf(memo);
      if (running)
        await expect
          .poll(() => uploads.sent, { message: 'the upload is on its way' })
          .toBeGreaterThan(uploads.sentBefore);
      const aborted = running ? page.waitForEvent('requestfailed', (r) => isUpload(r.url())) : null;
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
      // The server pushes the session's expiry to the rooms the page joined with its current login.
      await joinedNow(memo);
      const headers = await sessionHeaders(page);
      const answer = await page.request.post(routeUrl('auth.logout'), { headers });
      expect(answer.ok(), `logout answered ${answer.status()}`).toBeTruthy();
      await expect(page).toHaveURL(/\/login/);
      // Its uploads canceled with the session, the bandwidth is the connection's own again.
      await setRate(page, uploadsOf(memo), -1);
      // The same tab logs in again: the panel is the same actor's.
      const joins = joinsOf(memo);
      joins.since = joins.count;
      const me = persona('admin');
      await submitLogin(page, me.login, me.password);
      await shellShown(page);
      // Back on the documents page (the login may land elsewhere), where the tasks start.
      if (!new URL(page.url()).pathname.startsWith('/documents'))
        await page
          .getByRole('navigation', { name: fr('shell.nav.label') })
          .getByRole('link', { name: fr('shell.nav.documents'), exact: true })
          .click();
      await expect(page.getByRole('button', { name: fr('documents.upload.open') })).toBeVisible();
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
  /**
   * A watched upload (its percentage seen since it started) is already on its way at a limited bandwidth:
   * the network cannot drop it for the test any more (only a held one), so it does not fail.
   */
  chainable: (walked, _snapshot, event) => {
    if (event.type !== 'notification.fail') return true;
    const started = walked.findLastIndex((e) => e.type === 'notification.start' && 'id' in e && e.id === 'up-1');
    return !walked.slice(started + 1).some((e) => e.type === 'notification.progress');
  },
};
