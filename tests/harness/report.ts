/** The paths report of one machine, shared by `npm run paths` and the test that keeps docs/machines current. */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { uncoveredTransitions } from './assertions.ts';
import { transitionPaths, type Fixtures } from './paths.ts';
import { allStateNodes, listTransitions, type TransitionRef } from './transitions.ts';

export interface PathsReport {
  readonly machine: string;
  readonly states: readonly string[];
  readonly transitions: readonly TransitionRef[];
  readonly uncovered: readonly string[];
  readonly paths: readonly { transition: string; events: readonly EventObject[]; finalState: unknown }[];
}

export const pathsReport = (
  machine: AnyStateMachine,
  fixtures: Fixtures,
  input?: unknown,
  serializeState?: (snapshot: AnyMachineSnapshot) => string,
): PathsReport => {
  const paths = transitionPaths(machine, { events: fixtures, input, ...(serializeState ? { serializeState } : {}) });
  return {
    machine: machine.id,
    states: allStateNodes(machine).map((n) => n.id),
    transitions: listTransitions(machine),
    uncovered: uncoveredTransitions(machine, paths),
    paths: paths.map((p) => ({
      transition: p.transition.key,
      // actorId repeats the event type's suffix; QA reads the rest.
      events: p.events.map(({ actorId: _a, ...e }: EventObject & { actorId?: unknown }) => e),
      finalState: p.finalValue,
    })),
  };
};

export const reportJson = (report: PathsReport): string => `${JSON.stringify(report, null, 2)}\n`;
