/**
 * The ignored-pages machine in the browser: the « Pages ignorées » box of a campaign awaiting
 * validation. Each path creates its campaign through the real API from the demo's sample payroll
 * (three pages, one of them for a registration number nobody has: the split ignores it), waits for the
 * real split, then opens the campaign's page. The picker is opened and typed in on the page; its
 * search waits the app's own 300 ms once typing stops; the list, the searches and the assignment are
 * the real server's answers (what was read on the page names nobody; an empty search lists the
 * organisation's first employees). A failing list, search or assignment is the connection dropped for it.
 * Another operator giving the page is another session's call to the real assignment route.
 */
import { expect, type Page, type Request, type Response } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { IGNORED_ITEMS } from '../../../machines/ignored-pages/ignoredPages.fixtures.ts';
import { searchOfReadText } from '../../../machines/ignored-pages/ignoredPages.machine.ts';
import type { IgnoredPagesContext } from '../../../machines/ignored-pages/ignoredPages.types.ts';
import type { IgnoredPageItem, IgnoredPagesAnswer } from '../../../src/contract/dispatch.ts';
import type { Campaign, EmployeePage } from '../../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter, StepContext } from './adapter.ts';
import { createPayrollCampaign } from './payroll.ts';
import { afterDrop, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as IgnoredPagesContext;
const box = (page: Page) => page.getByRole('region', { name: fr('campaigns.ignored.title_one') });
const searchBox = (page: Page) => box(page).getByLabel(fr('campaigns.ignored.search'));
const assignButtons = (page: Page) => box(page).locator('[data-assign-employee]');
/** A toast of the app's alerts: errors are alerts, successes statuses. */
const toast = (page: Page, key: string, type: 'error' | 'success') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });

const EMPLOYEES = routeUrl('employees.list');
/** The picker's search for `text` (the app sends none for an empty one), not another list of employees. */
const isSearch = (text: string) => (request: Request) => {
  if (new URL(request.url()).pathname !== EMPLOYEES || request.method() !== 'POST') return false;
  // The picker's search: the campaign's organisation and below (`orgID`), active employees.
  const body = request.postDataJSON() as { search?: string; orgID?: string; status?: string };
  return Boolean(body.orgID) && body.status === 'active' && (body.search ?? '') === text.trim();
};

/** The next event that ends the picker's current search, if any comes before another search starts. */
const searchEnd = ({ events, index }: StepContext) => {
  for (const e of events.slice(index + 1)) {
    if (e.type.endsWith('.actor.searchEmployees')) return e.type;
    if (e.type === 'ignored.search.edit' || e.type === 'ignored.picker.toggle') return undefined;
  }
  return undefined;
};

/** Before what starts a search: its answer awaited, or its connection dropped when the path fails it. */
const expectSearch = async (ctx: StepContext, text: string) => {
  const { page, memo } = ctx;
  memo.set('text', text);
  if (searchEnd(ctx) === 'xstate.error.actor.searchEmployees') {
    await page.route(
      (url) => url.pathname === EMPLOYEES,
      async (route) => (isSearch(text)(route.request()) ? route.abort('internetdisconnected') : route.fallback()),
    );
    const failed = page.waitForEvent('requestfailed', isSearch(text));
    failed.catch(() => undefined);
    memo.set('dropped', failed);
    return;
  }
  const sent = page.waitForRequest(isSearch(text));
  const answer = page.waitForResponse((r) => isSearch(text)(r.request()));
  sent.catch(() => undefined);
  answer.catch(() => undefined);
  memo.set('searchSent', sent);
  memo.set('search', answer);
};

/** Once a page is given, the campaign has no ignored page left: the box is gone. */
const goneOnceAssigned = async (page: Page, memo: Map<string, unknown>) => {
  if (!memo.get('assigned')) return false;
  await expect(box(page)).toHaveCount(0);
  return true;
};

const sameItem = (a: IgnoredPageItem, b: IgnoredPageItem) => a.sourceId === b.sourceId && a.page === b.page;
/** The sample's ignored page is still listed in the model (not given, and the list read). */
const listed = (c: IgnoredPagesContext) => c.items.some((i) => sameItem(i, IGNORED_ITEMS[0]));

