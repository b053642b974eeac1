/**
 * One engine of the directory bench, run in its own process so its memory is its own:
 *   tsx scripts/bench/engine.ts <pglite DATA_DIR | postgres URL> <result.json>
 * Migrates, seeds the demo plus the scale set, builds the app in-process on that database, logs
 * in as the demo admin (who sees the 50 bench organisations) and times each scenario through
 * Fastify's `app.inject` (routing, auth hook, body decoding, handler, serialisation; no socket),
 * next to the SQL that very call ran, replayed directly on the database.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADERS, ROUTES, type RouteId, routeUrl } from '../../src/contract/routes.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { personaByLogin } from '../../src/server/db/seed/personas.ts';
import { type Timing, postgresPss, timeCalls } from './measure.ts';
import { concurrentGroups, isRead, recordingDb, replay } from './recording-db.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { seedScale } from './seed-scale.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const ORGS = Number(process.env.BENCH_ORGS ?? 50);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

export interface ScenarioResult {
  id: string;
  label: string;
  goalMs: number | null;
  status: number;
  /** `count` of the answer (or totalCount of stats): shows the call touched the scale data. */
  rows: number | null;
  server: Timing | null;
  sql: Timing | null;
  statements: number;
  error?: string;
}

export interface EngineResult {
  engine: 'pglite' | 'postgres';
  /** `SHOW server_version` (PGlite embeds a PostgreSQL too). */
  serverVersion: string;
  employees: number;
  organizations: number;
  demoMs: number;
  seedMs: number;
  vacuumMs: number;
  rssAfterLoad: number;
  rssAfterMeasure: number;
  postgresPss: { bytes: number; processes: number } | null;
  scenarios: ScenarioResult[];
}

type Call = { status: number; json: () => unknown };

async function main(): Promise<void> {
  const [target, out] = process.argv.slice(2);
  if (!target || !out) throw new Error('usage: engine.ts <data dir | postgres url> <result.json>');
  const isPostgres = /^postgres(ql)?:\/\//.test(target);
  const db: Db = await openDb(isPostgres ? { databaseUrl: target } : { dataDir: target });
  const demoStarted = performance.now();
  await migrate(db);
  await seedDemo(db);
  const demoMs = performance.now() - demoStarted;
  const scale = await seedScale(db, { employees: EMPLOYEES, organizations: ORGS });
  global.gc?.();
  const rssAfterLoad = process.memoryUsage().rss;

  const rec = recordingDb(db);
  const config = loadConfig(
    {},
    {
      webDir: '/nonexistent-web-dir',
      publicUrl: 'http://bench.local',
      ...(isPostgres ? { databaseUrl: target } : { dataDir: target }),
    },
  );
  const app = await buildApp({ db: rec.db, config, push: false });
  const headers = await login(app);
  const call = async (route: RouteId, body: unknown): Promise<Call> => {
    const method = ROUTES[route].method;
    const res = await app.inject({
      method,
      url: routeUrl(route),
      ...(method === 'GET' ? {} : { payload: body as object }),
      headers,
    });
    return { status: res.statusCode, json: () => res.json() };
  };

  const scenarios: ScenarioResult[] = [];
  const context = new Map<string, unknown>();
  for (const scenario of SCENARIOS) {
    scenarios.push(await measure(scenario, call, rec, db, context));
    process.stderr.write(`  ${isPostgres ? 'postgres' : 'pglite'}: ${scenario.label} done\n`);
  }
  global.gc?.();
  const version = await db.query<{ server_version: string }>('SHOW server_version');
  const result: EngineResult = {
    engine: db.kind,
    serverVersion: version.rows[0]?.server_version.split(' ')[0] ?? '?',
    employees: EMPLOYEES,
    organizations: ORGS,
    demoMs,
    seedMs: scale.seedMs,
    vacuumMs: scale.vacuumMs,
    rssAfterLoad,
    rssAfterMeasure: process.memoryUsage().rss,
    postgresPss: isPostgres ? postgresPss() : null,
    scenarios,
  };
  await app.close();
  await db.close();
  writeFileSync(out, JSON.stringify(result, null, 2));
}

async function login(app: FastifyInstance): Promise<Record<string, string>> {
  const admin = personaByLogin('admin');
  if (!admin) throw new Error('no admin persona');
  const res = await app.inject({
    method: 'POST',
    url: routeUrl('auth.login'),
    payload: { login: admin.login, password: admin.password },
  });
  const access = res.headers[AUTH_HEADERS.setAuthorization];
  if (res.statusCode !== 200 || typeof access !== 'string') throw new Error(`login: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${access}` };
}

async function measure(
  scenario: Scenario,
  call: (route: RouteId, body: unknown) => Promise<Call>,
  rec: ReturnType<typeof recordingDb>,
  db: Db,
  context: Map<string, unknown>,
): Promise<ScenarioResult> {
  const base = { id: scenario.id, label: scenario.label, goalMs: scenario.goalMs };
  const body = scenario.body(context);
  if (body === undefined)
    return { ...base, status: 0, rows: null, server: null, sql: null, statements: 0, error: 'no cursor to start from' };
  let first: Call | undefined;
  const statements = await rec.capture(async () => (first = await call(scenario.route, body)));
  if (!first || first.status !== 200)
    return { ...base, status: first?.status ?? 0, rows: null, server: null, sql: null, statements: 0 };
  const answer = first.json() as Record<string, unknown>;
  scenario.remember?.(answer, context);
  const rows =
    typeof answer.count === 'number' ? answer.count : typeof answer.totalCount === 'number' ? answer.totalCount : null;
  const server = await timeCalls(
    async () => {
      const res = await call(scenario.route, body);
      if (res.status !== 200) throw new Error(`${scenario.id}: ${res.status}`);
    },
    CALLS,
    WARMUP,
  );
  if (process.env.BENCH_DUMP_SQL)
    appendFileSync(process.env.BENCH_DUMP_SQL, `${JSON.stringify({ scenario: scenario.id, statements })}\n`);
  const groups = concurrentGroups(statements.filter((s) => isRead(s.sql)));
  const sql = await timeCalls(() => replay(db, groups), CALLS, WARMUP);
  return { ...base, status: 200, rows, server, sql, statements: groups.flat().length };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
