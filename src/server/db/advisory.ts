/**
 * Cluster-wide mutual exclusion with PostgreSQL session advisory locks (issue 17): startup work that
 * must run once across every node (migrations, seeding, resuming interrupted jobs, sweeping orphan
 * files) and a campaign split that one worker only may run at a time. The lock lives on a connection
 * of its own for the whole of `fn`: a node killed while holding it loses its connection, and the
 * server releases the lock at once — nothing to expire by hand. On PGlite one process owns the
 * database (db/lock.ts), so `fn` simply runs.
 */
import type { Db } from './db.ts';

/** The names every node agrees on (hashed with `hashtext` into the lock key). */
export const CLUSTER_LOCKS = {
  /** Migrations and the demo seed: the first node to start does them, the others wait and find them done. */
  prepare: 'cluster:prepare',
  /** Resuming interrupted campaigns and signbooks, and the orphan-file sweep at startup. */
  resume: 'cluster:resume',
  /** The periodic orphan-file sweep: one node at a time. */
  sweep: 'cluster:sweep',
} as const;

export const splitLock = (domain: string, campaignId: string): string => `split:${domain}:${campaignId}`;

/**
 * Runs `fn` while holding the lock `name`. `wait: true` queues behind another holder; `wait: false`
 * gives up at once and resolves `{ ran: false }` when another node holds it.
 */
export async function withClusterLock<T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
  { wait }: { wait: boolean },
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (db.kind !== 'postgres' || !db.pool) return { ran: true, value: await fn() };
  const client = await db.pool.connect();
  let held = false;
  try {
    if (wait) {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      held = true;
    } else {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [name]);
      held = rows[0]?.ok === true;
      if (!held) return { ran: false };
    }
    return { ran: true, value: await fn() };
  } finally {
    if (held) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    client.release();
  }
}

/** Whether some node holds `name` now (a split running elsewhere); always false on PGlite. */
export async function isClusterLockHeld(db: Db, name: string): Promise<boolean> {
  const probe = await withClusterLock(db, name, async () => undefined, { wait: false });
  return !probe.ran;
}
