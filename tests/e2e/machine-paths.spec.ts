/**
 * Generated paths replayed in Chromium through the real screens against the real server: for each
 * machine with a browser adapter (tests/e2e/paths/), the plan's covering set of paths. Each step
 * makes its event happen (a user action, or the real server's answer to it), moves the model by the
 * same event, and checks that the screen shows the state the model is now in. A passed path writes
 * the transitions it walked to tests/artifacts/paths/, which `npm run paths -- --check` reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
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

for (const { entry, adapter, input, paths } of browserPlans()) {
  test.describe(`${entry.name} in the browser${adapter.variant ? `, ${adapter.variant}` : ''}`, () => {
    test.describe.configure({ mode: 'parallel' });
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
