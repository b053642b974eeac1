/**
 * The documents archive list in the browser (machines/document-list): the administrator's `/documents`,
 * the demo's documents of Groupe Horizon.
 *
 * The page's reads of the list are held in the browser's network until the path's next fact: then they go
 * to the real server, which answers (`xstate.done.actor.readList`), or the connection drops under them
 * (`xstate.error.actor.readList`). While one is held the table is seen loading, and a new query (a word
 * typed in the search, or the search emptied) or a reload can be made then. A reload is a document deposited
 * through the real upload route by another session of the administrator: its push
 * (`push.documents.deposited`) reads the list again. Only the reads a path's facts ask for are held: a read
 * caused by someone else's deposit meanwhile (another path's campaign) goes straight to the server.
 *
 * A zip (« Télécharger (zip) » for the checked rows, « Tout télécharger (zip, …) » for the filter) is saved
 * (the browser's download), canceled in the notifications panel while the page's download is limited
 * (Chromium's network emulation), or its connection drops (the failure's alert).
 */
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ArchiveOutcome, DocumentListContext, DocumentListEvent } from '../../../machines/document-list/index.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, pushJoined, skipWelcome, slowUploads } from './screens.ts';

type Event<T extends DocumentListEvent['type']> = Extract<DocumentListEvent, { type: T }>;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DocumentListContext;

const pathOf = (url: string) => new URL(url, 'http://app').pathname;
const LIST_PATH = pathOf(routeUrl('documents.list'));
const ARCHIVE_PATH = pathOf(routeUrl('documents.archive'));

const table = (page: Page) => page.getByRole('table', { name: fr('documents.list.label') });
/** The table's document rows (not its loading skeleton nor its « no document » line). */
const docRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: fr('dataTable.selectRow') }) });
const checkedRows = (page: Page) => docRows(page).filter({ has: page.locator('input[type="checkbox"]:checked') });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: fr('documents.list.actions') });
const zipSelection = (page: Page) =>
  toolbar(page).getByRole('button', { name: fr('documents.actions.zipSelection'), exact: true });
const [ZIP_ALL = ''] = fr('documents.actions.zipAllCapped').split(' (');
const zipFilter = (page: Page) => toolbar(page).getByRole('button', { name: new RegExp(`^${ZIP_ALL} \\(`) });
const search = (page: Page) => page.getByLabel(fr('documents.list.search'));
const count = (page: Page) => page.getByTestId('documents-count');
const toast = (page: Page, text: string | RegExp, role: 'alert' | 'status') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(role)
    .filter({ hasText: text });
const [SAVED = ''] = fr('documents.messages.archiveSaved_other').split('{{');

const bell = (page: Page) => page.getByRole('button', { name: fr('shell.topbar.notifications'), exact: true });
const panel = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText(fr('shell.notifications.title'), { exact: true }) });
const [ARCHIVE = ''] = fr('documents.archive.notification_other').split('{{');
const [ARCHIVE_MANY = ''] = fr('documents.archive.notificationMany').split('{{');

/**
 * The reads the path's facts ask for wait in the browser's network until `letReadsGo`, and so does any
 * other read made while one waits; a read made when none waits (a deposit by another path heard while the
 * list is shown) goes to the server at once.
 */
async function holdReads(page: Page, memo: Map<string, unknown>): Promise<void> {
  const held: Route[] = [];
  memo.set('held', held);
  memo.set('reads', 0);
  memo.set('searches', []);
  memo.set('expected', 1); // the page's first read
  await page.route(
    (url) => url.pathname === LIST_PATH,
    async (route) => {
      const expected = memo.get('expected') as number;
      // While a read is held (the path sees the table loading), any other read waits with it: a deposit
      // heard meanwhile would otherwise answer past the held one and show the list the path holds back.
      if (expected === 0 && held.length === 0) return route.continue();
      if (expected > 0) memo.set('expected', expected - 1);
      held.push(route);
      memo.set('reads', (memo.get('reads') as number) + 1);
      (memo.get('searches') as (string | null)[]).push(searchOf(route));
    },
  );
}
/** The search a read of the list asks for (`null`: none). */
const searchOf = (route: Route): string | null => {
  const body = route.request().postDataJSON() as { search?: string } | null;
  return body?.search ?? null;
};
const expectRead = (memo: Map<string, unknown>) => {
  memo.set('expected', (memo.get('expected') as number) + 1);
  return memo.get('reads') as number;
};
const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect
    .poll(() => memo.get('reads') as number, { message: 'the page reads the documents again', timeout: 20_000 })
    .toBeGreaterThan(before);
/**
 * A read of the query the path typed, made after the `before`-th: a read made meanwhile for something else
 * (a reconnection that lost pushes reads the list again) does not stand for it — had it, the path went on
 * before the typed query was read and its next fact (another word typed within the search's settling time)
 * could cancel it unsent.
 */
const queryRead = async (memo: Map<string, unknown>, before: number, search: string | null) =>
  expect
    .poll(() => (memo.get('searches') as (string | null)[]).slice(before).includes(search), {
      message: `the page reads the documents ${search === null ? 'without a search' : `searching « ${search} »`}`,
      timeout: 20_000,
    })
    .toBe(true);

