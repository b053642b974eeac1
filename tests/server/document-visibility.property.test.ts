/**
 * The document-visibility predicate agrees with its reference on every (document, rule set) pair
 * (issue 11 point 5): fast-check draws worlds — an organisation forest, employees, employee groups,
 * documents with and without periods, emission dates, employees and metadata — and rule sets of 0
 * to 6 rules, each criterion set or not, writes each world into a real database and compares the
 * SQL's verdict on every document with the TypeScript reference's. On PGlite always, and on
 * PostgreSQL unless SKIP_PG=1 (TEST_DATABASE_URL, as CI sets it, keeps only PostgreSQL).
 *
 * The seed is fixed, so a run is reproducible; a failure prints it with the shrunk counterexample.
 * Replay or explore: VISIBILITY_SEED=<seed> [VISIBILITY_RUNS=<n>] npx vitest run <this file>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentCriteria } from '../../src/contract/rights.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import {
  createThrowawayDatabase,
  SKIP_PG,
  SKIP_PG_REASON,
  type ThrowawayDatabase,
} from '../../src/server/db/testing.ts';
import {
  censusArms,
  censusCells,
  referenceVerdicts,
  sqlVerdicts,
  uuidOf,
  type World,
  writeWorld,
} from './document-visibility.support.ts';

const SEED = Number(process.env.VISIBILITY_SEED ?? 20_260_611);
const RUNS = Number(process.env.VISIBILITY_RUNS ?? 300);
const RULE_SETS_PER_WORLD = 6;
const ON_POSTGRES_ONLY = Boolean(process.env.TEST_DATABASE_URL);

/* ------------------------------------------------------------------ arbitraries */

// Few distinct days and values, so bounds meet documents' dates and metadata often.
const DAYS = Array.from({ length: 6 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
const day = fc.constantFrom(...DAYS);
// Codes and values an array or JSON literal must quote: commas, quotes, braces, the word NULL.
const TYPES = ['BULLETIN_PAIE', 'CONTRAT_TRAVAIL', 'bulletin_paie', 'NOTE,SERVICE', 'NULL', 'x"{y}'];
const META_NAMES = ['year', 'empName', 'Year', 'nom "court"'];
const META_VALUES = ['2024', '2025', 'Zoé Dupont-Lefèvre', '', '{"a":1}'];

/** A deposit instant: midnight, late evening UTC (the day before in Paris) or mid-day, on the pool's days. */
const depositedAt = fc
  .tuple(fc.constantFrom('2024-02-29', ...DAYS), fc.constantFrom('00:00:00.000', '23:30:00.000', '11:15:42.123'))
  .map(([d, t]) => `${d}T${t}Z`);

/** Period and emission date, each set or not; often none, so the deposit date decides. */
const documentDates = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ periodStart: null, periodEnd: null, emissionDate: null }) },
  {
    weight: 3,
    arbitrary: fc.record({
      periodStart: fc.option(day, { freq: 2 }),
      periodEnd: fc.option(day, { freq: 2 }),
      emissionDate: fc.option(day, { freq: 2 }),
    }),
  },
);

