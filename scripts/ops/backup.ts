/**
 * `npm run backup`: a consistent copy of the embedded database and its stored files, in
 * BACKUP_DIR (default ./backups)/<date>/ — `pgdata.tar.gz` (PGlite's own dump of its data directory),
 * `files/` (the PDFs' pack files) and `manifest.json`. It takes the data directory's lock, so it runs
 * while the server is stopped (a copy taken under a running server would not be consistent). On
 * PostgreSQL use pg_dump (and copy FILES_DIR when it is set): the script says so.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { DataDirInUse } from '../../src/server/db/lock.ts';
import { openDb } from '../../src/server/db/db.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.log(
      "DATABASE_URL is set: back the database up with PostgreSQL's own tools, e.g.\n" +
        '  pg_dump --format=custom --file=paiedocs.dump "$DATABASE_URL"\n' +
        (config.filesDir ? `and copy FILES_DIR (${config.filesDir}) at the same time.\n` : '') +
        'Restore with pg_restore --clean --dbname="$DATABASE_URL" paiedocs.dump.',
    );
    process.exit(2);
  }
  const dataDir = resolve(config.dataDir);
  if (!existsSync(dataDir)) throw new Error(`DATA_DIR ${dataDir} does not exist: nothing to back up.`);
  const filesDir = resolve(config.filesDir ?? join(dataDir, 'files'));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(process.env.BACKUP_DIR || './backups', stamp);

  const db = await openDb({ dataDir, filesDir });
  try {
    mkdirSync(target, { recursive: true });
    const dump = Buffer.from(await (await db.pglite!.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(join(target, 'pgdata.tar.gz'), dump);
    if (existsSync(filesDir)) cpSync(filesDir, join(target, 'files'), { recursive: true });
    const { rows } = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM dom_legacy.files) + (SELECT count(*) FROM dom_main.files) AS n`,
    );
    writeFileSync(
      join(target, 'manifest.json'),
      JSON.stringify(
        {
          createdAt: new Date().toISOString(),
          version: config.version,
          dataDir,
          filesDir,
          storedFiles: Number(rows[0]?.n ?? 0),
          pgdataSha256: createHash('sha256')
            .update(readFileSync(join(target, 'pgdata.tar.gz')))
            .digest('hex'),
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
  }
  console.log(`Backup written to ${target}\nRestore it with: npm run restore -- ${target}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse) console.error(`${error.message}\nStop the server, then run npm run backup again.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
