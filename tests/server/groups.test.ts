import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let essai: LoggedIn;
let sansmail: LoggedIn;

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const LYON = orgId('main', 'Horizon Logistique Lyon');
const NORD = orgId('main', 'Horizon Logistique Entrepôt Nord');
const MARSEILLE = orgId('main', 'Horizon Santé Marseille');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const CADRES = demoId('emp-group:main:Cadres');
const LEGACY_GROUP = demoId('emp-group:legacy:Atelier');

/** Employees linked to an organisation, by their active flag there. */
async function employeesOf(org: string, active: boolean, n: number): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT employee_id AS id FROM dom_main.employee_organizations
      WHERE organization_id = $1 AND active = $2 ORDER BY employee_id LIMIT $3`,
    [org, active, n],
  );
  if (rows.length < n) throw new Error(`the seed has fewer than ${n} employees (active=${active}) in ${org}`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  essai = await login(app, 'essai');
  sansmail = await login(app, 'sansmail');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: LoggedIn, payload?: unknown) =>
  app.inject({ method, url, headers: authHeaders(session), ...(payload ? { payload: payload as object } : {}) });
const list = (session: LoggedIn, body: object = {}) => call('POST', '/api/hrdesk/employees-groups', session, body);
const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((g) => g.name);

describe('group list', () => {
  it('lists the groups of visible organisations by name, with their organisation and member count', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Cadres', 'Équipe de nuit', 'Infirmiers et infirmières', 'Nouveaux arrivants']);
    const cadres = res.json().items[0];
    expect(cadres).toMatchObject({ id: CADRES, orgId: MAIN_ROOT, orgName: ROOT_MAIN });
    expect(cadres.employeeCount).toBeGreaterThan(0);
    expect(cadres.employeesIds).toHaveLength(cadres.employeeCount);
  });

  it('searches by name without case or accents, and pages', async () => {
    expect(names(await list(admin, { search: 'EQUIPE' }))).toEqual(['Équipe de nuit']);
    const page = await list(admin, { offset: 1, limit: 2 });
    expect(page.json().count).toBe(4);
    expect(names(page)).toEqual(['Équipe de nuit', 'Infirmiers et infirmières']);
  });

  it('sorts by member count when asked', async () => {
    const items = (await list(admin, { order: { field: 'employeeCount', sens: 'desc' } })).json().items as {
      employeeCount: number;
    }[];
    const counts = items.map((g) => g.employeeCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('lists the groups of one organisation and its sub-organisations', async () => {
    const lyon = await call('POST', `/api/hrdesk/employees-groups/org/${LYON}`, admin, {});
    expect(names(lyon)).toEqual(['Équipe de nuit']);
    const nord = await call('POST', `/api/hrdesk/employees-groups/org/${NORD}`, admin, {});
    expect(nord.json()).toEqual({ count: 0, items: [] });
  });

  it('shows nothing of organisations the caller does not see', async () => {
    expect((await list(essai)).json()).toEqual({ count: 0, items: [] });
    expect(names(await list(sansmail))).toEqual([]);
    for (const org of [TRIAL_ROOT, randomUUID(), 'nope']) {
      const res = await call('POST', `/api/hrdesk/employees-groups/org/${org}`, admin, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe(ERROR_KEYS.notFound);
    }
  });

  it('answers 20 groups per page by default', async () => {
    const [member] = await employeesOf(MARSEILLE, true, 1);
    for (let i = 1; i <= 17; i++) {
      const res = await call('POST', '/api/hrdesk/employees-group', admin, {
        name: `Paging ${String(i).padStart(2, '0')}`,
        orgId: MARSEILLE,
        employeesIds: [member],
      });
      expect(res.statusCode).toBe(200);
    }
    const page = await list(admin);
    expect(page.json().count).toBe(21);
    expect(page.json().items).toHaveLength(20);
    expect(names(await list(admin, { offset: 20 }))).toHaveLength(1);
    for (const g of (await list(admin, { search: 'paging', limit: 50 })).json().items as { id: string }[]) {
      expect((await call('DELETE', `/api/hrdesk/employees-group/${g.id}`, admin)).statusCode).toBe(204);
    }
  });
});

describe('group detail', () => {
  it('answers the members with id, names and e-mail', async () => {
    const res = await call('GET', `/api/hrdesk/employees-group/${CADRES}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.members).toHaveLength(body.employeeCount);
    expect(Object.keys(body.members[0]).sort()).toEqual(['email', 'firstName', 'id', 'name']);
  });

  it.each([
    ['a group of the other domain', LEGACY_GROUP],
    ['an unknown id', randomUUID()],
    ['something that is not an id', 'drop-table'],
  ])('404 for %s', async (_, id) => {
    const res = await call('GET', `/api/hrdesk/employees-group/${id}`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: ERROR_KEYS.notFound, status: 404 });
  });

  it('404 for a group of an organisation above the caller', async () => {
    expect((await call('GET', `/api/hrdesk/employees-group/${CADRES}`, sansmail)).statusCode).toBe(404);
  });
});

