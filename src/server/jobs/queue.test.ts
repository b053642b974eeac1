/** A job sent is worked, on embedded PGlite and on PostgreSQL, and survives in the database until then. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/db.ts';
import { createThrowawayDatabase, SKIP_PG, SKIP_PG_REASON, type ThrowawayDatabase } from '../db/testing.ts';
import { startQueue, type Queue } from './queue.ts';

function queueSuite(open: () => Promise<{ db: Db; url?: string; cleanup: () => Promise<void> }>) {
  let db: Db;
  let url: string | undefined;
  let queue: Queue;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await open();
    db = opened.db;
    url = opened.url;
    cleanup = opened.cleanup;
    queue = await startQueue(db, { databaseUrl: opened.url, pollingIntervalSeconds: 0.5, onError: () => undefined });
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await cleanup?.();
  });

  it('works a job that was sent, with its data', async () => {
    const received = new Promise<{ orgId: string; n: number }>((resolve) => {
      void queue.work<{ orgId: string; n: number }>('demo.echo', async (data) => resolve(data));
    });
    const id = await queue.send('demo.echo', { orgId: 'org-1', n: 42 });
    expect(id).toEqual(expect.any(String));
    await expect(received).resolves.toEqual({ orgId: 'org-1', n: 42 });
  });

  it('keeps a job queued in the database until a worker takes it', async () => {
    const id = await queue.send('demo.later', { step: 1 });
    const job = await queue.boss.getJobById('demo.later', id!);
    expect(job?.state).toBe('created');
    const done = new Promise<string>((resolve) => {
      void queue.work<{ step: number }>('demo.later', async (_data, j) => resolve(j.id));
    });
    await expect(done).resolves.toBe(id);
  });

  it('starts every job of a burst within about a second of the previous one ending, not on a 30 s backstop', async () => {
    // The production settings (main.ts): no polling override.
    const prod = await startQueue(db, { databaseUrl: url, onError: () => undefined });
    try {
      const ended: number[] = [];
      const started: number[] = [];
      await prod.work<{ i: number }>('demo.burst', async () => {
        started.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 300));
        ended.push(Date.now());
      });
      const t0 = Date.now();
      for (let i = 0; i < 12; i++) await prod.send('demo.burst', { i });
      const deadline = Date.now() + 60_000;
      while (ended.length < 12 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ended).toHaveLength(12);
      expect(started[0]! - t0).toBeLessThan(2_500);
      const gaps = started.slice(1).map((s, i) => s - ended[i]!);
      expect(Math.max(...gaps)).toBeLessThan(1_500);
    } finally {
      await prod.stop();
    }
  }, 90_000);
}

describe('job queue on PGlite (memory://)', () => {
  queueSuite(async () => ({ db: await openDb({ dataDir: 'memory://' }), cleanup: async () => undefined }));
});

describe.skipIf(SKIP_PG)(SKIP_PG ? SKIP_PG_REASON : 'job queue on PostgreSQL', () => {
  queueSuite(async () => {
    const database: ThrowawayDatabase = await createThrowawayDatabase();
    const db = await openDb({ databaseUrl: database.url });
    return { db, url: database.url, cleanup: () => database.drop() };
  });
});
