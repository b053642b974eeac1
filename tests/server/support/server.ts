/**
 * One database per test file: PGlite `memory://` by default, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (an admin URL: the suite creates `s2_test_<random>` and drops it after).
 * On PGlite, stored files' bytes go to a temporary directory — the file store PGlite on disk uses by
 * default — so the suites exercise it; on PostgreSQL they stay in the table (its default).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { type Config, loadConfig } from '../../../src/server/config.ts';
import { type Db, openDb } from '../../../src/server/db/db.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { seedDemo } from '../../../src/server/db/seed/demo.ts';
import { personaByLogin } from '../../../src/server/db/seed/personas.ts';
import type { SeededSnapshot } from './seeded-snapshot.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

export interface TestDb {
  db: Db;
  /** The PostgreSQL URL of this database (absent on PGlite). */
  url?: string;
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL ?? undefined });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The world built once for the run (tests/server/support/seeded-snapshot.ts), or null outside vitest's setup. */
const snapshot = (): SeededSnapshot | null => {
  try {
    return inject('seededSnapshot') ?? null;
  } catch {
    return null;
  }
};

/** A new database, a copy of `template` when given (PostgreSQL refuses a copy while another is being made: retried). */
async function createDatabase(name: string, template: string | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    } catch (error) {
      const busy = /being accessed by other users/.test(String((error as Error).message));
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

export async function createSeededDb(): Promise<TestDb> {
  const seeded = snapshot();
  if (!TEST_DATABASE_URL) {
    const filesDir = mkdtempSync(join(tmpdir(), 'test-files-'));
    let db: Db;
    if (seeded?.kind === 'pglite') {
      cpSync(seeded.filesDir, filesDir, { recursive: true });
      db = await openDb({ dataDir: 'memory://', filesDir, loadDataDir: new Blob([readFileSync(seeded.tarball)]) });
    } else {
      db = await openDb({ dataDir: 'memory://', filesDir });
      await migrate(db);
      await seedDemo(db);
    }
    return {
      db,
      async dispose() {
        await db.close();
        rmSync(filesDir, { recursive: true, force: true });
      },
    };
  }
  const name = `s2_test_${randomBytes(5).toString('hex')}`;
  const template = seeded?.kind === 'postgres' ? seeded.template : null;
  await createDatabase(name, template);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), poolMax: 4 });
  if (!template) {
    await migrate(db);
    await seedDemo(db);
  }
  return {
    db,
    url: url.toString(),
    async dispose() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Test config: no SMTP, no built SPA, no reuse grace (so reuse detection is observable at once). */
export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig(
    {},
    { webDir: '/nonexistent-web-dir', refreshReuseGraceS: 0, publicUrl: 'http://test.local', ...overrides },
  );

export async function testApp(db: Db, overrides: Partial<Config> = {}, push = false): Promise<FastifyInstance> {
  return buildApp({ db, config: testConfig(overrides), push });
}

export interface LoggedIn {
  access: string;
  refresh: string;
  body: Record<string, unknown>;
}

export const authHeaders = (session: { access: string; refresh?: string }): Record<string, string> => ({
  authorization: `Bearer ${session.access}`,
  ...(session.refresh ? { 'refresh-token': session.refresh } : {}),
});

export async function login(app: FastifyInstance, loginName: string, remoteAddress = '10.0.0.1'): Promise<LoggedIn> {
  const persona = personaByLogin(loginName);
  if (!persona) throw new Error(`no persona ${loginName}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/rh-user/login',
    payload: { login: persona.login, password: persona.password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login ${loginName}: ${res.statusCode} ${res.body}`);
  return { access: header(res, 'set-authorization'), refresh: header(res, 'set-refresh-token'), body: res.json() };
}

export function header(res: LightMyRequestResponse, name: string): string {
  const value = res.headers[name];
  if (typeof value !== 'string') throw new Error(`missing header ${name}`);
  return value;
}
