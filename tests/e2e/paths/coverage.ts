/**
 * Per machine and per transition, the layers that cover it: machine (a generated path replayed on
 * the machine), API (a suite replaying every path through the real API), browser (the replay's
 * plan, or what the last replay walked when its records are given).
 */
import { MACHINES } from '../../../machines/catalog.ts';
import { pathsReport } from '../../harness/report.ts';
import { API_SUITES } from '../../harness/layers.ts';
import { plansByMachine } from './plan.ts';

export type LayerName = 'machine' | 'api' | 'browser';

export interface TransitionCoverage {
  readonly key: string;
  readonly machine: boolean;
  readonly api: boolean;
  readonly browser: boolean;
  /** Why the browser does not walk it (adapter's reason), when it does not. */
  readonly browserGap: string | null;
}

export interface MachineCoverage {
  readonly name: string;
  readonly transitions: readonly TransitionCoverage[];
  readonly apiSuite: string | null;
  /** `null` when no browser adapter exists for the machine. */
  readonly browserPaths: number | null;
  readonly percent: Readonly<Record<LayerName, number>>;
}

const percent = (n: number, total: number) => (total ? Math.floor((n / total) * 1000) / 10 : 100);

/** `walked`: what a browser replay walked, per machine; without it, the plan (what the replay walks when it passes). */
export const coverage = (walked?: ReadonlyMap<string, ReadonlySet<string>>): MachineCoverage[] => {
  const plans = plansByMachine();
  return MACHINES.map(({ name, machine, fixtures, input, serializeState }) => {
    const report = pathsReport(machine, fixtures, input, serializeState);
    const onMachine = new Set(report.paths.map((p) => p.transition));
    const apiSuite = API_SUITES[name] ?? null;
    const plan = plans.get(name);
    const browserSet = walked ? (walked.get(name) ?? new Set<string>()) : (plan?.walks ?? new Set<string>());
    const transitions = report.transitions.map(({ key }) => ({
      key,
      machine: onMachine.has(key),
      api: apiSuite !== null && onMachine.has(key),
      browser: browserSet.has(key),
      browserGap: browserSet.has(key)
        ? null
        : plan
          ? (plan.notDriven.get(key) ?? 'planned, but the replay did not walk it')
          : 'no browser adapter for this machine yet',
    }));
    const count = (layer: LayerName) => transitions.filter((t) => t[layer]).length;
    return {
      name,
      transitions,
      apiSuite,
      browserPaths: plan ? plan.paths : null,
      percent: {
        machine: percent(count('machine'), transitions.length),
        api: percent(count('api'), transitions.length),
        browser: percent(count('browser'), transitions.length),
      },
    };
  });
};
