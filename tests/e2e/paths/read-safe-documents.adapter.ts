/**
 * The read machine (machines/read) on a screen that pages and reads again on a push: the safe's documents
 * offered on the documents step of a new campaign (`/campaigns/create`, the administrator, « Bulletin de
 * paie »), eight at a time, « Afficher plus » appending the older ones, a deposit heard by push
 * (`push.documents.deposited`) reading the list again. It walks what the other screens leave
 * (`read.adapter.ts`, `read-campaigns.adapter.ts`, `read-members.adapter.ts`): a reload while a next page
 * is on its way.
 *
 * The picker's reads are held in the browser's network until the path's next fact, then go to the real
 * server. A reload is a document deposited through the real upload route (the administrator's session,
 * another call than the page's): its push makes the picker read its first page again, the next page it
 * held abandoned. The demo's safe holds far more than sixteen payslips: every page has a next one.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot } from 'xstate';
import { nextPageOf, type ReadContext, type ReadEvent } from '../../../machines/read/index.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Event<T extends ReadEvent['type']> = Extract<ReadEvent, { type: T }>;

const TYPE = 'Bulletin de paie';
const PATH = new URL(routeUrl('documents.list'), 'http://app').pathname;
const section = (page: Page) =>
  page.getByRole('region', { name: fr('campaignCreate.documents.safe.title').replace('{{type}}', TYPE) });
const results = (page: Page) => section(page).getByRole('list', { name: fr('campaignCreate.documents.safe.results') });
const moreButton = (page: Page) =>
  section(page).getByRole('button', { name: fr('campaignCreate.documents.safe.more').replace(/\s*\(.*$/, '') });

async function holdReads(page: Page, memo: Map<string, unknown>): Promise<void> {
  const held: Route[] = [];
  memo.set('held', held);
  memo.set('reads', 0);
  await page.route(
    (url) => url.pathname === PATH,
    (route) => {
      held.push(route);
      memo.set('reads', (memo.get('reads') as number) + 1);
    },
  );
}
const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect
    .poll(() => memo.get('reads') as number, { message: 'the picker reads the safe’s documents', timeout: 20_000 })
    .toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'a read of the documents is on its way' }).toBeGreaterThan(0);
  // A read the page abandoned is already gone: nothing to let through.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
}

/** A one-page PDF deposited in the employer's safe through the real upload route. */
async function depositDocument(page: Page, headers: Record<string, string>, orgId: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const description = `Parcours coffre de la campagne ${Date.now()}`;
  pdf.addPage([595, 842]).drawText(description, { x: 60, y: 760, size: 14, font });
  const answer = await page.request.post(routeUrl('documents.upload'), {
    headers,
    multipart: {
      data: JSON.stringify({
        organizationId: orgId,
        slips: [
          { id: 'slip-1', typeCode: 'NOTE_SERVICE', description, destination: 'EMPLOYER_SAFE', employeeId: null },
        ],
      }),
      'slip-1': { name: 'parcours.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

const answersMore = (s: AnyMachineSnapshot, e: Event<'api.read.succeeded'>) =>
  nextPageOf((s.context as ReadContext).query, e.result) !== null;

export const readSafeDocumentsAdapter: MachineAdapter = {
  machine: 'read',
  variant: 'the safe’s documents of a new campaign (pages, push)',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const { headers, session } = await logInThroughApi(page, 'admin');
    memo.set('deposit', () => depositDocument(page, headers, session.orgId));
    await holdReads(page, memo);
    await openLoggedIn(page, '/campaigns/create');
    await page.getByRole('radio', { name: TYPE }).check({ force: true });
  },
  how: {
    'read.query': 'the documents step opened after « Bulletin de paie » is chosen: the picker asks the newest eight',
    'read.more': '« Afficher plus » under the safe’s documents',
    'read.reload':
      'a document deposited through the real upload route (another call of the administrator’s session): its push reads the list again',
    'api.read.succeeded': 'the held read goes to the real server, which answers eight payslips of the safe',
  },
  events: {
    'read.query': async ({ page, memo }) => {
      await page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true }).click();
      await readAsked(memo, 0);
    },
    'read.more': async ({ page, memo }) => {
      const asked = memo.get('reads') as number;
      await moreButton(page).click();
      await readAsked(memo, asked);
    },
    'read.reload': async ({ memo }) => {
      const asked = memo.get('reads') as number;
      await (memo.get('deposit') as () => Promise<void>)();
      await readAsked(memo, asked);
    },
    'api.read.succeeded': async ({ memo }) => letReadsGo(memo),
  },
  // The list opens once (no search typed here: the member picker walks new queries); every page has a next one.
  offered: (snapshot, event) =>
    event.type === 'read.query'
      ? snapshot.matches('waiting')
      : event.type !== 'api.read.succeeded' || answersMore(snapshot, event as Event<'api.read.succeeded'>),
  states: {
    'read.waiting': null,
    'read.loading': async (page) => {
      await expect(section(page).getByText(fr('common.loading'))).toBeVisible();
      await expect(results(page)).toHaveCount(0);
    },
    'read.shown': async (page, snapshot) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'false');
      if (snapshot.can({ type: 'read.more' })) await expect(moreButton(page)).toBeEnabled();
    },
    'read.loadingMore': async (page) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'true');
      await expect(moreButton(page)).toBeDisabled();
    },
  },
};
