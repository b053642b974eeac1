/**
 * Time from navigation to /employees until the first employee row is visible, in Debian's
 * Chromium, against the real server (`src/server/main.ts`) started on the seeded PGlite directory
 * with SEED=none. The row is taken from the browser's own clock (performance.now() counts from
 * the navigation start), polled every animation frame.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { personaByLogin } from '../../src/server/db/seed/personas.ts';
import { rssOf } from './measure.ts';
import { freePort, stop } from './process.ts';

export type FirstPaint =
  | { measured: true; coldMs: number; warmMs: number[]; serverRss: number | null; rows: number }
  | { measured: false; reason: string };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
const VISITS = 4;
const ROW_TIMEOUT_MS = 20_000;

type Messages = { [key: string]: string | Messages };
const FR = JSON.parse(readFileSync('src/web/i18n/locales/fr.json', 'utf8')) as Messages;
const fr = (key: string): string => {
  let node: string | Messages | undefined = FR;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no fr text for ${key}`);
  return node;
};

async function serving(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no 200 from ${url}:\n${log()}`);
}

/** A row of the list body with at least two non-empty cells: a loading placeholder row does not count. */
const firstRowShown = (): number | false => {
  for (const row of Array.from(document.querySelectorAll('table tbody tr'))) {
    const cells = Array.from(row.querySelectorAll('td')).filter((td) => (td.textContent ?? '').trim() !== '');
    const box = row.getBoundingClientRect();
    if (cells.length >= 2 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) return performance.now();
  }
  return false;
};

export async function measureFirstPaint(dataDir: string): Promise<FirstPaint> {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!executablePath) return { measured: false, reason: 'no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)' };
  const admin = personaByLogin('admin')!;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED: 'none',
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const browser = await chromium.launch({ headless: true, executablePath, args: CHROMIUM_ARGS });
  try {
    await serving(`${baseUrl}/login`, server, () => output);
    const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel(fr('auth.fields.login'), { exact: true }).fill(admin.login);
    await page.getByLabel(fr('auth.fields.password'), { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: fr('auth.actions.submit'), exact: true }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });

    const times: number[] = [];
    for (let visit = 0; visit < VISITS; visit++) {
      await page.goto(`${baseUrl}/employees`, { waitUntil: 'commit' });
      try {
        const handle = await page.waitForFunction(firstRowShown, undefined, {
          polling: 'raf',
          timeout: ROW_TIMEOUT_MS,
        });
        times.push((await handle.jsonValue()) as number);
      } catch {
        const heading = await page
          .locator('h1')
          .first()
          .textContent()
          .catch(() => null);
        return {
          measured: false,
          reason: `no employee row within ${ROW_TIMEOUT_MS / 1000} s on /employees (page heading: ${JSON.stringify(heading)}); is the list page (src/web/features/employees) built?`,
        };
      }
    }
    const rows = await page.locator('table tbody tr').count();
    return { measured: true, coldMs: times[0]!, warmMs: times.slice(1), serverRss: rssOf(server.pid!), rows };
  } finally {
    await browser.close();
    await stop(server);
  }
}
