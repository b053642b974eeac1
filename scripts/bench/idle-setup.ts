/**
 * Child of `bench-idle.ts` (its own process, so the seed's memory is not the server's): migrates and
 * seeds the demo into a fresh PGlite directory, then adds `employees` employees in 50 organisations under
 * the demo root (`seed-scale.ts`, as the directory bench does) and `VACUUM ANALYZE`s them.
 * Usage: tsx scripts/bench/idle-setup.ts <dataDir> <employees>
 */
import { mkdirSync } from 'node:fs';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { seedScale } from './seed-scale.ts';

const [dataDir, employeesText] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: idle-setup.ts <dataDir> <employees>');
const db = await openDb({ dataDir });
try {
  await migrate(db);
  await seedDemo(db);
  if (db.files.dir) mkdirSync(db.files.dir, { recursive: true });
  const scale = await seedScale(db, { employees: Number(employeesText ?? 100_000), organizations: 50 });
  process.stdout.write(`${JSON.stringify({ seedMs: scale.seedMs, vacuumMs: scale.vacuumMs })}\n`);
} finally {
  await db.close();
}
