/**
 * A search for `%` or `_` finds the names holding that character, not every row: LIKE's wildcards
 * typed by a user are matched literally on every list that searches (issue 10, point 5).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteId, routeUrl } from '../../src/contract/routes.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

type Row = { id: string } & Record<string, unknown>;

async function search(route: RouteId, body: object): Promise<Row[]> {
  const res = await app.inject({ method: 'POST', url: routeUrl(route), headers: authHeaders(admin), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { items?: Row[]; dispatchs?: Row[] };
  return json.items ?? json.dispatchs ?? [];
}

interface ListCase {
  route: RouteId;
  /** The table and the searched column renamed on two rows the admin sees. */
  table: string;
  column: string;
  /** What of an answered row the search looked at. */
  text: (row: Row) => string;
}

const CASES: ListCase[] = [
  {
    route: 'users.list',
    table: 'directory.users',
    column: 'last_name',
    text: (u) => [u.login, u.firstName, u.lastName, u.email].join(' '),
  },
  { route: 'organizations.list', table: 'dom_main.organizations', column: 'name', text: (o) => String(o.name) },
  { route: 'groups.list', table: 'dom_main.employee_groups', column: 'name', text: (g) => String(g.name) },
  {
    route: 'campaigns.list',
    table: 'dom_main.campaigns',
    column: 'name',
    text: (c) => `${String(c.name)} ${String(c.docName)}`,
  },
  { route: 'signbooks.list', table: 'dom_main.signbooks', column: 'name', text: (b) => String(b.name) },
  { route: 'signbooks.templates', table: 'dom_main.sign_templates', column: 'name', text: (x) => String(x.name) },
];

describe.each(CASES)('$route', ({ route, table, column, text }) => {
  it('matches % and _ as themselves', async () => {
    const all = await search(route, {});
    expect(all.length, 'the demo seed gives the admin two rows to rename').toBeGreaterThanOrEqual(2);
    const [percent, underscore] = [all[0]!.id, all[1]!.id];
    await t.db.query(`UPDATE ${table} SET ${column} = ${column} || ' 100%' WHERE id = $1`, [percent]);
    await t.db.query(`UPDATE ${table} SET ${column} = ${column} || ' n_1' WHERE id = $1`, [underscore]);

    for (const [typed, renamed] of [
      ['%', percent],
      ['_', underscore],
    ] as const) {
      const found = await search(route, { search: typed });
      expect(
        found.map((row) => row.id),
        `a search for ${typed}`,
      ).toContain(renamed);
      for (const row of found) expect(text(row), `a search for ${typed}`).toContain(typed);
    }
  });
});

describe('employees search (starts-with, by word)', () => {
  it('reads % and _ as characters of the name', async () => {
    const { items } = (
      await app.inject({
        method: 'POST',
        url: routeUrl('employees.list'),
        headers: authHeaders(admin),
        payload: { limit: 4 },
      })
    ).json() as { items: Row[] };
    const [a, b, c, d] = items.map((e) => e.id);
    const rename = (id: string | undefined, name: string) =>
      t.db.query(`UPDATE dom_main.employees SET name = $2 WHERE id = $1`, [id, name]);
    await rename(a, 'Pour%centage');
    await rename(b, 'Pourtant');
    await rename(c, 'Sous_traitant');
    await rename(d, 'Sousa');
    const names = async (typed: string) =>
      (await search('employees.search', { search: typed })).map((e) => e.name as string);
    expect(await names('pour%')).toEqual(['Pour%centage']);
    expect(await names('sous_')).toEqual(['Sous_traitant']);
  });
});
