/**
 * What PostgreSQL's autovacuum does, for the embedded PGlite, which has none (one backend, no
 * background workers): without it the planner never has statistics — every estimate is a default,
 * and the documents search cannot tell a broad search from a narrow one (documents/broad-search.ts)
 * — and dead rows are never reclaimed. On autovacuum's default thresholds: ANALYZE a table once
 * 50 rows + 10 % of it changed since its last analysis, VACUUM it once 50 + 20 % of its rows are
 * dead. Each statement holds the one connection while it runs (an ANALYZE samples at most 30,000
 * rows; a VACUUM skips the pages already clean), so it runs rarely — shortly after start, then every
 * few minutes — and each waits for a quiet moment: nothing run on the database for `QUIET_MS`. A
 * campaign's split or 100 clients reading lists keep it waiting (the first pass, 30 s after start,
 * landed in a split and held requests for seconds); past `MAX_WAIT_MS` of constant work it runs all
 * the same, or statistics would never follow a busy archive. On PostgreSQL the server's own
 * autovacuum does this, beside the requests: nothing here runs there.
 */
import type { Db } from './db.ts';

const SCHEMAS = ['directory', 'dom_legacy', 'dom_main', 'pgboss', 'public'];
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
export const MAINTENANCE_FIRST_MS = 30_000;
export const MAINTENANCE_EVERY_MS = 5 * 60_000;
/** Nothing run on the database for this long: a statement of upkeep may hold it. */
export const QUIET_MS = 1_000;
/** A statement of upkeep waits at most this long for a quiet moment. */
export const MAX_WAIT_MS = 10 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once the database has been quiet for `quietMs` (or after `maxWaitMs`, whatever happens). */
export async function quietMoment(db: Db, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): Promise<void> {
  if (!db.idleMs) return;
  const until = Date.now() + maxWaitMs;
  for (let idle = db.idleMs(); idle < quietMs && Date.now() < until; idle = db.idleMs()) {
    await sleep(Math.max(50, Math.min(quietMs - idle, 250)));
  }
}

export interface MaintenanceRun {
  readonly analyzed: string[];
  readonly vacuumed: string[];
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** One pass: the tables past a threshold, each vacuumed and/or analysed. */
export async function maintainOnce(
  db: Db,
  quiet: () => Promise<void> = () => Promise.resolve(),
): Promise<MaintenanceRun> {
  // The counters this backend has not reported yet (it reports them when idle, at most every second).
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<{
    schema: string;
    name: string;
    live: number;
    dead: number;
    modified: number;
  }>(
    `SELECT schemaname AS schema, relname AS name, n_live_tup::int AS live, n_dead_tup::int AS dead,
            n_mod_since_analyze::int AS modified
       FROM pg_stat_user_tables WHERE schemaname = ANY($1::text[])
      ORDER BY schemaname, relname`,
    [SCHEMAS],
  );
  const run: MaintenanceRun = { analyzed: [], vacuumed: [] };
  for (const table of rows) {
    const name = `${quoted(table.schema)}.${quoted(table.name)}`;
    const vacuum = table.dead > VACUUM_BASE + VACUUM_SCALE * table.live;
    const analyze = table.modified > ANALYZE_BASE + ANALYZE_SCALE * table.live;
    if (!vacuum && !analyze) continue;
    await quiet();
    await db.exec(vacuum && analyze ? `VACUUM (ANALYZE) ${name}` : vacuum ? `VACUUM ${name}` : `ANALYZE ${name}`);
    if (vacuum) run.vacuumed.push(`${table.schema}.${table.name}`);
    if (analyze) run.analyzed.push(`${table.schema}.${table.name}`);
  }
  return run;
}

/** On PGlite, a pass shortly after start and then every few minutes; the returned function stops it. */
export function startMaintenance(db: Db, firstMs = MAINTENANCE_FIRST_MS, everyMs = MAINTENANCE_EVERY_MS): () => void {
  if (db.kind !== 'pglite') return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async (): Promise<void> => {
    try {
      await quietMoment(db);
      if (!stopped) await maintainOnce(db, () => quietMoment(db));
    } catch (error) {
      // A database closing under the pass, or a table dropped: the next pass tries again.
      if (!stopped) console.error('database maintenance failed', error);
    }
    if (!stopped) timer = setTimeout(() => void pass(), everyMs).unref();
  };
  timer = setTimeout(() => void pass(), firstMs).unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
