/**
 * The read machine (machines/read) on a screen that pages: the group member picker of the group creation
 * page (`/employee-groups/create`, the administrator), whose search asks 20 employees at a time and
 * offers « Afficher plus » while the search has a next page (`read.more`, keyset cursor). It walks what the
 * lists leave (`read.adapter.ts`, `read-campaigns.adapter.ts`): a next page asked, answered (appended),
 * dropped (the rows stay, the picker says why), or superseded by a new search typed while it is held.
 *
 * The picker's reads of the employees are held in the browser's network until the path's next fact, as
 * on the users list: then they go to the real server or their connection drops. The searches typed are
 * two prefixes (of names, first names, e-mails or registration numbers) chosen at the start and counted by
 * the real employee search, each matching between 21 and 40 active employees of the administrator's
 * organisation (and below): its first page has a next one, the second is the last.
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { nextPageOf, type ReadContext, type ReadEvent } from '../../../machines/read/index.ts';
import { QUERY_NEXT } from '../../../machines/read/read.fixtures.ts';
import type { EmployeePage } from '../../../src/contract/entities.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Event<T extends ReadEvent['type']> = Extract<ReadEvent, { type: T }>;

const PATH = new URL(routeUrl('employees.list'), 'http://app').pathname;
const form = (page: Page) => page.getByRole('form', { name: fr('groups.form.label') });
const search = (page: Page) => form(page).getByRole('searchbox', { name: fr('groups.form.findEmployee') });
const results = (page: Page) => form(page).getByRole('list', { name: fr('groups.form.results') });
/** « Afficher plus (20 sur 27) »: its count changes, its start does not. */
const moreButton = (page: Page) =>
  form(page).getByRole('button', { name: fr('groups.form.more').replace(/\s*\(.*$/, '') });
const failure = (page: Page) => form(page).getByRole('alert');

let chosen: string[] | null = null;

/** Two searches with a second and last page: between 21 and 40 active employees of the organisation. */
async function twoPageSearches(page: Page, headers: Record<string, string>, orgId: string): Promise<string[]> {
  if (chosen) return chosen;
  const count = async (body: object) => {
    const answer = await page.request.post(routeUrl('employees.list'), {
      headers,
      data: { ...body, organizations: [{ organizationId: orgId, active: true }] },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as EmployeePage;
  };
  // Candidates: what every active employee's name, first name, e-mail or first registration number starts with
  // (the columns the search reads), those about 30 employees share first; the server's count decides.
  const { items } = await count({ limit: 1000 });
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const holders = new Map<string, Set<string>>();
  for (const e of items) {
    const columns = [e.name, e.firstName, e.email ?? '', e.organizations[0]?.registrationNumber ?? ''].map(fold);
    for (const column of columns)
      for (let n = 1; n <= Math.min(8, column.length); n++) {
        const prefix = column.slice(0, n);
        if (/\s/.test(prefix)) break;
        holders.set(prefix, (holders.get(prefix) ?? new Set()).add(e.id));
      }
  }
  const candidates = [...holders]
    .map(([prefix, ids]) => [prefix, ids.size] as const)
    .filter(([, n]) => n >= 22 && n <= 39)
    .sort(([, a], [, b]) => Math.abs(a - 30) - Math.abs(b - 30))
    .slice(0, 12);
  const found: string[] = [];
  const seen: string[] = [];
  for (const [prefix, n] of candidates) {
    const counted = (await count({ search: prefix, limit: 20 })).count;
    seen.push(`${prefix}:${n}/${counted}`);
    // A margin on both sides: another path may add or deactivate an employee meanwhile.
    if (counted >= 22 && counted <= 39) found.push(prefix);
    if (found.length === 2) return (chosen = found);
  }
  throw new Error(
    `no two searches match between 22 and 39 employees of the organisation (${items.length} read; ${seen.join(' ')})`,
  );
}

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
  expect.poll(() => memo.get('reads') as number, { message: 'the picker reads employees' }).toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>, how: 'answer' | 'drop'): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'a read of the employees is on its way' }).toBeGreaterThan(0);
  for (const route of held.splice(0)) {
    // A read the page abandoned is already gone: nothing to let through.
    if (how === 'answer') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  }
}

const contextOf = (s: AnyMachineSnapshot) => s.context as ReadContext;
/** The fixture answer `e` says there is a next page. */
const answersMore = (s: AnyMachineSnapshot, e: Event<'api.read.succeeded'>) =>
  nextPageOf(contextOf(s).query, e.result) !== null;

export const readMembersAdapter: MachineAdapter = {
  machine: 'read',
  variant: 'the group member picker (pages)',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const { headers, session } = await logInThroughApi(page, 'admin');
    memo.set('searches', await twoPageSearches(page, headers, session.orgId));
    await holdReads(page, memo);
    await openLoggedIn(page, '/employee-groups/create');
    await expect(search(page)).toBeVisible();
  },
  how: {
    'read.query':
      'a search typed in « Ajouter des salariés » (21 to 40 employees match it), while a page is held or after',
    'read.more': '« Afficher plus » under the employees found',
    'api.read.succeeded':
      'the held read goes to the real server, which answers 20 employees (a first page) or the rest',
    'api.read.failed': 'the held read’s connection drops (the browser’s network): the picker says why, its rows stay',
  },
  events: {
    'read.query': async ({ page, event, memo }) => {
      const asked = memo.get('reads') as number;
      const [first, second] = memo.get('searches') as string[];
      const { query } = event as Event<'read.query'>;
      await search(page).fill(JSON.stringify(query) === JSON.stringify(QUERY_NEXT) ? second! : first!);
      await readAsked(memo, asked);
    },
    'read.more': async ({ page, memo }) => {
      const asked = memo.get('reads') as number;
      await moreButton(page).click();
      await readAsked(memo, asked);
    },
    'api.read.succeeded': async ({ memo }) => letReadsGo(memo, 'answer'),
    'api.read.failed': async ({ page, memo }) => {
      await letReadsGo(memo, 'drop');
      await expect(failure(page)).toBeVisible();
    },
  },
  // Every search typed has a next page, and the page after it is the last (21 to 40 employees match).
  offered: (snapshot, event) =>
    event.type !== 'api.read.succeeded' ||
    answersMore(snapshot, event as Event<'api.read.succeeded'>) === snapshot.matches('loading'),
  states: {
    'read.waiting': null,
    'read.loading': async (page) => {
      // A new search hides the rows of the last one until its answer.
      await expect(results(page)).toHaveCount(0);
      await expect(moreButton(page)).toHaveCount(0);
    },
    'read.shown': async (page, snapshot) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'false');
      if (snapshot.can({ type: 'read.more' })) await expect(moreButton(page)).toBeEnabled();
      else await expect(moreButton(page)).toHaveCount(0);
      if (contextOf(snapshot).failure) await expect(failure(page)).toBeVisible();
      else await expect(failure(page)).toHaveCount(0);
    },
    'read.loadingMore': async (page) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'true');
      await expect(moreButton(page)).toBeDisabled();
    },
    'read.failed': async (page) => {
      await expect(failure(page)).toBeVisible();
      await expect(results(page)).toHaveCount(0);
    },
  },
  notDriven: {
    'read.loadingMore —read.reload[0]→ read.loading':
      'the member picker reads again only for a new search: nothing reloads it while a next page is on its way',
  },
};
