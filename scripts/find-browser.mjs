// Finds a Chromium for the browser tests, installing one when none is present, so `npm test`
// passes on a fresh machine. Playwright's own download is the last resort because some
// networks (this project's CI among them) cannot reach its CDN while Debian's mirror works.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function log(message) {
  console.log(`[find-browser] ${message}`);
}

async function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

async function locate() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return { path: fromEnv, how: 'CHROMIUM_PATH' };
    log(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere`);
  }
  for (const path of SYSTEM_PATHS) if (existsSync(path)) return { path, how: 'system package' };
  const own = await playwrightChromium();
  if (own) return { path: own, how: "Playwright's own Chromium" };
  return undefined;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function install() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (hasCommand('apt-get') && isRoot) {
    log("no Chromium found: installing Debian's chromium package (apt-get install -y chromium)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another process (a parallel job, unattended upgrades) may hold the dpkg lock: wait for it.
    const lock = ['-o', 'DPkg::Lock::Timeout=300'];
    execFileSync('apt-get', [...lock, 'update'], { stdio: 'inherit', env });
    execFileSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    return;
  }
  log("no Chromium found and apt-get unavailable (or not root): running 'npx playwright install chromium'");
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

/** Returns the path of a usable Chromium, installing one if needed; sets process.env.CHROMIUM_PATH. */
export async function findBrowser() {
  let found = await locate();
  if (!found) {
    install();
    found = await locate();
    if (found) found.how = `installed just now (${found.how})`;
  }
  if (!found) throw new Error('no Chromium could be found or installed; set CHROMIUM_PATH');
  log(`using ${found.path} (${found.how})`);
  process.env.CHROMIUM_PATH = found.path;
  return found.path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  findBrowser().catch((error) => {
    console.error(`[find-browser] ${error.message}`);
    process.exit(1);
  });
}
