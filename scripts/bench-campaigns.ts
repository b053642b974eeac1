/**
 * `npm run bench:campaigns` (also run by `npm run bench`): the campaigns list when campaigns are large.
 * On the demo world plus BENCH_CAMPAIGNS campaigns (default 20, one list page) of BENCH_CAMPAIGN_DOCS
 * documents each (default 50,000: a large company's payslips), on the embedded PGlite and on a
 * throwaway PostgreSQL database, each in a process of its own:
 * - the list's first page (`listCampaigns`, the real service function: page, total and each campaign's
 *   counts by status, which the documents' triggers keep in `campaign_doc_counts`, migration 0038),
 *   against the reference measured in the same run: counting the same page's documents by status, what
 *   every list call did before those counts were kept (an index-only scan of just-vacuumed rows, its
 *   best case);
 * - what keeping the counts costs a dispatch: BENCH_UPDATES single-document status changes (a dispatch
 *   writes one per document), in alternated blocks with the triggers on and off (each block rolled back).
 * It prints; nothing is asserted. Env: BENCH_PG_URL (admin URL; `none` skips PostgreSQL), BENCH_ENGINES,
 * BENCH_CALLS.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Db, type Queryable, openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed/demo.ts';
import { listCampaigns } from '../src/server/modules/dispatch/read.service.ts';
import { runOnEngines } from './bench/engines.ts';
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
  readonly updateWith: number;
  readonly updateWithout: number;
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
  for (const { id } of campaigns)
    await db.query(
      `INSERT INTO ${S}.dispatched_docs (id, campaign_id, status)
       SELECT gen_random_uuid(), $1, ($3::text[])[1 + g % ${STATUSES.length}] FROM generate_series(1, $2::int) g`,
      [id, DOCS, STATUSES],
    );
  await db.exec(`VACUUM ANALYZE ${S}.dispatched_docs`);
  await db.exec(`VACUUM ANALYZE ${S}.campaign_doc_counts`);
  return { scope: { userId, domain: 'main' as const, currentOrgId: orgId }, campaignIds: campaigns.map((c) => c.id) };
}

/** `count` single-document status changes in one transaction, rolled back; the triggers off when asked. */
async function updates(db: Db, ids: readonly string[], count: number, triggers: boolean): Promise<number> {
  const began = performance.now();
  await db
    .tx(async (q: Queryable) => {
      if (!triggers) await q.query(`ALTER TABLE ${S}.dispatched_docs DISABLE TRIGGER USER`);
      const at = performance.now();
      for (let i = 0; i < count; i++)
        await q.query(`UPDATE ${S}.dispatched_docs SET status = $2, updated_at = now() WHERE id = $1`, [
          ids[i % ids.length],
          i % 2 ? 'DISPATCHED' : 'NOT_DISPATCHED',
        ]);
      throw Object.assign(new Error('rollback'), { elapsed: performance.now() - at });
    })
    .catch((error: { elapsed?: number }) => {
      if (error.elapsed === undefined) throw error;
      return error.elapsed;
    });
  return performance.now() - began;
}

async function measureEngine(target: string): Promise<EngineResult> {
  const isPostgres = /^postgres(ql)?:/.test(target);
  const db = await openDb(isPostgres ? { databaseUrl: target, poolMax: 4 } : { dataDir: target });
  try {
    const seeding = performance.now();
    const { scope, campaignIds } = await seed(db);
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
      updateWith: updateWith / UPDATES,
      updateWithout: updateWithout / UPDATES,
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
  console.log(
    `  a document's status change (a dispatch writes one per document): ${ms(r.updateWith)} with the kept counts, ` +
      `${ms(r.updateWithout)} without — ×${(r.updateWith / r.updateWithout).toFixed(2)}`,
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
if (process.argv[2] === '--engine') {
  const [target, out] = process.argv.slice(3);
  measureEngine(target!)
    .then((result) => writeFileSync(out!, JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
} else if (process.argv[1] && SELF === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
