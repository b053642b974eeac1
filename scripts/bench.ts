/**
 * `npm run bench`: three numbers, each printed as a ratio against a reference measured in the same
 * run on the same machine, so results compare across machines. It only prints; nothing is asserted.
 *   (a) cold start to the first served page (fresh and existing PGlite directory) vs a bare node http server;
 *   (b) initial JavaScript + CSS of the login page, gzipped, vs the 250 kB budget;
 *   (c) login round trip vs a trivial GET on the same server;
 *   (d) resident memory of the idle product vs a bare node http server (goal < 300 MB).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { AUTH_HEADERS, routeUrl } from '../src/contract/routes.ts';
import { SERVER_BUNDLE, SERVER_NODE_ARGS, buildServer } from './build-server.mjs';
import { hashPassword, verifyPassword } from '../src/server/auth/password.ts';
import { freePort, stop } from './bench/process.ts';

const WEB_DIR = 'dist/web';
const BUDGET_BYTES = 250 * 1024;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 15);
const BENCH_LOGIN = { login: 'admin', password: 'Admin!2026' };
/** The page whose first 200 ends a cold start. */
const FIRST_PAGE = process.env.BENCH_PAGE ?? '/';

const ms = (value: number): string => `${value.toFixed(0)} ms`;
const ratio = (value: number, reference: number): string => `×${(value / reference).toFixed(1)}`;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function firstOk(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  startMs: number;
}

