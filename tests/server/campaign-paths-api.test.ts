/**
 * The campaign machine's generated paths (one per transition, as campaign.paths.test.ts replays them on
 * the machine) replayed through the real API and the real jobs on the seeded database. Each path gets a
 * fresh campaign created through `POST /dispatch` (multipart, a generated payroll PDF); the app queues
 * its jobs in a recorder, so each job fact of the path is the real job run by the test:
 *   job.split.*              → runSplitJob (a PDF matching nobody for job.split.failed);
 *   job.dispatch.progressed  → runDispatchJob, held at its first document (the gate below) so the
 *                              campaign is seen DISPATCHING; a second one is a second run (a resumed job);
 *   job.dispatch.completed   → the held runs go on: the test safe refuses `failed` deposits when they are
 *                              retryable, else the subscription's document limit refuses them;
 *   job.dispatch.failed      → the held runs lose their database connection (the transaction throws);
 *   campaign.document.send   → one-document calls (campaign-paths-api.docs.ts): a waiting document sent
 *                              while dispatching, failed ones retried in error until the event's failures are left.
 * After each step the API's status and flags equal the machine's; in every state reached, each intent the
 * machine refuses answers 409 and changes nothing, and a job the state does not expect changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { transition, type EventObject } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFixtures } from '../../machines/campaign/campaign.fixtures.ts';
import { type CampaignEvent, type CampaignSnapshot, campaignMachine, statusOf } from '../../machines/campaign/index.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { buildApp } from '../../src/server/app.ts';
import { docAllowance, runDispatchJob } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { runSplitJob } from '../../src/server/modules/dispatch/split.jobs.ts';
import { payrollPdf, type PayrollEmployee } from '../../src/server/pdf/index.ts';
import { type SafePort, embeddedSafePort } from '../../src/server/ports/safe.ts';
import { noPush } from '../../src/server/push/push.ts';
import { transitionPaths } from '../harness/index.ts';
import { callsFor, refusedCall } from './campaign-paths-api.docs.ts';
import { Gate, failingFor } from './campaign-paths-api.jobs.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testConfig } from './support/server.ts';

const paths = transitionPaths(campaignMachine, { events: campaignFixtures });
const sent: { name: string; data: unknown }[] = [];
const recorder = {
  send: async <T extends object>(name: string, data: T) => {
    sent.push({ name, data });
    return null;
  },
};

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let rootOrg: string;
let people: (PayrollEmployee & { id: string })[];

beforeAll(async () => {
  t = await createSeededDb();
  app = await buildApp({ db: t.db, config: testConfig(), push: false, jobs: recorder });
  admin = await login(app, 'admin');
  rootOrg = String(admin.body.userOrgId);
  // Employees whose document goes to the safe (no paper, no refusal of paperless), each with a registration
  // number nobody else has (an ambiguous one matches nobody): their outcome is the safe's.
  const { rows } = await t.db.query<{ id: string; name: string; first_name: string; registration_number: string }>(
    `SELECT e.id, e.name, e.first_name, eo.registration_number
       FROM dom_main.employee_organizations eo JOIN dom_main.employees e ON e.id = eo.employee_id
      WHERE eo.organization_id = $1 AND eo.active AND eo.registration_number IS NOT NULL
        AND NOT e.paper_dispatch AND e.bpe_agreement IS DISTINCT FROM 'REFUSED'
        AND (SELECT count(*) FROM dom_main.employee_organizations x WHERE x.registration_number = eo.registration_number) = 1
      ORDER BY e.id LIMIT 4`,
    [rootOrg],
  );
  people = rows.map((r) => ({
    id: r.id,
    name: r.name,
    firstName: r.first_name,
    registrationNumber: r.registration_number,
  }));
  expect(people).toHaveLength(4);
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url: `/api/dispatch${url}`, headers: authHeaders(admin), ...(payload ? { payload } : {}) });

async function createCampaign(review: boolean, matching: boolean): Promise<string> {
  const employees = matching
    ? people
    : [{ name: 'Inconnu', firstName: 'Personne', registrationNumber: 'ZZZ-99999' } satisfies PayrollEmployee];
  const pdf = payrollPdf({ employees, twoPageShare: 0 });
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      name: `Chemin ${Math.random().toString(36).slice(2, 8)}`,
      docIds: [],
      groupIds: [],
      empIds: [],
      review,
      onRefuse: false,
      onError: false,
      usersToNotify: [],
      docTypeCode: 'BULLETIN_PAIE',
      automaticRecipients: true,
    }),
  );
  form.append('files', new Blob([Buffer.from(pdf.bytes)], { type: 'application/pdf' }), 'bulletins.pdf');
  const res = await app.inject({
    method: 'POST',
    url: '/api/dispatch/dispatch',
    headers: authHeaders(admin),
    payload: form,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { id: string }).id;
  expect((await api('GET', `/dispatch/${id}`)).json().status).toBe('SPLITTING');
  return id;
}

/** Everything an action could touch. */
async function stored(campaignId: string) {
  const c = await t.db.query(
    `SELECT status, machine_state, can_retry, can_delete, name, sent_at FROM dom_main.campaigns WHERE id = $1`,
    [campaignId],
  );
  const d = await t.db.query(
    `SELECT id, status, reason, failure_cause, document_id FROM dom_main.dispatched_docs WHERE campaign_id = $1 ORDER BY id`,
    [campaignId],
  );
  const n = await t.db.query(`SELECT count(*)::int AS n FROM dom_main.documents`);
  return { campaign: c.rows, docs: d.rows, documents: n.rows };
}

