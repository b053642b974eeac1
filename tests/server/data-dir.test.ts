/**
 * The embedded data directory (issue 13, point 8): one process per directory — a second server
 * refuses to start and names the holder; a lock left by a killed process is taken over; a directory
 * the engine cannot open says so in plain words; `npm run backup` / `npm run restore` round-trip the
 * database and its stored files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DataDirUnreadable, openDb } from '../../src/server/db/db.ts';
import { readFile, insertFiles } from '../../src/server/files/store.ts';
import { DataDirInUse, LOCK_FILE } from '../../src/server/db/lock.ts';
import { migrate } from '../../src/server/db/migrate.ts';

const root = mkdtempSync(join(tmpdir(), 'data-dir-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Opens `dir`, a new directory starting from the run's seeded world when there is one (initialising an empty cluster is slow). */
const open = (dir: string) => {
  const seeded = inject('seededSnapshot');
  return openDb({
    dataDir: dir,
    ...(seeded?.kind === 'pglite' && !existsSync(dir) ? { loadDataDir: new Blob([readFileSync(seeded.tarball)]) } : {}),
  });
};

const tsx = (script: string, env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env, SEED: 'none' },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('one process per data directory', () => {
  it('a second opener is refused with the holder named; the lock goes with a clean close', async () => {
    const dir = join(root, 'busy');
    const db = await open(dir);
    try {
      await expect(openDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUse);
      const server = tsx('src/server/main.ts', { DATA_DIR: dir, PORT: '0' });
      expect(server.status).toBe(1);
      expect(server.stderr).toContain(`is in use by process ${process.pid}`);
      expect(server.stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack
    } finally {
      await db.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await open(dir);
    await again.close();
  }, 120_000);

  it('takes over the lock of a process that no longer runs', async () => {
    const dir = join(root, 'stale');
    await (await open(dir)).close();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), startedAt: 'yesterday' }),
    );
    const db = await open(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await db.close();
  }, 60_000);

  it('a directory the engine cannot open says what to do, and leaves no lock behind', async () => {
    const dir = join(root, 'broken');
    await (await open(dir)).close();
    truncateSync(join(dir, 'global', 'pg_control'), 10);
    const error = await open(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirUnreadable);
    expect((error as Error).message).toMatch(/cannot be opened.*npm run restore/s);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});

describe('backup and restore', () => {
  it('round-trips the database and its stored files; refuses while a server holds the directory', async () => {
    const dir = join(root, 'live');
    const backups = join(root, 'backups');
    const db = await open(dir);
    await migrate(db);
    await db.query(`INSERT INTO dom_main.organizations (id, name, siret, city) VALUES
      ('11111111-1111-4111-8111-111111111111', 'Sauvegardée', '12345678900011', 'Nantes')`);
    await insertFiles(db, 'main', [
      { id: '22222222-2222-4222-8222-222222222222', name: 'preuve.pdf', bytes: Buffer.from('%PDF-1.4 preuve') },
    ]);
    const busy = tsx('scripts/ops/backup.ts', { DATA_DIR: dir, BACKUP_DIR: backups });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('Stop the server');
    await db.close();

    const made = tsx('scripts/ops/backup.ts', { DATA_DIR: dir, BACKUP_DIR: backups });
    expect(made.status, made.stderr).toBe(0);
    const folder = made.stdout.match(/npm run restore -- (\S+)/)?.[1];
    expect(folder).toBeTruthy();

    // Something goes wrong afterwards: the organisation is deleted and the file's pack lost.
    const after = await open(dir);
    await after.query(`DELETE FROM dom_main.organizations WHERE name = 'Sauvegardée'`);
    await after.close();
    rmSync(join(dir, 'files'), { recursive: true, force: true });

    const restored = tsx('scripts/ops/restore.ts', { DATA_DIR: dir }, [folder!]);
    expect(restored.status, restored.stderr).toBe(0);
    const back = await open(dir);
    try {
      const { rows } = await back.query<{ name: string }>(`SELECT name FROM dom_main.organizations`);
      expect(rows.map((r) => r.name)).toContain('Sauvegardée');
      const file = await readFile(back, 'main', '22222222-2222-4222-8222-222222222222');
      expect(file?.bytes.toString()).toBe('%PDF-1.4 preuve');
    } finally {
      await back.close();
    }
  }, 240_000);
});
