/**
 * `npm run bench:queue` (also run by `npm run bench`): job start latency with a backlog, issue 13
 * point 1 (« every job kind must start within 1 s of being queued whenever a worker has room »).
 * On the embedded PGlite and on a throwaway PostgreSQL database, with the production queue
 * settings (src/server/jobs/queue.ts, as main.ts starts it): 50 jobs of 50 ms queued at once on a
 * one-at-a-time worker. A job's start latency is the time from the moment the worker had room for
 * it (the previous job's end, or its own sending when the worker was idle) to its start. Printed
 * as p50/p99 against the reference: the same gap between two calls of a plain in-process loop
 * doing the same 50 ms of work (the cost of nothing but the event loop). It only prints.
 * Env: BENCH_JOBS (50), BENCH_JOB_MS (50), BENCH_PG_URL (admin URL; `none` skips PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb } from '../src/server/db/db.ts';
import { startQueue } from '../src/server/jobs/queue.ts';
import { percentile } from './bench/measure.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const JOB_MS = Number(process.env.BENCH_JOB_MS ?? 50);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

/** The gaps of a plain loop doing the same work: what "starting at once" costs with no queue at all. */
async function reference(): Promise<number[]> {
  const gaps: number[] = [];
  let ended = performance.now();
  for (let i = 0; i < JOBS; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gaps.push(performance.now() - ended);
    await sleep(JOB_MS);
    ended = performance.now();
  }
  return gaps;
}

async function backlog(engine: 'pglite' | 'postgres'): Promise<number[] | string> {
  let url: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (engine === 'postgres') {
    if (PG_ADMIN_URL === 'none') return 'skipped (BENCH_PG_URL=none)';
    const name = `bench_queue_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      await admin.end().catch(() => undefined);
      return `skipped (PostgreSQL unreachable: ${error instanceof Error ? error.message : String(error)})`;
    }
    await admin.end();
    const target = new URL(PG_ADMIN_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDb = async () => {
      const again = new pg.Client({ connectionString: PG_ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  const db = await openDb(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  const queue = await startQueue(db, { databaseUrl: url, onError: () => undefined });
  try {
    const sentAt = new Map<number, number>();
    const startedAt = new Map<number, number>();
    const endedAt = new Map<number, number>();
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    await queue.work<{ i: number }>('bench.backlog', async ({ i }) => {
      startedAt.set(i, performance.now());
      await sleep(JOB_MS);
      endedAt.set(i, performance.now());
      if (endedAt.size === JOBS) done();
    });
    // Warm the worker once (queue creation, first fetch), then the backlog: all at once.
    await queue.send('bench.backlog', { i: -1 });
    while (!endedAt.has(-1)) await sleep(20);
    endedAt.delete(-1);
    startedAt.delete(-1);
    for (let i = 0; i < JOBS; i++) {
      sentAt.set(i, performance.now());
      await queue.send('bench.backlog', { i });
    }
    await Promise.race([all, sleep(JOBS * (JOB_MS + GOAL_MS) + 30_000)]);
    // In start order: each job could start when the previous one ended (or when sent, if later).
    const order = [...startedAt.entries()].sort((a, b) => a[1] - b[1]).map(([i]) => i);
    const latencies: number[] = [];
    order.forEach((i, k) => {
      const previousEnd = k === 0 ? 0 : (endedAt.get(order[k - 1]!) ?? 0);
      const room = Math.max(sentAt.get(i) ?? 0, previousEnd);
      latencies.push((startedAt.get(i) ?? room) - room);
    });
    if (latencies.length < JOBS) return `only ${latencies.length} of ${JOBS} jobs started`;
    return latencies;
  } finally {
    await queue.stop();
    await db.close();
    await dropDb?.();
  }
}

async function main(): Promise<void> {
  const ref = await reference();
  const lines = [
    `job start latency, ${JOBS} jobs of ${JOB_MS} ms queued at once on a one-at-a-time worker (goal p99 < ${GOAL_MS} ms)`,
    `    reference: a plain loop, same work           p50 ${fmt(percentile(ref, 50))}  p99 ${fmt(percentile(ref, 99))}`,
  ];
  for (const engine of ['pglite', 'postgres'] as const) {
    const result = await backlog(engine);
    if (typeof result === 'string') {
      lines.push(`    ${engine.padEnd(8)} ${result}`);
      continue;
    }
    const p99 = percentile(result, 99);
    lines.push(
      `    ${engine.padEnd(8)} queued (pg-boss)                   p50 ${fmt(percentile(result, 50))}  p99 ${fmt(p99)}` +
        `  max ${fmt(Math.max(...result))}  ${p99 < GOAL_MS ? 'PASS' : 'OVER'}`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
