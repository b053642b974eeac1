/**
 * The calls the directory bench times, with the goals of issue 5 ("Scale"). A scenario may read
 * the answer of an earlier one (the keyset page continues after the deep page's last row).
 */
import type { EmployeePage, EmployeeSearchBody } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';

export interface Scenario {
  id: string;
  label: string;
  route: RouteId;
  /** p95 goal in ms; null where the issue sets none. */
  goalMs: number | null;
  /** undefined: cannot run (what it depends on is missing). */
  body(context: Map<string, unknown>): EmployeeSearchBody | undefined;
  remember?(answer: unknown, context: Map<string, unknown>): void;
}

export const DEEP_OFFSET = 50_000;
export const SEARCH = 'mar';

export const SCENARIOS: readonly Scenario[] = [
  { id: 'default', label: 'default page + total', route: 'employees.list', goalMs: 30, body: () => ({}) },
  {
    id: 'deep',
    label: `page at offset ${DEEP_OFFSET.toLocaleString('en')}`,
    route: 'employees.list',
    goalMs: 30,
    body: () => ({ offset: DEEP_OFFSET }),
    remember: (answer, context) => context.set('cursor', (answer as EmployeePage).nextCursor ?? undefined),
  },
  {
    id: 'keyset',
    label: 'next page after that row (keyset)',
    route: 'employees.list',
    goalMs: 5,
    body: (context) => {
      const after = context.get('cursor');
      return typeof after === 'string' ? { after } : undefined;
    },
  },
  {
    id: 'sort',
    label: 'sorted by birthDate desc',
    route: 'employees.list',
    goalMs: null,
    body: () => ({ order: { field: 'birthDate', sens: 'desc' } }),
  },
  {
    id: 'search',
    label: `list search "${SEARCH}" + total`,
    route: 'employees.list',
    goalMs: 60,
    body: () => ({ search: SEARCH }),
  },
  {
    id: 'global-search',
    label: `global search "${SEARCH}"`,
    route: 'employees.search',
    goalMs: 60,
    body: () => ({ search: SEARCH }),
  },
  { id: 'stats', label: 'stats', route: 'employees.stats', goalMs: null, body: () => ({}) },
  // Counted again for every session following the organisation at each event that moves a badge.
  { id: 'badges', label: 'side-navigation badges', route: 'shell.badges', goalMs: null, body: () => ({}) },
];
