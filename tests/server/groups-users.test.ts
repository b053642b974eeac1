/** The users list as the users screen calls it: search, sort and paging (users.list). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const users = async (body: object) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/rh-users',
    headers: authHeaders(admin),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; items: { login: string; lastName: string }[] };
};

describe('users list', () => {
  it('sorts by login either way', async () => {
    const asc = (await users({ order: { field: 'login', sens: 'asc' } })).items.map((u) => u.login);
    expect(asc.length).toBeGreaterThan(2);
    expect(asc).toEqual([...asc].sort());
    const desc = (await users({ order: { field: 'login', sens: 'desc' } })).items.map((u) => u.login);
    expect(desc).toEqual([...asc].reverse());
  });

  it('pages with a total and searches by name', async () => {
    const all = await users({});
    const page = await users({ offset: 1, limit: 1, order: { field: 'login', sens: 'asc' } });
    expect(page.count).toBe(all.count);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.login).toBe((await users({ order: { field: 'login', sens: 'asc' } })).items[1]?.login);
    expect((await users({ search: 'julien' })).items.map((u) => u.login)).toEqual(['paie']);
  });

  it('refuses a sort on a column that is not offered', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-users',
      headers: authHeaders(admin),
      payload: { order: { field: 'password_hash', sens: 'asc' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
