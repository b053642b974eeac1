/**
 * On PostgreSQL, a single statement chosen as a deadlock's victim is run again (db.ts
 * `retryingDeadlocks`): the caller sees it succeed once the other writer has gone on. Here a transaction
 * holds row 1 and, half a second later, asks for row 2; the statement takes row 2 and then asks for row 1
 * at once, so it waits first and PostgreSQL aborts it (deadlock_timeout): retried, it goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDb, TEST_DATABASE_URL, createSeededDb } from './support/server.ts';

const onPostgres = Boolean(TEST_DATABASE_URL);
let t: TestDb;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createSeededDb();
  await t.db.exec(`CREATE TABLE public.deadlock_probe (id int PRIMARY KEY, v int NOT NULL);
                   INSERT INTO public.deadlock_probe VALUES (1, 0), (2, 0)`);
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

describe('a statement that loses a deadlock', () => {
  it.runIf(onPostgres)(
    'is run again and succeeds; the transaction it met commits',
    async () => {
      const holder = t.db.tx(async (q) => {
        await q.query(`UPDATE public.deadlock_probe SET v = v + 1 WHERE id = 1`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await q.query(`UPDATE public.deadlock_probe SET v = v + 10 WHERE id = 2`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Row 2, then row 1 (held by the transaction): it waits first, so it is the one PostgreSQL aborts.
      const statement = t.db.query(
        `WITH second AS (UPDATE public.deadlock_probe SET v = v + 100 WHERE id = 2 RETURNING 1)
       UPDATE public.deadlock_probe SET v = v + 1000 WHERE id = 1 AND EXISTS (SELECT 1 FROM second)`,
      );
      await Promise.all([holder, statement]);
      const { rows } = await t.db.query<{ id: number; v: number }>(
        `SELECT id, v FROM public.deadlock_probe ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 1, v: 1001 },
        { id: 2, v: 110 },
      ]);
    },
    30_000,
  );
});
