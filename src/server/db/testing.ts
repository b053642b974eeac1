/**
 * Test helpers: a throwaway PostgreSQL database per suite. PostgreSQL suites run whenever the
 * server is reachable; only `SKIP_PG=1` skips them (with the reason shown by vitest).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SKIP_PG = process.env.SKIP_PG === '1';
export const SKIP_PG_REASON = 'PostgreSQL suite skipped: SKIP_PG=1';

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates `hr_test_<random>` on the admin server; `drop()` removes it (closing leftover sessions). */
export async function createThrowawayDatabase(prefix = 'hr_test'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