/**
 * The push socket's frames pass through the test: a deposit's push (`documents.deposited`) reaches the
 * page only while the path's own deposit is on its way (`list.reload`). The replay's other paths deposit
 * documents all the time (campaigns dispatched, uploads), and one heard between two facts of this path
 * would read the list again behind the path's back (a dropped read's « failed » answered meanwhile).
 */
async function gateDeposits(page: Page, memo: Map<string, unknown>): Promise<void> {
  memo.set('hearDeposits', false);
  let joined: () => void = () => undefined;
  memo.set('joined', Promise.race([new Promise<void>((resolve) => (joined = resolve)), pushJoined(page)]));
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame === 'string' && frame.startsWith('42[')) {
        if (frame.includes('"rooms.joined"')) joined();
        if (frame.startsWith('42["documents.deposited"')) {
          if (!memo.get('hearDeposits')) return;
          // One deposit heard is the reload: a later one (another path's, while the read is awaited) would
          // read the list again after the path moved on.
          memo.set('hearDeposits', false);
        }
      }
      ws.send(frame);
    });
  });
}

async function letReadsGo(memo: Map<string, unknown>, how: 'answer' | 'drop'): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'a read of the documents is on its way' }).toBeGreaterThan(0);
  for (const route of held.splice(0)) {
    // A read the page abandoned (a newer query overtook it) is already gone: nothing to let through.
    if (how === 'answer') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  }
}

/** A word of a document the archive holds: its search finds documents. */
async function searchWord(page: Page, memo: Map<string, unknown>): Promise<string> {
  const known = memo.get('word') as string | undefined;
  if (known) return known;
  const description =
    (await docRows(page)
      .first()
      .textContent({ timeout: 2_000 })
      .catch(() => null)) ?? '';
  const word = description.split(/[^\p{L}]+/u).find((w) => w.length >= 5) ?? 'paie';
  memo.set('word', word);
  return word;
}

