/**
 * The document-visibility semantics pinned on examples (src/contract/rights.ts, `DocumentCriteria`):
 * each case states the documents a user sees, and both the SQL predicate and the reference must
 * return exactly those. PGlite by default; PostgreSQL with TEST_DATABASE_URL, like the server suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentCriteria } from '../../src/contract/rights.ts';
import { buildVisibility } from '../../src/server/auth/document-visibility.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../src/server/db/testing.ts';
import {
  criteria,
  referenceVerdicts,
  sqlVerdicts,
  uuidOf,
  type World,
  writeWorld,
} from './document-visibility.support.ts';

// Root A ⊃ B ⊃ C, and another root D. Employees e0, e1 in group g0; e2 in g1.
const [A, B, C, D] = [0, 1, 2, 3].map((i) => uuidOf('org', i)) as [string, string, string, string];
const [e0, e1, e2] = [0, 1, 2].map((i) => uuidOf('emp', i)) as [string, string, string];
const [g0, g1] = [0, 1].map((i) => uuidOf('grp', i)) as [string, string];
const doc = (n: number): string => uuidOf('doc', n);
const ALL_ORGS = [A, B, C, D];

const WORLD: World = {
  orgs: [
    { id: A, parentId: null },
    { id: B, parentId: A },
    { id: C, parentId: B },
    { id: D, parentId: null },
  ],
  employees: [e0, e1, e2],
  groups: [
    { id: g0, members: [e0, e1] },
    { id: g1, members: [e2] },
  ],
  documents: [
    // A March payslip in C.
    {
      id: doc(0),
      organizationId: C,
      employeeId: e0,
      typeCode: 'BULLETIN_PAIE',
      metaDatas: [
        { name: 'year', value: '2024' },
        { name: 'empName', value: 'Élodie Martin' },
      ],
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      emissionDate: '2024-04-02',
      depositedAt: '2024-04-03T08:00:00.000Z',
    },
    // A contract in D: no period, an emission date.
    {
      id: doc(1),
      organizationId: D,
      employeeId: e1,
      typeCode: 'CONTRAT_TRAVAIL',
      metaDatas: [{ name: 'empName', value: 'Zoé Dupont' }],
      periodStart: null,
      periodEnd: null,
      emissionDate: '2024-05-10',
      depositedAt: '2024-05-11T08:00:00.000Z',
    },
    // An employer-side note in B: no employee, no dates at all; deposited late on 30 June (UTC).
    {
      id: doc(2),
      organizationId: B,
      employeeId: null,
      typeCode: 'NOTE_SERVICE',
      metaDatas: [],
      periodStart: null,
      periodEnd: null,
      emissionDate: null,
      depositedAt: '2024-06-30T23:30:00.000Z',
    },
    // A payslip in A with only a period start; its year stored as a number.
    {
      id: doc(3),
      organizationId: A,
      employeeId: e2,
      typeCode: 'BULLETIN_PAIE',
      metaDatas: [{ name: 'year', value: 2024 }],
      periodStart: '2024-04-01',
      periodEnd: null,
      emissionDate: null,
      depositedAt: '2024-05-02T08:00:00.000Z',
    },
  ],
};

let db: Db;
let throwaway: ThrowawayDatabase | null = null;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    throwaway = await createThrowawayDatabase('vis_test');
    db = await openDb({ databaseUrl: throwaway.url, poolMax: 2 });
  } else {
    db = await openDb({ dataDir: 'memory://' });
  }
  await migrate(db);
  await writeWorld(db, WORLD);
});
afterAll(async () => {
  await db?.close();
  await throwaway?.drop();
});

/** The documents (by number) a user with these rules and organisations sees — per SQL and per reference, which must agree. */
async function seen(rules: DocumentCriteria[], visible: string[] = ALL_ORGS): Promise<number[]> {
  const numbers = (verdicts: Map<string, boolean | null>) =>
    WORLD.documents.flatMap((d, n) => (verdicts.get(d.id) === true ? [n] : []));
  const bySql = numbers(await sqlVerdicts(db, rules, visible));
  expect(numbers(referenceVerdicts(WORLD, rules, visible)), 'reference').toEqual(bySql);
  return bySql;
}

