/**
 * What a path walks and the fewest paths that walk a set of transitions. A generated path (one per
 * transition) also walks every transition on its way; the browser replays only a covering set of
 * them, since each browser path costs a login and seconds of screens.
 */
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { describeTransition } from './transitions.ts';

export interface Step {
  readonly before: AnyMachineSnapshot;
  readonly event: EventObject;
  readonly after: AnyMachineSnapshot;
  /** The transition keys the step takes (more than one when parallel regions react). */
  readonly transitions: readonly string[];
}

/** The path's steps on the machine, by pure transitions (no actor runs: an actor's outcome is an event). */
export const stepsOf = (machine: AnyStateMachine, events: readonly EventObject[], input?: unknown): Step[] => {
  // The graph module's typings are per machine; this works on any machine.
  let [snapshot] = initialTransition(machine as never, input as never) as unknown as [AnyMachineSnapshot];
  return events.map((event) => {
    const before = snapshot;
    const transitions = machine.getTransitionData(before, event).map((t) => describeTransition(t).key);
    [snapshot] = transition(machine as never, before as never, event as never) as unknown as [AnyMachineSnapshot];
    return { before, event, after: snapshot, transitions };
  });
};

/** Every transition a path walks, in order. */
export const walkedTransitions = (
  machine: AnyStateMachine,
  events: readonly EventObject[],
  input?: unknown,
): string[] => stepsOf(machine, events, input).flatMap((s) => s.transitions);

/** The ids of the atomic (and final) states a snapshot is in, deepest first in document order. */
export const activeLeaves = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot as unknown as { _nodes: { id: string; type: string }[] })._nodes
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.id);

/**
 * Greedy set cover: repeatedly the path that walks the most transitions not yet walked (the shorter
 * one on a tie), until nothing new is left. Returns the chosen indexes in a stable order.
 */
export const coveringSet = (walks: readonly (readonly string[])[]): number[] => {
  const covered = new Set<string>();
  const chosen: number[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    walks.forEach((walk, index) => {
      const gain = new Set(walk.filter((key) => !covered.has(key))).size;
      if (gain > bestGain || (gain === bestGain && gain > 0 && walk.length < walks[best]!.length)) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.push(best);
    walks[best]!.forEach((key) => covered.add(key));
  }
  return chosen.sort((a, b) => a - b);
};
