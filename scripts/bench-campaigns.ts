/**
 * `npm run bench:campaigns` (also run by `npm run bench`): the campaigns list and a campaign's documents when campaigns are large.
 * On the demo world plus BENCH_CAMPAIGNS campaigns (default 20, one list page) of BENCH_CAMPAIGN_DOCS
 * documents each (default 50,000: a large company's payslips), on the embedded PGlite and on a
 * throwaway PostgreSQL database, each in a process of its own:
 * - the list's first page (`listCampaigns`, the real service function: page, total and each campaign's
 *   counts by status, which the documents' triggers keep in `campaign_doc_counts`, migration 0038),
 *   against the reference measured in the same run: counting the same page's documents by status, what
 *   every list call did before those counts were kept (an index-only scan of just-vacuumed rows, its
 *   best case);
 * - a large campaign's documents page (`dispatchedDocs`, the real service function, in recipient order on
 *   the documents' own recipient keys, migration 0039), first page and at offset BENCH_CAMPAIGN_DOCS / 2,
 *   against the reference measured in the same run: the statements it ran before (the documents joined
 *   to their employees and sorted, and their count);
 * - what keeping the counts and the keys costs the writers: BENCH_UPDATES single-document status changes
 *   (a dispatch writes one per document) and batches of 100 documents stored (a split's), in alternated
 *   blocks with the triggers on and off (each block rolled back).
 * It prints; nothing is asserted. Env: BENCH_PG_URL (admin URL; `none` skips PostgreSQL), BENCH_ENGINES,
 * BENCH_CALLS.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Db, type Queryable, openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed/demo.ts';
import { DOC_COLUMNS, dispatchedDocs, listCampaigns } from '../src/server/modules/dispatch/read.service.ts';
import { benchEntry, runOnEngines } from './bench/engines.ts';
import { percentile } from './bench/measure.ts';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 20);
const DOCS = Number(process.env.BENCH_CAMPAIGN_DOCS ?? 50_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 2_000);
const WARMUP = 5;
const S = 'dom_main';
const STATUSES = [
  'DISPATCHED',
  'DISPATCHED',
  'DISPATCHED',
  'WAITING_FOR_USER_REGISTRATION',
  'NOT_DISPATCHED',
  'REFUSED',
];

interface Timing {
  readonly p50: number;
  readonly p95: number;
}
interface EngineResult {
  readonly engine: 'pglite' | 'postgres';
  readonly documents: number;
  readonly seedSeconds: number;
  readonly list: Timing;
  readonly counting: Timing;
  readonly pageCampaigns: number;
  readonly pageDocuments: number;
  readonly docsFirst: Timing;
  readonly docsFirstBefore: Timing;
  readonly docsDeep: Timing;
  readonly docsDeepBefore: Timing;
  readonly updateWith: number;
  readonly updateWithout: number;
  readonly batchWith: number;
  readonly batchWithout: number;
  readonly exact: boolean;
}

async function timed(calls: number, run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const at = performance.now();
    await run();
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The demo's admin in its organisation, with BENCH_CAMPAIGNS campaigns of BENCH_CAMPAIGN_DOCS documents there. */
async function seed(db: Db) {
  await migrate(db);
  await seedDemo(db);
  const { rows } = await db.query<{ user_id: string; org_id: string }>(
    `SELECT a.user_id, a.org_id FROM directory.user_org_access a JOIN directory.users u ON u.id = a.user_id
      WHERE u.login = 'admin' AND a.domain = 'main' ORDER BY a.is_root DESC LIMIT 1`,
  );
  const { user_id: userId, org_id: orgId } = rows[0]!;
  const { rows: campaigns } = await db.query<{ id: string }>(
    `INSERT INTO ${S}.campaigns (id, organization_id, name, doc_name, status, doc_type_code, created_at, sent_at)
     SELECT gen_random_uuid(), $1, 'Paie volumineuse ' || i, 'bulletin.pdf', 'DISPATCHED',
            (SELECT code FROM ${S}.doc_types ORDER BY code LIMIT 1), now() + i * interval '1 second', now()
       FROM generate_series(1, $2::int) i RETURNING id`,
    [orgId, CAMPAIGNS],
  );
  // Each document addressed to one of the demo's employees in turn (a few without one, as documents
  // whose recipient was not found are): the page joins and orders them as it would a company's.
  const { rows: employees } = await db.query<{ id: string }>(`SELECT id FROM ${S}.employees ORDER BY id`);
  const employeeIds = employees.map((e) => e.id);
  for (const { id } of campaigns)
    await db.query(
      `INSERT INTO ${S}.dispatched_docs (id, campaign_id, status, employee_id)
       SELECT gen_random_uuid(), $1, ($3::text[])[1 + g % ${STATUSES.length}],
              CASE WHEN g % 97 = 0 THEN NULL ELSE ($4::uuid[])[1 + g % $5::int] END
         FROM generate_series(1, $2::int) g`,
      [id, DOCS, STATUSES, employeeIds, employeeIds.length],
    );
  await db.exec(`VACUUM ANALYZE ${S}.dispatched_docs`);
  await db.exec(`VACUUM ANALYZE ${S}.campaign_doc_counts`);
  return {
    scope: { userId, domain: 'main' as const, currentOrgId: orgId },
    campaignIds: campaigns.map((c) => c.id),
    employeeIds,
  };
}

