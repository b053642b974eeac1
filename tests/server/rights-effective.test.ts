/**
 * Effective rights = own flags ∪ groups' flags ∪ flags of the rules that target the user or their
 * groups, in the session's domain — effective on the very next call after an administrator's change,
 * without logging in again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { DocumentCriteria, RuleView, UserGroupView } from '../../src/contract/rights.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { asInput, caller, onboard, viewOf } from './rights-support.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
const call = caller(() => app);

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const NO_CRITERIA: DocumentCriteria = {
  periodStart: null,
  periodEnd: null,
  docTypes: [],
  organizationIds: [],
  employeeIds: [],
  employeeGroupIds: [],
  metaKey: null,
  metaValue: null,
};

/** The campaigns list (DocListDispatch) and the organisation tree (OrgList), as the user calls them. */
const campaigns = (who: LoggedIn) => call('POST', '/api/dispatch/dispatchs', who, {});
const tree = (who: LoggedIn) => call('POST', '/api/org/organizations/tree', who, {});
const current = async (who: LoggedIn) => (await call('GET', '/user/current', who)).json().features as string[];

const group = async (name: string, features: string[], memberIds: string[]) => {
  const res = await call('POST', '/rh-user-group', admin, { name, features, memberIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserGroupView;
};
const rule = async (name: string, features: string[], userGroupIds: string[], userIds: string[]) => {
  const res = await call('POST', '/access-rule', admin, {
    name,
    features,
    criteria: NO_CRITERIA,
    userGroupIds,
    userIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RuleView;
};

describe('effective rights', () => {
  it('follow a group membership on the next call, both ways', async () => {
    const { user, session } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const before = await campaigns(session);
    expect(before.statusCode).toBe(403);
    expect(before.json().key).toBe(ERROR_KEYS.featureForbidden);

    const g = await group('Lecteurs de campagnes', ['DocListDispatch'], [user.id]);
    expect((await campaigns(session)).statusCode).toBe(200);
    expect(await current(session)).toEqual(['EmpList', 'DocListDispatch']);
    expect((await viewOf(call, admin, user.id)).effectiveFeatures).toEqual(['EmpList', 'DocListDispatch']);

    const res = await call('PUT', `/rh-user-group/${g.id}`, admin, {
      name: g.name,
      features: g.features,
      memberIds: [],
      version: g.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await campaigns(session)).statusCode).toBe(403);
  });

  it('follow a group’s flags changing', async () => {
    const { user, session } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const g = await group('Groupe sans droit', [], [user.id]);
    expect((await tree(session)).statusCode).toBe(403);
    await call('PUT', `/rh-user-group/${g.id}`, admin, { name: g.name, features: ['OrgList'], memberIds: [user.id] });
    expect((await tree(session)).statusCode).toBe(200);
  });

  it('take the flags of a rule targeting the user, or one of their groups', async () => {
    const direct = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const member = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const g = await group('Membres de la règle', [], [member.user.id]);
    expect((await tree(direct.session)).statusCode).toBe(403);
    expect((await tree(member.session)).statusCode).toBe(403);

    const r = await rule('Organigramme visible', ['OrgList'], [g.id], [direct.user.id]);
    expect((await tree(direct.session)).statusCode).toBe(200);
    expect((await tree(member.session)).statusCode).toBe(200);

    expect((await call('DELETE', `/access-rule/${r.id}`, admin)).statusCode).toBe(204);
    expect((await tree(direct.session)).statusCode).toBe(403);
    expect((await tree(member.session)).statusCode).toBe(403);
  });

  it('follow the user’s own flags on the next call', async () => {
    const { user, session } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const view = await viewOf(call, admin, user.id);
    await call('PUT', `/rh-user/${user.id}`, admin, asInput(view, { features: ['EmpList', 'DocListDispatch'] }));
    expect((await campaigns(session)).statusCode).toBe(200);
  });

  it('count groups and rules in their own domain only', async () => {
    // multi has roots in both domains; a main-domain group gives UserAccess in main, not in legacy.
    await group('Administrateurs Horizon', ['UserAccess'], [userId('multi')]);
    const multi = await login(app, 'multi');
    expect(multi.body.domain).toBe('legacy');
    expect(multi.body.features).not.toContain('UserAccess');
    expect((await call('POST', '/rh-users', multi, {})).statusCode).toBe(403);
    const switched = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain',
      headers: authHeaders(multi),
      payload: { domain: 'main' },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().features).toContain('UserAccess');
    const access = switched.headers['set-authorization'] as string;
    expect((await call('POST', '/rh-users', { access }, {})).statusCode).toBe(200);
  });

  it('are answered by login as the session holds them', async () => {
    const { user } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    await group('Signature à la connexion', ['ParaphList'], [user.id]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      payload: { login: user.login, password: 'Bienvenue!2026' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.json().features).toEqual(['ParaphList', 'EmpList']);
  });

  it('are the same whether read for one user or for a page of users (the two shapes of migration 0026)', async () => {
    const { user } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    const g = await group('Deux formes', ['DocSearch', 'EmpList'], [user.id, userId('paie')]);
    await rule('Règle des deux formes', ['OrgList'], [g.id], []);
    await rule('Règle nominative', ['ParaphList'], [], [userId('multi')]);
    for (const domain of ['main', 'legacy']) {
      const { rows } = await t.db.query<{ id: string; one: string[]; many: string[] }>(
        `SELECT u.id, directory.effective_features(u.id, $1) AS one, set.features AS many
           FROM directory.users u
           JOIN directory.effective_features_of(ARRAY(SELECT id FROM directory.users), $1) set ON set.user_id = u.id`,
        [domain],
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) expect(row.many, `${row.id} in ${domain}`).toEqual(row.one);
      if (domain === 'main') {
        expect(rows.find((r) => r.id === user.id)?.one).toEqual(['DocSearch', 'EmpList', 'OrgList']);
        expect(rows.some((r) => r.one.length === 0)).toBe(false);
      }
    }
  });
});
