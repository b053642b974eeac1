import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { onboard } from './rights-support.ts';
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
const post = (url: string, session: LoggedIn, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: authHeaders(session), payload: payload as object });

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const LEGACY_ROOT = orgId('legacy', ROOT_LEGACY);

describe('organisations are scoped to what the session sees', () => {
  it('returns a visible organisation', async () => {
    const res = await get(`/api/org/organization/${PARIS}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: PARIS, name: 'Horizon Services Paris', parentId: MAIN_ROOT, isRoot: false });
  });

  it.each([
    ['another root of the same domain', TRIAL_ROOT],
    ['the other domain', LEGACY_ROOT],
    ['an id that does not exist', randomUUID()],
    ['something that is not an id', 'drop-table'],
  ])('404 with a key and no data for %s', async (_, id) => {
    for (const url of [`/api/org/organization/${id}`, `/api/org/organization/${id}/ancestors`]) {
      const res = await get(url, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ key: ERROR_KEYS.notFound, status: 404 });
    }
  });

  it('404 for the parent of a user rooted below it', async () => {
    expect((await get(`/api/org/organization/${MAIN_ROOT}`, sansmail)).statusCode).toBe(404);
    const ancestors = await get(`/api/org/organization/${PARIS}/ancestors`, sansmail);
    expect(ancestors.statusCode).toBe(200);
    expect(ancestors.json()).toEqual([]);
    const fromAdmin = await get(`/api/org/organization/${PARIS}/ancestors`, admin);
    expect(fromAdmin.json().map((o: { id: string }) => o.id)).toEqual([MAIN_ROOT]);
  });

  it('lists eligible organisations of the current domain only', async () => {
    const ids = (await get('/api/org/eligible-orgs', admin)).json().map((o: { id: string }) => o.id);
    expect(ids).toContain(MAIN_ROOT);
    expect(ids).not.toContain(TRIAL_ROOT);
    expect(ids).not.toContain(LEGACY_ROOT);
  });

  it('searches visible organisations by name without accents, by SIRET and pages', async () => {
    const byName = await post('/api/org/organizations', admin, { search: 'sante' });
    expect(byName.json().items.map((o: { name: string }) => o.name)).toEqual(['Horizon Santé Marseille']);
    const paris = (await get(`/api/org/organization/${PARIS}`, admin)).json();
    const bySiret = await post('/api/org/organizations', admin, { search: paris.siret });
    expect(bySiret.json().items.map((o: { id: string }) => o.id)).toEqual([PARIS]);
    const page = await post('/api/org/organizations', admin, { limit: 2, offset: 0 });
    expect(page.json().items).toHaveLength(2);
    expect(page.json().count).toBeGreaterThan(2);
    const trial = await post('/api/org/organizations', admin, { search: 'Levain' });
    expect(trial.json()).toEqual({ count: 0, items: [] });
    const bad = await post('/api/org/organizations', admin, { limit: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['limit']);
  });
});

describe('current organisation', () => {
  const switchTo = (session: LoggedIn, payload: unknown) => post('/api/user/current-org', session, payload);

  it('switches to a visible organisation and back to the base one', async () => {
    const there = await switchTo(admin, { currentOrgId: PARIS });
    expect(there.statusCode).toBe(200);
    expect(there.json()).toMatchObject({ orgId: PARIS, orgName: 'Horizon Services Paris', baseOrgId: MAIN_ROOT });
    const badges = (await get('/api/hrdesk/badges', admin)).json();
    const back = await switchTo(admin, { currentOrgId: MAIN_ROOT });
    expect(back.json()).toMatchObject({ orgId: MAIN_ROOT, baseOrgId: MAIN_ROOT });
    const rootBadges = (await get('/api/hrdesk/badges', admin)).json();
    // The root counts its subsidiaries too.
    expect(rootBadges.employees.all).toBeGreaterThan(badges.employees.all);
  });

  it('404 for a foreign organisation, 400 for a number', async () => {
    for (const id of [TRIAL_ROOT, LEGACY_ROOT]) {
      const res = await switchTo(admin, { currentOrgId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe(ERROR_KEYS.notFound);
    }
    const bad = await switchTo(admin, { currentOrgId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: ERROR_KEYS.badRequest, errors: ['currentOrgId'] });
    expect((await get('/api/user/user/current', admin)).json().orgId).toBe(MAIN_ROOT);
  });

  it('409 while one of the user’s campaigns is splitting', async () => {
    const id = randomUUID();
    await t.db.query(
      `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, doc_type_code, created_by)
       VALUES ($1, $2, 'Paie en découpe', 'paie.pdf', 'SPLITTING', 'BULLETIN_PAIE', $3)`,
      [id, MAIN_ROOT, userId('admin')],
    );
    try {
      const res = await switchTo(admin, { currentOrgId: PARIS });
      expect(res.statusCode).toBe(409);
      expect(res.json().key).toBe(ERROR_KEYS.orgSwitchWhileSplitting);
      // Another user's splitting campaign does not hold paie back.
      const paie = await login(app, 'paie');
      expect((await switchTo(paie, { currentOrgId: PARIS })).statusCode).toBe(200);
    } finally {
      await t.db.query(`DELETE FROM dom_main.campaigns WHERE id = $1`, [id]);
    }
    expect((await switchTo(admin, { currentOrgId: PARIS })).statusCode).toBe(200);
    await switchTo(admin, { currentOrgId: MAIN_ROOT });
  });
});

describe('shell figures', () => {
  it('gives a trial user the trial limits and a subscriber large ones', async () => {
    const essai = await login(app, 'essai');
    const trial = (await get('/api/hrdesk/subscription/stats', essai)).json();
    expect(trial.endOfTrialPeriod).toEqual(expect.any(String));
    expect(trial.docLimit).toBeLessThan(10_000);
    expect(trial.nbEmps).toBeGreaterThan(0);
    const subscriber = (await get('/api/hrdesk/subscription/stats', admin)).json();
    expect(subscriber.endOfTrialPeriod).toBeNull();
    expect(subscriber.docLimit).toBeGreaterThan(trial.docLimit);
  });

  it('lists both domains on the dashboard of a two-domain user', async () => {
    const multi = await login(app, 'multi');
    const dashboard = (await get('/api/hrdesk/dashboard', multi)).json();
    expect(dashboard.domains.map((d: { domain: string }) => d.domain)).toEqual(['legacy', 'main']);
    expect(dashboard.domains[0].orgName).toBe(ROOT_LEGACY);
    const adminDashboard = (await get('/api/hrdesk/dashboard', admin)).json();
    expect(adminDashboard.domains.map((d: { domain: string }) => d.domain)).toEqual(['main']);
  });

  it('does not count another root’s employees in the badges', async () => {
    const essai = await login(app, 'essai');
    const trial = (await get('/api/hrdesk/badges', essai)).json();
    const main = (await get('/api/hrdesk/badges', admin)).json();
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(DISTINCT employee_id)::int AS n FROM dom_main.employee_organizations WHERE organization_id = $1`,
      [TRIAL_ROOT],
    );
    expect(trial.employees.all).toBe(rows[0]!.n);
    expect(main.employees.all).toBeGreaterThan(0);
  });

  it('gives each menu its figures only with the right that opens its list', async () => {
    const { session: docsOnly } = await onboard(app, t.db, admin, { rootOrgId: MAIN_ROOT, features: ['DocSearch'] });
    const badges = (await get('/api/hrdesk/badges', docsOnly)).json();
    expect(badges.employees).toEqual({ all: 0, active: 0, inactive: 0, toValidate: 0 });
    expect(Object.values(badges.campaigns).every((n) => n === 0)).toBe(true);
    expect(Object.values(badges.signbooks).every((n) => n === 0)).toBe(true);
    expect((await get('/api/hrdesk/badges', admin)).json().campaigns.validation).toBeGreaterThan(0);
  });
});

