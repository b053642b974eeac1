/**
 * Issue 17: a node's connections to PostgreSQL (DATABASE_POOL_MAX, checked at startup) and the hot reads
 * run as prepared statements (`{ prepared: true }`): each connection parses them once, the same text has
 * the same name on every connection, and their answers are those of the same text unprepared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { type ThrowawayDatabase, createThrowawayDatabase } from '../../src/server/db/testing.ts';
import { postgresAnswers } from './support/cluster.ts';

describe('DATABASE_POOL_MAX', () => {
  it('is 10 unless set', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4);
  });

  it('refuses at startup a pool of no connection, or more than a database serves', () => {
    for (const bad of ['0', '201', '-1', '2.5', 'ten'])
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad }), bad).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe.skipIf(!(await postgresAnswers()))('prepared reads on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createThrowawayDatabase('hr_prepared');
    db = await openDb({ databaseUrl: database.url, poolMax: 1 });
    await db.exec(`CREATE TABLE t (id int PRIMARY KEY, label text);
      INSERT INTO t SELECT g, 'n' || g FROM generate_series(1, 50) g;`);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const SQL = 'SELECT id, label FROM t WHERE id = ANY($1::int[]) ORDER BY id LIMIT $2::int';
  const prepared = () =>
    db.query<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT id, label FROM t%'`,
    );

  it('answers as the same text unprepared, and is prepared once on its connection', async () => {
    for (const [ids, limit] of [
      [[1, 2, 3], 2],
      [[40, 7], 10],
      [[99], 5],
    ] as const) {
      const plain = await db.query(SQL, [ids, limit]);
      const named = await db.query(SQL, [ids, limit], { prepared: true });
      expect(named.rows).toEqual(plain.rows);
    }
    // Ten more runs: still one statement on the connection (the pool has one), named by the text.
    for (let i = 0; i < 10; i++) await db.query(SQL, [[i], 1], { prepared: true });
    const { rows } = await prepared();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^s_[\w-]{40}$/);
  });

  it('fails as the text would, and the connection goes on serving it', async () => {
    await expect(db.query(SQL, [['not a number'], 1], { prepared: true })).rejects.toThrow(/integer/);
    expect((await db.query(SQL, [[5], 1], { prepared: true })).rows).toEqual([{ id: 5, label: 'n5' }]);
  });
});
