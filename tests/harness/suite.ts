import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { assertEveryTransitionCovered, assertFixturesComplete } from './assertions.ts';
import { transitionPaths, type PathOptions } from './paths.ts';
import { replayPath } from './replay.ts';

/** The generated-path suite every machine's `*.paths.test.ts` runs. */
export const describePathsSuite = (machine: AnyStateMachine, options: PathOptions): void => {
  describe(`${machine.id}: generated paths`, () => {
    const paths = transitionPaths(machine, options);

    it('has a fixture for every event the machine accepts', () => {
      assertFixturesComplete(machine, options.events);
    });

    it('covers every transition with a path', () => {
      assertEveryTransitionCovered(machine, paths);
    });

    it.each(paths.map((p) => [p.transition.key, p] as const))('%s', async (_key, path) => {
      const result = await replayPath(machine, path, options.input);
      expect(result.value).toEqual(path.finalValue);
      expect(result.context).toEqual(JSON.parse(JSON.stringify(path.finalContext)));
    });
  });
};
