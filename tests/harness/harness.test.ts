import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  assertEveryTransitionCovered,
  assertFixturesComplete,
  CoverageError,
  uncoveredTransitions,
} from './assertions.ts';
import { transitionPaths } from './paths.ts';
import { replayPath } from './replay.ts';

const door = setup({
  types: {} as {
    context: { opened: number };
    events:
      { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock'; code: string } | { type: 'door.unlock' };
  },
  actors: { checkCode: fromPromise<boolean, { code: string }>(async () => true) },
  guards: { isBroken: () => false },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': { target: 'open', actions: assign({ opened: ({ context }) => Math.min(1, context.opened + 1) }) },
        'door.lock': 'locking',
      },
    },
    open: { on: { 'door.close': 'closed' } },
    locking: {
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ event }) => ({ code: (event as { code: string }).code }),
        onDone: 'locked',
      },
    },
    locked: {
      on: {
        'door.unlock': 'closed',
        // Never enabled: the harness must report it as uncovered.
        'door.open': { guard: 'isBroken', target: 'open' },
      },
    },
  },
});

const fixtures = {
  'door.open': [{ type: 'door.open' }],
  'door.close': [{ type: 'door.close' }],
  'door.lock': [{ type: 'door.lock', code: '1234' }],
  'door.unlock': [{ type: 'door.unlock' }],
  'xstate.done.actor.checkCode': [{ type: 'xstate.done.actor.checkCode', output: true, actorId: 'checkCode' }],
};

describe('harness self-test', () => {
  it('builds one path per reachable transition, each ending where the machine ends', async () => {
    const paths = transitionPaths(door, { events: fixtures });
    const unlock = paths.find((p) => p.transition.event === 'door.unlock');
    expect(unlock?.events.map((e) => e.type)).toEqual(['door.lock', 'xstate.done.actor.checkCode', 'door.unlock']);
    for (const path of paths) {
      const result = await replayPath(door, path);
      expect(result.value).toEqual(path.finalValue);
    }
  });

  it('fails listing a transition that no path covers', () => {
    const paths = transitionPaths(door, { events: fixtures });
    expect(uncoveredTransitions(door, paths)).toEqual(['door.locked —door.open[0]→ door.open']);
    expect(() => assertEveryTransitionCovered(door, paths)).toThrow(CoverageError);
    expect(() => assertEveryTransitionCovered(door, paths)).toThrow(/door\.locked —door\.open/);
  });

  it('fails when an accepted event type has no fixture', () => {
    const { 'door.unlock': _dropped, ...incomplete } = fixtures;
    expect(() => assertFixturesComplete(door, incomplete)).toThrow(/door\.unlock/);
    expect(() => assertFixturesComplete(door, fixtures)).not.toThrow();
  });

  it('fails a replay whose actor output arrives while the machine invoked nothing', async () => {
    const bogus = {
      transition: { key: 'x', source: 'door.closed', event: 'x', index: 0, guard: null, targets: [] },
      events: [{ type: 'xstate.done.actor.checkCode', output: true }],
      finalValue: 'locked',
      finalContext: {},
    };
    await expect(replayPath(door, bogus)).rejects.toThrow(/did not invoke it/);
  });
});