/** A `meta_datas` value: mostly `{name, value}` entries, sometimes the odd shapes stored data may hold. */
const metaEntry = fc.oneof(
  { weight: 8, arbitrary: fc.record({ name: fc.constantFrom(...META_NAMES), value: fc.constantFrom(...META_VALUES) }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...META_NAMES) }) },
  { weight: 1, arbitrary: fc.record({ value: fc.constantFrom(...META_VALUES) }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...META_NAMES), value: fc.constant(2024) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constantFrom(...META_NAMES),
      value: fc.constantFrom(...META_VALUES),
      extra: fc.nat(3),
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom('year', 2024, null) },
);
const metaDatas = fc.oneof(
  { weight: 12, arbitrary: fc.array(metaEntry, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constant({ name: 'year', value: '2024' }) },
);

/** Ids as a rule may carry them: mostly as stored, sometimes upper-cased (uuids compare case-insensitively). */
const asGiven = (ids: string[]) =>
  fc
    .array(fc.boolean(), { minLength: ids.length, maxLength: ids.length })
    .map((upper) => ids.map((id, i) => (upper[i] ? id.toUpperCase() : id)));

const worldArbitrary: fc.Arbitrary<World> = fc
  .record({
    orgCount: fc.integer({ min: 1, max: 9 }),
    employeeCount: fc.integer({ min: 0, max: 8 }),
    groupCount: fc.integer({ min: 0, max: 4 }),
    documentCount: fc.integer({ min: 1, max: 24 }),
  })
  .chain(({ orgCount, employeeCount, groupCount, documentCount }) => {
    const orgIds = Array.from({ length: orgCount }, (_, i) => uuidOf('org', i));
    const employees = Array.from({ length: employeeCount }, (_, i) => uuidOf('emp', i));
    const orgs = fc.tuple(
      ...orgIds.map((id, i) =>
        (i === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...orgIds.slice(0, i)), { freq: 4 })).map(
          (parentId) => ({ id, parentId }),
        ),
      ),
    );
    const groups = fc.tuple(
      ...Array.from({ length: groupCount }, (_, i) =>
        fc.subarray(employees).map((members) => ({ id: uuidOf('grp', i), members })),
      ),
    );
    const documents = fc.tuple(
      ...Array.from({ length: documentCount }, (_, i) =>
        fc
          .record({
            organizationId: fc.constantFrom(...orgIds),
            employeeId:
              employees.length > 0 ? fc.option(fc.constantFrom(...employees), { freq: 4 }) : fc.constant(null),
            typeCode: fc.constantFrom(...TYPES),
            metaDatas,
            dates: documentDates,
            depositedAt,
          })
          .map(({ dates, ...doc }) => ({ id: uuidOf('doc', i), ...doc, ...dates })),
      ),
    );
    return fc.record({ orgs, employees: fc.constant(employees), groups, documents }) as fc.Arbitrary<World>;
  });

/** One rule: each criterion set or not, sometimes naming ids the domain does not hold. */
const ruleArbitrary = (world: World): fc.Arbitrary<DocumentCriteria> => {
  const orgIds = [...world.orgs.map((o) => o.id), uuidOf('unknown', 1)];
  const employeeIds = [...world.employees, uuidOf('unknown', 2)];
  const groupIds = [...world.groups.map((g) => g.id), uuidOf('unknown', 3)];
  const list = (ids: string[]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as string[]) },
      { weight: 2, arbitrary: fc.subarray(ids, { minLength: 1, maxLength: Math.min(3, ids.length) }).chain(asGiven) },
    );
  const optionalText = (values: string[]) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.constantFrom(...values));
  return fc.record({
    periodStart: optionalText([...DAYS, '']),
    periodEnd: optionalText([...DAYS, '']),
    docTypes: fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as string[]) },
      { weight: 2, arbitrary: fc.subarray([...TYPES, 'ABSENT'], { minLength: 1, maxLength: 2 }) },
    ),
    organizationIds: list(orgIds),
    employeeIds: list(employeeIds),
    employeeGroupIds: list(groupIds),
    metaKey: optionalText([...META_NAMES, '']),
    metaValue: optionalText(META_VALUES),
  });
};

/** A world with several users over it: each a set of visible organisations and 0..6 rules. */
const caseArbitrary = worldArbitrary.chain((world) =>
  fc.record({
    world: fc.constant(world),
    users: fc.array(
      fc.record({
        visibleOrgIds: fc.subarray(world.orgs.map((o) => o.id)),
        rules: fc.array(ruleArbitrary(world), { maxLength: 6 }),
      }),
      { minLength: 1, maxLength: RULE_SETS_PER_WORLD },
    ),
  }),
);

/* ------------------------------------------------------------------ the property */

interface Engine {
  name: string;
  skip: boolean;
  open(): Promise<{ db: Db; dispose(): Promise<void> }>;
}

