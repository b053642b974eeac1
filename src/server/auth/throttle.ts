/**
 * Attempt budgets for guessable actions other than login (the old password of a password change,
 * reset-link requests): at most `limit` attempts under one key within a sliding window. Spending is
 * atomic — an advisory lock on the key serialises parallel requests — so a burst cannot overspend.
 */
import type { Db } from '../db/db.ts';

export interface Budget {
  readonly limit: number;
  readonly windowS: number;
}

/** Records one attempt under `key`; false (nothing recorded) when the budget is already spent. */
export async function spendAttempt(db: Db, key: string, budget: Budget): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    await q.query(`DELETE FROM directory.attempts WHERE key = $1 AND at <= now() - make_interval(secs => $2)`, [
      key,
      budget.windowS,
    ]);
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.attempts WHERE key = $1`, [
      key,
    ]);
    if ((rows[0]?.n ?? 0) >= budget.limit) return false;
    await q.query(`INSERT INTO directory.attempts (key) VALUES ($1)`, [key]);
    return true;
  });
}

/** Forgets the attempts under `key` (a success: the budget starts again). */
export async function forgiveAttempts(db: Db, key: string): Promise<void> {
  await db.query(`DELETE FROM directory.attempts WHERE key = $1`, [key]);
}
