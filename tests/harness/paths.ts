/**
 * One test path per transition: the shortest path to the transition's source snapshot plus the
 * transition itself. Shortest/simple paths alone miss back-edges; this covers every edge the
 * traversal can take with the fixture events.
 */
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { describeTransition, type TransitionRef } from './transitions.ts';

export type Fixtures = Readonly<Record<string, readonly EventObject[]>>;

export interface TransitionPath {
  readonly transition: TransitionRef;
  readonly events: readonly EventObject[];
  readonly finalValue: StateValue;
  readonly finalContext: unknown;
}

export interface PathOptions {
  readonly events: Fixtures;
  readonly input?: unknown;
  /** Defaults to value + context; pass one that ignores growing context. */
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * Narrows the events tried in a state beyond what the machine accepts: the browser replay
   * generates its paths with what the screens offer there (tests/e2e/paths/).
   */
  readonly offered?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

const defaultSerialize = (s: AnyMachineSnapshot): string => JSON.stringify({ value: s.value, context: s.context });

export const transitionPaths = (machine: AnyStateMachine, options: PathOptions): TransitionPath[] => {
  const allEvents = Object.values(options.events).flat();
  const serialize = options.serializeState ?? defaultSerialize;
  const traversal = {
    input: options.input,
    events: (s: AnyMachineSnapshot) => allEvents.filter((e) => s.can(e) && (options.offered?.(s, e) ?? true)),
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
    limit: 20_000,
  };
  // The graph module's typings are per machine; this harness works on any machine.
  const adjacency = getAdjacencyMap(machine as never, traversal as never) as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const shortest = new Map<string, readonly EventObject[]>();
  for (const path of getShortestPaths(machine as never, traversal as never)) {
    const state = path.state as AnyMachineSnapshot;
    shortest.set(
      serialize(state),
      path.steps.slice(1).map((s) => s.event as EventObject),
    );
  }
  // getShortestPaths' first step is the initial (xstate.init) step; keep only sent events.
  const found = new Map<string, TransitionPath>();
  for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = shortest.get(serialized);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      for (const def of machine.getTransitionData(state, event)) {
        const ref = describeTransition(def);
        const events = [...prefix, event];
        const known = found.get(ref.key);
        if (!known || known.events.length > events.length) {
          found.set(ref.key, { transition: ref, events, finalValue: next.value, finalContext: next.context });
        }
      }
    }
  }
  return [...found.values()].sort((a, b) => a.transition.key.localeCompare(b.transition.key));
};
