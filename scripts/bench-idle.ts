/**
 * `npm run bench:idle` (also run by `npm run bench`): resident memory of the idle product on the embedded
 * PGlite (issue 13, goal < 300 MB at rest). Prints only; nothing is asserted.
 *   (1) demo data: the server (the `npm start` bundle) on a new folder — prepared in a child, as
 *       `npm start` does —, stopped, started again on it, 15 logins, then left idle;
 *   (2) 100,000 employees: a folder seeded in a child process (the demo, then `seed-scale.ts` as the
 *       directory bench does: 50 organisations, VACUUM ANALYZE), the server started on it, the demo admin
 *       reads the employee list as a user would (first page, page at offset 50,000, a search, the stats,
 *       each 5 times), then left idle.
 * Idle = at least BENCH_IDLE_SECONDS (30) after the last call and 40 s after the start (the embedded
 * database's upkeep runs 30 s after start). RSS sampled each second: the last value and the peak.
 * Reference: a bare node http server. Knobs: BENCH_IDLE_SECONDS, BENCH_EMPLOYEES (100000; 0 skips (2)),
 * BENCH_IDLE_ONLY=demo|scale.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_HEADERS, routeUrl } from '../src/contract/routes.ts';
import { SERVER_BUNDLE, SERVER_NODE_ARGS, buildServer } from './build-server.mjs';
import { freePort, stop } from './bench/process.ts';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const ONLY = process.env.BENCH_IDLE_ONLY ?? '';
const GOAL_MB = 300;
const MIN_UPTIME_MS = 40_000;
const ADMIN = { login: 'admin', password: 'Admin!2026' };

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}

interface Server {
  child: ChildProcess;
  base: string;
  startedAt: number;
}

async function start(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})\n${stderr}`);
    try {
      const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { child, base, startedAt };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`no answer from ${base}\n${stderr}`);
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}${routeUrl('auth.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  await response.arrayBuffer();
  const token = response.headers.get(AUTH_HEADERS.setAuthorization);
  if (response.status !== 200 || !token) throw new Error(`login answered ${response.status}`);
  return token;
}

async function post(base: string, token: string, route: Parameters<typeof routeUrl>[0], body: unknown) {
  const response = await fetch(`${base}${routeUrl(route)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
}

/** Waits until idle (see the header), sampling RSS each second: the last value and the peak. */
async function idleRss(server: Server): Promise<{ last: number; peak: number; seconds: number }> {
  const began = performance.now();
  const until = Math.max(began + IDLE_SECONDS * 1000, server.startedAt + MIN_UPTIME_MS);
  let peak = 0;
  let last = NaN;
  while (performance.now() < until) {
    await sleep(1000);
    last = rssMb(server.child.pid);
    peak = Math.max(peak, last);
  }
  return { last, peak, seconds: (performance.now() - began) / 1000 };
}

const verdict = (mb: number): string => `goal < ${GOAL_MB} MB: ${mb < GOAL_MB ? 'PASS' : 'OVER'}`;
const mbText = (mb: number): string => `${mb.toFixed(0)} MB`;

async function main(): Promise<void> {
  await buildServer();
  console.log(`== idle memory on the embedded PGlite (goal < ${GOAL_MB} MB) ==\nload average at start ${load()}`);
  const bare = await start(
    ['-e', "require('http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, process.env.HOST)"],
    {},
  );
  const bareMb = rssMb(bare.child.pid);
  await stop(bare.child);
  console.log(`  reference: bare node http server        ${mbText(bareMb)}`);

  if (ONLY !== 'scale') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-idle-demo-'));
    try {
      const env = { DATA_DIR: dir, SEED: 'demo', DATABASE_URL: '' };
      await stop((await start([...SERVER_NODE_ARGS, SERVER_BUNDLE], env)).child);
      const server = await start([...SERVER_NODE_ARGS, SERVER_BUNDLE], env);
      for (let i = 0; i < 15; i += 1) await login(server.base);
      const rss = await idleRss(server);
      await stop(server.child);
      console.log(
        `  (1) demo data, ${rss.seconds.toFixed(0)} s idle after 15 logins   ${mbText(rss.last)} (peak ${mbText(rss.peak)})  ×${(rss.last / bareMb).toFixed(1)}  ${verdict(rss.last)}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (ONLY !== 'demo' && EMPLOYEES > 0) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-idle-scale-'));
    try {
      const seeded = performance.now();
      const setup = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/idle-setup.ts', dir, String(EMPLOYEES)],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      if (setup.status !== 0) throw new Error(`seeding failed (${setup.status})`);
      console.log(
        `  seeded the demo + ${EMPLOYEES.toLocaleString('en')} employees in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
      );
      const server = await start([...SERVER_NODE_ARGS, SERVER_BUNDLE], {
        DATA_DIR: dir,
        SEED: 'none',
        DATABASE_URL: '',
      });
      const token = await login(server.base);
      for (let i = 0; i < 5; i += 1) {
        await post(server.base, token, 'employees.list', {});
        await post(server.base, token, 'employees.list', { offset: 50_000 });
        await post(server.base, token, 'employees.list', { search: 'mar' });
        await post(server.base, token, 'employees.stats', {});
      }
      const afterCalls = rssMb(server.child.pid);
      const rss = await idleRss(server);
      await stop(server.child);
      console.log(
        `  (2) ${EMPLOYEES.toLocaleString('en')} employees, after 20 list calls      ${mbText(afterCalls)}`,
        `\n      then ${rss.seconds.toFixed(0)} s idle                        ${mbText(rss.last)} (peak ${mbText(rss.peak)})  ×${(rss.last / bareMb).toFixed(1)}  ${verdict(rss.last)}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`load average at the end ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
