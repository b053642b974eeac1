/**
 * `npm run bench:cluster` (also run by `npm run bench`): several nodes on PostgreSQL (issue 17).
 * Prints only; nothing is asserted.
 *
 * On a throw-away PostgreSQL database (BENCH_PG_URL; skipped with a sentence when unreachable): two
 * API nodes (ROLE=api) and one worker (ROLE=worker), each the real server as `npm start`, `npm run
 * cluster` and the image run it on PostgreSQL (the bundle, built first, `node dist/server/main.mjs`)
 * in its own process, behind HAProxy (deploy/haproxy.cfg, `maxconn` raised to
 * the bench's sockets) when `/usr/sbin/haproxy` is installed (HAPROXY=none: not used), else straight
 * on the two nodes' ports, one client in two on each.
 *  (a) BENCH_SOCKETS socket.io clients (websocket transport; default 10,000), spread over both nodes
 *      and over BENCH_PUSH_PROCESSES client processes (default 2: one process decoding every frame
 *      measures its own queue more than the nodes' push), all following one campaign; this process then joins the cluster as a worker does
 *      (`pushPublisher`: the PostgreSQL adapter, LISTEN/NOTIFY) and publishes the campaign's status
 *      change BENCH_ROUNDS times to the room a status change reaches: delivery latency from the
 *      publish to each client's receipt, p50/p95/p99/max (goal p99 < 200 ms), and clients missed.
 *  (b) BENCH_HTTP_CLIENTS concurrent HTTP clients (default 200), each reading lists (employees,
 *      campaigns) one call after the other with no pause, for BENCH_HTTP_SECONDS (default 60) over
 *      the balancer (or both ports): errors, p50/p95/p99 (goal 0 errors, p99 < 300 ms), calls/s.
 *  (c) the same load against node A alone, measured in the same run: the throughput of two nodes
 *      against one (the ratio), with each node's CPU (utime + stime from /proc/<pid>/stat).
 *      The load generator, PostgreSQL and HAProxy share the machine's cores with the nodes: the gain
 *      printed is that of this machine, not of two machines.
 *
 * File descriptors: each socket holds one in this process and one in its node, and two more through
 * HAProxy. Node cannot raise its own limit (there is no `process.setrlimit`): the bench prints the
 * soft limit (`ulimit -n`) and, when it is too low for BENCH_SOCKETS, says so — raise it in the shell
 * first (`ulimit -n 65536`); the nodes and HAProxy inherit it. Where the limit cannot be raised (a
 * container's hard limit of 20,000 holds 10,000 sockets in a process but not the 2 × 10,200 HAProxy
 * would need), the sockets connect straight to the two nodes, one in two on each, and the HTTP clients
 * still go through HAProxy; the bench says which it did.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AUTH_HEADERS, routeUrl } from '../src/contract/routes.ts';
import { openDb } from '../src/server/db/db.ts';
import { campaignById } from '../src/server/modules/dispatch/campaign.repo.ts';
import { postgresPushAdapter, pushPublisher } from '../src/server/push/cluster.ts';
import { SERVER_BUNDLE, buildServer, serverNodeArgs } from './build-server.mjs';
import { findHaproxy, haproxyConfig } from './cluster-haproxy.mjs';
import { KeptAliveClient } from './bench/http-client.ts';
import { maximum, percentile } from './bench/measure.ts';
import { cpuMs, freePort, postgresCpuMs, postgresDelta, reachable } from './bench/process.ts';
import { clockNow, pushClientProcess, shares } from './bench/push-client-processes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HTTP_CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 200);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 60);
/** Sessions shared by the clients: a login costs a password hash, not what is measured. */
const SESSIONS = 10;
const PUSH_PROCESSES = Number(process.env.BENCH_PUSH_PROCESSES ?? 2);
const GOAL_PUSH_P99_MS = 200;
const GOAL_HTTP_P99_MS = 300;
const WARMUP_MS = 5_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const f = (ms: number): string =>
  Number.isNaN(ms) ? '—' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function fdLimit(): number | null {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? Infinity : Number(out) || null;
}

const children = new Set<ChildProcess>();

interface Node {
  readonly name: string;
  readonly child: ChildProcess;
  readonly base: string;
}

