/**
 * Operations (issue 13, point 9): liveness and readiness for load balancers, and the stored files'
 * integrity pass (`npm run check:files`) that lists a file missing from disk or altered.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStoredFiles } from '../../src/server/files/check.ts';
import { insertFiles } from '../../src/server/files/store.ts';
import { type TestDb, createSeededDb, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

describe('health and readiness', () => {
  it('answers liveness and readiness without a session, with the security headers', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    // The queue's tables exist once a queue has started; an inject app never starts one.
    expect(ready.json().checks.database).toBe('ok');
    expect(ready.json().checks.files).toBe('ok');
  });

  it('is not ready when the stored files folder is gone, and says which check failed', async () => {
    const dir = t.db.files.dir;
    if (!dir) return; // PostgreSQL keeps the bytes in the table: there is no folder to lose
    const moved = `${dir}-moved`;
    const { renameSync } = await import('node:fs');
    renameSync(dir, moved);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ key: 'error.not-ready', status: 503 });
      expect(ready.json().checks.files).toContain('ENOENT');
    } finally {
      renameSync(moved, dir);
    }
  });
});

describe('the stored files integrity pass', () => {
  it('finds every file present and right, then lists the one removed and the one altered', async () => {
    const first = await checkStoredFiles(t.db);
    expect(first.checked).toBeGreaterThan(0);
    expect(first.problems).toEqual([]);
    const [lost, altered] = await insertFiles(t.db, 'main', [
      { name: 'perdu.pdf', bytes: Buffer.from('%PDF-1.4 perdu') },
    ]).then(async (a) => [
      ...a,
      ...(await insertFiles(t.db, 'main', [{ name: 'modifié.pdf', bytes: Buffer.from('%PDF-1.4 juste') }])),
    ]);
    const dir = t.db.files.dir;
    if (dir) {
      // Each insert wrote one pack, named in its row (two packs written within the same millisecond
      // share an mtime, so the rows say which is which).
      const packOf = async (id: string) => {
        const { rows } = await t.db.query<{ pack: string }>(`SELECT pack FROM dom_main.files WHERE id = $1`, [id]);
        return join(dir, 'dom_main', rows[0]!.pack.slice(0, 2), rows[0]!.pack);
      };
      const [lostPack, alteredPack] = [await packOf(lost!.id), await packOf(altered!.id)];
      rmSync(lostPack!);
      writeFileSync(alteredPack!, '%PDF-1.4 faux!');
    } else {
      await t.db
        .query(`UPDATE dom_main.files SET content = NULL WHERE id = $1`, [lost!.id])
        .catch(() => t.db.query(`DELETE FROM dom_main.files WHERE id = $1`, [lost!.id]));
      await t.db.query(`UPDATE dom_main.files SET content = $2 WHERE id = $1`, [
        altered!.id,
        Buffer.from('%PDF-1.4 faux!'),
      ]);
    }
    const second = await checkStoredFiles(t.db);
    const found = new Map(second.problems.map((p) => [p.id, p.problem]));
    if (dir) expect(found.get(lost!.id)).toBe('missing');
    expect(found.get(altered!.id)).toBe('sha256-mismatch');
  });
});
