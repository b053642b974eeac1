/**
 * The campaign lifecycle as a graph read from the machine itself (top-level states and the
 * transitions leaving them, nested ones included), so the diagram can never drift from the chart.
 */
import type { AnyStateMachine } from 'xstate';

type Node = AnyStateMachine['root'];

export interface LifecycleEdge {
  readonly from: string;
  readonly to: string;
  /** The event's type; `null` for the machine's own moves (a job's result, a timer, an eventless check). */
  readonly event: string | null;
}

export interface LifecycleGraph {
  readonly states: readonly string[];
  readonly initial: string | null;
  readonly finals: readonly string[];
  readonly edges: readonly LifecycleEdge[];
}

const descendants = (node: Node): Node[] => [
  node,
  ...Object.values(node.states as Record<string, Node>).flatMap(descendants),
];

const ownEvent = (type: string): string | null => (type === '' || type.startsWith('xstate.') ? null : type);

export const lifecycleGraph = (machine: AnyStateMachine): LifecycleGraph => {
  const top = machine.root.states as Record<string, Node>;
  const states = Object.keys(top);
  const topOf = (node: Node): string | undefined => node.path[0];
  const edges: LifecycleEdge[] = [];
  const seen = new Set<string>();
  for (const from of states) {
    for (const node of descendants(top[from] as Node)) {
      const moves = [...node.transitions.entries()].flatMap(([type, defs]) => defs.map((d) => ({ type, d })));
      for (const { type, d } of [...moves, ...(node.always ?? []).map((d) => ({ type: '', d }))]) {
        for (const target of d.target ?? []) {
          const to = topOf(target as Node);
          if (!to || to === from) continue;
          const edge = { from, to, event: ownEvent(type) };
          const key = `${from}>${to}>${edge.event ?? ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          edges.push(edge);
        }
      }
    }
  }
  const initial = (machine.root.initial?.target?.[0] as Node | undefined)?.path[0] ?? null;
  const finals = states.filter((s) => (top[s] as Node).type === 'final');
  return { states, initial, finals, edges };
};

/** The top-level state a snapshot value sits in (`{ inError: 'retryable' }` → `inError`). */
export const topStateOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? (Object.keys(value)[0] ?? null) : null;