/**
 * The time `work` takes in a transaction then rolled back (the table left as it was), with the
 * documents' triggers off when asked (their switch not timed).
 */
const rolledBack = (db: Db, triggers: boolean, work: (q: Queryable) => Promise<void>): Promise<number> =>
  db
    .tx(async (q: Queryable) => {
      if (!triggers) await q.query(`ALTER TABLE ${S}.dispatched_docs DISABLE TRIGGER USER`);
      const at = performance.now();
      await work(q);
      throw Object.assign(new Error('rollback'), { elapsed: performance.now() - at });
    })
    .catch((error: { elapsed?: number }) => {
      if (error.elapsed === undefined) throw error;
      return error.elapsed;
    });

/** `count` single-document status changes (a dispatch's). */
const updates = (db: Db, ids: readonly string[], count: number, triggers: boolean): Promise<number> =>
  rolledBack(db, triggers, async (q) => {
    for (let i = 0; i < count; i++)
      await q.query(`UPDATE ${S}.dispatched_docs SET status = $2, updated_at = now() WHERE id = $1`, [
        ids[i % ids.length],
        i % 2 ? 'DISPATCHED' : 'NOT_DISPATCHED',
      ]);
  });

/** `count` batches of 100 documents stored (a split's batch). */
const batches = (
  db: Db,
  campaignId: string,
  employeeIds: readonly string[],
  count: number,
  triggers: boolean,
): Promise<number> =>
  rolledBack(db, triggers, async (q) => {
    for (let i = 0; i < count; i++)
      await q.query(
        `INSERT INTO ${S}.dispatched_docs (id, campaign_id, status, employee_id)
         SELECT gen_random_uuid(), $1, 'NEEDS_DISPATCHING', ($2::uuid[])[1 + (g + $3::int) % $4::int]
           FROM generate_series(1, 100) g`,
        [campaignId, employeeIds, i * 100, employeeIds.length],
      );
  });

/** The documents page as it was before migration 0039: joined to the employees and sorted, then counted. */
const docsPageBefore = (db: Db, campaignId: string, offset: number) =>
  Promise.all([
    db.query(
      `SELECT ${DOC_COLUMNS} FROM ${S}.dispatched_docs d LEFT JOIN ${S}.employees e ON e.id = d.employee_id
        WHERE d.campaign_id = $1 ORDER BY e.sort_name NULLS LAST, e.sort_first, d.id LIMIT 20 OFFSET ${offset}`,
      [campaignId],
    ),
    db.query(`SELECT count(*)::int AS n FROM ${S}.dispatched_docs d WHERE d.campaign_id = $1`, [campaignId]),
  ]);