describe('document visibility, by example', () => {
  it('no rule: every document of the organisations the user sees, and only those', async () => {
    expect(await seen([])).toEqual([0, 1, 2, 3]);
    // C is below B, but the user sees only A and B: the document in C stays hidden.
    expect(await seen([], [A, B])).toEqual([2, 3]);
    expect(await seen([], [])).toEqual([]);
  });

  it('a rule that sets nothing shows everything visible; rules that can match nothing show nothing', async () => {
    expect(await seen([criteria({})], [A, B])).toEqual([2, 3]);
    expect(await seen([criteria({ docTypes: ['ABSENT'] })])).toEqual([]);
    expect(await seen([criteria({ organizationIds: [uuidOf('unknown', 1)] })])).toEqual([]);
    // Organisations named by the rule but not visible to the user add nothing.
    expect(await seen([criteria({ organizationIds: [D] })], [A, B, C])).toEqual([]);
  });

  it('period bounds are inclusive calendar days, and a missing bound is open', async () => {
    expect(await seen([criteria({ periodStart: '2024-03-31' })])).toEqual([0, 1, 2, 3]);
    expect(await seen([criteria({ periodStart: '2024-04-01' })])).toEqual([1, 2, 3]);
    expect(await seen([criteria({ periodEnd: '2024-03-01' })])).toEqual([0]);
    expect(await seen([criteria({ periodEnd: '2024-02-29' })])).toEqual([]);
    // A date-time bound counts by its date part.
    expect(await seen([criteria({ periodStart: '2024-03-31T23:59:59Z', periodEnd: '2024-03-31' })])).toEqual([0]);
  });

  it('a period falls back: start ↔ end, then the emission date, then the deposit date (UTC day)', async () => {
    // Document 3 has only a start: its end is that start.
    expect(await seen([criteria({ periodStart: '2024-04-01', periodEnd: '2024-04-01' })])).toEqual([3]);
    expect(await seen([criteria({ periodStart: '2024-04-02', periodEnd: '2024-04-30' })])).toEqual([]);
    // Document 1 has no period: its emission date; document 2 nothing: its deposit day in UTC
    // (30 June, although it was already 1 July in Paris).
    expect(await seen([criteria({ periodStart: '2024-05-10', periodEnd: '2024-05-10' })])).toEqual([1]);
    expect(await seen([criteria({ periodStart: '2024-06-30', periodEnd: '2024-06-30' })])).toEqual([2]);
    expect(await seen([criteria({ periodStart: '2024-07-01', periodEnd: '2024-07-01' })])).toEqual([]);
  });

  it('a rule whose start is after its end matches nothing', async () => {
    expect(await seen([criteria({ periodStart: '2024-12-31', periodEnd: '2024-01-01' })])).toEqual([]);
  });

  it('an organisation covers its whole subtree', async () => {
    expect(await seen([criteria({ organizationIds: [B] })])).toEqual([0, 2]);
    expect(await seen([criteria({ organizationIds: [A] })])).toEqual([0, 2, 3]);
    expect(await seen([criteria({ organizationIds: [C, D] })])).toEqual([0, 1]);
    // Ids compare as uuids, whatever their case.
    expect(await seen([criteria({ organizationIds: [B.toUpperCase()] })])).toEqual([0, 2]);
  });

  it('employees and employee groups: listed or a member; both set, both hold; no employee, no match', async () => {
    expect(await seen([criteria({ employeeIds: [e0, e2] })])).toEqual([0, 3]);
    expect(await seen([criteria({ employeeGroupIds: [g0] })])).toEqual([0, 1]);
    expect(await seen([criteria({ employeeGroupIds: [g0], employeeIds: [e1, e2] })])).toEqual([1]);
    expect(await seen([criteria({ employeeGroupIds: [g1], employeeIds: [e0] })])).toEqual([]);
  });

  it('metadata: a name, a name and its value (a string, exactly), or a value whatever its name', async () => {
    expect(await seen([criteria({ metaKey: 'year' })])).toEqual([0, 3]);
    // Document 3 stores its year as a number: it has the name, not the value '2024'.
    expect(await seen([criteria({ metaKey: 'year', metaValue: '2024' })])).toEqual([0]);
    expect(await seen([criteria({ metaKey: 'Year' })])).toEqual([]);
    expect(await seen([criteria({ metaKey: 'empName', metaValue: 'Zoé Dupont' })])).toEqual([1]);
    expect(await seen([criteria({ metaKey: 'empName', metaValue: 'zoé dupont' })])).toEqual([]);
    expect(await seen([criteria({ metaValue: 'Zoé Dupont' })])).toEqual([1]);
    // An empty name or value is no constraint, like null.
    expect(await seen([criteria({ metaKey: 'year', metaValue: '' })])).toEqual([0, 3]);
    expect(await seen([criteria({ metaKey: '', metaValue: '' })])).toEqual([0, 1, 2, 3]);
  });

  it('criteria of one rule all hold; rules add up', async () => {
    expect(await seen([criteria({ docTypes: ['BULLETIN_PAIE'], organizationIds: [B] })])).toEqual([0]);
    expect(await seen([criteria({ docTypes: ['CONTRAT_TRAVAIL'] }), criteria({ employeeIds: [e2] })])).toEqual([1, 3]);
    expect(
      await seen([
        criteria({ docTypes: ['BULLETIN_PAIE'], organizationIds: [B] }),
        criteria({ docTypes: ['BULLETIN_PAIE'], organizationIds: [D] }),
        criteria({ docTypes: ['NOTE_SERVICE'], organizationIds: [B] }),
      ]),
    ).toEqual([0, 2]);
    // A rule that cannot match does not hide what another shows.
    expect(
      await seen([criteria({ periodStart: '2025-01-01', periodEnd: '2024-01-01' }), criteria({ employeeIds: [e1] })]),
    ).toEqual([1]);
  });

  it('numbers its parameters after the caller’s and never yields NULL', () => {
    const predicate = buildVisibility(
      [criteria({ employeeIds: [e0] }), criteria({ metaKey: 'year' })],
      { schema: 'dom_main', subtrees: new Map() },
      [A],
      'doc',
      3,
    );
    expect(predicate.sql).toContain('$4::uuid[]');
    expect(predicate.sql).not.toMatch(/\$[1-3]\b/);
    expect(predicate.params).toHaveLength(3);
    expect(predicate.sql).toContain('doc.employee_id IS NOT NULL');
    expect(() => buildVisibility([], { schema: 'dom_main', subtrees: new Map() }, [A], 'd; DROP')).toThrow();
  });
});
