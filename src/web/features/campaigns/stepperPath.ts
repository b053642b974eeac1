/**
 * The compact stepper's steps, read from the lifecycle graph (never drawn by hand): the main path
 * walks from the initial state to the next state in chart order each time (splitting → to validate →
 * distribution → distributed); a current state off that path (in error, refused, canceled) replaces
 * what follows the step it was reached from.
 */
import type { LifecycleGraph } from './lifecycleGraph.ts';

/** `skipped`: a step of the main path this campaign does not go through (no review: no validation). */
export type StepMark = 'done' | 'current' | 'todo' | 'skipped';
export interface Step {
  readonly state: string;
  readonly mark: StepMark;
  /** Off the main path (an error or an end before distribution). */
  readonly branch: boolean;
}

export const mainPath = (graph: LifecycleGraph): string[] => {
  const path: string[] = [];
  let at = graph.initial;
  while (at && !path.includes(at)) {
    path.push(at);
    const index = graph.states.indexOf(at);
    const next = graph.edges
      .filter((e) => e.from === at)
      .map((e) => graph.states.indexOf(e.to))
      .filter((i) => i > index)
      .sort((a, b) => a - b)[0];
    at = next === undefined ? null : (graph.states[next] ?? null);
  }
  return path;
};

/**
 * The steps to draw for `current`; `via` names the main-path step a branch state was reached from
 * when the graph allows several (an error while splitting rather than while distributing); `skip`
 * names main-path steps this one never goes through (validation, for a campaign without review):
 * they are drawn skipped, never ticked as passed.
 */
export const stepsFor = (
  graph: LifecycleGraph,
  current: string,
  via?: string,
  skip: readonly string[] = [],
): Step[] => {
  const path = mainPath(graph);
  const skipped = (state: string) => state !== current && skip.includes(state);
  const at = path.indexOf(current);
  if (at >= 0)
    return path.map((state, i) => ({
      state,
      mark: skipped(state) ? 'skipped' : i < at ? 'done' : i === at ? 'current' : 'todo',
      branch: false,
    }));
  const from =
    via && path.includes(via)
      ? path.indexOf(via)
      : Math.max(...graph.edges.filter((e) => e.to === current).map((e) => path.indexOf(e.from)));
  const before = path.slice(0, Math.max(0, from) + 1);
  return [
    ...before.map((state) => ({
      state,
      mark: skipped(state) ? ('skipped' as const) : ('done' as const),
      branch: false,
    })),
    { state: current, mark: 'current', branch: true },
  ];
};
