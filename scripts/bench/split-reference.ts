/**
 * The reference pipeline on the same file, one core: `qpdf --split-pages` (one file per page) then
 * `pdftotext` (the whole text), each timed; null when the Debian packages are missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ReferenceRun {
  qpdfMs: number;
  pdftotextMs: number;
  storedBytes: number;
}

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
export const canPin = (): boolean => has('taskset');
/** `taskset -c 0 …` when available, so every measured process gets one core. */
export const pinned = (cmd: string, args: string[]): [string, string[]] =>
  canPin() ? ['taskset', ['-c', '0', cmd, ...args]] : [cmd, args];

export function referenceMissing(): string | null {
  const missing = ['qpdf', 'pdftotext'].filter((c) => !has(c));
  return missing.length
    ? `${missing.join(' and ')} not found: install them with \`apt-get install qpdf poppler-utils\` to get the ratio`
    : null;
}

function timed(cmd: string, args: string[]): number {
  const [c, a] = pinned(cmd, args);
  const began = performance.now();
  const run = spawnSync(c, a, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - began;
  if (run.status !== 0) throw new Error(`${cmd} failed: ${run.stderr?.toString().slice(0, 300)}`);
  return ms;
}

export function runReference(pdfPath: string, workDir: string): ReferenceRun {
  const out = join(workDir, 'qpdf-split');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const qpdfMs = timed('qpdf', ['--split-pages', pdfPath, join(out, 'page.pdf')]);
  const pdftotextMs = timed('pdftotext', [pdfPath, join(workDir, 'text.txt')]);
  const storedBytes = readdirSync(out).reduce((n, f) => n + statSync(join(out, f)).size, 0);
  rmSync(out, { recursive: true, force: true });
  return { qpdfMs, pdftotextMs, storedBytes };
}
