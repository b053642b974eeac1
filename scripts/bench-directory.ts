/**
 * `npm run bench:directory` (also run by `npm run bench`): the directory at scale (issue 5).
 * Seeds 100,000 employees over 50 organisations on the embedded PGlite and on a throwaway
 * PostgreSQL database, times the list calls (server time through Fastify `app.inject`, p50/p95)
 * next to the SQL each call ran replayed directly on the database, reports memory, then times
 * the list screen's first row in Chromium. It only prints; nothing is asserted.
 * Env: BENCH_EMPLOYEES, BENCH_ORGS, BENCH_CALLS, BENCH_PG_URL (admin URL; `none` skips PostgreSQL).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { EngineResult } from './bench/engine.ts';
import { type FirstPaint, measureFirstPaint } from './bench/first-paint.ts';
import { printReport } from './bench/report.ts';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function runEngine(target: string, out: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/engine.ts', target, out], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`engine ${target} exited with ${code}`))));
  });
}

const readResult = (file: string): EngineResult => JSON.parse(readFileSync(file, 'utf8')) as EngineResult;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function onPglite(work: string, skipPaint: string | null): Promise<{ result: EngineResult; paint: FirstPaint }> {
  const dataDir = join(work, 'pglite');
  const out = join(work, 'pglite.json');
  console.log(`[bench:directory] PGlite in ${dataDir}: seeding and measuring…`);
  await runEngine(dataDir, out);
  // The engine process has closed its PGlite: the real server may now own the data directory.
  if (skipPaint) return { result: readResult(out), paint: { measured: false, reason: skipPaint } };
  console.log('[bench:directory] list screen in Chromium (real server on that directory)…');
  let paint: FirstPaint;
  try {
    paint = await measureFirstPaint(dataDir);
  } catch (error) {
    paint = { measured: false, reason: (error as Error).message.split('\n')[0] ?? 'failed' };
  }
  return { result: readResult(out), paint };
}

async function onPostgres(work: string): Promise<EngineResult | string> {
  if (PG_ADMIN_URL === 'none') return 'skipped (BENCH_PG_URL=none)';
  const name = `bench_dir_${randomBytes(4).toString('hex')}`;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    return `skipped: cannot create a database on ${PG_ADMIN_URL} (${(error as Error).message})`;
  }
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const out = join(work, 'postgres.json');
    console.log(`[bench:directory] PostgreSQL database ${name}: seeding and measuring…`);
    await runEngine(url.toString(), out);
    return readResult(out);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = loadavg()[0]!;
  // A plain .mjs without type declarations: imported by a computed specifier, typed here.
  const buildModule = './ensure-build.mjs';
  const { ensureBuild } = (await import(buildModule)) as { ensureBuild(o: { log(m: string): void }): boolean };
  let buildFailure: string | null = null;
  try {
    ensureBuild({ log: (message) => console.log(`[bench:directory] ${message}`) });
  } catch (error) {
    // The API measurements do not need the web build: only the browser step is lost.
    buildFailure = `the web build failed (${(error as Error).message})`;
  }
  const work = mkdtempSync(join(tmpdir(), 'bench-directory-'));
  try {
    const { result: pglite, paint } = await onPglite(work, buildFailure);
    const postgres = await onPostgres(work);
    printReport({ pglite, postgres, paint, totalMs: performance.now() - began, loadAtStart });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
