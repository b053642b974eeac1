/**
 * The subscription, enforced (issue 11 point 6): the figures `subscription/stats` and the dashboard
 * show are the ones the server enforces; a trial past its end creates no employee and no document
 * (the seed's CANT_CREATE_EMP_ERROR and CANT_CREATE_DOC_ERROR); signbooks and social signers need the
 * company's signature subscription.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStats } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { campaignRow } from '../../src/server/modules/dispatch/campaign.repo.ts';
import { allowanceOf, depositOne } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { embeddedSafePort } from '../../src/server/ports/safe.ts';
import { LYON, TRIAL_ROOT, caller } from './rights-support.ts';
import { contractPdf, hr } from './signbook-support.ts';
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

const stats = async (who: LoggedIn): Promise<SubscriptionStats> => {
  const res = await call('GET', '/api/hrdesk/subscription/stats', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SubscriptionStats;
};
const endTrial = (when: string) =>
  t.db.query(`UPDATE dom_main.subscriptions SET end_of_trial_period = now() + $2::interval WHERE root_org_id = $1`, [
    TRIAL_ROOT,
    when,
  ]);
const newEmployee = (who: LoggedIn, email: string) =>
  call('POST', '/api/emp/employee', who, {
    name: 'Essai',
    firstName: 'Nouvelle',
    birthDate: '1990-01-01',
    email,
    organizations: [{ organizationId: TRIAL_ROOT, active: true }],
  });

describe('the subscription figures', () => {
  it('say who is on trial and who subscribes to signature', async () => {
    expect(await stats(admin)).toMatchObject({
      trial: false,
      trialOver: false,
      signatureSubscribed: true,
      endOfTrialPeriod: null,
    });
    const essai = await login(app, 'essai');
    const trial = await stats(essai);
    expect(trial).toMatchObject({
      trial: true,
      trialOver: false,
      signatureSubscribed: false,
      docLimit: 50,
      empLimit: 10,
    });
    expect(trial.endOfTrialPeriod).toEqual(expect.any(String));
    const dashboard = (await call('GET', '/api/hrdesk/dashboard', essai)).json();
    expect(dashboard.subscription).toEqual(trial);
  });

  it('hold for every user of the trial company, not only its first one', async () => {
    // A user an administrator adds to the trial company has no trial flag of their own.
    await t.db.query(`UPDATE directory.users SET features = features || '{UserAccess}' WHERE login = 'essai'`);
    const essai = await login(app, 'essai');
    const res = await call('POST', '/rh-user', essai, {
      login: 'essai-collegue',
      firstName: 'Léa',
      lastName: 'Collègue',
      email: 'lea.collegue@levain-demo.fr',
      rootOrgId: TRIAL_ROOT,
      access: [],
      rootIncludesChildren: true,
      features: ['EmpList'],
      userGroupIds: [],
      linkedToMicrosoft: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.query<{ is_free_trial: boolean }>(
      `SELECT is_free_trial FROM directory.users WHERE login = 'essai-collegue'`,
    );
    expect(rows[0]?.is_free_trial).toBe(false);
    await t.db
      .query(`UPDATE directory.users SET password_hash = (SELECT password_hash FROM directory.users WHERE login = 'essai')
                       WHERE login = 'essai-collegue'`);
    const colleague = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      payload: { login: 'essai-collegue', password: 'Essai!2026' },
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
    const session = { access: colleague.headers['set-authorization'] as string };
    expect((await call('GET', '/api/hrdesk/subscription/stats', session)).json()).toMatchObject({
      trial: true,
      docLimit: 50,
      empLimit: 10,
    });
  });
});

describe('a trial past its end', () => {
  it('creates no employee (CANT_CREATE_EMP_ERROR), and does again once extended', async () => {
    const essai = await login(app, 'essai');
    await endTrial('-1 day');
    const over = await stats(essai);
    expect(over).toMatchObject({ trial: true, trialOver: true });
    const refused = await newEmployee(essai, 'nouvelle.essai@levain-demo.fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: ERROR_KEYS.trialOver, message: 'CANT_CREATE_EMP_ERROR' });
    await endTrial('10 days');
    expect((await stats(essai)).trialOver).toBe(false);
    const created = await newEmployee(essai, 'nouvelle.essai@levain-demo.fr');
    expect(created.statusCode, created.body).toBe(201);
  });

  it('deposits no document: the dispatch marks it CANT_CREATE_DOC_ERROR', async () => {
    const campaignId = demoId('campaign:main:trial-dispatched');
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.dispatched_docs d WHERE campaign_id = $1
          AND EXISTS (SELECT 1 FROM dom_main.employees e WHERE e.id = d.employee_id AND NOT e.paper_dispatch
                         AND e.bpe_agreement IS DISTINCT FROM 'REFUSED')
        ORDER BY id LIMIT 1`,
      [campaignId],
    );
    const docId = rows[0]!.id;
    await t.db.query(
      `UPDATE dom_main.dispatched_docs SET status = 'NEEDS_DISPATCHING', document_id = NULL WHERE id = $1`,
      [docId],
    );
    const campaign = (await campaignRow(t.db, 'main', campaignId))!;
    await endTrial('-1 hour');
    const allowance = await allowanceOf(t.db, 'main', campaign.organization_id, userId('essai'));
    expect(allowance.left).toBe(0);
    const row = await t.db.tx((q) =>
      depositOne(q, { safe: embeddedSafePort }, 'main', campaign, docId, allowance, ['NEEDS_DISPATCHING']),
    );
    expect(row).toMatchObject({ status: 'CANT_CREATE_DOC_ERROR', reason: 'Période d’essai terminée' });
    await endTrial('10 days');
    expect((await allowanceOf(t.db, 'main', campaign.organization_id, null)).left).toBeGreaterThan(0);
  });
});

describe('a trial at its limit of employees', () => {
  it('does not let a reactivated employee take it past the limit', async () => {
    const essai = await login(app, 'essai');
    await endTrial('10 days');
    const { nbEmps } = await stats(essai);
    await t.db.query(`UPDATE dom_main.subscriptions SET emp_limit = $2 WHERE root_org_id = $1`, [TRIAL_ROOT, nbEmps]);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT employee_id AS id FROM dom_main.employee_organizations WHERE organization_id = $1 AND active LIMIT 1`,
      [TRIAL_ROOT],
    );
    const id = rows[0]!.id;
    const employee = (await call('GET', `/api/emp/employee/${id}`, essai)).json();
    const withActive = (active: boolean) => ({
      ...employee,
      organizations: employee.organizations.map((o: { organizationId: string }) => ({ ...o, active })),
    });
    // One out, another in: the company is at its limit again.
    expect((await call('PUT', `/api/emp/employee/${id}`, essai, withActive(false))).statusCode).toBe(200);
    expect((await newEmployee(essai, 'remplacante.essai@levain-demo.fr')).statusCode).toBe(201);
    const back = await call('PUT', `/api/emp/employee/${id}`, essai, withActive(true));
    expect(back.statusCode, back.body).toBe(403);
    expect(back.json().key).toBe('error.employees.limit-reached');
    expect((await stats(essai)).nbEmps).toBe(nbEmps);
    // An update that keeps them inactive still goes through.
    expect(
      (await call('PUT', `/api/emp/employee/${id}`, essai, { ...withActive(false), phone: '0601020304' })).statusCode,
    ).toBe(200);
  });
});

describe('the signature subscription', () => {
  const template = (organizationId: string) => ({
    name: `Modèle ${organizationId.slice(0, 8)}`,
    organizationId,
    docTypes: ['CONTRAT_TRAVAIL'],
    steps: [{ signatoryType: 'user', signatories: [{ userId: userId('admin') }] }],
  });

  it('gates signbooks, templates and social signers of a company without it', async () => {
    await t.db.query(
      `UPDATE directory.users SET features = features || '{ParaphCreateUpdate,ParaphList}' WHERE login = 'essai'`,
    );
    const essai = await login(app, 'essai');
    const api = hr(app);
    const upload = await api.upload(
      essai,
      {
        name: 'Avenant à signer',
        organizationId: TRIAL_ROOT,
        docTypeCode: 'CONTRAT_TRAVAIL',
        steps: [{ signatories: [{ type: 'user', userId: userId('essai') }] }],
      },
      [{ name: 'avenant.pdf', bytes: await contractPdf() }],
    );
    expect(upload.statusCode).toBe(403);
    expect(upload.json().key).toBe(ERROR_KEYS.signatureNotSubscribed);
    const created = await api.call('POST', '/sign-workflow-template', essai, template(TRIAL_ROOT));
    expect(created.statusCode).toBe(403);
    expect(created.json().key).toBe(ERROR_KEYS.signatureNotSubscribed);
    const social = await api.call('POST', '/sign-workflow-social-signers', essai, {});
    expect(social.statusCode).toBe(403);
    expect(social.json().key).toBe(ERROR_KEYS.signatureNotSubscribed);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.signbooks WHERE organization_id = $1 AND name = 'Avenant à signer'`,
      [TRIAL_ROOT],
    );
    expect(rows[0]?.n).toBe(0);

    // Subscribed at its root: the company signs.
    await t.db.query(`UPDATE dom_main.organizations SET subscribe_to_signature = true WHERE id = $1`, [TRIAL_ROOT]);
    expect((await stats(essai)).signatureSubscribed).toBe(true);
    expect((await api.call('POST', '/sign-workflow-social-signers', essai, {})).statusCode).toBe(200);
  });

  it('is the company root’s: a sub-organisation without the flag signs under its subscribing root', async () => {
    const { rows } = await t.db.query<{ subscribe_to_signature: boolean }>(
      `SELECT subscribe_to_signature FROM dom_main.organizations WHERE id = $1`,
      [LYON],
    );
    expect(rows[0]?.subscribe_to_signature).toBe(false);
    const res = await hr(app).call('POST', '/sign-workflow-template', admin, template(LYON));
    expect(res.statusCode, res.body).toBe(200);
  });
});
