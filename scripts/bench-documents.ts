/**
 * `npm run bench:documents` (also the last step of `npm run bench`): the documents archive at scale
 * (issue 12 « Speed and memory »). Seeds 1,000,000 documents over 100,000 employees with their
 * French full-text vectors (the visibility bench's `generate_series` load, scripts/bench-visibility.ts),
 * 1,000 of them with stored PDFs, on the embedded PGlite and on a throwaway PostgreSQL database,
 * each in a process of its own, then times the real service functions of
 * src/server/modules/documents/ under a user with 10 access rules:
 * - the list's first page with its total (`listDocuments`; goal p95 ≤ 30 ms on PostgreSQL, ≤ 60 on PGlite),
 *   and its other sort orders;
 * - full-text searches (`listDocuments` with `search`; goal p95 ≤ 60 ms);
 * - the zip of 1,000 documents (`buildArchive` piped to a sink that drops the bytes; goal ≥ 50 MB/s
 *   with a peak memory growth < 50 MB);
 * - the deposit certificate (`visibleDocument` + `attestationPdf`, what the route runs; goal p95 ≤ 100 ms).
 * Each against a reference measured in the same run: the same call for a user without rules, the
 * 1,000 files read straight from the file store, the detail alone. It prints; nothing is asserted.
 * Env: BENCH_DOCUMENTS, BENCH_EMPLOYEES (shared with bench:visibility), BENCH_CALLS, BENCH_FILE_KB
 * (each zipped PDF's size, 100), BENCH_PG_URL (admin URL; `none` skips PostgreSQL), BENCH_ENGINES,
 * BENCH_EXPLAIN=1 (prints the plans of the 10-rule user's list statements), BENCH_KEEP=1 (keeps the PostgreSQL database).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentSearchBody } from '../src/contract/documents.ts';
import type { DocumentCriteria } from '../src/contract/rights.ts';
import { VISIBLE_COUNT_CAP, cappedCountSql } from '../src/server/auth/document-visibility.ts';
import { type Db, openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { insertFiles, readFile } from '../src/server/files/store.ts';
import { buildArchive } from '../src/server/modules/documents/archive.ts';
import { attestationPdf } from '../src/server/modules/documents/attestation.ts';
import { addFilter, type Session, visibleWhere, whereSql } from '../src/server/modules/documents/query.ts';
import { listDocuments, visibleDocument } from '../src/server/modules/documents/read.service.ts';
import { seed, tenRules } from './bench-visibility.ts';
import { percentile } from './bench/measure.ts';
import { benchEntry, runOnEngines } from './bench/engines.ts';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const FILE_KB = Number(process.env.BENCH_FILE_KB ?? 100);
const ZIPPED = 1_000;
const ZIP_RUNS = 3;
const WARMUP = 5;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const S = 'dom_main';
const GOALS = {
  listP95: { postgres: 30, pglite: 60 },
  searchP95: 60,
  zipMBps: 50,
  zipGrowthMB: 50,
  attestationP95: 100,
} as const;

interface Timing {
  p50: number;
  p95: number;
  n: number;
}

interface ZipRun {
  ms: number;
  bytes: number;
  /** Peak growth over the run's start (after a full GC), in bytes. */
  rss: number;
  heap: number;
  /** Buffers outside the JavaScript heap (external + array buffers). */
  external: number;
}

interface EngineResult {
  engine: 'pglite' | 'postgres';
  serverVersion: string;
  seed: Record<string, number>;
  /** Stored search vectors equal to what the insert trigger computes, out of those sampled. */
  searchCheck: { same: number; sampled: number };
  visible: { tenRules: number; all: number };
  list: Record<string, { tenRules: Timing; all: Timing; count: string }>;
  zip: { runs: ZipRun[]; files: number; bytes: number; reference: { ms: number; bytes: number } };
  attestation: { call: Timing; reference: Timing; bytes: number };
}

