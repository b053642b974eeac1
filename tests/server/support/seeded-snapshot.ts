/**
 * Vitest global setup: the seeded demo world is built ONCE per run, and every suite's
 * `createSeededDb` starts from a copy of it instead of building its own (an empty embedded cluster
 * alone takes seconds to initialise; migrating and seeding it, seconds more, in each of ~100 files).
 * PGlite: the data directory is dumped to a tarball that each suite loads, beside a copy of the
 * stored files' packs. PostgreSQL (TEST_DATABASE_URL): a template database each suite's database is
 * created from (`CREATE DATABASE … TEMPLATE …`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../../src/server/db/db.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { seedDemo } from '../../../src/server/db/seed/demo.ts';

export type SeededSnapshot =
  | { readonly kind: 'pglite'; readonly tarball: string; readonly filesDir: string }
  | { readonly kind: 'postgres'; readonly template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededSnapshot: SeededSnapshot | null;
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || null;
  if (adminUrl) {
    const template = `s2_tpl_${randomBytes(5).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = await openDb({ databaseUrl: url.toString(), poolMax: 2 });
    await migrate(db);
    await seedDemo(db);
    await db.close();
    project.provide('seededSnapshot', { kind: 'postgres', template });
    return async () => admin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'seeded-world-'));
  const filesDir = join(dir, 'files');
  mkdirSync(filesDir);
  const db = await openDb({ dataDir: 'memory://', filesDir });
  await migrate(db);
  await seedDemo(db);
  const tarball = join(dir, 'pgdata.tar');
  writeFileSync(tarball, Buffer.from(await (await db.pglite!.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('seededSnapshot', { kind: 'pglite', tarball, filesDir });
  return async () => rmSync(dir, { recursive: true, force: true });
}
