import type { AnyStateMachine } from 'xstate';
import type { Fixtures, TransitionPath } from './paths.ts';
import { acceptedEventTypes, listTransitions } from './transitions.ts';

export class CoverageError extends Error {}

export const uncoveredTransitions = (machine: AnyStateMachine, paths: readonly TransitionPath[]): string[] => {
  const covered = new Set(paths.map((p) => p.transition.key));
  return listTransitions(machine)
    .map((t) => t.key)
    .filter((key) => !covered.has(key));
};

export const assertEveryTransitionCovered = (machine: AnyStateMachine, paths: readonly TransitionPath[]): void => {
  const missing = uncoveredTransitions(machine, paths);
  if (missing.length) {
    throw new CoverageError(
      `${machine.id}: ${missing.length} transition(s) without a path:\n  ${missing.join('\n  ')}`,
    );
  }
};

export const assertFixturesComplete = (machine: AnyStateMachine, fixtures: Fixtures): void => {
  const missing = acceptedEventTypes(machine).filter((type) => !fixtures[type]?.length);
  if (missing.length) {
    throw new CoverageError(`${machine.id}: event type(s) without a fixture: ${missing.join(', ')}`);
  }
};