/** A one-page PDF deposited in the employer's safe through the real upload route (another session). */
async function depositDocument(page: Page, memo: Map<string, unknown>): Promise<void> {
  const { orgId, headers } = memo.get('session') as { orgId: string; headers: Record<string, string> };
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`Parcours liste des documents ${Date.now()}`, { x: 60, y: 760, size: 14, font });
  const answer = await page.request.post(routeUrl('documents.upload'), {
    headers,
    multipart: {
      data: JSON.stringify({
        organizationId: orgId,
        slips: [
          {
            id: 'slip-1',
            typeCode: 'NOTE_SERVICE',
            description: `Parcours liste des documents ${Date.now()}`,
            destination: 'EMPLOYER_SAFE',
            employeeId: null,
          },
        ],
      }),
      'slip-1': { name: 'parcours.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The zip's outcome, as the path's later fact says. */
const outcomeAfter = (events: readonly EventObject[], index: number): ArchiveOutcome | 'failed' | null => {
  for (const e of events.slice(index + 1)) {
    if (e.type === 'xstate.done.actor.downloadArchive') return (e as Event<'xstate.done.actor.downloadArchive'>).output;
    if (e.type === 'xstate.error.actor.downloadArchive') return 'failed';
  }
  return null;
};

/** What the zip's later fact needs armed before its button is clicked. */
async function armArchive(page: Page, memo: Map<string, unknown>, outcome: ReturnType<typeof outcomeAfter>) {
  const isArchive = (url: URL) => url.pathname === ARCHIVE_PATH;
  if (outcome === 'saved') {
    const download = page.waitForEvent('download', { timeout: 60_000 });
    download.catch(() => undefined); // a path that ends before its outcome never waits for it
    memo.set('download', download);
  } else if (outcome === 'canceled') {
    // Long enough to be canceled: the page receives 16 KB/s from now on.
    await slowUploads(page, 0, 16 * 1024);
  } else if (outcome === 'failed') {
    const drop = (route: Route) => route.abort('internetdisconnected');
    await page.route(isArchive, drop);
    const failed = page.waitForEvent('requestfailed', (r) => isArchive(new URL(r.url())));
    failed.catch(() => undefined);
    memo.set(
      'dropped',
      failed.then(() => page.unroute(isArchive, drop)),
    );
  }
}

export const documentListAdapter: MachineAdapter = {
  machine: 'document-list',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    memo.set('session', { orgId: session.orgId, headers });
    await holdReads(page, memo);
    await gateDeposits(page, memo);
    await openLoggedIn(page, '/documents');
    await expect(page.getByRole('heading', { level: 1, name: fr('sections.documents') })).toBeVisible();
  },
  how: {
    'list.query':
      'the page asks for its first documents as it opens; then a word of a listed document typed in the search, or the search emptied, while a read is held or after',
    'list.reload':
      'another session of the administrator deposits a document through the real upload route: its push reads the list again',
    'xstate.done.actor.readList': 'the held read goes to the real server, which answers the documents',
    'xstate.error.actor.readList': 'the held read’s connection drops (the browser’s network)',
    'selection.change': 'the first row’s checkbox, or « Désélectionner »',
    'archive.start': '« Télécharger (zip) » for the checked rows, « Tout télécharger (zip, …) » for the filter',
    'xstate.done.actor.downloadArchive':
      'the real server’s zip saved by the browser (« documents.zip »), or canceled in the notifications panel while the page’s download is limited (16 KB/s)',
    'xstate.error.actor.downloadArchive': 'the zip’s connection drops (the browser’s network): the failure’s alert',
  },
  events: {
    'list.query': async ({ page, event, before, memo }) => {
      if (before.matches({ list: 'waiting' })) return readAsked(memo, 0);
      const reads = expectRead(memo);
      const { query } = event as Event<'list.query'>;
      const word = query.search ? await searchWord(page, memo) : null;
      await search(page).fill(word ?? '');
      await queryRead(memo, reads, word);
    },
    'list.reload': async ({ page, memo }) => {
      await (memo.get('joined') as Promise<void>);
      const reads = expectRead(memo);
      memo.set('hearDeposits', true);
      try {
        await depositDocument(page, memo);
        await readAsked(memo, reads);
      } finally {
        memo.set('hearDeposits', false);
      }
    },
    'xstate.done.actor.readList': async ({ memo }) => letReadsGo(memo, 'answer'),
    'xstate.error.actor.readList': async ({ page, memo }) => {
      await letReadsGo(memo, 'drop');
      await expect(toast(page, fr('documents.messages.listError'), 'alert')).toBeVisible();
    },
    'selection.change': async ({ page, event }) => {
      const { ids } = event as Event<'selection.change'>;
      if (ids.length === 0) {
        await toolbar(page)
          .getByRole('button', { name: fr('documents.actions.clearSelection'), exact: true })
          .click();
        return;
      }
      await docRows(page)
        .first()
        .getByRole('checkbox', { name: fr('dataTable.selectRow') })
        .check();
    },
    'archive.start': async ({ page, event, events, index, memo }) => {
      const { scope } = event as Event<'archive.start'>;
      await armArchive(page, memo, outcomeAfter(events, index));
      const button = scope === 'selection' ? zipSelection(page) : zipFilter(page);
      await expect(button).toBeEnabled();
      await button.click();
    },
    'xstate.done.actor.downloadArchive': async ({ page, event }) => {
      const { output } = event as Event<'xstate.done.actor.downloadArchive'>;
      if (output === 'saved') return; // the check of `archive.idle` waits for the file and its alert
      if (!(await panel(page).isVisible())) await bell(page).click();
      const item = panel(page)
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^(${ARCHIVE}|${ARCHIVE_MANY})`) });
      const [before = '', after = ''] = fr('shell.notifications.cancel').split('{{text}}');
      await item.getByRole('button', { name: new RegExp(`^${before}.+${after}$`) }).click();
      await expect(item.getByText(fr('shell.notifications.canceled'), { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await slowUploads(page); // the page's download unlimited again
    },
    'xstate.error.actor.downloadArchive': async ({ page, memo }) => {
      await (memo.get('dropped') as Promise<void>);
      await expect(toast(page, fr('documents.messages.archiveError'), 'alert')).toBeVisible();
    },
  },
  offered: (snapshot, event) => {
    const { selected } = contextOf(snapshot);
    const shown = snapshot.matches({ list: 'shown' });
    switch (event.type) {
      // A row is checked once the documents are on screen, and « Désélectionner » is offered with a checked row.
      case 'selection.change':
        return (
          shown && ((event as Event<'selection.change'>).ids.length === 0 ? selected.length > 0 : selected.length === 0)
        );
      default:
        return true;
    }
  },
  states: {
    'documentList.list.waiting': null,
    'documentList.list.loading': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
    },
    'documentList.list.shown': async (page, snapshot) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(docRows(page).first()).toBeVisible();
      await expect(count(page)).not.toHaveText(fr('common.loading'));
      await expect(checkedRows(page)).toHaveCount(contextOf(snapshot).selected.length);
    },
    'documentList.list.failed': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(count(page)).toHaveText(fr('documents.messages.listError'));
      await expect(docRows(page)).toHaveCount(0);
    },
    'documentList.archive.idle': async (page, snapshot, memo) => {
      const download = memo.get('download') as Promise<{ suggestedFilename(): string }> | undefined;
      if (download) {
        memo.delete('download');
        expect((await download).suggestedFilename()).toBe('documents.zip');
        await expect(toast(page, SAVED, 'status').first()).toBeVisible();
      }
      // The zip buttons are offered exactly when the machine takes their event.
      const filter = zipFilter(page);
      if (snapshot.can({ type: 'archive.start', scope: 'filter' })) await expect(filter).toBeEnabled();
      else await expect(filter).toBeDisabled();
      if (contextOf(snapshot).selected.length > 0) await expect(zipSelection(page)).toBeEnabled();
      else await expect(zipSelection(page)).toHaveCount(0);
    },
    'documentList.archive.zipping': null,
  },
};