async function docIds(campaignId: string, where: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT d.id FROM dom_main.dispatched_docs d WHERE d.campaign_id = $1 AND ${where} ORDER BY d.id`,
    [campaignId],
  );
  return rows.map((r) => r.id);
}

const DELETABLE = `d.status IN ('CANT_CREATE_DOC_ERROR', 'CANT_CREATE_EMP_ERROR')`;

interface Run {
  readonly campaignId: string;
  gate: Gate;
  readonly jobs: Promise<unknown>[];
  /** What the held runs deposit with, and whether a document limit was set for them (prepareOutcome). */
  safe: SafePort;
  limited: boolean;
}

async function startDispatchRun(run: Run): Promise<void> {
  const before = run.gate.waiting;
  const deps = {
    db: run.gate.db(t.db),
    push: noPush,
    // Read when the run deposits, after the gate: job.dispatch.completed chooses it.
    get safe() {
      return run.safe;
    },
  };
  run.jobs.push(runDispatchJob(deps, { domain: 'main', campaignId: run.campaignId }).catch((e: unknown) => e));
  await expect.poll(() => run.gate.waiting, { timeout: 10_000 }).toBe(before + 1);
}

/**
 * Before a run starts (it reads the subscription's allowance first): the next completion of the path
 * says how many of the pending documents fail, and why. Retryable: the test safe refuses them; else the
 * subscription allows all but `failed` of them (the rest end over the limit).
 */
async function prepareOutcome(run: Run, ahead: readonly CampaignEvent[]): Promise<void> {
  const end = ahead.find((e) => e.type === 'job.dispatch.completed' || e.type === 'job.dispatch.failed');
  if (end?.type !== 'job.dispatch.completed' || end.failed === 0 || run.jobs.length > 0) return;
  const pending = await t.db.query<{ employee_id: string }>(
    `SELECT employee_id FROM dom_main.dispatched_docs WHERE campaign_id = $1
        AND status IN ('NEEDS_DISPATCHING', 'DISPATCHING') ORDER BY id`,
    [run.campaignId],
  );
  const employees = pending.rows.map((r) => r.employee_id);
  expect(employees.length).toBeGreaterThanOrEqual(end.failed);
  if (end.retryable > 0) {
    run.safe = failingFor(employees.slice(0, end.failed));
    return;
  }
  await t.db.query(`INSERT INTO dom_main.subscriptions (root_org_id, doc_limit, emp_limit) VALUES ($1, 0, 100000)`, [
    rootOrg,
  ]);
  const counted = -(await docAllowance(t.db, 'main', rootOrg));
  await t.db.query(`UPDATE dom_main.subscriptions SET doc_limit = $2 WHERE root_org_id = $1`, [
    rootOrg,
    counted + employees.length - end.failed,
  ]);
  run.limited = true;
}

/** The held runs go on to their end. */
async function completeRuns(run: Run): Promise<void> {
  run.gate.open('ok');
  await Promise.all(run.jobs.splice(0));
  if (run.limited) await t.db.query(`DELETE FROM dom_main.subscriptions WHERE root_org_id = $1`, [rootOrg]);
  run.limited = false;
  run.safe = embeddedSafePort;
}

/** One step of a path through the API or a job. */
async function perform(
  run: Run,
  event: CampaignEvent,
  ahead: readonly CampaignEvent[],
  snapshot: CampaignSnapshot,
): Promise<void> {
  const id = run.campaignId;
  const ok = async (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  switch (event.type) {
    case 'job.split.completed':
    case 'job.split.failed':
      return runSplitJob(
        { db: t.db, push: noPush, jobs: recorder, safe: embeddedSafePort },
        { domain: 'main', campaignId: id },
      );
    case 'job.dispatch.progressed':
      await prepareOutcome(run, [event, ...ahead]);
      return startDispatchRun(run);
    // The real job reports progress before anything else: from `queued`, its end goes through `running`.
    case 'job.dispatch.completed':
      if (run.jobs.length === 0) {
        await prepareOutcome(run, [event]);
        await startDispatchRun(run);
      }
      return completeRuns(run);
    case 'job.dispatch.failed': {
      if (run.jobs.length === 0) await startDispatchRun(run);
      run.gate.open('fail');
      const outcomes = await Promise.all(run.jobs.splice(0));
      expect(outcomes.every((o) => o instanceof Error)).toBe(true);
      return;
    }
    case 'campaign.validate':
      return ok(await api('GET', `/dispatch/validate/${id}`));
    case 'campaign.refuse':
      return ok(await api('POST', '/dispatch/refuseDispatch', { id }));
    case 'campaign.cancel':
      return ok(await api('POST', `/dispatch/cancel/${id}`));
    case 'campaign.retry':
      return ok(await api('POST', `/dispatch/retry/${id}`));
    case 'campaign.update':
      return ok(await api('PUT', `/dispatch/${id}`, { name: `Renommée ${id.slice(0, 6)}` }));
    case 'campaign.document.refuse': {
      const [doc] = await docIds(id, `d.status = 'NEEDS_DISPATCHING'`);
      return ok(await api('POST', '/dispatched-docs/refuse', { ids: [doc], reason: 'Mauvais salarié' }));
    }
    case 'campaign.deleteDocuments': {
      const deletable = await docIds(id, DELETABLE);
      const ids = event.remainingFailed === 0 ? deletable : deletable.slice(0, 1);
      expect(ids.length).toBeGreaterThan(0);
      return ok(await api('DELETE', '/dispatched-docs', { dispatchedDocIds: ids }));
    }
    case 'campaign.document.send':
      for (const call of await callsFor(t.db, id, snapshot, event)) await ok(await api(call.method, call.url));
      return;
  }
}

/** An intent the machine refuses here, sent anyway: 409 and nothing changed. */
async function refusedIntent(campaignId: string, event: CampaignEvent) {
  const [anyDoc] = await docIds(campaignId, 'true');
  switch (event.type) {
    case 'campaign.validate':
      return api('GET', `/dispatch/validate/${campaignId}`);
    case 'campaign.refuse':
      return api('POST', '/dispatch/refuseDispatch', { id: campaignId });
    case 'campaign.cancel':
      return api('POST', `/dispatch/cancel/${campaignId}`);
    case 'campaign.retry':
      return api('POST', `/dispatch/retry/${campaignId}`);
    case 'campaign.update':
      return api('PUT', `/dispatch/${campaignId}`, { name: 'Refusé' });
    case 'campaign.document.refuse':
      return anyDoc ? api('POST', '/dispatched-docs/refuse', { ids: [anyDoc], reason: 'Non' }) : null;
    case 'campaign.deleteDocuments':
      return anyDoc ? api('DELETE', '/dispatched-docs', { dispatchedDocIds: [anyDoc] }) : null;
    case 'campaign.document.send': {
      const call = await refusedCall(t.db, campaignId);
      return call ? api(call.method, call.url) : null;
    }
    default:
      return null;
  }
}

const INTENTS = Object.values(campaignFixtures)
  .flat()
  .filter((e) => e.type.startsWith('campaign.')) as CampaignEvent[];
const checkedStates = new Set<string>();

async function assertRefusalsIn(snapshot: CampaignSnapshot, campaignId: string): Promise<void> {
  const key = JSON.stringify({ value: snapshot.value, context: snapshot.context });
  if (checkedStates.has(key)) return;
  checkedStates.add(key);
  for (const event of INTENTS.filter((e) => !snapshot.can(e))) {
    const before = await stored(campaignId);
    const res = await refusedIntent(campaignId, event);
    if (!res) continue;
    expect([event.type, res.statusCode, res.json().key]).toEqual([event.type, 409, ERROR_KEYS.illegalTransition]);
    expect(await stored(campaignId)).toEqual(before);
  }
  // Jobs the state does not expect leave it alone (a resumed or duplicated job run).
  const before = await stored(campaignId);
  if (!snapshot.can({ type: 'job.split.failed' }))
    await runSplitJob({ db: t.db, push: noPush, jobs: recorder }, { domain: 'main', campaignId });
  if (!snapshot.can({ type: 'job.dispatch.progressed' }))
    await runDispatchJob({ db: t.db, push: noPush, safe: embeddedSafePort }, { domain: 'main', campaignId });
  expect(await stored(campaignId)).toEqual(before);
}

describe('campaign machine paths through the API and the jobs', () => {
  it('has a path for every transition of the chart', () => {
    expect(paths.length).toBeGreaterThan(15);
  });

  for (const path of paths) {
    it(path.transition.key, { timeout: 60_000 }, async () => {
      const events = path.events as readonly EventObject[] as readonly CampaignEvent[];
      const split = events.find((e) => e.type.startsWith('job.split.'));
      const review = split?.type === 'job.split.completed' ? split.review : true;
      const campaignId = await createCampaign(review, split?.type !== 'job.split.failed');
      const run: Run = { campaignId, gate: new Gate(), jobs: [], safe: embeddedSafePort, limited: false };
      let snapshot = campaignMachine.resolveState({
        value: 'splitting',
        context: { canRetry: false, canDelete: false },
      });
      try {
        for (const [i, event] of events.entries()) {
          await assertRefusalsIn(snapshot, campaignId);
          if (event.type.startsWith('job.dispatch.') && run.gate.waiting === 0) run.gate = new Gate();
          await perform(run, event, events.slice(i + 1), snapshot);
          [snapshot] = transition(campaignMachine, snapshot, event);
          const answer = (await api('GET', `/dispatch/${campaignId}`)).json();
          expect([event.type, answer.status, answer.canRetry, answer.canDelete]).toEqual([
            event.type,
            statusOf(snapshot),
            snapshot.context.canRetry,
            snapshot.context.canDelete,
          ]);
        }
        if (run.gate.waiting === 0) await assertRefusalsIn(snapshot, campaignId);
      } finally {
        // Runs still held at the end of a path finish, so nothing outlives the test.
        await completeRuns(run);
      }
    });
  }

  it('checked the refused intents and unexpected jobs in every state the paths reach', () => {
    const values = [...checkedStates].map((k) => JSON.stringify((JSON.parse(k) as { value: unknown }).value));
    for (const state of ['splitting', 'awaitingValidation', 'dispatched', 'inError', 'refused', 'canceled'])
      expect(values).toContain(JSON.stringify(state));
    expect(values).toContain(JSON.stringify({ dispatching: 'queued' }));
  });
});