async function measureEngine(target: string): Promise<EngineResult> {
  const isPostgres = /^postgres(ql)?:/.test(target);
  const db = await openDb(isPostgres ? { databaseUrl: target, poolMax: 4 } : { dataDir: target });
  try {
    const seeding = performance.now();
    const { scope, campaignIds, employeeIds } = await seed(db);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const first = await listCampaigns(db, scope, { limit: CAMPAIGNS });
    const pageIds = first.dispatchs.map((c) => c.id);
    const pageDocuments = first.dispatchs.reduce((n, c) => n + c.documentCount, 0);
    const list = await timed(CALLS, () => listCampaigns(db, scope, { limit: CAMPAIGNS }));
    // Before migration 0038: each call counted its page's documents by status.
    const counting = await timed(CALLS, () =>
      db.query(
        `SELECT campaign_id, status, count(*)::int AS n FROM ${S}.dispatched_docs
          WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id, status`,
        [pageIds],
      ),
    );
    const big = campaignIds[0]!;
    const deep = Math.floor(DOCS / 2);
    const docsFirst = await timed(CALLS, () => dispatchedDocs(db, scope, big, { offset: 0, limit: 20 }));
    const docsFirstBefore = await timed(CALLS, () => docsPageBefore(db, big, 0));
    const docsDeep = await timed(CALLS, () => dispatchedDocs(db, scope, big, { offset: deep, limit: 20 }));
    const docsDeepBefore = await timed(CALLS, () => docsPageBefore(db, big, deep));
    const { rows: sample } = await db.query<{ id: string }>(
      `SELECT id FROM ${S}.dispatched_docs WHERE campaign_id = $1 ORDER BY id LIMIT 500`,
      [campaignIds[0]],
    );
    const ids = sample.map((r) => r.id);
    const block = Math.max(1, Math.floor(UPDATES / 10));
    let updateWith = 0;
    let updateWithout = 0;
    await updates(db, ids, block, true);
    for (let done = 0; done < UPDATES; done += block) {
      updateWith += await updates(db, ids, block, true);
      updateWithout += await updates(db, ids, block, false);
    }
    let batchWith = 0;
    let batchWithout = 0;
    await batches(db, big, employeeIds, 5, true);
    for (let round = 0; round < 5; round++) {
      batchWith += await batches(db, big, employeeIds, 10, true);
      batchWithout += await batches(db, big, employeeIds, 10, false);
    }
    const { rows: check } = await db.query<{ exact: boolean }>(
      `SELECT NOT EXISTS (
         SELECT campaign_id, status, count(*)::int FROM ${S}.dispatched_docs GROUP BY 1, 2
         EXCEPT SELECT campaign_id, status, n FROM ${S}.campaign_doc_counts) AS exact`,
    );
    return {
      engine: isPostgres ? 'postgres' : 'pglite',
      documents: CAMPAIGNS * DOCS,
      seedSeconds,
      list,
      counting,
      pageCampaigns: pageIds.length,
      pageDocuments,
      docsFirst,
      docsFirstBefore,
      docsDeep,
      docsDeepBefore,
      updateWith: updateWith / UPDATES,
      updateWithout: updateWithout / UPDATES,
      batchWith: batchWith / 50,
      batchWithout: batchWithout / 50,
      exact: Boolean(check[0]?.exact),
    };
  } finally {
    await db.close();
  }
}

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;

function printEngine(r: EngineResult): void {
  console.log(
    `\n${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${r.documents.toLocaleString('en')} documents in ` +
      `${CAMPAIGNS} campaigns (seeded in ${r.seedSeconds.toFixed(0)} s)`,
  );
  console.log(
    `  campaigns list, first page (${r.pageCampaigns} campaigns, ${r.pageDocuments.toLocaleString('en')} documents counted): ` +
      `p50 ${ms(r.list.p50)}, p95 ${ms(r.list.p95)}`,
  );
  console.log(
    `  reference, counting that page's documents by status as each call did before: p50 ${ms(r.counting.p50)}, ` +
      `p95 ${ms(r.counting.p95)} — the whole list now takes ×${(r.list.p50 / r.counting.p50).toFixed(3)} of that count alone`,
  );
  const docs = (label: string, now: Timing, before: Timing) =>
    console.log(
      `  a campaign's documents, ${label}: p50 ${ms(now.p50)}, p95 ${ms(now.p95)}; reference, the statements it ran ` +
        `before (joined to the employees and sorted, counted): p50 ${ms(before.p50)}, p95 ${ms(before.p95)} — ×${(now.p50 / before.p50).toFixed(3)}`,
    );
  docs('first page', r.docsFirst, r.docsFirstBefore);
  docs(`page at offset ${Math.floor(DOCS / 2).toLocaleString('en')}`, r.docsDeep, r.docsDeepBefore);
  console.log(
    `  a document's status change (a dispatch writes one per document): ${ms(r.updateWith)} with the kept counts, ` +
      `${ms(r.updateWithout)} without — ×${(r.updateWith / r.updateWithout).toFixed(2)}`,
  );
  console.log(
    `  a batch of 100 documents stored (a split's): ${ms(r.batchWith)} with the kept counts and keys, ` +
      `${ms(r.batchWithout)} without — ×${(r.batchWith / r.batchWithout).toFixed(2)}`,
  );
  console.log(`  kept counts equal to the documents' after the run: ${r.exact ? 'yes' : 'NO'}`);
}

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = loadavg()[0]!;
  const results = await runOnEngines<EngineResult>({
    self: SELF,
    name: 'bench:campaigns',
    engines: ENGINES,
    pgAdminUrl: PG_ADMIN_URL,
    doing: `seeding ${(CAMPAIGNS * DOCS).toLocaleString('en')} campaign documents and measuring`,
  });
  console.log('\nCampaigns list with large campaigns: p50/p95 against references measured in the same run.');
  for (const r of results) {
    if (typeof r === 'string') console.log(`\n${r}`);
    else printEngine(r);
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores`;
  console.log(`\n  whole campaigns bench: ${((performance.now() - began) / 1000).toFixed(1)} s (${load})`);
}

const SELF = fileURLToPath(import.meta.url);
benchEntry(SELF, measureEngine, main);
