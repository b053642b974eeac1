/**
 * Employees stay within their company (issue 10, points 4 and 5): the search by e-mail and the import
 * see only the target organisation's company and answer only what the confirmation shows; a DSN
 * never reaches another company's employee; one company holds one employee per e-mail, enforced by
 * a unique index (twenty parallel creations make one); another company's e-mails are no oracle.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeUrl } from '../../src/contract/routes.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let essai: LoggedIn;
let levain: string;
let paris: string;
let lyon: string;

const orgNamed = async (name: string) =>
  (await t.db.query<{ id: string }>(`SELECT id FROM dom_main.organizations WHERE name = $1`, [name])).rows[0]!.id;

interface Victim {
  id: string;
  email: string;
  num_secu: string;
  name: string;
}
const employeeOf = async (orgId: string, offset = 0): Promise<Victim> =>
  (
    await t.db.query<Victim>(
      `SELECT e.id, e.email, e.num_secu, e.name FROM dom_main.employees e
        WHERE $1::uuid = ANY(e.org_ids) AND cardinality(e.org_ids) = 1 AND e.email IS NOT NULL AND e.num_secu IS NOT NULL
        ORDER BY e.id OFFSET $2 LIMIT 1`,
      [orgId, offset],
    )
  ).rows[0]!;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  essai = await login(app, 'essai');
  levain = await orgNamed("Boulangerie Levain d'Or");
  paris = await orgNamed('Horizon Services Paris');
  lyon = await orgNamed('Horizon Logistique Lyon');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const call = (session: LoggedIn, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  app.inject({ method, url, headers: authHeaders(session), payload: payload as object });

const newEmployee = (orgId: string, email: string, name = 'Nouveau') => ({
  name,
  firstName: 'Salarié',
  birthDate: '1990-04-12',
  email,
  organizations: [{ organizationId: orgId, active: true }],
});

describe('another company', () => {
  it('cannot find, import or touch an employee of another company through the e-mail search', async () => {
    const victim = await employeeOf(paris);
    const search = await call(essai, 'POST', routeUrl('employees.importSearch'), {
      email: victim.email,
      orgId: levain,
    });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual({ items: [] });
    expect(search.body).not.toContain(victim.num_secu);

    const imported = await call(essai, 'POST', routeUrl('employees.import'), { empId: victim.id, orgId: levain });
    expect(imported.statusCode).toBe(404);
    const read = await app.inject({
      method: 'GET',
      url: routeUrl('employees.get', { id: victim.id }),
      headers: authHeaders(essai),
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(victim.num_secu);
    const { rows } = await t.db.query<{ org_ids: string[] }>(`SELECT org_ids FROM dom_main.employees WHERE id = $1`, [
      victim.id,
    ]);
    expect(rows[0]!.org_ids).toEqual([paris]);
  });

  it("does not answer « e-mail already used » for another company's employee (no oracle)", async () => {
    const victim = await employeeOf(paris, 1);
    const created = await call(essai, 'POST', routeUrl('employees.create'), newEmployee(levain, victim.email));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).not.toBe(victim.id);
    const { rows } = await t.db.query<{ email: string }>(`SELECT email FROM dom_main.employees WHERE id = $1`, [
      victim.id,
    ]);
    expect(rows[0]!.email).toBe(victim.email);
  });

  it("a DSN never updates another company's employee found by NIR", async () => {
    const victim = await employeeOf(paris, 2);
    const { rows: sirets } = await t.db.query<{ siret: string }>(
      `SELECT replace(siret, ' ', '') AS siret FROM dom_main.organizations WHERE id = $1`,
      [levain],
    );
    const siret = sirets[0]!.siret;
    const dsn = readFileSync(new URL('../fixtures/dsn/valid-utf8-lf.dsn', import.meta.url), 'utf8')
      .replace(/^S21\.G00\.06\.001,'\d+'/gm, `S21.G00.06.001,'${siret.slice(0, 9)}'`)
      .replace(/^S21\.G00\.11\.001,'\d+'/gm, `S21.G00.11.001,'${siret.slice(9)}'`)
      .replace(/^S21\.G00\.30\.001,'\d+'/m, `S21.G00.30.001,'${victim.num_secu.slice(0, 13)}'`);
    const boundary = '----company-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="dsn"; filename="paie.dsn"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(dsn, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: routeUrl('employees.dsn'),
      headers: { ...authHeaders(essai), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created.some((c: { line: number }) => c.line === 38)).toBe(true);
    expect(JSON.stringify(res.json().updated ?? [])).not.toContain(victim.id);
    const { rows } = await t.db.query<{ org_ids: string[]; name: string }>(
      `SELECT org_ids, name FROM dom_main.employees WHERE id = $1`,
      [victim.id],
    );
    expect(rows[0]).toEqual({ org_ids: [paris], name: victim.name });
  });
});

describe('within the company', () => {
  it('finds a colleague of a sister organisation, showing only name, first name and address', async () => {
    const colleague = await employeeOf(lyon);
    const search = await call(admin, 'POST', routeUrl('employees.importSearch'), {
      email: colleague.email.toUpperCase(),
      orgId: paris,
    });
    expect(search.statusCode).toBe(200);
    const [item] = search.json().items as Record<string, unknown>[];
    expect(Object.keys(item!).sort()).toEqual(['address', 'firstName', 'id', 'name']);
    expect(search.body).not.toContain(colleague.num_secu);
    const imported = await call(admin, 'POST', routeUrl('employees.import'), { empId: colleague.id, orgId: paris });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(
      imported
        .json()
        .organizations.map((o: { organizationId: string }) => o.organizationId)
        .sort(),
    ).toEqual([lyon, paris].sort());
  });

  it('twenty parallel creations with one e-mail make one employee; the others are told it exists', async () => {
    const email = 'parallele.unique@horizon-demo.fr';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(admin, 'POST', routeUrl('employees.create'), newEmployee(paris, email, `Parallèle${i}`)),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().key).toBe('error.employees.email-exists');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.employees WHERE lower(email) = $1`,
      [email],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('an update cannot take an e-mail a colleague uses, nor move the employee to another company', async () => {
    const [a, b] = [await employeeOf(paris, 3), await employeeOf(paris, 4)];
    const current = (
      await app.inject({ method: 'GET', url: routeUrl('employees.get', { id: a.id }), headers: authHeaders(admin) })
    ).json();
    const body = {
      name: current.name,
      firstName: current.firstName,
      birthDate: current.birthDate,
      email: b.email,
      organizations: current.organizations,
    };
    const taken = await call(admin, 'PUT', routeUrl('employees.update', { id: a.id }), body);
    expect([taken.statusCode, taken.json().key]).toEqual([409, 'error.employees.email-exists']);
  });
});