async function time(fn: () => Promise<unknown>, calls = CALLS, warmup = WARMUP): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    const began = performance.now();
    await fn();
    // A call of seconds (a sort without index at a million rows): one warm-up and a few samples say enough.
    if (performance.now() - began > 1_000) break;
  }
  const samples: number[] = [];
  const deadline = performance.now() + 20_000;
  for (let i = 0; i < calls && (i < 5 || performance.now() < deadline); i++) {
    const began = performance.now();
    await fn();
    samples.push(performance.now() - began);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

/* ------------------------------------------------------------------ the data set */

const ROOT = `md5('vis:org:0')::uuid`;

/** A user who sees the whole company (root access with its children) under `rules`; none = no rule. */
async function addUser(db: Db, login: string, rules: readonly DocumentCriteria[]): Promise<Session> {
  const userId = randomUUID();
  await db.query(
    `INSERT INTO directory.users (id, login, first_name, last_name, password_hash, features)
     VALUES ($1, $2, 'Bench', $2, 'none', '{DocSearch}')`,
    [userId, login],
  );
  await db.query(
    `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
     VALUES ($1, 'main', ${ROOT}, true, true)`,
    [userId],
  );
  for (const [i, criteria] of rules.entries()) {
    const ruleId = randomUUID();
    await db.query(
      `INSERT INTO directory.access_rules (id, name, criteria, domain, company_id)
       VALUES ($1, $2, $3::jsonb, 'main', ${ROOT})`,
      [ruleId, `${login} ${i + 1}`, JSON.stringify(criteria)],
    );
    await db.query(`INSERT INTO directory.access_rule_users (rule_id, user_id) VALUES ($1, $2)`, [ruleId, userId]);
  }
  return { userId, domain: 'main' };
}

/** A payslip-sized PDF of about `kb` KB whose bytes differ from every other one (incompressible, as PDFs are). */
async function payslipPdf(i: number, kb: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(`Bulletin de paie ${i + 1}`, {
    x: 56,
    y: 780,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  pdf.context.register(pdf.context.stream(randomBytes(kb * 1024)));
  return pdf.save();
}

/**
 * The newest 1,000 documents the 10-rule user sees get a stored PDF: the files go through the file
 * store (a pack on PGlite, the table on PostgreSQL, the defaults), and setting `file_id` fires the
 * trigger that copies the file's name, size and SHA-256 onto the row, as a deposit does.
 */
async function attachFiles(db: Db, session: Session): Promise<string[]> {
  const where = await visibleWhere(db, session);
  const { rows } = await db.query<{ id: string }>(
    `SELECT d.id FROM ${S}.documents d WHERE ${whereSql(where)} ORDER BY d.deposited_at DESC, d.id DESC LIMIT ${ZIPPED}`,
    where.params,
  );
  const ids = rows.map((r) => r.id);
  for (let from = 0; from < ids.length; from += 100) {
    const batch = ids.slice(from, from + 100);
    const files = await Promise.all(
      batch.map(async (_, i) => ({ name: `Bulletin ${from + i + 1}.pdf`, bytes: await payslipPdf(from + i, FILE_KB) })),
    );
    await db.tx(async (q) => {
      const stored = await insertFiles(q, 'main', files);
      await q.query(
        `UPDATE ${S}.documents d SET file_id = f.file_id
           FROM unnest($1::uuid[], $2::uuid[]) AS f(id, file_id) WHERE d.id = f.id`,
        [batch, stored.map((f) => f.id)],
      );
    });
  }
  await db.exec(`VACUUM ANALYZE ${S}.documents`);
  return ids;
}

/** Runs the insert trigger on a sample in a transaction rolled back, and compares its vectors with the stored ones. */
async function checkSearchVectors(db: Db): Promise<{ same: number; sampled: number }> {
  const result = { same: 0, sampled: 0 };
  await db
    .tx(async (q) => {
      const { rows } = await q.query<{ same: boolean }>(
        `WITH sample AS (SELECT id, search::text || coalesce(employee_sort, '') AS stored FROM ${S}.documents
                          WHERE id IN (SELECT md5('vis:doc:' || g)::uuid FROM generate_series(1, $1::int, 997) g)),
              fired AS (UPDATE ${S}.documents d SET description = d.description FROM sample WHERE d.id = sample.id
                        RETURNING d.id, d.search::text || coalesce(d.employee_sort, '') AS computed)
         SELECT sample.stored = fired.computed AS same FROM sample JOIN fired ON fired.id = sample.id`,
        [DOCUMENTS],
      );
      result.sampled = rows.length;
      result.same = rows.filter((r) => r.same).length;
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'rollback')) throw error;
    });
  return result;
}

/* ------------------------------------------------------------------ the calls */

/** The list calls timed, each for the 10-rule user and for the reference user without rules. */
const LIST_CALLS: Record<string, DocumentSearchBody> = {
  'first page + total (newest first)': {},
  'search « Prénom71 Nom4242 » (a name)': { search: 'Prénom71 Nom4242' },
  'search « nom12 » (a prefix)': { search: 'nom12' },
  'search « bulletin 2024 » (broad, a year back)': { search: 'bulletin 2024' },
  'search « bulletin 2025 » (broad, recent)': { search: 'bulletin 2025' },
  'sorted by description ↑': { order: { field: 'description', sens: 'asc' } },
  'sorted by description ↓': { order: { field: 'description', sens: 'desc' } },
  'sorted by employee ↑': { order: { field: 'employeeName', sens: 'asc' } },
  'sorted by type ↑': { order: { field: 'typeCode', sens: 'asc' } },
  'sorted by period ↓': { order: { field: 'periodStart', sens: 'desc' } },
};

const countText = (page: { count: number; countCapped: boolean }): string =>
  page.countCapped ? `> ${page.count.toLocaleString('en')}` : page.count.toLocaleString('en');

/** The archive streamed to a sink that drops the bytes, with the process's memory sampled every 5 ms. */
async function zipOnce(db: Db, session: Session, ids: readonly string[]): Promise<ZipRun> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heap: base.heapUsed, external: base.external + base.arrayBuffers };
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.external = Math.max(peak.external, m.external + m.arrayBuffers);
  }, 5);
  let bytes = 0;
  const began = performance.now();
  try {
    const archive = await buildArchive(db, session, { ids: [...ids] });
    await pipeline(
      archive.stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          done();
        },
      }),
    );
  } finally {
    clearInterval(sample);
  }
  const ms = performance.now() - began;
  return {
    ms,
    bytes,
    rss: peak.rss - base.rss,
    heap: peak.heap - base.heapUsed,
    external: peak.external - (base.external + base.arrayBuffers),
  };
}

