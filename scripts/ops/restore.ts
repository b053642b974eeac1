/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` in place of DATA_DIR.
 * The current directory is kept beside it (`<DATA_DIR>.before-restore-<date>`), never deleted; the
 * server must be stopped (the data directory's lock says so when it is not).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { DataDirInUse, lockDataDir } from '../../src/server/db/lock.ts';
import { openDb } from '../../src/server/db/db.ts';

async function main(): Promise<void> {
  const source = process.argv[2] ? resolve(process.argv[2]) : null;
  if (!source || !existsSync(join(source, 'pgdata.tar.gz'))) {
    throw new Error(
      'Usage: npm run restore -- <backup folder> (a folder made by npm run backup, holding pgdata.tar.gz).',
    );
  }
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore, not this script.');
  const manifest = JSON.parse(readFileSync(join(source, 'manifest.json'), 'utf8')) as { pgdataSha256?: string };
  const tarball = readFileSync(join(source, 'pgdata.tar.gz'));
  if (manifest.pgdataSha256 && createHash('sha256').update(tarball).digest('hex') !== manifest.pgdataSha256) {
    throw new Error(`${source}/pgdata.tar.gz does not match its manifest: the backup is damaged.`);
  }
  const dataDir = resolve(config.dataDir);
  const filesDir = config.filesDir ? resolve(config.filesDir) : null;
  if (existsSync(dataDir)) {
    lockDataDir(dataDir).release(); // refuses while a server holds it
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
    console.log(`The current data directory is kept in ${aside}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const db = await openDb({ dataDir, ...(filesDir ? { filesDir } : {}), loadDataDir: new Blob([tarball]) });
  try {
    await db.query('SELECT 1');
  } finally {
    await db.close();
  }
  if (existsSync(join(source, 'files')))
    cpSync(join(source, 'files'), filesDir ?? join(dataDir, 'files'), { recursive: true });
  console.log(`Restored ${source} into ${dataDir}. Start the server as usual (npm start).`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse) console.error(`${error.message}\nStop the server, then run the restore again.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
