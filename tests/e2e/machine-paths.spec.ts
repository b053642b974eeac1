/**
 * Generated paths replayed in Chromium through the real screens against the real server: for each
 * machine with a browser adapter (tests/e2e/paths/), the plan's covering set of paths. Each step
 * makes its event happen (a user action, or the real server's answer to it), moves the model by the
 * same event, and checks that the screen shows the state the model is now in. A passed path writes
 * the transitions it walked to tests/artifacts/paths/, which `npm run paths -- --check` reads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { activeLeaves, stepsOf } from '../harness/coverset.ts';
import type { MachineAdapter, ScreenCheck } from './paths/adapter.ts';
import { browserPlans } from './paths/plan.ts';
import { WALKED_DIR } from './paths/walked.ts';

/** The check for the deepest declared state the snapshot is in (a leaf, else its nearest declared parent). */
const checkFor = (adapter: MachineAdapter, snapshot: AnyMachineSnapshot): { id: string; check: ScreenCheck }[] =>
  activeLeaves(snapshot).map((leaf) => {
    for (let id = leaf; id; id = id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : '') {
      if (id in adapter.states) return { id, check: adapter.states[id]! };
    }
    throw new Error(`${adapter.machine}: the adapter says nothing of state ${leaf}`);
  });

let written = 0;

/**
 * A path's tab. Paths share their worker's browser context, so the next path's first load takes the
 * app's scripts from its cache (a fresh context fetched and compiled about seventy of them again: a
 * second or more of each path on two busy cores). That context is a persistent one (a profile in a
 * temporary folder, its own Chromium): Chromium keeps V8's compiled code only for such a profile, not
 * for an off-the-record context like `browser.newContext()`'s, and a page's load then took a third less
 * (1.1–1.3 s instead of 1.8 s, quiet machine). Between paths nothing of the last one is left: its
 * tabs closed, the origin's storage (local and session storage, IndexedDB, cookies) cleared, its
 * routes and permissions gone; a failed path's context is closed, the next path opens a new one. An
 * adapter that changes the context itself (`ownContext`: the clock, the network offline) gets its own.
 */
const test = base.extend<{ ownContext: boolean }, { workerContext: { current?: BrowserContext } }>({
  ownContext: [false, { option: true }],
  workerContext: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const holder: { current?: BrowserContext } = {};
      await use(holder);
      await holder.current?.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, playwright, ownContext, workerContext }, use, testInfo) => {
    const { baseURL, locale, reducedMotion, headless, launchOptions } = testInfo.project.use;
    const open = () => browser.newContext({ baseURL, locale, reducedMotion });
    const openShared = async (): Promise<BrowserContext> => {
      const profile = mkdtempSync(join(tmpdir(), 'paths-profile-'));
      const context = await playwright.chromium.launchPersistentContext(profile, {
        ...launchOptions,
        headless,
        baseURL,
        locale,
        reducedMotion,
      });
      // Chromium may still be writing into its profile as the context closes (« ENOTEMPTY » seen in CI): the
      // removal retries, and a folder left in the temporary directory fails no path.
      context.on('close', () => {
        try {
          rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        } catch {
          // left for the system's temporary-file cleanup
        }
      });
      return context;
    };
    const context = ownContext ? await open() : (workerContext.current ??= await openShared());
    const page: Page = await context.newPage();
    if (!ownContext) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseURL!).origin,
        storageTypes: 'cookies,local_storage,indexeddb,service_workers,cache_storage',
      });
      await cdp.detach();
    }
    await use(page);
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (ownContext || failed) {
      if (!ownContext) workerContext.current = undefined;
      await context.close();
      return;
    }
    for (const tab of context.pages()) await tab.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    await context.clearPermissions();
  },
});

for (const { entry, adapter, input, paths } of browserPlans()) {
  test.describe(`${entry.name} in the browser${adapter.variant ? `, ${adapter.variant}` : ''}`, () => {
    test.describe.configure({ mode: 'parallel' });
    // PATHS_OWN_CONTEXT=1: every path in a context of its own (to tell a leak between paths from a fault).
    test.use({ ownContext: adapter.ownContext ?? process.env.PATHS_OWN_CONTEXT === '1' });
    for (const path of paths) {
      test(path.transition, async ({ page }) => {
        test.setTimeout(90_000);
        const memo = new Map<string, unknown>();
        const steps = stepsOf(entry.machine, path.events, input);
        await test.step('start', () => adapter.start(page, path.events, memo));
        try {
          for (const [index, step] of steps.entries()) {
            const label = `${step.event.type} → ${JSON.stringify(step.after.value)}`;
            await test.step(label, async () => {
              await adapter.events[step.event.type]!({
                page,
                event: step.event,
                events: path.events,
                index,
                next: path.events[index + 1],
                before: step.before,
                memo,
              });
              for (const { check } of checkFor(adapter, step.after)) await check?.(page, step.after, memo);
            });
          }
        } finally {
          for (const cleanup of (memo.get('cleanup') as (() => Promise<void>)[] | undefined) ?? []) await cleanup();
        }
        mkdirSync(WALKED_DIR, { recursive: true });
        const file = join(WALKED_DIR, `${entry.name}-${test.info().workerIndex}-${(written += 1)}.json`);
        writeFileSync(
          file,
          JSON.stringify({ machine: entry.name, path: path.transition, walked: steps.flatMap((s) => s.transitions) }),
        );
      });
    }
  });
}
