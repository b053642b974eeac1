/**
 * One read of a list in the browser (machines/read), on the users list (`/users`, the administrator):
 * opened with the search « du » in its URL, so the first read asks what the model's first query does.
 *
 * The list's reads are held in the browser's network until the path's next fact: then they go to the
 * real server, which answers (`api.read.succeeded`), or the connection drops under them
 * (`api.read.failed`, the list's error alert and « Réessayer »). While one is held the table is seen
 * loading, and a new search can be typed: the read it supersedes is abandoned by the page, and the held
 * answer to it, let go with the newer one, never lands (the machine matches the bus fact to its call).
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { ReadEvent } from '../../../machines/read/index.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { holdReads, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Event<T extends ReadEvent['type']> = Extract<ReadEvent, { type: T }>;

const table = (page: Page) => page.getByRole('table', { name: fr('users.list.label') });
const retry = (page: Page) => page.getByRole('button', { name: fr('common.actions.retry'), exact: true });
const search = (page: Page) => page.getByRole('searchbox', { name: fr('users.list.search') });
const failureToast = (page: Page) =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole('alert')
    .filter({ hasText: fr('api.getUsers.error') });

const pathOf = (url: string) => new URL(url, 'http://app').pathname;

const heldReads = (memo: Map<string, unknown>) => memo.get('held') as Route[];
const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect.poll(() => memo.get('reads') as number, { message: 'the list reads its users again' }).toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>, how: 'answer' | 'drop'): Promise<void> {
  await expect.poll(() => heldReads(memo).length, { message: 'a read of the users is on its way' }).toBeGreaterThan(0);
  for (const route of heldReads(memo).splice(0)) {
    // A read the page abandoned is already gone: nothing to let through.
    if (how === 'answer') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  }
}

export const readAdapter: MachineAdapter = {
  machine: 'read',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    await holdReads(page, pathOf(routeUrl('users.list')), memo);
    await openLoggedIn(page, '/users?q=du');
    await expect(page.getByRole('heading', { level: 1, name: fr('sections.users') })).toBeVisible();
  },
  how: {
    'read.query':
      'the list asks for its users once opened (search « du » in the URL); then a new search typed, while a read is held or after',
    'read.reload': '« Réessayer » under the search once a read has failed',
    'api.read.succeeded': 'the held read goes to the real server, which answers the users',
    'api.read.failed': 'the held read’s connection drops (the browser’s network): the list’s error alert',
  },
  events: {
    'read.query': async ({ page, event, before, memo }) => {
      if (before.matches('waiting')) return readAsked(memo, 0);
      const asked = memo.get('reads') as number;
      const { body } = (event as Event<'read.query'>).query as { body: { search: string } };
      await search(page).fill(body.search);
      await readAsked(memo, asked);
    },
    'read.reload': async ({ page, memo }) => {
      const asked = memo.get('reads') as number;
      await retry(page).click();
      await readAsked(memo, asked);
    },
    'api.read.succeeded': async ({ memo }) => letReadsGo(memo, 'answer'),
    'api.read.failed': async ({ page, memo }) => {
      await letReadsGo(memo, 'drop');
      await expect(failureToast(page).first()).toBeVisible();
    },
  },
  // The users list has no action that changes its rows: only a failed read offers to read again.
  offered: (snapshot, event) => event.type !== 'read.reload' || snapshot.matches('failed'),
  states: {
    'read.waiting': null,
    'read.loading': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
      await expect(retry(page)).toHaveCount(0);
    },
    'read.shown': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(retry(page)).toHaveCount(0);
    },
    'read.failed': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(retry(page)).toBeVisible();
    },
  },
  notDriven: {
    'read.loading —read.reload[0]→ read.loading':
      'the users list reads again only on « Réessayer », shown after a failure: no action of the page changes its rows while a read is on its way (the campaign and signbook lists read again on a push)',
    'read.shown —read.reload[0]→ read.loading':
      'the users list has no action that changes its rows (the campaign and signbook lists read again on a push, which this list does not follow)',
  },
};
