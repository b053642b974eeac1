// Rebuilds the SPA only when dist/web is missing or older than its sources, so `npm start`
// stays quick on the second run and never serves a stale bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/web', 'src/contract', 'machines', 'vite.config.ts', 'package-lock.json'];
const BUILT = 'dist/web/index.html';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsStale() {
  if (!existsSync(BUILT)) return 'dist/web is missing';
  const builtAt = statSync(BUILT).mtimeMs;
  const stale = SOURCES.find((source) => newestMtime(source) > builtAt);
  return stale ? `${stale} changed since the last build` : undefined;
}

/** Runs `vite build` when needed; throws when the build fails. */
export function ensureBuild({ log = console.log } = {}) {
  const reason = buildIsStale();
  if (!reason) return false;
  log(`Building the web app (${reason})…`);
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  return true;
}
