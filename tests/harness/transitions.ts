/**
 * The machine's own list of transitions, read from its definition (`machine.root`), so coverage
 * is measured against what the chart declares rather than against what a traversal happened to find.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface TransitionRef {
  /** Stable identity: `source —event[index]→ targets`. */
  readonly key: string;
  readonly source: string;
  readonly event: string;
  readonly index: number;
  readonly guard: string | null;
  readonly targets: readonly string[];
}

export const allStateNodes = (machine: AnyStateMachine): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
};

const guardName = (t: AnyTransitionDefinition): string | null => {
  const g: unknown = t.guard;
  if (!g) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g !== null && 'type' in g) return String((g as { type: unknown }).type);
  return 'inline';
};

export const describeTransition = (t: AnyTransitionDefinition): TransitionRef => {
  const list: readonly AnyTransitionDefinition[] = t.source.transitions.get(t.eventType) ?? [];
  const index = Math.max(0, list.indexOf(t));
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
  const arrow = targets.length ? targets.join(',') : '(self)';
  return {
    key: `${t.source.id} —${t.eventType}[${index}]→ ${arrow}`,
    source: t.source.id,
    event: t.eventType,
    index,
    guard: guardName(t),
    targets,
  };
};

/** Every declared event transition (delayed `after` transitions are refused: see stack.md). */
export const listTransitions = (machine: AnyStateMachine): TransitionRef[] =>
  allStateNodes(machine).flatMap((node) =>
    [...node.transitions.values()].flat().map((t) => {
      if (t.eventType.startsWith('xstate.after.')) {
        throw new Error(`${node.id}: 'after' transitions cannot be traversed; use a delayed raise with an id`);
      }
      return describeTransition(t);
    }),
  );

/** Event types the chart reacts to anywhere: each one needs a fixture. */
export const acceptedEventTypes = (machine: AnyStateMachine): string[] =>
  [...new Set(allStateNodes(machine).flatMap((node) => [...node.transitions.keys()]))].sort();
