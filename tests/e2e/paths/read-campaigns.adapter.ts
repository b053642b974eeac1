/**
 * The read machine (machines/read) on a second screen: the campaigns list (`/campaigns`, the administrator),
 * which reads again on a push (`staleOn`: `push.campaign.updated`). It walks what the users list leaves
 * (`read.adapter.ts`): a reload from `shown` and a reload while `loading`.
 *
 * A reload is a campaign created through the real creation route (`createPayrollCampaign`, awaiting
 * validation once split): its push makes the list read again. While the model is loading, every read of
 * the list is held in the browser's network (`page.route`) until the path's answer lets them go to the real
 * server; once shown, reads go straight to the server, so another path's campaign heard meanwhile only
 * refreshes the rows. A reload while loading is the list's read held, the campaign created, its push asking
 * a new read (held too), then the held reads released: the one the page abandoned never lands.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { createPayrollCampaign } from './payroll.ts';
import { afterPath, logInThroughApi, openLoggedIn, pushJoined, skipWelcome } from './screens.ts';

const table = (page: Page) => page.getByRole('table', { name: fr('campaigns.list.label') });
const LIST_PATH = new URL(routeUrl('campaigns.list'), 'http://app').pathname;

/** Reads wait in the browser's network while `memo.hold` is set (the model loading), else go straight through. */
async function holdReads(page: Page, memo: Map<string, unknown>): Promise<void> {
  const held: Route[] = [];
  memo.set('held', held);
  memo.set('reads', 0);
  memo.set('hold', true); // the page's first read
  await page.route(
    (url) => url.pathname === LIST_PATH,
    async (route) => {
      memo.set('reads', (memo.get('reads') as number) + 1);
      if (!memo.get('hold')) return route.continue().catch(() => undefined);
      held.push(route);
    },
  );
}
const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect
    .poll(() => memo.get('reads') as number, { message: 'the list reads its campaigns again', timeout: 20_000 })
    .toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'a read of the campaigns is on its way' }).toBeGreaterThan(0);
  memo.set('hold', false);
  // A read the page abandoned (a newer one overtook it) is already gone: nothing to let through.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
}

let unique = 0;

export const readCampaignsAdapter: MachineAdapter = {
  machine: 'read',
  variant: 'the campaigns list (push)',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const { headers } = await logInThroughApi(page, 'admin');
    memo.set('headers', headers);
    await holdReads(page, memo);
    memo.set('joined', pushJoined(page));
    await openLoggedIn(page, '/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: fr('sections.campaigns') })).toBeVisible();
  },
  how: {
    'read.query': 'the list asks for its campaigns once opened',
    'read.reload':
      'a campaign created through the real creation route (another call of the administrator’s session): its push reads the list again',
    'api.read.succeeded': 'the held reads go to the real server, which answers the campaigns',
  },
  events: {
    'read.query': async ({ memo }) => readAsked(memo, 0),
    'read.reload': async ({ page, memo }) => {
      await (memo.get('joined') as Promise<void>);
      memo.set('hold', true);
      const asked = memo.get('reads') as number;
      const name = `Parcours lecture ${Date.now()}-${(unique += 1)}`;
      const headers = memo.get('headers') as Record<string, string>;
      const id = await createPayrollCampaign(page, headers, { name, review: true });
      // Out of the way of the later paths (its place among the campaigns to validate).
      afterPath(memo, async () => {
        await page.request.post(routeUrl('campaigns.cancel', { id }), { headers }).catch(() => undefined);
      });
      await readAsked(memo, asked);
    },
    'api.read.succeeded': async ({ memo }) => letReadsGo(memo),
  },
  // No search is typed here (the users list walks new queries); a reload is a push, heard in any state but waiting.
  offered: (snapshot, event) =>
    event.type === 'read.query'
      ? snapshot.matches('waiting')
      : event.type !== 'read.reload' || !snapshot.matches('failed'),
  states: {
    'read.waiting': null,
    'read.loading': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
    },
    'read.shown': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
    },
  },
};
