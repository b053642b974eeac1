/**
 * The file store (src/server/files/store.ts): bytes in packs under a directory (PGlite on disk's
 * default) or in the table (PostgreSQL's default), read back identically; a committed row always has
 * its bytes; packs nobody names — a rolled-back insert, deleted files — are swept, named ones never.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { SKIP_PG, SKIP_PG_REASON, createThrowawayDatabase } from '../../src/server/db/testing.ts';
import { insertFiles, readFile, readFiles, removeFiles } from '../../src/server/files/store.ts';

const bytesOf = (n: number, seed: number): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Every pack file under the store's directory (path relative to it). */
function packs(dir: string): string[] {
  const out: string[] = [];
  for (const schema of existsSync(dir) ? readdirSync(dir) : [])
    for (const sub of readdirSync(join(dir, schema)))
      for (const name of readdirSync(join(dir, schema, sub))) out.push(join(schema, sub, name));
  return out.sort();
}

/** Makes every pack look older than the sweep's grace period. */
function age(dir: string): void {
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const p of packs(dir)) utimesSync(join(dir, p), old, old);
}

describe('directory store on PGlite on disk (the embedded default)', () => {
  let root: string;
  let db: Db;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'file-store-'));
    db = await openDb({ dataDir: join(root, 'data') });
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('defaults to DATA_DIR/files and writes one pack per insert, rows without content', async () => {
    expect(db.files.dir).toBe(join(root, 'data', 'files'));
    const files = [bytesOf(1000, 3), bytesOf(20_000, 7), bytesOf(1, 11)];
    const refs = await db.tx((q) =>
      insertFiles(
        q,
        'main',
        files.map((bytes, i) => ({ name: `p${i}.pdf`, bytes })),
      ),
    );
    expect(refs.map((r) => r.size)).toEqual([1000, 20_000, 1]);
    expect(refs.map((r) => r.sha256)).toEqual(files.map(sha));
    expect(packs(db.files.dir!)).toHaveLength(1);
    const { rows } = await db.query<{ in_table: boolean; pack: string | null; pack_offset: number }>(
      `SELECT content IS NOT NULL AS in_table, pack, pack_offset FROM dom_main.files WHERE id = ANY($1::uuid[]) ORDER BY pack_offset`,
      [refs.map((r) => r.id)],
    );
    expect(rows.map((r) => [r.in_table, r.pack_offset])).toEqual([
      [false, 0],
      [false, 1000],
      [false, 21_000],
    ]);
    // Read back one by one and together, byte for byte.
    for (const [i, ref] of refs.entries()) {
      const file = await readFile(db, 'main', ref.id);
      expect(file!.name).toBe(`p${i}.pdf`);
      expect(sha(file!.bytes)).toBe(ref.sha256);
    }
    const many = await readFiles(db, 'main', [...refs.map((r) => r.id), '00000000-0000-4000-8000-000000000000']);
    expect(many.size).toBe(3);
    expect(refs.every((r) => sha(many.get(r.id)!) === r.sha256)).toBe(true);
  });

  it('a rolled-back insert leaves no row, and its pack is swept once old; named packs stay', async () => {
    const before = packs(db.files.dir!);
    await expect(
      db.tx(async (q) => {
        await insertFiles(q, 'main', [{ name: 'lost.pdf', bytes: bytesOf(500, 5) }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const after = packs(db.files.dir!);
    expect(after).toHaveLength(before.length + 1);
    // Young orphans are kept (an insert may still be on its way to commit).
    expect(await db.files.sweep(db)).toBe(0);
    age(db.files.dir!);
    expect(await db.files.sweep(db)).toBe(1);
    expect(packs(db.files.dir!)).toEqual(before);
  });

  it('deleted files free their pack only when none of its rows remain', async () => {
    const refs = await db.tx((q) =>
      insertFiles(q, 'main', [
        { name: 'a.pdf', bytes: bytesOf(300, 13) },
        { name: 'b.pdf', bytes: bytesOf(400, 17) },
      ]),
    );
    const count = packs(db.files.dir!).length;
    await db.tx((q) => removeFiles(q, 'main', [refs[0]!.id]));
    age(db.files.dir!);
    expect(await db.files.sweep(db, 0)).toBe(0);
    expect(sha((await readFile(db, 'main', refs[1]!.id))!.bytes)).toBe(refs[1]!.sha256);
    await db.tx((q) => removeFiles(q, 'main', [refs[1]!.id]));
    expect(await db.files.sweep(db, 0)).toBe(1);
    expect(packs(db.files.dir!)).toHaveLength(count - 1);
    expect(await readFile(db, 'main', refs[1]!.id)).toBeNull();
  });

  it('reads rows whose bytes are in the table (written before the directory store, or by the seed)', async () => {
    const bytes = bytesOf(700, 19);
    const id = '11111111-1111-4111-8111-111111111111';
    await db.query(
      `INSERT INTO dom_main.files (id, name, mime, size, sha256, content) VALUES ($1, 'old.pdf', 'application/pdf', $2, $3, decode($4, 'base64'))`,
      [id, bytes.length, sha(bytes), bytes.toString('base64')],
    );
    expect((await readFile(db, 'main', id))!.bytes.equals(bytes)).toBe(true);
  });

  it('refuses a row with bytes in both places or in neither', async () => {
    await expect(
      db.query(
        `INSERT INTO dom_main.files (id, name, mime, size, sha256) VALUES ('22222222-2222-4222-8222-222222222222', 'x', 'application/pdf', 0, '')`,
      ),
    ).rejects.toThrow(/files_bytes_somewhere/);
  });
});

describe('database store (PGlite in memory)', () => {
  it('keeps bytes in the table and reads them back, large ones in slices', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await migrate(db);
      expect(db.files.dir).toBeNull();
      const big = bytesOf(9 * 1024 * 1024 + 17, 23);
      const [ref] = await db.tx((q) => insertFiles(q, 'legacy', [{ name: 'big.pdf', bytes: big }]));
      const { rows } = await db.query<{ in_table: boolean }>(
        `SELECT content IS NOT NULL AS in_table FROM dom_legacy.files WHERE id = $1`,
        [ref!.id],
      );
      expect(rows[0]!.in_table).toBe(true);
      expect((await readFile(db, 'legacy', ref!.id))!.bytes.equals(big)).toBe(true);
      // Several at once: small ones in one statement, the big one in slices.
      const small = [bytesOf(300, 37), bytesOf(0, 1), bytesOf(4096, 41)];
      const refs = await db.tx((q) =>
        insertFiles(
          q,
          'legacy',
          small.map((bytes, i) => ({ name: `s${i}.pdf`, bytes })),
        ),
      );
      const many = await readFiles(db, 'legacy', [ref!.id, ...refs.map((r) => r.id)]);
      expect(many.get(ref!.id)!.equals(big)).toBe(true);
      expect(refs.map((r) => many.get(r.id)!.equals(small[refs.indexOf(r)]!))).toEqual([true, true, true]);
      expect(await db.files.sweep(db)).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(SKIP_PG)(`PostgreSQL (${SKIP_PG ? SKIP_PG_REASON : 'table by default, FILES_DIR shared'})`, () => {
  it('keeps bytes in the table by default and in fsynced packs with FILES_DIR', async () => {
    const database = await createThrowawayDatabase('files_test');
    const dir = mkdtempSync(join(tmpdir(), 'file-store-pg-'));
    try {
      const inTable = await openDb({ databaseUrl: database.url, poolMax: 2 });
      await migrate(inTable);
      expect(inTable.files.dir).toBeNull();
      const a = bytesOf(5000, 29);
      const [refA] = await inTable.tx((q) => insertFiles(q, 'main', [{ name: 'a.pdf', bytes: a }]));
      await inTable.close();

      const shared = await openDb({ databaseUrl: database.url, poolMax: 2, filesDir: dir });
      try {
        const b = bytesOf(6000, 31);
        const [refB] = await shared.tx((q) => insertFiles(q, 'main', [{ name: 'b.pdf', bytes: b }]));
        expect(packs(dir)).toHaveLength(1);
        const both = await readFiles(shared, 'main', [refA!.id, refB!.id]);
        expect(both.get(refA!.id)!.equals(a)).toBe(true);
        expect(both.get(refB!.id)!.equals(b)).toBe(true);
      } finally {
        await shared.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
