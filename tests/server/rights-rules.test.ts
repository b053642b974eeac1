/**
 * Access rules through the API (seed 000 §3 "Rule", §6; seed 001 §7.8): name, flags, document
 * criteria and targets (user groups, users), within the administrator's company; what they do not
 * see is neither shown nor removed; every refusal with its key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { DocumentCriteria, RuleInput, RulePage, RuleView } from '../../src/contract/rights.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import {
  DEMO_RULE,
  LYON,
  MAIN_ROOT,
  PARIS,
  PAYROLL_GROUP,
  TRIAL_ROOT,
  caller,
  createUser,
  onboard,
} from './rights-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
const call = caller(() => app);
const NIGHT_SHIFT = demoId('emp-group:main:Équipe de nuit');

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const NONE: DocumentCriteria = {
  periodStart: null,
  periodEnd: null,
  docTypes: [],
  organizationIds: [],
  employeeIds: [],
  employeeGroupIds: [],
  metaKey: null,
  metaValue: null,
};
let n = 0;
const input = (overrides: Partial<RuleInput> = {}, criteria: Partial<DocumentCriteria> = {}): RuleInput => ({
  name: `Règle ${n++}`,
  features: ['DocSearch'],
  criteria: { ...NONE, ...criteria },
  userGroupIds: [],
  userIds: [],
  ...overrides,
});
const create = (body: RuleInput, who = admin) => call('POST', '/access-rule', who, body);
const get = (id: string, who = admin) => call('GET', `/access-rule/${id}`, who);
const employeeOf = async (orgId: string): Promise<string> => {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT employee_id AS id FROM dom_main.employee_organizations WHERE organization_id = $1 ORDER BY 1 LIMIT 1`,
    [orgId],
  );
  return rows[0]!.id;
};

describe('access rules', () => {
  it('lists the demo rule of Groupe Horizon with its criteria and its group', async () => {
    const res = await call('POST', '/access-rules', admin, {});
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as RulePage;
    expect(page.count).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: DEMO_RULE,
      name: 'Bulletins de paie du groupe Horizon',
      features: ['DocSearch'],
      criteria: { ...NONE, docTypes: ['BULLETIN_PAIE'], organizationIds: [MAIN_ROOT] },
      userGroupIds: [PAYROLL_GROUP],
      userIds: [],
      version: 1,
    });
  });

  it('creates a rule with every criterion and both kinds of targets, and reads it back', async () => {
    const employee = await employeeOf(PARIS);
    const target = await createUser(call, admin);
    const criteria: DocumentCriteria = {
      periodStart: '2026-01-01',
      periodEnd: '2026-06-30',
      docTypes: ['BULLETIN_PAIE', 'CONTRAT_TRAVAIL'],
      organizationIds: [PARIS],
      employeeIds: [employee],
      employeeGroupIds: [NIGHT_SHIFT],
      metaKey: 'year',
      metaValue: '2026',
    };
    const res = await create(input({ userGroupIds: [PAYROLL_GROUP], userIds: [target.id] }, criteria));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as RuleView;
    expect(created).toMatchObject({ criteria, userGroupIds: [PAYROLL_GROUP], userIds: [target.id], version: 1 });
    expect((await get(created.id)).json()).toEqual(created);
  });

  it('answers wrong fields with their keys (400)', async () => {
    const blank = await create(input({ name: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ key: ERROR_KEYS.rightsInvalid, fields: { name: 'validation.required' } });
    const dates = await create(input({}, { periodStart: '2026-13-01', periodEnd: '2026-02-30' }));
    expect(dates.json().fields).toEqual({ periodStart: 'validation.format', periodEnd: 'validation.format' });
    const order = await create(input({}, { periodStart: '2026-06-01', periodEnd: '2026-01-01' }));
    expect(order.json().fields).toEqual({ periodEnd: 'validation.format' });
    const meta = await create(input({}, { metaValue: '2026' }));
    expect(meta.json().fields).toEqual({ metaKey: 'validation.required' });
    const type = await create(input({}, { docTypes: ['INCONNU'] }));
    expect(type.statusCode).toBe(400);
    expect(type.json().fields).toEqual({ docTypes: 'validation.format' });
  });

  it('names only what the administrator reaches (404)', async () => {
    const trialEmployee = await employeeOf(TRIAL_ROOT);
    for (const [body, what] of [
      [input({}, { organizationIds: [TRIAL_ROOT] }), 'an organisation of another company'],
      [input({}, { employeeIds: [trialEmployee] }), 'an employee of another company'],
      [input({}, { employeeGroupIds: [demoId('emp-group:legacy:Atelier')] }), 'an employee group of the other domain'],
      [input({ userIds: [userId('essai')] }), 'a user who shares no organisation'],
      [input({ userGroupIds: ['00000000-0000-4000-8000-000000000000'] }), 'an unknown user group'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, what).toBe(404);
      expect(res.json().key, what).toBe(ERROR_KEYS.notFound);
    }
  });

  it('refuses a name the company already has (409) and a stale version (409)', async () => {
    const taken = await create(input({ name: 'bulletins de paie du GROUPE Horizon' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ key: ERROR_KEYS.ruleNameTaken, fields: { name: ERROR_KEYS.ruleNameTaken } });
    const rule = (await create(input())).json() as RuleView;
    const ok = await call('PUT', `/access-rule/${rule.id}`, admin, input({ name: rule.name, version: rule.version }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().version).toBe(rule.version + 1);
    const stale = await call('PUT', `/access-rule/${rule.id}`, admin, input({ name: 'Autre', version: rule.version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe(ERROR_KEYS.rightsConflict);
    expect((await get(rule.id)).json().name).toBe(rule.name);
  });

  it('keeps what a narrower administrator does not see, and shows them only their part', async () => {
    const { session: parisAdmin } = await onboard(app, t.db, admin, {
      features: ['UserAccess', 'EmpList', 'DocSearch'],
    });
    const seen = (await get(DEMO_RULE, parisAdmin)).json() as RuleView;
    // Groupe Horizon's root lies above Paris: hidden from the Paris administrator.
    expect(seen.criteria.organizationIds).toEqual([]);
    const res = await call('PUT', `/access-rule/${DEMO_RULE}`, parisAdmin, {
      ...input({ name: seen.name, userGroupIds: seen.userGroupIds }),
      criteria: { ...seen.criteria, organizationIds: [PARIS] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().criteria.organizationIds).toEqual([PARIS]);
    const all = (await get(DEMO_RULE)).json() as RuleView;
    expect([...all.criteria.organizationIds].sort()).toEqual([MAIN_ROOT, PARIS].sort());
    expect(all.criteria.docTypes).toEqual(['BULLETIN_PAIE']);
  });

  it('gives no flag its author lacks (403)', async () => {
    const { session: parisAdmin } = await onboard(app, t.db, admin, { features: ['UserAccess', 'EmpList'] });
    const res = await create(input({ features: ['ParaphList'] }), parisAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.rightsFeatureNotHeld);
  });

  it('deletes a rule, and records its life in the trail', async () => {
    const rule = (await create(input({}, { organizationIds: [LYON] }))).json() as RuleView;
    expect((await call('DELETE', `/access-rule/${rule.id}`, admin)).statusCode).toBe(204);
    expect((await get(rule.id)).statusCode).toBe(404);
    expect((await call('DELETE', `/access-rule/${rule.id}`, admin)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ action: string; actor_name: string; before: unknown; after: unknown }>(
      `SELECT action, actor_name, before, after FROM directory.rights_changes WHERE subject_id = $1 ORDER BY at`,
      [rule.id],
    );
    expect(rows.map((r) => [r.action, r.actor_name])).toEqual([
      ['created', 'Camille Martin'],
      ['deleted', 'Camille Martin'],
    ]);
    expect(rows[1]?.before).toMatchObject({ name: rule.name, criteria: { organizationIds: [LYON] } });
    expect(rows[1]?.after).toBeNull();
  });

  it('belong to one company: another company’s administrator finds none (404)', async () => {
    await t.db.query(`UPDATE directory.users SET features = features || '{UserAccess}' WHERE login = 'essai'`);
    const essai = await login(app, 'essai');
    expect((await call('POST', '/access-rules', essai, {})).json().count).toBe(0);
    expect((await get(DEMO_RULE, essai)).statusCode).toBe(404);
    expect((await call('PUT', `/access-rule/${DEMO_RULE}`, essai, input())).statusCode).toBe(404);
    expect((await call('DELETE', `/access-rule/${DEMO_RULE}`, essai)).statusCode).toBe(404);
  });
});

// After the suite above: its listing counts the rules this one adds.
describe('access rules limiting their own author', () => {
  it('an administrator whom rules limit cannot widen their own documents; another administrator can', async () => {
    const { user, session: limited } = await onboard(app, t.db, admin, {
      rootOrgId: MAIN_ROOT,
      features: ['UserAccess', 'DocSearch', 'EmpList'],
    });
    const nothing = await create(input({ userIds: [user.id] }, { metaKey: 'aucune-cle', metaValue: 'x' }));
    expect(nothing.statusCode, nothing.body).toBe(200);
    const seen = async () => (await call('POST', '/api/doc/docs', limited, {})).json().count as number;
    const before = await seen();
    expect(typeof before).toBe('number');
    const refusals = [
      await create(input({ userIds: [user.id] }), limited), // an empty rule: OR lifts every limit
      await call('PUT', `/access-rule/${nothing.json().id}`, limited, input({ userIds: [] })), // off the rule
      await call('PUT', `/access-rule/${nothing.json().id}`, limited, input({ userIds: [user.id] })), // emptier
      await call('DELETE', `/access-rule/${nothing.json().id}`, limited),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().key).toBe(ERROR_KEYS.rightsOwnDocumentRules);
    }
    expect(await seen()).toBe(before);
    // A rule for someone else is still theirs to make; the administrator above lifts theirs.
    const other = await createUser(call, admin);
    expect((await create(input({ userIds: [other.id] }), limited)).statusCode).toBe(200);
    expect((await call('DELETE', `/access-rule/${nothing.json().id}`, admin)).statusCode).toBe(204);
  });
});
