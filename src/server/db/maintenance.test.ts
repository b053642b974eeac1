import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from './db.ts';
import { maintainOnce, quietMoment, startMaintenance } from './maintenance.ts';

let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await db.exec(`CREATE TABLE public.upkeep (id int PRIMARY KEY, word text)`);
});
afterAll(async () => {
  await db?.close();
});

const stats = async () => {
  await db.query('SELECT pg_stat_force_next_flush()');
  return (
    await db.query<{ dead: number; modified: number; analysed: boolean }>(
      `SELECT n_dead_tup::int AS dead, n_mod_since_analyze::int AS modified, last_analyze IS NOT NULL AS analysed
         FROM pg_stat_user_tables WHERE relname = 'upkeep'`,
    )
  ).rows[0]!;
};

describe('PGlite maintenance (autovacuum’s work)', () => {
  it('analyses a table once enough of it changed, so the planner has statistics', async () => {
    await db.query(`INSERT INTO public.upkeep SELECT g, 'mot' || (g % 7) FROM generate_series(1, 1000) g`);
    expect((await db.query(`SELECT 1 FROM pg_stats WHERE tablename = 'upkeep'`)).rows).toHaveLength(0);
    const run = await maintainOnce(db);
    expect(run.analyzed).toContain('public.upkeep');
    expect(await stats()).toMatchObject({ analysed: true, modified: 0 });
    expect((await db.query(`SELECT 1 FROM pg_stats WHERE tablename = 'upkeep'`)).rows.length).toBeGreaterThan(0);
    // Nothing changed since: the next pass leaves it.
    expect((await maintainOnce(db)).analyzed).not.toContain('public.upkeep');
  });

  it('vacuums a table whose dead rows passed the threshold', async () => {
    await db.query(`DELETE FROM public.upkeep WHERE id <= 600`);
    expect((await stats()).dead).toBe(600);
    const run = await maintainOnce(db);
    expect(run.vacuumed).toContain('public.upkeep');
    expect((await stats()).dead).toBe(0);
  });

  it('waits for a quiet moment: requests keep coming, the upkeep waits; they stop, it runs', async () => {
    let busy = true;
    // A client reading every 100 ms for 1.2 s, as the 100 clients of bench:responsiveness do.
    const client = (async () => {
      const until = Date.now() + 1_200;
      while (Date.now() < until) {
        await db.query('SELECT count(*) FROM public.upkeep');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      busy = false;
    })();
    let ranWhileBusy: boolean | undefined;
    await quietMoment(db, 500, 60_000).then(() => (ranWhileBusy = busy));
    await client;
    expect(ranWhileBusy).toBe(false);
    expect(db.idleMs!()).toBeGreaterThanOrEqual(500);
    // Past its longest wait it runs all the same.
    const constant = setInterval(() => void db.query('SELECT 1'), 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await quietMoment(db, 500, 300);
      expect(db.idleMs!()).toBeLessThan(500);
    } finally {
      clearInterval(constant);
    }
  });

  it('does nothing on PostgreSQL, whose autovacuum does it', () => {
    const stop = startMaintenance({ ...db, kind: 'postgres' } as Db, 0, 0);
    expect(typeof stop).toBe('function');
    stop();
  });
});