/** One node: the real server in its own process group, ready when /api/ready answers (a worker: its log line). */
async function startNode(name: string, role: 'api' | 'worker', databaseUrl: string): Promise<Node> {
  const port = role === 'api' ? await freePort() : 0;
  const child = spawn(process.execPath, [...serverNodeArgs({ DATABASE_URL: databaseUrl }), SERVER_BUNDLE], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      FILES_DIR: '',
      PUSH_ADAPTER: '',
      TRUST_PROXY: '1',
    },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let log = '';
  const keep = (b: Buffer) => void (log = (log + b.toString()).slice(-8_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited (${child.exitCode})\n${log}`);
    if (role === 'worker') {
      if (log.includes('ROLE=worker: working')) return { name, child, base };
    } else {
      const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.status === 200) return { name, child, base };
    }
    await sleep(100);
  }
  throw new Error(`node ${name} not ready within 180 s\n${log}`);
}

function killAll(): void {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A failed fetch's error with its causes (undici says only « fetch failed »; the cause says why). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const { name, message, code } = e as { name?: string; message?: string; code?: string };
    parts.push([name, code, message].filter(Boolean).join(' '));
  }
  return parts.join(' ← ') || String(error);
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

// ---------------------------------------------------------------------------------------------
// (a) push delivery

interface PushResult {
  connected: number;
  failed: number;
  connectMs: number;
  latencies: number[];
  missed: number;
}

async function pushBench(
  urls: readonly string[],
  tokens: readonly string[],
  databaseUrl: string,
  campaignId: string,
): Promise<PushResult> {
  const began = performance.now();
  const clients = shares(SOCKETS, PUSH_PROCESSES).map((count) =>
    pushClientProcess({ urls, tokens, count, follow: campaignId }),
  );
  const db = await openDb({ databaseUrl, poolMax: 2 });
  const push = pushPublisher(db, postgresPushAdapter(databaseUrl));
  const latencies: number[] = [];
  let missed = 0;
  let connected = 0;
  let failed = 0;
  const perProcess: number[] = [];
  try {
    for (const ready of await Promise.all(clients.map((c) => c.next()))) {
      if (ready.type !== 'ready') throw new Error('a client process reported before it was ready');
      connected += ready.connected;
      perProcess.push(ready.connected);
      failed += ready.failed;
    }
    const connectMs = performance.now() - began;
    const campaign = await campaignById(db, 'main', campaignId);
    if (!campaign) throw new Error('no campaign to publish');
    // The adapter's LISTEN connection is up once a first broadcast went through (an untimed one).
    await sleep(1_000);
    push.publishToOrg('main', campaign.organizationId, 'campaign.updated', { ...campaign, name: 'bench warm-up' });
    await sleep(1_000);
    for (let round = 1; round <= ROUNDS; round++) {
      const at = clockNow();
      push.publishToOrg('main', campaign.organizationId, 'campaign.updated', {
        ...campaign,
        name: `bench round ${round}`,
      });
      // Each process answers once every one of its clients has the round; one still short after 10 s
      // counts its clients as missed (a late answer of an earlier round is skipped).
      const deadline = sleep(10_000).then(() => null);
      const answers = await Promise.all(
        clients.map(async (c) => {
          for (;;) {
            const answer = await Promise.race([c.next(), deadline]);
            if (!answer || (answer.type === 'round' && answer.round === round)) return answer;
          }
        }),
      );
      for (const [k, answer] of answers.entries()) {
        if (answer?.type === 'round') for (const t of answer.receipts) latencies.push(t - at);
        else missed += perProcess[k]!;
      }
      await sleep(500);
    }
    return { connected, failed, connectMs, latencies, missed };
  } finally {
    for (const c of clients) c.child.kill();
    await push.close();
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// (b), (c) HTTP lists

interface HttpResult {
  calls: number;
  errors: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpu: Map<string, number>;
}

async function httpLoad(
  urls: readonly string[],
  tokens: readonly string[],
  measured: readonly { name: string; pid: number | undefined }[],
): Promise<HttpResult> {
  const lists = [routeUrl('employees.list'), routeUrl('campaigns.list')];
  const samples: { ms: number; ok: boolean }[] = [];
  const errorKinds = new Map<string, number>();
  const noteError = (kind: string): void => void errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  let counting = false;
  let running = true;
  const loops = Array.from({ length: HTTP_CLIENTS }, async (_, i) => {
    // One kept-alive connection per base URL, each call's bytes built once (scripts/bench/http-client.ts).
    const token = tokens[i % tokens.length]!;
    const targets = urls.map((base) => {
      const { hostname, port, host } = new URL(base);
      return {
        client: new KeptAliveClient(hostname, Number(port)),
        requests: lists.map((path) =>
          KeptAliveClient.request(
            host,
            path,
            [`authorization: Bearer ${token}`, 'content-type: application/json'],
            '{}',
          ),
        ),
      };
    });
    let n = i;
    while (running) {
      const target = targets[n % targets.length]!;
      const request = target.requests[n % lists.length]!;
      n++;
      // A call counts when it starts within the window, whenever it ends: one begun in the warm-up (the
      // first calls open 200 connections and fill the pools, up to 2.5 s here) is not the steady state.
      const counted = counting;
      const at = performance.now();
      let ok: boolean;
      try {
        const res = await target.client.send(request);
        ok = res.status === 200;
        if (!ok && counted) noteError(`HTTP ${res.status} ${res.body.toString('utf8').slice(0, 120)}`);
      } catch (error) {
        ok = false;
        if (counted) noteError(describeError(error));
      }
      if (counted) samples.push({ ms: performance.now() - at, ok });
    }
    for (const t of targets) t.client.close();
  });
  await sleep(WARMUP_MS);
  const cpuBefore = measured.map((n) => cpuMs(n.pid));
  const postgresBefore = postgresCpuMs();
  const selfBefore = process.cpuUsage();
  const from = performance.now();
  counting = true;
  await sleep(HTTP_SECONDS * 1000);
  counting = false;
  const to = performance.now();
  const cpuAfter = measured.map((n) => cpuMs(n.pid));
  const postgresAfter = postgresCpuMs();
  const self = process.cpuUsage(selfBefore);
  running = false;
  await Promise.all(loops);
  const ok = samples.filter((s) => s.ok).map((s) => s.ms);
  const cpu = new Map(measured.map((n, k) => [n.name, (cpuAfter[k]! - cpuBefore[k]!) / (to - from)]));
  cpu.set('load generator', (self.user + self.system) / 1000 / (to - from));
  cpu.set('PostgreSQL', postgresDelta(postgresBefore, postgresAfter) / (to - from));
  for (const [kind, n] of errorKinds) console.log(`  error ×${n}: ${kind}`);
  return {
    calls: samples.length,
    errors: samples.length - ok.length,
    rate: (ok.length * 1000) / (to - from),
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
    p99: percentile(ok, 99),
    max: maximum(ok),
    cpu,
  };
}

const cpuLine = (cpu: Map<string, number>): string =>
  [...cpu].map(([name, share]) => `${name} ${(share * 100).toFixed(0)} %`).join(', ');

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(`bench:cluster — two API nodes and a worker on PostgreSQL (${cpus().length} cores, load ${load()})`);
  if (!(await reachable(PG_URL))) {
    console.log(`PostgreSQL does not answer at ${PG_URL} (BENCH_PG_URL): the cluster bench is skipped.`);
    return;
  }
  const limit = fdLimit();
  const needed = SOCKETS + HTTP_CLIENTS * 2 + 500;
  // HAProxy holds two descriptors per connection (client and server side), and some of its own.
  const socketsThroughProxy = limit === null || limit >= 2 * (SOCKETS + HTTP_CLIENTS + 1_000);
  console.log(
    `file descriptors: soft limit ${limit ?? '?'} (ulimit -n); about ${needed} wanted by this process` +
      (limit !== null && limit < needed
        ? ` — too low for ${SOCKETS} sockets: raise it in the shell first (ulimit -n 65536); Node cannot raise its own`
        : ''),
  );

  const dbName = `bench_cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  let haproxyDir: string | null = null;
  const cleanup = async (): Promise<void> => {
    killAll();
    if (haproxyDir) rmSync(haproxyDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const started = performance.now();
    await buildServer();
    // A migrates and seeds the demo; B and the worker find it done.
    const a = await startNode('A', 'api', databaseUrl);
    const [b, worker] = await Promise.all([startNode('B', 'api', databaseUrl), startNode('W', 'worker', databaseUrl)]);

    const haproxyPath = process.env.HAPROXY === 'none' ? null : findHaproxy();
    let balancer: string | null = null;
    let proxy: ChildProcess | null = null;
    if (haproxyPath) {
      const port = await freePort();
      haproxyDir = mkdtempSync(join(tmpdir(), 'bench-cluster-haproxy-'));
      const config = join(haproxyDir, 'haproxy.cfg');
      const nodes = [a, b].map((n) => ({
        name: n.name.toLowerCase(),
        host: '127.0.0.1',
        port: Number(new URL(n.base).port),
      }));
      const text = haproxyConfig({ port, nodes, template: join(ROOT, 'deploy/haproxy.cfg') });
      // The template's 4,096 connections would queue the bench's sockets: one per socket and client, and some.
      writeFileSync(
        config,
        text.replace(/maxconn\s+\d+/, `maxconn ${(socketsThroughProxy ? SOCKETS : 0) + HTTP_CLIENTS + 1_000}`),
      );
      proxy = spawn(haproxyPath, ['-f', config, '-db'], { detached: true, stdio: 'ignore' });
      children.add(proxy);
      proxy.once('exit', () => children.delete(proxy!));
      balancer = `http://127.0.0.1:${port}`;
      const deadline = performance.now() + 30_000;
      for (;;) {
        const pins = new Set<string>();
        for (let i = 0; i < 4; i++) {
          const res = await fetch(`${balancer}/api/ready`).catch(() => null);
          await res?.arrayBuffer();
          const pin = /SERVERID=(\w+)/.exec(res?.headers.get('set-cookie') ?? '')?.[1];
          if (res?.status === 200 && pin) pins.add(pin);
        }
        if (pins.size === 2) break;
        if (proxy.exitCode !== null || performance.now() > deadline)
          throw new Error('HAProxy did not serve both nodes');
        await sleep(200);
      }
    }
    const both = balancer ? [balancer] : [a.base, b.base];
    const socketUrls = balancer && socketsThroughProxy ? [balancer] : [a.base, b.base];
    console.log(
      `nodes up in ${f(performance.now() - started)}: A ${a.base}, B ${b.base}, worker pid ${worker.child.pid}; ` +
        `${balancer ? `HAProxy at ${balancer} (least connections)` : 'no HAProxy: clients alternate between the two ports'}`,
    );

    const tokens: string[] = [];
    for (let i = 0; i < SESSIONS; i++) tokens.push(await login(both[i % both.length]!));
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const { rows } = await probe.query<{ id: string }>(`SELECT id FROM dom_main.campaigns ORDER BY created_at LIMIT 1`);
    await probe.end();
    if (!rows[0]) throw new Error('the demo seed has no campaign to follow');

    // (a)
    const over =
      socketUrls.length === 1
        ? 'HAProxy'
        : balancer
          ? `both nodes' ports (the descriptor limit ${limit} is below the ${2 * (SOCKETS + HTTP_CLIENTS + 1_000)} HAProxy would need)`
          : 'both ports';
    console.log(`\n(a) push: ${SOCKETS} sockets over ${over}, ${ROUNDS} status changes`);
    const pushed = await pushBench(socketUrls, tokens, databaseUrl, rows[0].id);
    const lat = pushed.latencies;
    const p99 = percentile(lat, 99);
    console.log(
      `  connected and following: ${pushed.connected} (${pushed.failed} failed) in ${f(pushed.connectMs)}; load ${load()}`,
    );
    console.log(
      `  delivery: p50 ${f(percentile(lat, 50))}, p95 ${f(percentile(lat, 95))}, p99 ${f(p99)}, max ${f(maximum(lat))} ` +
        `over ${lat.length} deliveries; missed ${pushed.missed} — goal p99 < ${GOAL_PUSH_P99_MS} ms: ` +
        `${p99 < GOAL_PUSH_P99_MS && pushed.missed === 0 ? 'met' : 'NOT met'} (${(p99 / GOAL_PUSH_P99_MS).toFixed(2)} × the goal)`,
    );

    // (b)
    console.log(`\n(b) HTTP: ${HTTP_CLIENTS} clients reading lists without pause for ${HTTP_SECONDS} s`);
    const measured = [
      ...[a, b, worker].map((n) => ({ name: n.name, pid: n.child.pid })),
      ...(proxy ? [{ name: 'HAProxy', pid: proxy.pid }] : []),
    ];
    const two = await httpLoad(both, tokens, measured);
    console.log(
      `  both nodes${balancer ? ' through HAProxy' : ''}: ${two.calls} calls, ${two.errors} errors, ${two.rate.toFixed(1)} calls/s; ` +
        `p50 ${f(two.p50)}, p95 ${f(two.p95)}, p99 ${f(two.p99)}, max ${f(two.max)} — goal 0 errors, p99 < ${GOAL_HTTP_P99_MS} ms: ` +
        `${two.errors === 0 && two.p99 < GOAL_HTTP_P99_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`  CPU (share of one core): ${cpuLine(two.cpu)}; load ${load()}`);

    // (c)
    console.log(`\n(c) the same load against node A alone (reference, same run)`);
    const one = await httpLoad([a.base], tokens, measured);
    console.log(
      `  node A alone: ${one.calls} calls, ${one.errors} errors, ${one.rate.toFixed(1)} calls/s; ` +
        `p50 ${f(one.p50)}, p95 ${f(one.p95)}, p99 ${f(one.p99)}, max ${f(one.max)}`,
    );
    console.log(`  CPU (share of one core): ${cpuLine(one.cpu)}; load ${load()}`);
    console.log(
      `  two nodes against one: throughput × ${(two.rate / one.rate).toFixed(2)}, p99 × ${(two.p99 / one.p99).toFixed(2)} ` +
        `(on ${cpus().length} cores shared with PostgreSQL${balancer ? ', HAProxy' : ''} and this load generator: ` +
        `a second node only helps while node A alone leaves a core idle)`,
    );
  } finally {
    await cleanup();
  }
}

await main();
// Sockets and keep-alive connections closed or not, the bench is over.
process.exit(0);