async function explain(db: Db, session: Session): Promise<void> {
  const where = addFilter(await visibleWhere(db, session), {});
  const count = cappedCountSql(`FROM ${S}.documents d WHERE ${whereSql(where)}`);
  const { rows } = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${count}`, where.params);
  console.log(`--- 10 rules, capped count\n${rows.map((r) => Object.values(r)[0]!.slice(0, 220)).join('\n')}`);
  for (const [label, body] of Object.entries(LIST_CALLS).slice(1)) {
    if (!body.order && !body.search) continue;
    const w = addFilter(await visibleWhere(db, session), body);
    const order =
      body.order?.field === 'description' ? `${S}.fold_accents(d.description) COLLATE "C"` : 'd.deposited_at';
    const sql = `SELECT d.id FROM ${S}.documents d WHERE ${whereSql(w)} ORDER BY ${order} ${body.order?.sens === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, d.deposited_at DESC, d.id DESC LIMIT 20`;
    const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, w.params);
    console.log(`--- 10 rules, ${label}, page\n${plan.rows.map((r) => Object.values(r)[0]!.slice(0, 220)).join('\n')}`);
  }
}

async function measureEngine(target: string): Promise<EngineResult> {
  const isPostgres = /^postgres(ql)?:\/\//.test(target);
  const db = await openDb(isPostgres ? { databaseUrl: target, poolMax: 4 } : { dataDir: target });
  try {
    await migrate(db);
    const seedTimings = await seed(db, { search: true });
    const searchCheck = await checkSearchVectors(db);
    const ten = await addUser(db, 'bench.dix', tenRules());
    const all = await addUser(db, 'bench.tout', []);
    const filesStarted = performance.now();
    const zipped = await attachFiles(db, ten);
    seedTimings.filesMs = performance.now() - filesStarted;
    const { rows: version } = await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const exact = async (session: Session) => {
      const where = await visibleWhere(db, session);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${S}.documents d WHERE ${whereSql(where)}`,
        where.params,
      );
      return rows[0]!.n;
    };
    if (process.env.BENCH_EXPLAIN) await explain(db, ten);

    const list: EngineResult['list'] = {};
    for (const [label, body] of Object.entries(LIST_CALLS)) {
      const page = await listDocuments(db, ten, body);
      list[label] = {
        tenRules: await time(() => listDocuments(db, ten, body)),
        all: await time(() => listDocuments(db, all, body)),
        count: countText(page),
      };
    }

    // The reference: the same 1,000 files' bytes read one after the other, nothing else.
    const referenceStarted = performance.now();
    let referenceBytes = 0;
    const { rows: fileIds } = await db.query<{ file_id: string }>(
      `SELECT file_id FROM ${S}.documents WHERE id = ANY($1::uuid[])`,
      [zipped],
    );
    for (const { file_id } of fileIds) referenceBytes += (await readFile(db, 'main', file_id))?.bytes.byteLength ?? 0;
    const reference = { ms: performance.now() - referenceStarted, bytes: referenceBytes };
    await zipOnce(db, ten, zipped);
    const runs: ZipRun[] = [];
    for (let i = 0; i < ZIP_RUNS; i++) runs.push(await zipOnce(db, ten, zipped));

    const certified = zipped[0]!;
    const bytes = (await attestationPdf(db, 'main', await visibleDocument(db, ten, certified))).byteLength;
    const attestation = {
      call: await time(async () => attestationPdf(db, 'main', await visibleDocument(db, ten, certified)), 30, 3),
      reference: await time(() => visibleDocument(db, ten, certified), 30, 3),
      bytes,
    };
    return {
      engine: isPostgres ? 'postgres' : 'pglite',
      serverVersion: version[0]!.v,
      seed: seedTimings,
      searchCheck,
      visible: { tenRules: await exact(ten), all: await exact(all) },
      list,
      zip: { runs, files: fileIds.length, bytes: referenceBytes, reference },
      attestation,
    };
  } finally {
    await db.close();
  }
}

