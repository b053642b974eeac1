/**
 * One process per embedded data directory (PGlite is a single-process engine: two servers on one
 * directory lose data or corrupt it). Opening a directory takes `<dir>/paie-docs.lock`, created
 * exclusively, holding who took it; a second process refuses to start and names the holder, like
 * PostgreSQL's postmaster.pid. A lock left by a process that no longer runs (killed, crashed) is taken
 * over: renamed away atomically first, so two processes finding it stale cannot both win.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'paie-docs.lock';

interface Owner {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly owner: Owner,
  ) {
    super(
      `DATA_DIR ${dir} is in use by process ${owner.pid} on ${owner.host} (since ${owner.startedAt}). ` +
        'Only one server may open an embedded database: stop that process first, or start this one with ' +
        'another DATA_DIR (or on PostgreSQL with DATABASE_URL).',
    );
    this.name = 'DataDirInUse';
  }
}

/** Directories this process holds (a lock naming our own pid but not in here is a dead process's). */
const held = new Set<string>();
let exitHook = false;

const readOwner = (path: string): Owner | null => {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? '?') }
      : null;
  } catch {
    return null;
  }
};

/** The process runs (a pid reused by something that is not Node counts as gone, where /proc tells). */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('node');
  } catch {
    return true;
  }
};

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dir: string): DataDirLock {
  const absolute = resolve(dir);
  const path = join(absolute, LOCK_FILE);
  const me: Owner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      held.add(absolute);
      if (!exitHook) {
        exitHook = true;
        process.once('exit', () => {
          for (const d of held) releasePath(join(d, LOCK_FILE));
        });
      }
      return {
        release: () => {
          if (!held.delete(absolute)) return;
          releasePath(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    const ours = owner?.pid === process.pid && owner.host === me.host;
    if (owner && ours && held.has(absolute)) throw new DataDirInUse(absolute, owner);
    // Another machine sharing the folder: whether it still runs cannot be known from here.
    if (owner && owner.host !== me.host) throw new DataDirInUse(absolute, owner);
    if (owner && !ours && isRunning(owner.pid)) throw new DataDirInUse(absolute, owner);
    // Stale (or unreadable): move it aside atomically; whoever loses this race sees the winner's lock.
    try {
      const aside = `${path}.stale-${process.pid}-${Date.now()}`;
      renameSync(path, aside);
      unlinkSync(aside);
      console.warn(
        `DATA_DIR ${absolute}: taking over the lock left by process ${owner?.pid ?? '?'}, which no longer runs.`,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`DATA_DIR ${absolute}: could not take ${LOCK_FILE}`);
}

function releasePath(path: string): void {
  try {
    if (existsSync(path) && readOwner(path)?.pid === process.pid) unlinkSync(path);
  } catch {
    // Nothing to do: the next start recognises a lock whose process is gone.
  }
}