describe('profile', () => {
  it('updates one’s own profile, 404 for a user outside one’s organisations, 403 without UserAccess or beyond reach', async () => {
    const me = await app.inject({
      method: 'PUT',
      url: `/api/user/user/${userId('sansmail')}`,
      headers: authHeaders(sansmail),
      payload: { firstName: 'Luc', lastName: 'Petit', locale: 'en' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstName: 'Luc', lastName: 'Petit' });
    expect((await get('/api/user/user/current', sansmail)).json()).toMatchObject({ firstName: 'Luc', locale: 'en' });
    const other = await app.inject({
      method: 'PUT',
      url: `/api/user/user/${userId('admin')}`,
      headers: authHeaders(sansmail),
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(other.statusCode).toBe(403);
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/user/user/${userId('essai')}`,
      headers: authHeaders(admin),
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(foreign.statusCode).toBe(404);
    // multi also has access to the legacy domain, which the main domain's admin does not see: 403, as
    // on the rights screens, and nothing renamed.
    const beyond = await app.inject({
      method: 'PUT',
      url: `/api/user/user/${userId('multi')}`,
      headers: authHeaders(admin),
      payload: { firstName: 'Renommée', lastName: 'Ailleurs' },
    });
    expect(beyond.statusCode, beyond.body).toBe(403);
    expect(beyond.json().key).toBe(ERROR_KEYS.rightsUserOutOfReach);
    const { rows } = await t.db.query<{ first_name: string }>(
      `SELECT first_name FROM directory.users WHERE login = 'multi'`,
    );
    expect(rows[0]!.first_name).toBe('Sophie');
  });
});

describe('the list scope follows access and tree changes at once (scope version)', () => {
  const listTotal = async (session: LoggedIn, orgID: string) => {
    const res = await post(`/api/emp/employees/${orgID}`, session, {});
    return { status: res.statusCode, count: res.statusCode === 200 ? (res.json() as { count: number }).count : 0 };
  };

  it('a grant, its removal and a moved organisation show in the next list call', async () => {
    const sansmailId = userId('sansmail');
    // Warm the scope at the current version: sansmail does not see the trial root.
    expect((await listTotal(sansmail, TRIAL_ROOT)).status).toBe(404);
    await t.db.query(
      `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
       VALUES ($1, 'main', $2, false, true)`,
      [sansmailId, TRIAL_ROOT],
    );
    const granted = await listTotal(sansmail, TRIAL_ROOT);
    expect(granted.status).toBe(200);
    expect(granted.count).toBeGreaterThan(0);
    await t.db.query(`DELETE FROM directory.user_org_access WHERE user_id = $1 AND org_id = $2`, [
      sansmailId,
      TRIAL_ROOT,
    ]);
    expect((await listTotal(sansmail, TRIAL_ROOT)).status).toBe(404);

    // A new child of an organisation the user sees with its children is visible at once.
    const child = randomUUID();
    await t.db.query(
      `INSERT INTO dom_main.organizations (id, name, siret, city, parent_id) VALUES ($1, 'Nouvel établissement', '73282932000074', 'Lyon', $2)`,
      [child, PARIS],
    );
    expect((await listTotal(sansmail, child)).status).toBe(200);
  });
});
