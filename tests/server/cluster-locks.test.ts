/**
 * Issue 17's building blocks: which push adapter the configuration picks, and the cluster's advisory
 * locks — one holder at a time across connections (nodes) on PostgreSQL, released with the holder's
 * connection (on PGlite, one process, `withClusterLock` simply runs the work).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { isClusterLockHeld, withClusterLock } from '../../src/server/db/advisory.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { PG_ADMIN_URL, SKIP_PG, type ThrowawayDatabase, createThrowawayDatabase } from '../../src/server/db/testing.ts';

describe('PUSH_ADAPTER', () => {
  it('is the PostgreSQL adapter with DATABASE_URL, Redis with REDIS_URL too, none without or when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).pushAdapter).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', PUSH_ADAPTER: 'none' }).pushAdapter).toBe('none');
    expect(loadConfig({}).pushAdapter).toBe('none');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', PUSH_ADAPTER: 'redis' })).toThrow(/needs REDIS_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', PUSH_ADAPTER: 'kafka' })).toThrow(/PUSH_ADAPTER/);
    const redis = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig(redis)).toMatchObject({ pushAdapter: 'redis', redisUrl: 'redis://127.0.0.1:6379' });
    expect(loadConfig({ ...redis, PUSH_ADAPTER: 'postgres' }).pushAdapter).toBe('postgres');
    expect(loadConfig({ ...redis, PUSH_ADAPTER: 'none' }).pushAdapter).toBe('none');
    // PGlite is one process: nothing to push across.
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).pushAdapter).toBe('none');
    expect(loadConfig({ ...redis, REDIS_URL: 'rediss://:secret@cache.example:6380/2' }).redisUrl).toBe(
      'rediss://:secret@cache.example:6380/2',
    );
  });

  it('refuses a REDIS_URL that is not one, with the reason', () => {
    const db = { DATABASE_URL: 'postgres://db/x' };
    expect(() => loadConfig({ ...db, REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL must/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'localhost' })).toThrow(/REDIS_URL must be a URL/);
    expect(() => loadConfig({ ...db, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => loadConfig({ ...db, REDIS_URL: 'redis://127.0.0.1:6379/cache' })).toThrow(/database number/);
  });
});

async function postgresAnswers(): Promise<boolean> {
  if (SKIP_PG) return false;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe.skipIf(!(await postgresAnswers()))('cluster locks on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let nodeA: Db;
  let nodeB: Db;
  beforeAll(async () => {
    database = await createThrowawayDatabase('hr_locks');
    nodeA = await openDb({ databaseUrl: database.url, poolMax: 3 });
    nodeB = await openDb({ databaseUrl: database.url, poolMax: 3 });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('let one holder at a time: a try elsewhere gives up, a wait queues behind it', async () => {
    const order: string[] = [];
    let release = (): void => undefined;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const first = withClusterLock(
      nodeA,
      'split:main:c1',
      async () => {
        order.push('A starts');
        await holding;
        order.push('A ends');
      },
      { wait: true },
    );
    await expect.poll(() => order.includes('A starts')).toBe(true);
    expect(await isClusterLockHeld(nodeB, 'split:main:c1')).toBe(true);
    expect(await withClusterLock(nodeB, 'split:main:c1', async () => 'B', { wait: false })).toEqual({ ran: false });
    // Another name is free.
    expect(await withClusterLock(nodeB, 'split:main:c2', async () => 'B', { wait: false })).toEqual({
      ran: true,
      value: 'B',
    });
    const second = withClusterLock(nodeB, 'split:main:c1', async () => void order.push('B runs'), { wait: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['A starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['A starts', 'A ends', 'B runs']);
    expect(await isClusterLockHeld(nodeA, 'split:main:c1')).toBe(false);
  });

  it('is released when the holder throws, and when its connection dies (a node killed)', async () => {
    await expect(
      withClusterLock(nodeA, 'cluster:resume', async () => Promise.reject(new Error('boom')), { wait: true }),
    ).rejects.toThrow('boom');
    expect(await isClusterLockHeld(nodeB, 'cluster:resume')).toBe(false);

    const killed = new pg.Client({ connectionString: database.url });
    await killed.connect();
    await killed.query(`SELECT pg_advisory_lock(hashtext('split:main:c3'))`);
    expect(await isClusterLockHeld(nodeB, 'split:main:c3')).toBe(true);
    const { rows } = await killed.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    killed.on('error', () => undefined);
    await nodeB.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await expect.poll(() => isClusterLockHeld(nodeB, 'split:main:c3')).toBe(false);
    await killed.end().catch(() => undefined);
  });
});
