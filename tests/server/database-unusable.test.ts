/**
 * A node pointed at a PostgreSQL database it cannot use stops at startup with one sentence the
 * operator can act on — not a driver's stack, and never the password — and a database that is not
 * UTF-8 is refused before it serves a call: found running deploy/compose.yaml, where a database created
 * SQL_ASCII answered the first page of employees with a 500 (« invalid byte sequence for encoding »).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnusable, openDb } from '../../src/server/db/db.ts';
import { PG_ADMIN_URL } from '../../src/server/db/testing.ts';
import { freePort } from './support/child.ts';
import { postgresAnswers } from './support/cluster.ts';

const withDatabase = (name: string, password?: string): string => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  if (password) url.password = password;
  return url.toString();
};

async function refusal(databaseUrl: string): Promise<DatabaseUnusable> {
  const error = await openDb({ databaseUrl, poolMax: 1 }).then(
    async (db) => {
      await db.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseUnusable);
  return error as DatabaseUnusable;
}

describe('a PostgreSQL that does not answer', () => {
  it('is said in a sentence naming the host, without the password', async () => {
    const port = await freePort();
    const error = await refusal(`postgres://someone:s3cret-pw@127.0.0.1:${port}/paiedocs`);
    expect(error.message).toContain(`« paiedocs » on 127.0.0.1:${port} as someone`);
    expect(error.message).toMatch(/does not answer \(ECONNREFUSED\)/);
    expect(error.message).not.toContain('s3cret-pw');
  });
});

describe.skipIf(!(await postgresAnswers()))('a PostgreSQL database the product cannot use', () => {
  const name = `hr_ascii_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} ENCODING 'SQL_ASCII' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'`);
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  it('refuses a database that is not UTF-8, saying how to create one', async () => {
    const error = await refusal(withDatabase(name));
    expect(error.message).toMatch(/encoded SQL_ASCII, and Paie Docs needs UTF8/);
    expect(error.message).toContain('createdb -E UTF8');
    // Nothing was written to it: the migrations never ran.
    const { rows } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM pg_database d WHERE d.datname = $1`, [
      name,
    ]);
    expect(rows[0]!.n).toBe('1');
    const inside = new pg.Client({ connectionString: withDatabase(name) });
    await inside.connect();
    const tables = await inside.query(
      `SELECT 1 FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    await inside.end();
    expect(tables.rows).toHaveLength(0);
  });

  it('says a database that does not exist, and how to create it', async () => {
    const error = await refusal(withDatabase(`${name}_missing`));
    expect(error.message).toContain(`« ${name}_missing »`);
    expect(error.message).toMatch(/it does not exist\. Create it first/);
  });
});
