/**
 * A campaign's documents page (`POST /dispatch/{id}/dispatched-docs`) in recipient order, read on the
 * documents' own recipient keys (migration 0039): the pages put end to end are every document once,
 * ordered by the recipient's folded name, first name, then id, documents without a recipient last;
 * the total is the documents' (per status filter too); an employee renamed moves their documents; a
 * document given another recipient, or none, follows it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

const S = 'dom_main';
let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let campaignId: string;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  // The admin's campaign with the most documents.
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT d.campaign_id AS id FROM ${S}.dispatched_docs d GROUP BY d.campaign_id ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  campaignId = rows[0]!.id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const page = async (body: Record<string, unknown>): Promise<DispatchedDocPage> => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/dispatch/dispatch/${campaignId}/dispatched-docs`,
    headers: authHeaders(admin),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DispatchedDocPage;
};

/** Every page of `size`, end to end. */
async function walk(size: number, status?: string[]): Promise<{ ids: string[]; counts: number[] }> {
  const ids: string[] = [];
  const counts: number[] = [];
  for (let offset = 0; ; offset += size) {
    const p = await page({ offset, limit: size, ...(status ? { status } : {}) });
    counts.push(p.count);
    ids.push(...p.items.map((d) => d.id));
    if (p.items.length < size) return { ids, counts };
  }
}

/** The order the page promises, computed from the employees themselves. */
async function expected(status?: string[]): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT d.id FROM ${S}.dispatched_docs d LEFT JOIN ${S}.employees e ON e.id = d.employee_id
      WHERE d.campaign_id = $1 AND ($2::text[] IS NULL OR d.status = ANY($2::text[]))
      ORDER BY e.sort_name NULLS LAST, e.sort_first, d.id`,
    [campaignId, status ?? null],
  );
  return rows.map((r) => r.id);
}

describe('a campaign’s documents in recipient order', () => {
  it('gives every document once, in recipient order, whatever the page size, with the total', async () => {
    const all = await expected();
    expect(all.length).toBeGreaterThan(3);
    for (const size of [1, 3, 200]) {
      const { ids, counts } = await walk(size);
      expect(ids).toEqual(all);
      expect(new Set(counts)).toEqual(new Set([all.length]));
    }
  });

  it('filters by status, the total being that status’s', async () => {
    const { rows } = await t.db.query<{ status: string }>(
      `SELECT status FROM ${S}.dispatched_docs WHERE campaign_id = $1 GROUP BY status ORDER BY count(*) LIMIT 1`,
      [campaignId],
    );
    const status = [rows[0]!.status];
    const { ids, counts } = await walk(2, status);
    expect(ids).toEqual(await expected(status));
    expect(counts[0]).toBe(ids.length);
    const none = await page({ status: ['CANT_CREATE_EMP_ERROR'], offset: 0, limit: 20 });
    expect(none).toEqual({ count: (await expected(['CANT_CREATE_EMP_ERROR'])).length, items: expect.any(Array) });
  });

  it('moves an employee’s documents when the employee is renamed', async () => {
    const { rows } = await t.db.query<{ employee_id: string }>(
      `SELECT employee_id FROM ${S}.dispatched_docs WHERE campaign_id = $1 AND employee_id IS NOT NULL ORDER BY id LIMIT 1`,
      [campaignId],
    );
    const employee = rows[0]!.employee_id;
    for (const name of ['Àaron-Zéro', 'Zzyzx']) {
      await t.db.query(`UPDATE ${S}.employees SET name = $2 WHERE id = $1`, [employee, name]);
      const { ids } = await walk(200);
      expect(ids).toEqual(await expected());
    }
    const first = await page({ offset: 0, limit: 200 });
    const mine = first.items.filter((d) => d.employeeId === employee);
    // Renamed « Zzyzx »: after every named recipient, before the documents with none.
    const named = first.items.filter((d) => d.employeeId !== null);
    expect(named.slice(-mine.length).map((d) => d.employeeId)).toEqual(mine.map(() => employee));
  });

  it('follows a document given another recipient, or none: with none it comes last', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM ${S}.dispatched_docs WHERE campaign_id = $1 AND employee_id IS NOT NULL ORDER BY id LIMIT 2`,
      [campaignId],
    );
    const [a, b] = rows.map((r) => r.id);
    const { rows: other } = await t.db.query<{ id: string }>(
      `SELECT id FROM ${S}.employees ORDER BY sort_name, sort_first, id LIMIT 1`,
    );
    await t.db.query(`UPDATE ${S}.dispatched_docs SET employee_id = $2 WHERE id = $1`, [a, other[0]!.id]);
    await t.db.query(`UPDATE ${S}.dispatched_docs SET employee_id = NULL WHERE id = $1`, [b]);
    const { ids } = await walk(200);
    expect(ids).toEqual(await expected());
    expect(ids[0]).toBe(a);
    const { rows: named } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${S}.dispatched_docs WHERE campaign_id = $1 AND employee_id IS NOT NULL`,
      [campaignId],
    );
    expect(ids.indexOf(b!)).toBeGreaterThanOrEqual(named[0]!.n);
    const { rows: keys } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${S}.dispatched_docs d LEFT JOIN ${S}.employees e ON e.id = d.employee_id
        WHERE d.sort_name IS DISTINCT FROM e.sort_name OR d.sort_first IS DISTINCT FROM e.sort_first`,
    );
    expect(keys[0]!.n).toBe(0);
  });
});