/* ------------------------------------------------------------------ the report */

const ms = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const s = (n: number): string => `${(n / 1000).toFixed(1)} s`;
const num = (n: number): string => n.toLocaleString('en');
const MB = 1024 * 1024;
const mbps = (bytes: number, millis: number): number => bytes / MB / (millis / 1000);
const verdict = (met: boolean): string => (met ? 'MET' : 'MISSED');

function printEngine(r: EngineResult): void {
  const seedSum = Object.values(r.seed).reduce((a, b) => a + b, 0);
  console.log(
    `\n${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${r.serverVersion}: ${num(DOCUMENTS)} documents over ` +
      `${num(EMPLOYEES)} employees seeded in ${s(seedSum)} (documents ${s(r.seed.documentsMs!)}, their words' days ` +
      `${s(r.seed.searchDaysMs!)}, indexes and deposit-order layout ` +
      `${s(r.seed.indexesMs!)}, VACUUM ANALYZE ${s(r.seed.vacuumMs!)}, ${ZIPPED} PDFs ${s(r.seed.filesMs!)}); search ` +
      `vectors and sort keys equal to the trigger's: ${r.searchCheck.same}/${r.searchCheck.sampled}`,
  );
  console.log(
    `  visible: 10 rules ${num(r.visible.tenRules)} (${((100 * r.visible.tenRules) / DOCUMENTS).toFixed(1)} %), ` +
      `reference user without rules ${num(r.visible.all)}; totals capped at ${num(VISIBLE_COUNT_CAP)}`,
  );
  const t = (x: Timing) => `${ms(x.p50)} / ${ms(x.p95)}`;
  console.log(
    `  call (p50 / p95 ms)                               10 rules      no rule (ref.)  ×p95  total (10 rules)  goal`,
  );
  for (const [label, row] of Object.entries(r.list)) {
    const goal = label.startsWith('first page')
      ? GOALS.listP95[r.engine]
      : label.startsWith('search')
        ? GOALS.searchP95
        : null;
    console.log(
      `  ${label.padEnd(48)}  ${t(row.tenRules).padEnd(12)}  ${t(row.all).padEnd(14)}  ` +
        `×${(row.tenRules.p95 / row.all.p95).toFixed(1).padEnd(4)} ${row.count.padEnd(16)}  ` +
        (goal === null ? '—' : `p95 ≤ ${goal}: ${verdict(row.tenRules.p95 <= goal)}`),
    );
  }
  const rates = r.zip.runs.map((run) => mbps(run.bytes, run.ms));
  const growth = (pick: (run: ZipRun) => number) => Math.max(...r.zip.runs.map(pick)) / MB;
  const worstRate = Math.min(...rates);
  const rss = growth((run) => run.rss);
  console.log(
    `  zip of ${num(r.zip.files)} documents (${(r.zip.bytes / MB).toFixed(0)} MB of PDFs, ${(r.zip.runs[0]!.bytes / MB).toFixed(0)} MB zip), ` +
      `${r.zip.runs.length} runs after 1 warm-up: ${r.zip.runs.map((run) => `${ms(run.ms)} ms`).join(', ')} → ` +
      `${rates.map((x) => x.toFixed(0)).join(', ')} MB/s (goal ≥ ${GOALS.zipMBps}: ${verdict(worstRate >= GOALS.zipMBps)}); ` +
      `reference, the files read alone: ${mbps(r.zip.reference.bytes, r.zip.reference.ms).toFixed(0)} MB/s`,
  );
  console.log(
    `    peak growth during a run: RSS ${rss.toFixed(1)} MB (goal < ${GOALS.zipGrowthMB}: ` +
      `${verdict(rss < GOALS.zipGrowthMB)}), JS heap ${growth((run) => run.heap).toFixed(1)} MB, buffers ` +
      `${growth((run) => run.external).toFixed(1)} MB`,
  );
  const a = r.attestation;
  console.log(
    `  certificate (detail + sealed PDF, ${num(a.bytes)} bytes) ${t(a.call)} ms — goal p95 ≤ ${GOALS.attestationP95}: ` +
      `${verdict(a.call.p95 <= GOALS.attestationP95)}; reference, the detail alone ${t(a.reference)} ms`,
  );
}

/* ------------------------------------------------------------------ driver */

const SELF = fileURLToPath(import.meta.url);

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = loadavg()[0]!;
  const results = await runOnEngines<EngineResult>({
    self: SELF,
    name: 'bench:documents',
    engines: ENGINES,
    pgAdminUrl: PG_ADMIN_URL,
    doing: `seeding ${num(DOCUMENTS)} documents and measuring`,
    nodeArgs: ['--expose-gc'],
    env: { PGLITE_SHARED_BUFFERS: '128MB' },
  });
  console.log(
    `\nDocuments archive (issue 12 « Speed and memory »): the services of src/server/modules/documents/ called ` +
      `in-process by a user who sees the whole company through 10 access rules; ${CALLS} timed calls after ` +
      `${WARMUP} warm-ups; reference = the same call by a user without rules.`,
  );
  for (const r of results) {
    if (typeof r === 'string') console.log(`\n${r}`);
    else printEngine(r);
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores`;
  console.log(
    `\n  whole documents bench: ${s(performance.now() - began)} (${load}` +
      `${loadAtStart > cpus().length ? ': the machine was busy, times are inflated' : ''})`,
  );
}

benchEntry(SELF, measureEngine, main);
