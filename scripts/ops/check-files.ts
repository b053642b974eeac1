/**
 * `npm run check:files`: every stored file present and its SHA-256 right (src/server/files/check.ts).
 * On the embedded database the server must be stopped (it holds the data directory); on PostgreSQL
 * it runs beside the servers. Exit code 1 when a file is missing or altered, with the list.
 */
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/db.ts';
import { DataDirInUse } from '../../src/server/db/lock.ts';
import { checkStoredFiles } from '../../src/server/files/check.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolMax: 2 } : { dataDir: config.dataDir }),
    ...(config.filesDir ? { filesDir: config.filesDir } : {}),
  });
  try {
    const { checked, problems } = await checkStoredFiles(db, (n) => process.stdout.write(`\rchecked ${n} files`));
    process.stdout.write('\n');
    for (const p of problems) console.log(`${p.problem}\t${p.domain}\t${p.id}\t${p.name}\t${p.detail}`);
    console.log(
      problems.length === 0
        ? `All ${checked} stored files are present and match their SHA-256.`
        : `${problems.length} of ${checked} stored files are missing or altered: restore them from a backup (npm run restore).`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse)
    console.error(`${error.message}\nStop the server, then run npm run check:files again.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
