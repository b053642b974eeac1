/**
 * Applies `migrations/NNNN_*.sql` in name order, each file once, each in its own transaction.
 * A file whose name contains `_domain` runs once per domain schema with `__SCHEMA__` replaced;
 * the others run once. Applied files are recorded in `public.schema_migrations`; an advisory lock
 * keeps two processes (api and worker roles) from applying the same file twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './db.ts';
import { DOMAIN_SCHEMAS } from './db.ts';
import { projectPath } from '../paths.ts';

const MIGRATIONS_DIR = projectPath('src/server/db/migrations') + '/';
const FILE_PATTERN = /^\d{4}_[\w-]+\.sql$/;
/** Arbitrary constant shared by every process migrating this database. */
const MIGRATION_LOCK = 727_001;
/** Recorded in the `target` column for files that are not per domain. */
const GLOBAL_TARGET = '*';

export interface MigrationStep {
  file: string;
  target: string;
  sql: string;
}

/** The ordered list of (file, target schema) steps the migration set consists of. */
export function migrationSteps(dir: string = MIGRATIONS_DIR): MigrationStep[] {
  const files = readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort();
  return files.flatMap((file) => {
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    if (!file.includes('_domain')) return [{ file, target: GLOBAL_TARGET, sql }];
    return DOMAIN_SCHEMAS.map(({ schema }) => ({ file, target: schema, sql: sql.replaceAll('__SCHEMA__', schema) }));
  });
}

/** Brings the database up to date; returns the steps applied by this call (empty when up to date). */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`
    CREATE SCHEMA IF NOT EXISTS directory;
    CREATE SCHEMA IF NOT EXISTS dom_legacy;
    CREATE SCHEMA IF NOT EXISTS dom_main;
    CREATE TABLE IF NOT EXISTS public.schema_migrations (
      file       text NOT NULL,
      target     text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (file, target)
    );
  `);
  });
  const applied: string[] = [];
  for (const step of migrationSteps(dir)) {
    const done = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await q.query('SELECT 1 FROM public.schema_migrations WHERE file = $1 AND target = $2', [
        step.file,
        step.target,
      ]);
      if (rows.length > 0) return false;
      await q.exec(step.sql);
      await q.query('INSERT INTO public.schema_migrations (file, target) VALUES ($1, $2)', [step.file, step.target]);
      return true;
    });
    if (done) applied.push(`${step.file}@${step.target}`);
  }
  return applied;
}