async function splitCampaign(page: Page, headers: Record<string, string>): Promise<Campaign> {
  const name = `Parcours pages ignorées ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const id = await createPayrollCampaign(page, headers, { name, review: true });
  let campaign: Campaign | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(routeUrl('campaigns.get', { id }), { headers });
        campaign = (await answer.json()) as Campaign;
        return campaign.status;
      },
      { message: `campaign ${id} split`, timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBe('NEEDS_VALIDATION');
  expect(campaign!.ignoredPages, 'the sample’s page for nobody is ignored').toBe(1);
  return campaign!;
}

export const ignoredPagesAdapter: MachineAdapter = {
  machine: 'ignored-pages',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { headers } = await logInThroughApi(page, 'admin');
    const campaign = await splitCampaign(page, headers);
    const list = await page.request.get(routeUrl('campaigns.ignoredPagesList', { id: campaign.id }), { headers });
    expect(list.ok(), await list.text()).toBe(true);
    memo.set('items', ((await list.json()) as IgnoredPagesAnswer).items);
    memo.set('headers', headers);
    memo.set('campaign', campaign);
    const listUrl = routeUrl('campaigns.ignoredPagesList', { id: campaign.id });
    memo.set('assignUrl', routeUrl('campaigns.assignIgnoredPage', { id: campaign.id }));
    if (events.some((e) => e.type === 'xstate.error.actor.loadItems')) await dropCall(page, listUrl, memo);
    else {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === listUrl);
      answer.catch(() => undefined);
      memo.set('list', answer);
    }
    await openLoggedIn(page, `/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
  },
  how: {
    'xstate.done.actor.loadItems':
      'the real server lists the campaign’s ignored page (the sample payroll’s page for nobody, ignored by the real split)',
    'xstate.error.actor.loadItems': 'the connection dropped for the list: the box lists no page',
    'ignored.picker.toggle': '« Attribuer à un salarié » on the ignored page (again to close the picker)',
    'ignored.search.edit': 'what was read erased in the picker’s search field (a space typed after it)',
    'ignored.search.settled': 'the app’s own 300 ms pass once typing stops: the search is sent',
    'xstate.done.actor.searchEmployees':
      'the real server’s employees: nobody for what was read on the page, the organisation’s first ones for an empty search',
    'xstate.error.actor.searchEmployees': 'the connection dropped for the search: nobody is offered',
    'ignored.assign': '« Attribuer à … » on the first employee found',
    'xstate.done.actor.assignPage':
      'the real server gives the page to the employee: the page says so and the campaign, left without ignored pages, drops the box',
    'xstate.error.actor.assignPage':
      'the connection dropped for the assignment: the page says the server is unreachable',
    'ignored.count.changed':
      'another session gives the page through the real API: the campaign’s push counts no page left, the list is read again',
  },
  events: {
    'xstate.done.actor.loadItems': async ({ memo }) => {
      expect((await (memo.get('list') as Promise<Response>)).status()).toBe(200);
    },
    'xstate.error.actor.loadItems': ({ page, memo }) => afterDrop(page, memo),
    'ignored.picker.toggle': async (ctx) => {
      const { page, before, memo, event } = ctx;
      const { open } = contextOf(before);
      const item = (event as EventObject & { item: IgnoredPageItem }).item;
      if (!open || !sameItem(open, item)) {
        const [real] = memo.get('items') as IgnoredPageItem[];
        await expectSearch(ctx, searchOfReadText(real!.readText));
      }
      await box(page)
        .getByRole('button', { name: fr('campaigns.ignored.assign') })
        .first()
        .click();
    },
    'ignored.search.edit': async (ctx) => {
      const text = (ctx.event as EventObject & { text: string }).text;
      const changed = text.trim() !== (ctx.memo.get('text') as string).trim();
      if (changed) await expectSearch(ctx, text);
      else ctx.memo.set('text', text);
      await searchBox(ctx.page).fill(text);
    },
    'ignored.search.settled': async ({ memo }) => {
      await (memo.get('searchSent') as Promise<Request> | undefined);
    },
    'xstate.done.actor.searchEmployees': async ({ memo }) => {
      const answer = await (memo.get('search') as Promise<Response>);
      expect(answer.ok(), await answer.text()).toBe(true);
      memo.set('found', ((await answer.json()) as EmployeePage).items);
    },
    'xstate.error.actor.searchEmployees': async ({ page, memo }) => {
      await afterDrop(page, memo);
      memo.set('found', []);
    },
    'ignored.assign': async ({ page, memo, events, index }) => {
      const url = memo.get('assignUrl') as string;
      // The assignment's outcome: the first the path names after it (a search may be edited meanwhile).
      const outcome = events.slice(index + 1).find((e) => e.type.endsWith('.actor.assignPage'));
      if (outcome?.type === 'xstate.error.actor.assignPage') {
        await dropCall(page, url, memo, 1_000);
        memo.set('dropping', true);
      } else {
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === url);
        answer.catch(() => undefined);
        memo.set('assign', answer);
        // The real assignment answers at once: the box may be gone before the model hears it.
        memo.set('assigned', true);
      }
      await assignButtons(page).first().click();
    },
    'xstate.done.actor.assignPage': async ({ page, memo }) => {
      const answer = await (memo.get('assign') as Promise<Response>);
      expect(answer.ok(), `the assignment answered ${answer.status()}`).toBe(true);
      await expect(toast(page, 'campaigns.ignored.assigned', 'success')).toBeVisible();
    },
    'ignored.count.changed': async ({ page, memo }) => {
      const headers = memo.get('headers') as Record<string, string>;
      const campaign = memo.get('campaign') as Campaign;
      const [item] = memo.get('items') as IgnoredPageItem[];
      const found = await page.request.post(routeUrl('employees.list'), {
        headers,
        data: { limit: 1, organizations: [{ organizationId: campaign.organizationId, active: true }] },
      });
      const [employee] = ((await found.json()) as EmployeePage).items;
      const listUrl = routeUrl('campaigns.ignoredPagesList', { id: campaign.id });
      const reread = page.waitForResponse((r) => new URL(r.url()).pathname === listUrl);
      reread.catch(() => undefined);
      memo.set('list', reread);
      // The page is no longer this screen's to give: its box goes with the campaign's last ignored page.
      memo.set('assigned', true);
      const given = await page.request.post(memo.get('assignUrl') as string, {
        headers,
        data: { sourceId: item!.sourceId, page: item!.page, employeeId: employee!.id },
      });
      expect(given.ok(), await given.text()).toBe(true);
    },
    'xstate.error.actor.assignPage': async ({ page, memo }) => {
      await afterDrop(page, memo);
      memo.set('dropping', false);
      await expect(toast(page, ERROR_KEYS.network, 'error')).toBeVisible();
    },
  },

  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      // The sample payroll has one page for nobody, given once: its button is there while it is listed.
      case 'ignored.picker.toggle':
        return sameItem((event as EventObject & { item: IgnoredPageItem }).item, IGNORED_ITEMS[0]) && listed(c);
      // What was read on an ignored page names nobody; an empty search lists employees.
      case 'xstate.done.actor.searchEmployees':
        return (event as EventObject & { output: unknown[] }).output.length > 0 === (c.text.trim() === '');
      // The screen offers a button per employee found.
      case 'ignored.assign':
        return c.found.length > 0;
      case 'xstate.error.actor.assignPage':
        return (event as EventObject & { error: { key: string } }).error.key === ERROR_KEYS.network;
      // Another operator gives the sample's one ignored page: the count the push brings differs.
      // Not once it is given (by this page, or the other operator already): the real campaign has none left.
      case 'ignored.count.changed':
        return (event as EventObject & { count: number }).count !== c.items.length && listed(c);
      // The list read again after the other operator gave the page: the real server lists none, the model's
      // fixture two (it knows nothing of who gave what). A chained path ends there, as the unchained one did.
      case 'xstate.done.actor.loadItems':
      case 'xstate.error.actor.loadItems':
        return !(snapshot.matches('loading') && c.items.length > 0);
      default:
        return true;
    }
  },
  states: {
    'ignoredPages.loading': null,
    'ignoredPages.ready.closed': async (page, snapshot, memo) => {
      if (await goneOnceAssigned(page, memo)) return;
      await expect(box(page)).toBeVisible();
      const listed = contextOf(snapshot).items.length ? (memo.get('items') as IgnoredPageItem[]).length : 0;
      await expect(box(page).locator('[data-ignored-page]')).toHaveCount(listed);
      await expect(searchBox(page)).toHaveCount(0);
    },
    'ignoredPages.ready.open.search': async (page, _snapshot, memo) => {
      if (await goneOnceAssigned(page, memo)) return;
      await expect(searchBox(page)).toHaveValue(memo.get('text') as string);
    },
    'ignoredPages.ready.open.search.idle': async (page, _snapshot, memo) => {
      if (await goneOnceAssigned(page, memo)) return;
      await expect(searchBox(page)).toHaveValue(memo.get('text') as string);
      const found = (memo.get('found') as unknown[]).length;
      await expect(assignButtons(page)).toHaveCount(found);
      if (!found) await expect(box(page).getByText(fr('campaigns.ignored.noneFound'))).toBeVisible();
    },
    'ignoredPages.ready.open.assign.idle': async (page, _snapshot, memo) => {
      await goneOnceAssigned(page, memo);
    },
    'ignoredPages.ready.open.assign.assigning': async (page, _snapshot, memo) => {
      // While the dropped assignment waits: every « Attribuer à … » waits with it.
      if (memo.get('dropping')) for (const b of await assignButtons(page).all()) await expect(b).toBeDisabled();
    },
  },
};
