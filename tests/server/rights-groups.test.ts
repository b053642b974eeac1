/**
 * User groups through the API (seed 000 §3, §5; seed 001 §7.8): list, detail, create, update with
 * its version, delete — refused while rules use the group — within the administrator's company, and
 * every refusal with its key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { UserAdminDetail, UserGroupPage, UserGroupView } from '../../src/contract/rights.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { DEMO_RULE, PAYROLL_GROUP, SIGNERS_GROUP, caller, createUser, onboard } from './rights-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

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

const create = async (body: object, who = admin) => call('POST', '/rh-user-group', who, body);
const get = async (id: string, who = admin) => call('GET', `/rh-user-group/${id}`, who);
const groups = async (body: object, who = admin) => {
  const res = await call('POST', '/rh-user-groups', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserGroupPage;
};

describe('user groups', () => {
  it('lists the demo groups of Groupe Horizon with their members and the rules using them', async () => {
    const page = await groups({});
    expect(page.items.map((g) => g.name)).toEqual(['Gestionnaires paie', 'Signataires RH']);
    const payroll = page.items[0]!;
    expect(payroll).toMatchObject({ id: PAYROLL_GROUP, ruleIds: [DEMO_RULE], memberCount: 2, version: 1 });
    expect([...payroll.memberIds].sort()).toEqual([userId('paie'), userId('multi')].sort());
  });

  it('creates, reads and pages (20 by default), searching by name', async () => {
    for (let i = 0; i < 21; i++) {
      const res = await create({ name: `Équipe ${String(i).padStart(2, '0')}`, features: [], memberIds: [] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await groups({ search: 'Équipe' });
    expect(first.count).toBe(21);
    expect(first.items).toHaveLength(20);
    const desc = await groups({ search: 'Équipe', order: { field: 'name', sens: 'desc' }, limit: 1 });
    expect(desc.items[0]?.name).toBe('Équipe 20');
    const one = await get(first.items[0]!.id);
    expect(one.json()).toMatchObject({ name: 'Équipe 00', memberIds: [], ruleIds: [] });
  });

  it('refuses a blank name (400 with fields) and a name the company already has (409, any case)', async () => {
    const blank = await create({ name: '  ', features: [], memberIds: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ key: ERROR_KEYS.rightsInvalid, fields: { name: 'validation.required' } });
    const taken = await create({ name: 'GESTIONNAIRES PAIE', features: [], memberIds: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      key: ERROR_KEYS.userGroupNameTaken,
      fields: { name: ERROR_KEYS.userGroupNameTaken },
    });
  });

  it('takes as members only users the administrator reads (404)', async () => {
    const res = await create({ name: 'Avec un inconnu', features: [], memberIds: [userId('essai')] });
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe(ERROR_KEYS.notFound);
  });

  it('updates with its version: a stale one is refused with nothing changed', async () => {
    const g = (await create({ name: 'Versionné', features: ['EmpList'], memberIds: [] })).json() as UserGroupView;
    const next = await call('PUT', `/rh-user-group/${g.id}`, admin, {
      name: 'Versionné 2',
      features: ['EmpList'],
      memberIds: [],
      version: g.version,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().version).toBe(g.version + 1);
    const stale = await call('PUT', `/rh-user-group/${g.id}`, admin, {
      name: 'Versionné 3',
      features: [],
      memberIds: [],
      version: g.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe(ERROR_KEYS.rightsConflict);
    expect((await get(g.id)).json().name).toBe('Versionné 2');
  });

  it('cannot be deleted while rules use it (seed 000 §5), and can once they no longer do', async () => {
    const refused = await call('DELETE', `/rh-user-group/${PAYROLL_GROUP}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe(ERROR_KEYS.userGroupUsedByRules);
    expect((await get(PAYROLL_GROUP)).statusCode).toBe(200);

    const g = (await create({ name: 'Éphémère', features: [], memberIds: [] })).json() as UserGroupView;
    const rule = await call('POST', '/access-rule', admin, {
      name: 'Règle éphémère',
      features: [],
      criteria: {
        periodStart: null,
        periodEnd: null,
        docTypes: [],
        organizationIds: [],
        employeeIds: [],
        employeeGroupIds: [],
        metaKey: null,
        metaValue: null,
      },
      userGroupIds: [g.id],
      userIds: [],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await call('DELETE', `/rh-user-group/${g.id}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/access-rule/${rule.json().id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/rh-user-group/${g.id}`, admin)).statusCode).toBe(204);
    expect((await get(g.id)).statusCode).toBe(404);
  });

  it('refuses to take UserAccess from its author through a group, with nothing changed', async () => {
    // Once UserAccess comes only from a group, that group cannot lose it nor go while it is the author's only source.
    const { user, session: groupAdmin } = await onboard(app, t.db, admin, { features: ['EmpList', 'UserAccess'] });
    const g = (
      await create({ name: 'Administrateurs délégués', features: ['UserAccess'], memberIds: [user.id] })
    ).json() as UserGroupView;
    const me = (await call('GET', `/user/${user.id}`, groupAdmin)).json();
    const own = await call('PUT', `/rh-user/${user.id}`, groupAdmin, { ...me, features: ['EmpList'] });
    expect(own.statusCode, own.body).toBe(200);
    const drop = await call('PUT', `/rh-user-group/${g.id}`, groupAdmin, {
      name: g.name,
      features: [],
      memberIds: [user.id],
    });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
    const leave = await call('PUT', `/rh-user-group/${g.id}`, groupAdmin, {
      name: g.name,
      features: ['UserAccess'],
      memberIds: [],
    });
    expect(leave.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
    const remove = await call('DELETE', `/rh-user-group/${g.id}`, groupAdmin);
    expect(remove.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
    expect((await get(g.id)).json()).toMatchObject({ features: ['UserAccess'], memberIds: [user.id] });
  });

  it('gives no flag its author lacks: joining a group counts (403)', async () => {
    const { user, session: parisAdmin } = await onboard(app, t.db, admin, { features: ['UserAccess', 'EmpList'] });
    const join = await call('PUT', `/rh-user-group/${SIGNERS_GROUP}`, parisAdmin, {
      name: 'Signataires RH',
      features: ['ParaphList', 'ParaphCreateUpdate'],
      memberIds: [user.id],
    });
    expect(join.statusCode).toBe(403);
    expect(join.json().key).toBe(ERROR_KEYS.rightsFeatureNotHeld);
    const grant = await create({ name: 'Signature pour tous', features: ['ParaphList'], memberIds: [] }, parisAdmin);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().key).toBe(ERROR_KEYS.rightsFeatureNotHeld);
  });

  it('names only the members the administrator reads, and keeps the others on update', async () => {
    // A Paris administrator holding the group's flags (joining it grants them).
    const { user, session: parisAdmin } = await onboard(app, t.db, admin, {
      features: ['UserAccess', 'EmpList', 'DocSearch', 'DocListDispatch', 'DocCreateDispatch'],
    });
    const seen = (await get(PAYROLL_GROUP, parisAdmin)).json() as UserGroupView;
    // paie and multi see Groupe Horizon from its root: the Paris administrator does not share an organisation with them.
    expect(seen.memberIds).toEqual([]);
    expect(seen.memberCount).toBe(2);
    const mate = await createUser(call, parisAdmin, { features: ['EmpList'] });
    const res = await call('PUT', `/rh-user-group/${PAYROLL_GROUP}`, parisAdmin, {
      name: seen.name,
      features: seen.features,
      memberIds: [mate.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ memberIds: [mate.id], memberCount: 3 });
    const all = (await get(PAYROLL_GROUP)).json() as UserGroupView;
    expect([...all.memberIds].sort()).toEqual([userId('paie'), userId('multi'), mate.id].sort());
    expect(user.id).not.toBe(mate.id);
  });

  it('belong to one company: another company’s administrator finds none of them (404)', async () => {
    await t.db.query(`UPDATE directory.users SET features = features || '{UserAccess}' WHERE login = 'essai'`);
    const essai = await login(app, 'essai');
    expect((await groups({}, essai)).count).toBe(0);
    expect((await get(PAYROLL_GROUP, essai)).statusCode).toBe(404);
    const update = await call('PUT', `/rh-user-group/${PAYROLL_GROUP}`, essai, {
      name: 'Volé',
      features: [],
      memberIds: [],
    });
    expect(update.statusCode).toBe(404);
    expect((await call('DELETE', `/rh-user-group/${SIGNERS_GROUP}`, essai)).statusCode).toBe(404);
    // Names are unique per company: the trial company may have its own « Gestionnaires paie ».
    const own = await create({ name: 'Gestionnaires paie', features: [], memberIds: [userId('essai')] }, essai);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('records each change in the trail, shown with the users it added or removed', async () => {
    const user = await createUser(call, admin);
    const g = (await create({ name: 'Tracé', features: ['EmpList'], memberIds: [user.id] })).json() as UserGroupView;
    await call('PUT', `/rh-user-group/${g.id}`, admin, { name: 'Tracé', features: ['EmpList'], memberIds: [] });
    const detail = (await call('GET', `/rh-user/${user.id}`, admin)).json() as UserAdminDetail;
    const groupChanges = detail.changes.filter((c) => c.subject === 'userGroup');
    expect(groupChanges.map((c) => [c.action, c.before, c.after])).toEqual([
      ['updated', { memberIds: [user.id] }, { memberIds: [] }],
      ['created', null, { name: 'Tracé', features: ['EmpList'], memberIds: [user.id] }],
    ]);
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM directory.rights_changes WHERE subject_id = $1 ORDER BY at`,
      [g.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated']);
  });
});