describe('group creation, update and deletion', () => {
  const create = (body: object, session: LoggedIn = admin) =>
    call('POST', '/api/hrdesk/employees-group', session, body);

  it('creates a group with members of the organisation and its sub-organisations', async () => {
    const [a] = await employeesOf(LYON, true, 1);
    const [b] = await employeesOf(NORD, true, 1);
    const res = await create({ name: '  Caristes  ', orgId: LYON, employeesIds: [a, b, a] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Caristes', orgId: LYON, orgName: 'Horizon Logistique Lyon', employeeCount: 2 });
    expect(body.members.map((m: { id: string }) => m.id).sort()).toEqual([a, b].sort());
    const listed = (await list(admin, { search: 'caristes' })).json().items[0];
    expect(listed).toMatchObject({ id: body.id, employeeCount: 2 });
  });

  it('refuses a blank name with the field key', async () => {
    const res = await create({ name: '   ', orgId: LYON, employeesIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: ERROR_KEYS.badRequest, fields: { name: VALIDATION_KEYS.required } });
  });

  it('refuses a body without a name or organisation', async () => {
    expect((await create({ orgId: LYON, employeesIds: [] })).statusCode).toBe(400);
    expect((await create({ name: 'x', employeesIds: [] })).statusCode).toBe(400);
  });

  it.each([
    ['an employee of a sibling organisation', async () => (await employeesOf(MARSEILLE, true, 1))[0]],
    ['an employee inactive in the organisation', async () => (await employeesOf(LYON, false, 1))[0]],
    ['an unknown employee', async () => randomUUID()],
    ['something that is not an id', async () => 'drop-table'],
  ])('refuses %s as a member', async (_, member) => {
    const [ok] = await employeesOf(LYON, true, 1);
    const res = await create({ name: `Outside ${randomUUID()}`, orgId: LYON, employeesIds: [ok, await member()] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: ERROR_KEYS.groupMemberOutsideOrg,
      fields: { employeesIds: ERROR_KEYS.groupMemberOutsideOrg },
    });
    expect((await list(admin, { search: 'outside' })).json().count).toBe(0);
  });

  it('refuses a name already used in the organisation, whatever its case', async () => {
    const res = await create({ name: ' cadres ', orgId: MAIN_ROOT, employeesIds: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: ERROR_KEYS.groupNameTaken, fields: { name: ERROR_KEYS.groupNameTaken } });
    // The same name in another organisation is another group.
    const elsewhere = await create({ name: 'Cadres', orgId: MARSEILLE, employeesIds: [] });
    expect(elsewhere.statusCode).toBe(200);
    await call('DELETE', `/api/hrdesk/employees-group/${elsewhere.json().id}`, admin);
  });

  it('404 when creating in an organisation the caller does not see', async () => {
    for (const org of [TRIAL_ROOT, randomUUID()]) {
      const res = await create({ name: 'Ailleurs', orgId: org, employeesIds: [] });
      expect(res.statusCode).toBe(404);
    }
    expect((await create({ name: 'Au-dessus', orgId: MAIN_ROOT, employeesIds: [] }, sansmail)).statusCode).toBe(404);
  });

  it('updates the name and members; a duplicate name is refused', async () => {
    const [a, b, c] = await employeesOf(LYON, true, 3);
    const created = (await create({ name: 'Quai 4', orgId: LYON, employeesIds: [a, b] })).json();
    const url = `/api/hrdesk/employees-group/${created.id}`;
    const res = await call('PUT', url, admin, { name: 'Quai 5', employeesIds: [b, c] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quai 5', employeeCount: 2, orgId: LYON });
    expect((await call('GET', url, admin)).json().employeesIds.sort()).toEqual([b, c].sort());
    const dup = await call('PUT', url, admin, { name: 'ÉQUIPE DE NUIT', employeesIds: [b] });
    expect(dup.statusCode).toBe(409);
    const outside = await call('PUT', url, admin, {
      name: 'Quai 5',
      employeesIds: await employeesOf(MARSEILLE, true, 1),
    });
    expect(outside.statusCode).toBe(400);
    expect((await call('PUT', url, admin, { name: '', employeesIds: [] })).json().fields).toEqual({
      name: VALIDATION_KEYS.required,
    });
    // Refused updates changed nothing.
    expect((await call('GET', url, admin)).json()).toMatchObject({ name: 'Quai 5', employeeCount: 2 });
  });

  it('keeps a member who has since been deactivated when the group is saved again', async () => {
    const [a, b] = await employeesOf(LYON, true, 2);
    const created = (await create({ name: 'Quai 9', orgId: LYON, employeesIds: [a, b] })).json();
    await t.db.query('UPDATE dom_main.employee_organizations SET active = false WHERE employee_id = $1', [a]);
    try {
      const res = await call('PUT', `/api/hrdesk/employees-group/${created.id}`, admin, {
        name: 'Quai 9 bis',
        employeesIds: [a, b],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().employeeCount).toBe(2);
    } finally {
      await t.db.query('UPDATE dom_main.employee_organizations SET active = true WHERE employee_id = $1', [a]);
    }
  });

  it('deletes a group; it is then gone', async () => {
    const created = (await create({ name: 'Éphémère', orgId: LYON, employeesIds: [] })).json();
    const url = `/api/hrdesk/employees-group/${created.id}`;
    expect((await call('DELETE', url, admin)).statusCode).toBe(204);
    expect((await call('GET', url, admin)).statusCode).toBe(404);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
  });

  it.each([
    ['PUT', { name: 'x', employeesIds: [] }],
    ['DELETE', undefined],
  ] as const)('%s on a group of another domain or organisation is a 404 that changes nothing', async (method, body) => {
    expect((await call(method, `/api/hrdesk/employees-group/${LEGACY_GROUP}`, admin, body)).statusCode).toBe(404);
    expect((await call(method, `/api/hrdesk/employees-group/${CADRES}`, essai, body)).statusCode).toBe(404);
    expect((await call('GET', `/api/hrdesk/employees-group/${CADRES}`, admin)).json().name).toBe('Cadres');
  });
});

describe('feature right', () => {
  it('403 on every group call without EmpList', async () => {
    // No demo persona lacks EmpList: take it away from one, then log in again to get a fresh session.
    await t.db.query(`UPDATE directory.users SET features = ARRAY['DocSearch'] WHERE login = 'sansmail'`);
    const noEmpList = await login(app, 'sansmail');
    for (const [method, url] of [
      ['POST', '/api/hrdesk/employees-groups'],
      ['POST', `/api/hrdesk/employees-groups/org/${MAIN_ROOT}`],
      ['GET', `/api/hrdesk/employees-group/${CADRES}`],
      ['POST', '/api/hrdesk/employees-group'],
      ['PUT', `/api/hrdesk/employees-group/${CADRES}`],
      ['DELETE', `/api/hrdesk/employees-group/${CADRES}`],
    ] as const) {
      const res = await call(method, url, noEmpList, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().key).toBe(ERROR_KEYS.featureForbidden);
    }
  });
});
