/**
 * `npm run bench:responsiveness` (also run by `npm run bench`): does the API stay responsive while a
 * campaign splits and dispatches? (issue 13, point 2). Prints only; nothing is asserted.
 *
 * Per engine (PGlite in a fresh directory; PostgreSQL in a throw-away database, skipped when
 * unreachable): the demo plus ~2,200 employees are seeded in a child process, then the real server
 * (the `npm start` bundle, ROLE=all: API and jobs in one process) starts on it. N clients (default
 * 100), each logged in with its own session, read lists in a loop (employees list, then campaigns
 * list, with a pause between calls, as people paging through screens). Measured twice:
 *  - reference: the same clients, nothing else running;
 *  - campaign: while a ~2,000-page payroll is uploaded, split and dispatched (review off) to the end.
 * Printed: p50/p95/p99/max of the list calls, each against the reference (ratio), and the goal
 * (campaign p99 < 300 ms on both engines).
 * Knobs: BENCH_CLIENTS=100, BENCH_CAMPAIGN_PAGES=2000, BENCH_THINK_MS=1000 (mean pause, uniform ±50 %),
 * BENCH_REF_SECONDS=20, BENCH_ENGINES=pglite,postgres, BENCH_PG_URL (`none` to skip PostgreSQL),
 * BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AUTH_HEADERS, routeUrl } from '../src/contract/routes.ts';
import { SERVER_BUNDLE, buildServer, serverNodeArgs } from './build-server.mjs';
import { maximum, percentile } from './bench/measure.ts';
import { freePort, stop, reachable } from './bench/process.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const PAGES = Number(process.env.BENCH_CAMPAIGN_PAGES ?? 2000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const REF_SECONDS = Number(process.env.BENCH_REF_SECONDS ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_P99_MS = 300;
const WARMUP_MS = 2_000;
const BUSY = new Set(['SPLITTING', 'NEEDS_DISPATCHING', 'DISPATCHING']);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const f = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverNodeArgs({ ...process.env, ...env }), ...extra, SERVER_BUNDLE], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED: 'none' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})\n${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  await stop(child);
  throw new Error(`server did not answer within 120 s\n${stderr}`);
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/rh-user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'Admin!2026' }),
  });
  await res.arrayBuffer();
  const token = res.headers.get(AUTH_HEADERS.setAuthorization);
  if (res.status !== 200 || !token) throw new Error(`login: ${res.status}`);
  return token;
}

async function call(base: string, token: string, url: string, body: unknown, method = 'POST'): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(120_000),
  });
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** N clients paging through lists until `stop()`; every call's latency, stamped with its start. */
function listClients(base: string, tokens: readonly string[]) {
  const samples: Sample[] = [];
  let running = true;
  const lists = [
    { url: routeUrl('employees.list'), body: {} },
    { url: routeUrl('campaigns.list'), body: {} },
  ];
  const loops = tokens.map(async (token, i) => {
    let n = i;
    // Spread the first calls over one pause so the clients do not move in step.
    await sleep(Math.random() * THINK_MS);
    while (running) {
      const list = lists[n++ % lists.length]!;
      const at = performance.now();
      let ok: boolean;
      try {
        const res = await call(base, token, list.url, list.body);
        await res.arrayBuffer();
        ok = res.status === 200;
      } catch {
        ok = false;
      }
      samples.push({ at, ms: performance.now() - at, ok });
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  });
  return {
    samples,
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
  };
}

interface Stats {
  n: number;
  errors: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function stats(samples: readonly Sample[], from: number, to: number): Stats {
  const window = samples.filter((s) => s.at >= from && s.at <= to);
  const ms = window.filter((s) => s.ok).map((s) => s.ms);
  return {
    n: window.length,
    errors: window.length - ms.length,
    rate: (window.length * 1000) / Math.max(1, to - from),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: maximum(ms),
  };
}

function campaignBody(pdf: Buffer): FormData {
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      name: 'Bench réactivité',
      docName: 'Bulletin de paie',
      docIds: [],
      groupIds: [],
      empIds: [],
      review: false,
      onRefuse: false,
      onError: false,
      usersToNotify: [],
      docTypeCode: 'BULLETIN_PAIE',
      automaticRecipients: true,
    }),
  );
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paie.pdf');
  return form;
}

interface CampaignRun {
  uploadMs: number;
  splitMs: number;
  dispatchMs: number;
  status: string;
  counts: Record<string, number>;
  started: number;
  ended: number;
}