async function startAndTime(args: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  try {
    await firstOk(`${baseUrl}${FIRST_PAGE}`, child);
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { child, baseUrl, startMs: performance.now() - began };
}

const BARE_SERVER = `require('http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, process.env.HOST)`;
/** The server as `npm start` runs it: the bundle (scripts/build-server.mjs) under plain node. */
const SERVER_ARGS = [...SERVER_NODE_ARGS, SERVER_BUNDLE];
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const IDLE_GOAL_MB = 300;

/** Resident memory of a process, in MB (Linux /proc). */
const rssMb = (pid: number | undefined): number | undefined => {
  if (!pid) return undefined;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : undefined;
};

/** Entry script, its modulepreloads and static imports, and the stylesheets of index.html. */
function initialAssets(): string[] {
  const html = readFileSync(join(WEB_DIR, 'index.html'), 'utf8');
  const found = new Set<string>();
  const tagRe = /<(script|link)\b[^>]*>/g;
  for (const [tag] of html.matchAll(tagRe)) {
    const src = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^https?:/.test(src)) continue;
    const isModule = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreloadOrCss = /rel="(modulepreload|stylesheet)"/.test(tag);
    if (isModule || isPreloadOrCss) found.add(resolve(WEB_DIR, src.replace(/^\//, '')));
  }
  // Follow static imports (never `import(...)`) so an entry without preload links is still counted in full.
  const queue = [...found].filter((file) => file.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop()!;
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
      const target = resolve(dirname(file), match[1]!);
      if (!found.has(target) && existsSync(target)) {
        found.add(target);
        queue.push(target);
      }
    }
  }
  return [...found];
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'];

/** Scripts and stylesheets Chromium actually fetches to show the login page (lazy route chunks included). */
async function loadedByBrowser(pageUrl: string): Promise<string[] | undefined> {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (path) => path && existsSync(path),
  );
  let browser;
  try {
    browser = await chromium.launch({
      headless: true,
      args: CHROMIUM_ARGS,
      ...(executablePath ? { executablePath } : {}),
    });
  } catch {
    return undefined;
  }
  try {
    const page = await browser.newPage();
    const files: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const path = new URL(response.url()).pathname;
      if ((type === 'script' || type === 'stylesheet') && response.ok()) files.push(resolve(WEB_DIR, path.slice(1)));
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    return [...new Set(files)].filter((file) => existsSync(file));
  } finally {
    await browser.close();
  }
}

const gzipTotal = (files: string[]): number =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
const verdict = (bytes: number): string =>
  `${kB(bytes)} / budget ${BUDGET_BYTES / 1024} kB  ${ratio(bytes, BUDGET_BYTES)}  ${bytes <= BUDGET_BYTES ? 'PASS' : 'OVER'}`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await fn();
  return performance.now() - began;
}

async function main(): Promise<void> {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    console.log('dist/web missing: running vite build first');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const serverEnv = { DATA_DIR: dataDir, SEED: 'demo', DATABASE_URL: '' };
  const lines: string[] = [];
  try {
    // (a) cold start
    await buildServer();
    const bare = await startAndTime(['-e', BARE_SERVER], {});
    const bareRss = rssMb(bare.child.pid);
    await stop(bare.child);
    const fresh = await startAndTime(SERVER_ARGS, serverEnv);
    await stop(fresh.child);
    const existing = await startAndTime(SERVER_ARGS, serverEnv);
    lines.push(
      `(a) cold start to first 200 on ${FIRST_PAGE}`,
      `    reference: bare node http server             ${ms(bare.startMs)}`,
      `    fresh PGlite data dir (migrate + demo seed)  ${ms(fresh.startMs)}  ${ratio(fresh.startMs, bare.startMs)}`,
      `    existing PGlite data dir                     ${ms(existing.startMs)}  ${ratio(existing.startMs, bare.startMs)}`,
    );

    // (b) initial JavaScript: the static graph of index.html, then what a real browser fetches for /login
    const assets = initialAssets();
    const loaded = await loadedByBrowser(`${existing.baseUrl}/login`);
    const shown = loaded ?? assets;
    lines.push(
      '(b) initial JS + CSS of the login page (gzip)',
      ...shown.map(
        (file) => `      ${file.slice(resolve(WEB_DIR).length + 1)}  ${kB(gzipSync(readFileSync(file)).length)}`,
      ),
      `    index.html entry, preloads and static imports: ${verdict(gzipTotal(assets))}`,
      loaded
        ? `    fetched by Chromium for /login (lazy route chunks too): ${verdict(gzipTotal(loaded))}`
        : '    (no Chromium found: the lazily loaded route chunks are not counted)',
    );

    // (c) login round trip, on the server already running on the existing directory
    const trivialUrl = `${existing.baseUrl}${routeUrl('config.front')}`;
    const loginUrl = `${existing.baseUrl}${routeUrl('auth.login')}`;
    const trivial: number[] = [];
    const logins: number[] = [];
    let loginFailures = 0;
    for (let i = 0; i < LOGINS; i++) {
      trivial.push(await timed(async () => (await fetch(trivialUrl)).arrayBuffer()));
      logins.push(
        await timed(async () => {
          const response = await fetch(loginUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(BENCH_LOGIN),
          });
          await response.arrayBuffer();
          if (response.status !== 200 || !response.headers.get(AUTH_HEADERS.setAuthorization)) loginFailures++;
        }),
      );
    }
    // (d) memory at rest: the server that served the logins above, left idle
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleRss = rssMb(existing.child.pid);
    await stop(existing.child);
    const hashMs = await timed(() => hashPassword('Bench!2026'));
    const stored = await hashPassword('Bench!2026');
    const verifyMs = await timed(() => verifyPassword('Bench!2026', stored));
    const [, n, r, p] = stored.split('$');
    lines.push(
      `(c) login round trip, median of ${LOGINS}`,
      `    reference: GET ${routeUrl('config.front')}         ${ms(median(trivial))}`,
      `    POST ${routeUrl('auth.login')}           ${ms(median(logins))}  ${ratio(median(logins), median(trivial))}${
        loginFailures ? `  (${loginFailures} logins did not answer 200 with a token)` : ''
      }`,
      `    of which scrypt (N=${n}, r=${r}, p=${p}): hash ${ms(hashMs)}, verify ${ms(verifyMs)} in this process`,
      `(d) resident memory ${IDLE_SECONDS} s after the logins (embedded PGlite, demo data)`,
      `    reference: bare node http server             ${bareRss?.toFixed(0) ?? '?'} MB`,
      `    the product, idle                            ${idleRss?.toFixed(0) ?? '?'} MB  ${
        idleRss && bareRss ? ratio(idleRss, bareRss) : ''
      }  goal < ${IDLE_GOAL_MB} MB: ${idleRss === undefined ? '?' : idleRss < IDLE_GOAL_MB ? 'PASS' : 'OVER'}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
