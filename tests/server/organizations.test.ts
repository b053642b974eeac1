/** Organisation reading: top-level list, tree, parent choices, counts and the company lookup. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationNode } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { DEMO_ORGS, orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { createCompanyDirectory, embeddedCompanies, httpRegister } from '../../src/server/ports/companies.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let sansmail: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  sansmail = await login(app, 'sansmail');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const get = (url: string, session: LoggedIn) => app.inject({ method: 'GET', url, headers: authHeaders(session) });
const post = (url: string, session: LoggedIn, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: authHeaders(session), payload: payload as object });

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const LYON = orgId('main', 'Horizon Logistique Lyon');
const NORD = orgId('main', 'Horizon Logistique Entrepôt Nord');
const MARSEILLE = orgId('main', 'Horizon Santé Marseille');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const LEGACY_ROOT = orgId('legacy', ROOT_LEGACY);

const names = (items: { name: string }[]) => items.map((o) => o.name);

describe('top-level organisations and the tree', () => {
  it('lists the user’s root organisations of the domain, paged and searchable', async () => {
    const res = await post('/api/org/organizations/top-level', admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, items: [{ id: MAIN_ROOT, isRoot: true, childrenCount: 3 }] });
    expect((await post('/api/org/organizations/top-level', admin, { search: 'paris' })).json()).toEqual({
      count: 0,
      items: [],
    });
    // A user rooted lower down sees that organisation as their top.
    const lower = await post('/api/org/organizations/top-level', sansmail, {});
    expect(lower.statusCode).toBe(403);
  });

  it('nests the visible organisations by parent, children by name, nothing foreign', async () => {
    const res = await post('/api/org/organizations/tree', admin, {});
    expect(res.statusCode).toBe(200);
    const forest = res.json() as OrganizationNode[];
    expect(forest.map((n) => n.id)).toEqual([MAIN_ROOT]);
    const root = forest[0]!;
    expect(names(root.children as OrganizationNode[])).toEqual([
      'Horizon Logistique Lyon',
      'Horizon Santé Marseille',
      'Horizon Services Paris',
    ]);
    const lyon = root.children.find((c) => c.id === LYON)!;
    expect(lyon.children.map((c) => c.id)).toEqual([NORD]);
    expect(lyon.payeDomainId).not.toBeNull();
    const all = JSON.stringify(forest);
    expect(all).not.toContain(TRIAL_ROOT);
    expect(all).not.toContain(LEGACY_ROOT);
  });

  it('narrows the tree to a visible subtree, 404 for a foreign root', async () => {
    const res = await post('/api/org/organizations/tree', admin, { rootId: LYON });
    expect((res.json() as OrganizationNode[]).map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [LYON, [NORD]],
    ]);
    for (const rootId of [TRIAL_ROOT, LEGACY_ROOT, 'nope']) {
      const foreign = await post('/api/org/organizations/tree', admin, { rootId });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().key).toBe(ERROR_KEYS.notFound);
    }
  });

  it('gives every session its eligible tree, rooted where its access starts', async () => {
    const res = await get('/api/org/eligible-orgs/tree', sansmail);
    expect(res.statusCode).toBe(200);
    expect((res.json() as OrganizationNode[]).map((n) => [n.id, n.children.length])).toEqual([[PARIS, 0]]);
  });

  it('refuses the tree and the counts without OrgList', async () => {
    for (const res of [
      await post('/api/org/organizations/tree', sansmail),
      await get('/api/org/organizations/stats', sansmail),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().key).toBe(ERROR_KEYS.featureForbidden);
    }
  });
});

describe('parent choices', () => {
  it('offers the visible organisations outside the organisation’s own subtree', async () => {
    const res = await post(`/api/org/organizations/nochildren/${LYON}`, admin, { limit: 200 });
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((o: { id: string }) => o.id);
    expect(ids.sort()).toEqual([MAIN_ROOT, MARSEILLE, PARIS].sort());
    expect(res.json().count).toBe(3);
  });

  it('searches among them', async () => {
    const res = await post(`/api/org/organizations/nochildren/${NORD}`, admin, { search: 'logistique' });
    expect(names(res.json().items)).toEqual(['Horizon Logistique Lyon']);
  });

  it('404 for an organisation the user does not see', async () => {
    for (const id of [TRIAL_ROOT, LEGACY_ROOT, 'x']) {
      expect((await post(`/api/org/organizations/nochildren/${id}`, admin, {})).statusCode).toBe(404);
    }
  });
});

describe('organisation counts', () => {
  it('counts organisations and employees per organisation within the visible ones', async () => {
    const res = await get('/api/org/organizations/stats', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ organizationCount: 5, topLevelCount: 1, payrollManagedCount: 1 });
    expect(body.byOrganization).toHaveLength(5);
    const paris = body.byOrganization.find((o: { orgId: string }) => o.orgId === PARIS);
    const { rows } = await t.db.query<{ n: number; active: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE active)::int AS active
         FROM dom_main.employee_organizations WHERE organization_id = $1`,
      [PARIS],
    );
    expect(paris).toMatchObject({ employeeCount: rows[0]!.n, activeEmployeeCount: rows[0]!.active, childrenCount: 0 });
    expect(paris.employeeCount).toBeGreaterThan(0);
    expect(body.employeeCount).toBeGreaterThanOrEqual(paris.employeeCount);
    expect(body.activeEmployeeCount).toBeLessThanOrEqual(body.employeeCount);
    expect(JSON.stringify(body)).not.toContain(TRIAL_ROOT);
  });
});

describe('company lookup by SIRET', () => {
  const known = () => embeddedCompanies()[7]!;

  it('finds a company of the embedded directory', async () => {
    const company = known();
    const res = await get(`/api/org/org-directory/siret/${company.siret}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...company, country: 'France', source: 'directory' });
  });

  it('finds one of the user’s own organisations, spaces ignored', async () => {
    const paris = DEMO_ORGS.main.find((o) => o.id === PARIS)!;
    const spaced = `${paris.siret.slice(0, 3)} ${paris.siret.slice(3, 6)} ${paris.siret.slice(6)}`;
    const res = await get(`/api/org/org-directory/siret/${encodeURIComponent(spaced)}`, admin);
    expect(res.json()).toMatchObject({ siret: paris.siret, name: 'Horizon Services Paris', source: 'organization' });
  });

  it('does not reveal an organisation the user cannot see', async () => {
    const trial = DEMO_ORGS.main.find((o) => o.id === TRIAL_ROOT)!;
    const res = await get(`/api/org/org-directory/siret/${trial.siret}`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe(ERROR_KEYS.companyNotFound);
  });

  it('404 with a key for a valid but unknown SIRET', async () => {
    const res = await get('/api/org/org-directory/siret/73282932000074', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: ERROR_KEYS.companyNotFound, status: 404 });
  });

  it.each([
    ['13 digits', '7328293200007', VALIDATION_KEYS.siret],
    ['letters', 'ABCDEFGHIJKLMN', VALIDATION_KEYS.siret],
    ['a wrong check digit', '73282932000075', VALIDATION_KEYS.siretChecksum],
  ])('400 with the validation key for %s', async (_, siret, key) => {
    const res = await get(`/api/org/org-directory/siret/${siret}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key, fields: { siret: key } });
    expect(res.json().errors[0]).toMatch(/SIRET/);
  });

  it('needs OrgCreateUpdate', async () => {
    expect((await get(`/api/org/org-directory/siret/${known().siret}`, sansmail)).statusCode).toBe(403);
  });
});

describe('public register adapter', () => {
  let server: Server;
  let base: string;
  let status = 200;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.endsWith('/73282932000074') && status === 200) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            denomination: 'Registre Exemple SAS',
            adresse: '1 rue du Registre',
            code_postal: '75002',
            commune: 'Paris',
            activite_principale: '62.01Z',
          }),
        );
        return;
      }
      res.writeHead(status === 200 ? 404 : status);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siret`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps a register answer and falls back to the embedded list for its misses', async () => {
    const directory = createCompanyDirectory(base);
    expect(await directory.bySiret('73282932000074')).toEqual({
      siret: '73282932000074',
      name: 'Registre Exemple SAS',
      street: '1 rue du Registre',
      zipCode: '75002',
      city: 'Paris',
      country: 'France',
      nafCode: '62.01Z',
      source: 'register',
    });
    const company = embeddedCompanies()[0]!;
    expect(await directory.bySiret(company.siret)).toMatchObject({ name: company.name, source: 'directory' });
    expect(await directory.bySiret('40483304800022')).toBeNull();
  });

  it('reports a failing register as an error rather than as unknown', async () => {
    status = 503;
    try {
      await expect(httpRegister(base).bySiret('73282932000074')).rejects.toThrow(/503/);
    } finally {
      status = 200;
    }
  });
});

describe('embedded company directory', () => {
  it('holds a few hundred companies with valid SIRETs and NAF codes', async () => {
    const { siretError } = await import('../../src/contract/validation.ts');
    const companies = embeddedCompanies();
    expect(companies.length).toBeGreaterThanOrEqual(300);
    for (const c of companies) {
      expect(siretError(c.siret), c.siret).toBeNull();
      expect(c.nafCode).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
      expect(c.city).not.toBe('');
    }
  });
});
