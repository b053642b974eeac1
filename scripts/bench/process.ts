/** The benches' child-process helpers: a free port to start a server on, stopping it, and whether PostgreSQL answers. */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Whether a PostgreSQL server answers at `url` within 2 s (benches skip that engine with a sentence otherwise). */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100);

/**
 * CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat; with `children`, that of
 * its children it has waited for too (a PostgreSQL postmaster: the backends that have exited). NaN when gone.
 */
export function cpuMs(pid: number | string | undefined, children = false): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14–17 of stat(5) (utime, stime, cutime, cstime), counted from the state (field 3) here.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return (f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0)) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of every PostgreSQL process on the machine, by pid, exited backends included: a pool's
 * backends come and go, and one gone between two readings left its time out (negative shares were
 * printed), so each process counts its waited-for children — the postmaster's are the exited backends.
 */
export function postgresCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') out.set(pid, cpuMs(pid, true));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * PostgreSQL's CPU between two readings of `postgresCpuMs`, in ms: the totals' difference. A backend gone
 * since the first reading leaves its earlier time there and its whole time in the postmaster's children.
 */
export const postgresDelta = (before: Map<number, number>, after: Map<number, number>): number => {
  const total = (m: Map<number, number>) => [...m.values()].reduce((sum, ms) => sum + (Number.isNaN(ms) ? 0 : ms), 0);
  return total(after) - total(before);
};