const ENGINES: Engine[] = [
  {
    name: 'PGlite',
    skip: ON_POSTGRES_ONLY,
    async open() {
      const db = await openDb({ dataDir: 'memory://' });
      await migrate(db);
      return { db, dispose: () => db.close() };
    },
  },
  {
    name: SKIP_PG ? `PostgreSQL (${SKIP_PG_REASON})` : 'PostgreSQL',
    skip: SKIP_PG,
    async open() {
      const database: ThrowawayDatabase = await createThrowawayDatabase('vis_test');
      const db = await openDb({ databaseUrl: database.url, poolMax: 2 });
      await migrate(db);
      return {
        db,
        async dispose() {
          await db.close();
          await database.drop();
        },
      };
    },
  },
];

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`document visibility: SQL predicate = reference (${engine.name})`, () => {
    let opened: Awaited<ReturnType<Engine['open']>>;
    beforeAll(async () => {
      opened = await engine.open();
    });
    afterAll(async () => opened?.dispose());

    it(`agrees on every (document, rule set) pair over ${RUNS} drawn worlds`, async () => {
      let pairs = 0;
      let visible = 0;
      const began = performance.now();
      let censusArmsSeen = 0;
      const property = fc.asyncProperty(caseArbitrary, async ({ world, users }) => {
        await writeWorld(opened.db, world);
        // The census (documents per organisation and type, kept by triggers through the world's
        // DELETE and INSERT) holds exactly the documents' counts.
        const expectedCells = new Map<string, number>();
        for (const d of world.documents) {
          const key = `${d.organizationId}|${d.typeCode}`;
          expectedCells.set(key, (expectedCells.get(key) ?? 0) + 1);
        }
        expect(await censusCells(opened.db)).toEqual(expectedCells);
        for (const user of users) {
          const sql = await sqlVerdicts(opened.db, user.rules, user.visibleOrgIds);
          const reference = referenceVerdicts(world, user.rules, user.visibleOrgIds);
          // Every document a census arm counts is visible: the floor the list reads is never above the total.
          for (const arm of await censusArms(opened.db, user.rules, user.visibleOrgIds)) {
            censusArmsSeen++;
            for (const d of world.documents) {
              const counted = arm.orgs.includes(d.organizationId) && (!arm.types || arm.types.includes(d.typeCode));
              if (counted && !reference.get(d.id))
                throw new Error(
                  `document ${d.id} is counted by the census arm ${JSON.stringify(arm)} but not visible\n` +
                    `visible organisations: ${JSON.stringify(user.visibleOrgIds)}\nrules: ${JSON.stringify(user.rules)}`,
                );
            }
          }
          for (const [id, expected] of reference) {
            const got = sql.get(id);
            if (got !== expected) {
              throw new Error(
                `document ${id}: SQL says ${String(got)}, reference says ${expected}\n` +
                  `document: ${JSON.stringify(world.documents.find((d) => d.id === id))}\n` +
                  `visible organisations: ${JSON.stringify(user.visibleOrgIds)}\nrules: ${JSON.stringify(user.rules)}`,
              );
            }
            pairs++;
            if (expected) visible++;
          }
        }
      });
      try {
        await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: false });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n\nReplay: VISIBILITY_SEED=${SEED} VISIBILITY_RUNS=${RUNS} ` +
            `npx vitest run tests/server/document-visibility.property.test.ts`,
          { cause: error },
        );
      }
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      console.log(
        `[visibility ${engine.name}] seed ${SEED}: ${RUNS} worlds, ${pairs} (document, rule set) pairs ` +
          `(${visible} visible) agreed in ${seconds} s`,
      );
      // The draw must exercise both verdicts, or agreement would prove little.
      expect(visible).toBeGreaterThan(pairs / 10);
      expect(censusArmsSeen).toBeGreaterThan(RUNS / 2);
      expect(pairs - visible).toBeGreaterThan(pairs / 10);
    }, 120_000);
  });
}