async function runCampaign(base: string, token: string, pdf: Buffer): Promise<CampaignRun> {
  const started = performance.now();
  const res = await fetch(`${base}${routeUrl('campaigns.create')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: campaignBody(pdf),
  });
  const created = (await res.json()) as { id?: string; status?: string };
  if (res.status >= 300 || !created.id) throw new Error(`campaign creation: ${res.status} ${JSON.stringify(created)}`);
  const uploadMs = performance.now() - started;
  let splitEnd = 0;
  for (;;) {
    const got = await call(base, token, routeUrl('campaigns.get', { id: created.id }), undefined, 'GET');
    const campaign = (await got.json()) as { status: string; counts: Record<string, number> };
    const now = performance.now();
    if (!splitEnd && campaign.status !== 'SPLITTING') splitEnd = now;
    if (!BUSY.has(campaign.status))
      return {
        uploadMs,
        splitMs: splitEnd - started,
        dispatchMs: now - splitEnd,
        status: campaign.status,
        counts: campaign.counts,
        started,
        ended: now,
      };
    if (now - started > 30 * 60_000) throw new Error('campaign still running after 30 minutes');
    await sleep(200);
  }
}

function row(label: string, s: Stats, ref?: Stats): string {
  const ratio = (v: number, r: number | undefined): string => (r ? ` (×${(v / r).toFixed(1)})` : '');
  return (
    `  ${label.padEnd(34)} ${String(s.n).padStart(6)} calls ${s.rate.toFixed(0).padStart(4)}/s  ` +
    `p50 ${f(s.p50)}${ratio(s.p50, ref?.p50)}  p95 ${f(s.p95)}${ratio(s.p95, ref?.p95)}  ` +
    `p99 ${f(s.p99)}${ratio(s.p99, ref?.p99)}  max ${f(s.max)}${s.errors ? `  ${s.errors} errors` : ''}`
  );
}

async function benchEngine(engine: 'pglite' | 'postgres', target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const pdfPath = join(tmpdir(), `bench-responsiveness-${process.pid}.pdf`);
  const setupStarted = performance.now();
  const setup = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/responsiveness-setup.ts', target, pdfPath, String(PAGES)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (setup.status !== 0) throw new Error(`setup failed (exit ${setup.status})`);
  const made = JSON.parse(setup.stdout.trim().split('\n').pop() ?? '{}') as { pages: number; documents: number };
  console.log(
    `  seeded (demo + ${made.documents} payroll employees) and a ${made.pages}-page payroll in ${f(performance.now() - setupStarted)}`,
  );
  const pdf = readFileSync(pdfPath);
  rmSync(pdfPath, { force: true });
  const { child, base } = await startServer(env);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i += 1) tokens.push(await login(base));
    const owner = await login(base);
    console.log(`  ${CLIENTS} clients logged in; load average ${load()}`);

    const reference = listClients(base, tokens);
    const refFrom = performance.now() + WARMUP_MS;
    await sleep(WARMUP_MS + REF_SECONDS * 1000);
    const refTo = performance.now();
    await reference.stop();
    const ref = stats(reference.samples, refFrom, refTo);

    const during = listClients(base, tokens);
    await sleep(WARMUP_MS);
    const run = await runCampaign(base, owner, pdf);
    await during.stop();
    const busy = stats(during.samples, run.started, run.ended);
    const splitting = stats(during.samples, run.started, run.started + run.splitMs);
    const dispatching = stats(during.samples, run.started + run.splitMs, run.ended);
    const documents = Object.entries(run.counts)
      .filter(([k]) => !k.startsWith('ALL_'))
      .reduce((n, [, v]) => n + v, 0);
    console.log(
      `  campaign: upload ${f(run.uploadMs)}, split ${f(run.splitMs)} (upload included), dispatch ${f(run.dispatchMs)}: ` +
        `${run.status}, ${documents} documents (${run.counts.ALL_DISPATCHED ?? 0} dispatched)`,
    );
    console.log(row('reference (nothing running)', ref));
    console.log(row('during the campaign', busy, ref));
    console.log(row('  while uploading and splitting', splitting, ref));
    console.log(row('  while dispatching', dispatching, ref));
    console.log(
      `  ${engine}: p99 during the campaign ${f(busy.p99)} (×${(busy.p99 / ref.p99).toFixed(1)} the reference), goal < ${GOAL_P99_MS} ms: ` +
        `${busy.p99 < GOAL_P99_MS ? 'met' : 'OVER'}; load average ${load()}`,
    );
  } finally {
    await stop(child);
  }
}

await buildServer();
console.log(
  `== API responsiveness during a campaign: ${CLIENTS} clients reading lists (pause ~${THINK_MS} ms), ` +
    `a ${PAGES}-page campaign split and dispatched ==`,
);
console.log(`load average at start ${load()}`);
for (const engine of ENGINES) {
  if (engine === 'pglite') {
    console.log('\n-- PGlite (fresh directory) --');
    const dir = mkdtempSync(join(tmpdir(), 'bench-responsiveness-'));
    try {
      await benchEngine('pglite', join(dir, 'data'), { DATA_DIR: join(dir, 'data') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (engine === 'postgres') {
    console.log('\n-- PostgreSQL (throw-away database) --');
    if (PG_URL === 'none' || !(await reachable(PG_URL))) {
      console.log(`  skipped: ${PG_URL === 'none' ? 'BENCH_PG_URL=none' : `${PG_URL} unreachable`}`);
      continue;
    }
    const name = `bench_resp_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    try {
      await benchEngine('postgres', url.toString(), { DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
