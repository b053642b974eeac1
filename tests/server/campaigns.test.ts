/**
 * The campaign lifecycle through the API on the demo seed: the machine decides (409 and nothing
 * changed when it refuses), scoping hides other organisations and domains (404), and the dispatch
 * job (run inline: this app has no queue) brings documents and campaigns to their final statuses.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_AS_DISPATCHED, COUNTED_AS_NOT_DISPATCHED } from '../../src/contract/enums.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { runDispatchJob } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { attachSafePort, embeddedSafePort } from '../../src/server/ports/safe.ts';
import { noPush } from '../../src/server/push/push.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

const id = (key: string, domain = 'main') => demoId(`campaign:${domain}:${key}`);
const VALIDATION = id('main-validation');
const RETRY = id('main-error-retry');
const DELETE = id('main-error-delete');
const DISPATCHED = id('main-dispatched');
const DISPATCHING = id('main-dispatching');
const REFUSED = id('main-refused');
const CANCELED = id('main-canceled');
const LEGACY = id('legacy-validation', 'legacy');
const TRIAL = id('trial-dispatched');

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: LoggedIn, payload?: unknown) =>
  app.inject({ method, url: `/api/dispatch${url}`, headers: authHeaders(session), ...(payload ? { payload } : {}) });

/** Everything an action could touch, to prove a refused one changed nothing. */
async function stateOf(campaignId: string, domain = 'main') {
  const s = `dom_${domain}`;
  const campaign = await t.db.query(
    `SELECT status, machine_state, can_retry, can_delete, name, sent_at FROM ${s}.campaigns WHERE id = $1`,
    [campaignId],
  );
  const docs = await t.db.query(
    `SELECT id, status, reason, failure_cause, document_id FROM ${s}.dispatched_docs WHERE campaign_id = $1 ORDER BY id`,
    [campaignId],
  );
  const documents = await t.db.query(`SELECT count(*)::int AS n FROM ${s}.documents`);
  return { campaign: campaign.rows, docs: docs.rows, documents: documents.rows };
}

async function docIds(campaignId: string, where: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT d.id FROM dom_main.dispatched_docs d WHERE d.campaign_id = $1 AND ${where} ORDER BY d.id`,
    [campaignId],
  );
  return rows.map((r) => r.id);
}

describe('reading campaigns', () => {
  it('lists by status and by error sub-status, with the total', async () => {
    const errors = await call('POST', '/dispatchs', admin, { status: ['IN_ERROR'] });
    expect(errors.statusCode).toBe(200);
    expect(errors.json().count).toBe(2);
    expect(
      errors
        .json()
        .dispatchs.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([RETRY, DELETE].sort());
    const retry = (await call('POST', '/dispatchs', admin, { subStatus: 'error-retry' })).json();
    expect([retry.count, retry.dispatchs[0].id, retry.dispatchs[0].canRetry]).toEqual([1, RETRY, true]);
    const del = (await call('POST', '/dispatchs', admin, { subStatus: 'error-delete' })).json();
    expect([del.count, del.dispatchs[0].id]).toEqual([1, DELETE]);
    expect(del.orgs).toEqual([{ id: del.dispatchs[0].organizationId, name: 'Horizon Logistique Entrepôt Nord' }]);
  });

  it('pages 20 at a time, newest first, and counts beyond the page', async () => {
    const all = (await call('POST', '/dispatchs', admin, {})).json();
    expect(all.count).toBe(7);
    const dates = all.dispatchs.map((c: { creationDate: string }) => c.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = (await call('POST', '/dispatchs', admin, { offset: 5, limit: 5 })).json();
    expect([second.count, second.dispatchs.length]).toEqual([7, 2]);
    // Past the last page the total is still told (no row carries it there).
    const past = (await call('POST', '/dispatchs', admin, { offset: 20, limit: 5 })).json();
    expect([past.count, past.dispatchs.length]).toEqual([7, 0]);
    // An offset past a 32-bit integer is still only « past the last page » (the bounds are parameters).
    for (const offset of [3_000_000_000, Number.MAX_SAFE_INTEGER]) {
      const far = await call('POST', '/dispatchs', admin, { offset, limit: 5 });
      expect(far.statusCode, far.body).toBe(200);
      expect([far.json().count, far.json().dispatchs.length]).toEqual([7, 0]);
    }
    // The page's counts are each campaign's own counts, as the campaign's read gives them.
    for (const c of all.dispatchs as { id: string; counts: Record<string, number> }[]) {
      expect(c.counts).toEqual((await call('GET', `/dispatch/${c.id}`, admin)).json().counts);
    }
  });

  it('gives one campaign with its counts per document status', async () => {
    const res = await call('GET', `/dispatch/${DISPATCHED}`, admin);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.status).toBe('DISPATCHED');
    expect(c.counts.NOT_DISPATCHED).toBeGreaterThan(0);
    expect(c.counts.ALL_DISPATCHED + c.counts.ALL_NOT_DISPATCHED).toBe(c.documentCount);
  });

  it('filters dispatched documents by ALL_DISPATCHED and ALL_NOT_DISPATCHED, with recipient names', async () => {
    const url = `/dispatch/${DISPATCHED}/dispatched-docs`;
    const yes = (await call('POST', url, admin, { status: ['ALL_DISPATCHED'], limit: 200 })).json();
    const no = (await call('POST', url, admin, { status: ['ALL_NOT_DISPATCHED'], limit: 200 })).json();
    const all = (await call('POST', url, admin, { limit: 5 })).json();
    expect(yes.count).toBeGreaterThan(0);
    expect(no.count).toBeGreaterThan(0);
    expect(yes.count + no.count).toBe(all.count);
    expect(all.items).toHaveLength(5);
    expect(yes.items.every((d: { status: never }) => COUNTED_AS_DISPATCHED.includes(d.status))).toBe(true);
    expect(no.items.every((d: { status: never }) => COUNTED_AS_NOT_DISPATCHED.includes(d.status))).toBe(true);
    expect(yes.items[0].recipientName).toMatch(/\S+ \S+/);
    expect(no.items.some((d: { recipientName: string | null }) => d.recipientName === null)).toBe(true);
  });

  it.each([
    ['another domain', LEGACY],
    ['another root organisation', TRIAL],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'nope'],
  ])('answers 404 for %s', async (_what, campaignId) => {
    for (const res of [
      await call('GET', `/dispatch/${campaignId}`, admin),
      await call('POST', `/dispatch/${campaignId}/dispatched-docs`, admin, {}),
      await call('GET', `/dispatch/validate/${campaignId}`, admin),
      await call('POST', `/dispatch/cancel/${campaignId}`, admin),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe(ERROR_KEYS.notFound);
    }
  });

  it('hides the main domain campaigns from the trial organisation', async () => {
    const essai = await login(app, 'essai');
    expect((await call('GET', `/dispatch/${VALIDATION}`, essai)).statusCode).toBe(404);
    expect((await call('POST', '/dispatchs', essai, {})).json().count).toBe(1);
  });
});

describe('actions a state forbids', () => {
  const cases: [string, 'GET' | 'POST' | 'PUT', string, string, unknown?][] = [
    ['validate a dispatched campaign', 'GET', `/dispatch/validate/${DISPATCHED}`, DISPATCHED],
    ['validate a refused campaign', 'GET', `/dispatch/validate/${REFUSED}`, REFUSED],
    ['validate a campaign in error', 'GET', `/dispatch/validate/${RETRY}`, RETRY],
    ['validate a campaign being dispatched', 'GET', `/dispatch/validate/${DISPATCHING}`, DISPATCHING],
    ['refuse a dispatched campaign', 'POST', '/dispatch/refuseDispatch', DISPATCHED, { id: DISPATCHED }],
    ['refuse a canceled campaign', 'POST', '/dispatch/refuseDispatch', CANCELED, { dispatchId: CANCELED }],
    ['cancel a dispatched campaign', 'POST', `/dispatch/cancel/${DISPATCHED}`, DISPATCHED],
    ['cancel a campaign being dispatched', 'POST', `/dispatch/cancel/${DISPATCHING}`, DISPATCHING],
    ['retry a campaign awaiting validation', 'POST', `/dispatch/retry/${VALIDATION}`, VALIDATION],
    ['retry a campaign that only allows deletion', 'POST', `/dispatch/retry/${DELETE}`, DELETE],
    ['retry a dispatched campaign', 'POST', `/dispatch/retry/${DISPATCHED}`, DISPATCHED],
    ['update a dispatched campaign', 'PUT', `/dispatch/${DISPATCHED}`, DISPATCHED, { name: 'Autre nom' }],
    ['update a refused campaign', 'PUT', `/dispatch/${REFUSED}`, REFUSED, { name: 'Autre nom' }],
  ];
  it.each(cases)('%s: 409 and nothing changed', async (_what, method, url, campaignId, payload) => {
    const before = await stateOf(campaignId);
    const res = await call(method, url, admin, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe(ERROR_KEYS.illegalTransition);
    expect(await stateOf(campaignId)).toEqual(before);
  });

  it('refuses deleting documents of a campaign that only allows a retry', async () => {
    const ids = await docIds(RETRY, `d.status = 'NOT_DISPATCHED'`);
    const before = await stateOf(RETRY);
    const res = await call('DELETE', '/dispatched-docs', admin, { dispatchedDocIds: ids });
    expect(res.statusCode).toBe(409);
    expect(await stateOf(RETRY)).toEqual(before);
  });

  it('refuses refusing documents of a dispatched campaign', async () => {
    const ids = await docIds(DISPATCHED, `d.status = 'DISPATCHED'`);
    const before = await stateOf(DISPATCHED);
    const res = await call('POST', '/dispatched-docs/refuse', admin, { ids: ids.slice(0, 1), reason: 'Erreur' });
    expect(res.statusCode).toBe(409);
    expect(await stateOf(DISPATCHED)).toEqual(before);
  });
});

describe('the lifecycle through real calls', () => {
  it('refuses documents with a reason, validates, and the job brings every document to its final status', async () => {
    const [first, second] = await docIds(VALIDATION, `d.status = 'NEEDS_DISPATCHING'`);
    const refused = await call('POST', '/dispatched-docs/refuse', admin, {
      ids: [first, second],
      reason: 'Mauvaise période',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().items.map((d: { status: string; reason: string }) => [d.status, d.reason])).toEqual([
      ['REFUSED', 'Mauvaise période'],
      ['REFUSED', 'Mauvaise période'],
    ]);
    const pending = (await docIds(VALIDATION, `d.status = 'NEEDS_DISPATCHING'`)).length;
    const documentsBefore = (await stateOf(VALIDATION)).documents[0] as { n: number };

    const res = await call('GET', `/dispatch/validate/${VALIDATION}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().recipientsCount).toBe(pending);
    expect(res.json().campaign.status).toBe('NEEDS_DISPATCHING');

    const after = (await call('GET', `/dispatch/${VALIDATION}`, admin)).json();
    expect(after.status).toBe('DISPATCHED');
    expect(after.counts.NEEDS_DISPATCHING ?? 0).toBe(0);
    expect(after.counts.REFUSED).toBe(2);
    const deposited = (after.counts.DISPATCHED ?? 0) + (after.counts.WAITING_FOR_USER_REGISTRATION ?? 0);
    expect(deposited + (after.counts.NOT_DISPATCHED ?? 0)).toBe(pending);
    const documentsAfter = (await stateOf(VALIDATION)).documents[0] as { n: number };
    expect(documentsAfter.n - documentsBefore.n).toBe(deposited);
    // The machine now refuses a second validation.
    expect((await call('GET', `/dispatch/validate/${VALIDATION}`, admin)).statusCode).toBe(409);
  });

  it('runs the dispatch job twice at once without depositing any document twice', async () => {
    const pending = await docIds(DISPATCHING, `d.status = 'DISPATCHING'`);
    expect(pending.length).toBeGreaterThan(0);
    const before = ((await stateOf(DISPATCHING)).documents[0] as { n: number }).n;
    const deps = { db: t.db, push: noPush, safe: embeddedSafePort };
    await Promise.all([
      runDispatchJob(deps, { domain: 'main', campaignId: DISPATCHING }),
      runDispatchJob(deps, { domain: 'main', campaignId: DISPATCHING }),
    ]);
    await runDispatchJob(deps, { domain: 'main', campaignId: DISPATCHING });
    const after = ((await stateOf(DISPATCHING)).documents[0] as { n: number }).n;
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.dispatched_docs WHERE id = ANY($1::uuid[]) AND document_id IS NOT NULL`,
      [pending],
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(after - before).toBe(rows[0]?.n);
    const { rows: dup } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT document_id FROM dom_main.dispatched_docs WHERE document_id IS NOT NULL
        GROUP BY document_id HAVING count(*) > 1) x`,
    );
    expect(dup[0]?.n).toBe(0);
    expect((await call('GET', `/dispatch/${DISPATCHING}`, admin)).json().status).toBe('DISPATCHED');
  });

  it('retries a campaign whose documents failed in the safe, and then distributes them', async () => {
    const before = (await call('GET', `/dispatch/${RETRY}`, admin)).json();
    expect(before.canRetry).toBe(true);
    const res = await call('POST', `/dispatch/retry/${RETRY}`, admin);
    expect(res.statusCode).toBe(200);
    const after = (await call('GET', `/dispatch/${RETRY}`, admin)).json();
    expect([after.status, after.canRetry]).toEqual(['DISPATCHED', false]);
    expect(after.counts.NOT_DISPATCHED ?? 0).toBeLessThan(before.counts.NOT_DISPATCHED);
    const left = (
      await call('POST', `/dispatch/${RETRY}/dispatched-docs`, admin, { status: ['NOT_DISPATCHED'] })
    ).json();
    // What is still not dispatched failed for a reason a retry cannot change (the employee refused paperless).
    expect(left.items.map((d: { failureCause: string }) => d.failureCause)).not.toContain('EDOCPERSO_ERROR');
  });

  it('deletes failed documents of a deletable campaign; once none is left the campaign is dispatched', async () => {
    const failed = await docIds(DELETE, `d.status <> 'DISPATCHED'`);
    expect(failed).toHaveLength(4);
    const some = await call('DELETE', '/dispatched-docs', admin, { dispatchedDocIds: failed.slice(0, 2) });
    expect(some.statusCode).toBe(200);
    expect([some.json().status, some.json().canDelete, some.json().documentCount]).toEqual(['IN_ERROR', true, 10]);
    const rest = await call('DELETE', '/dispatched-docs', admin, { dispatchedDocIds: failed.slice(2) });
    expect([rest.json().status, rest.json().canDelete, rest.json().documentCount]).toEqual(['DISPATCHED', false, 8]);
    expect((await call('DELETE', '/dispatched-docs', admin, { dispatchedDocIds: failed.slice(0, 1) })).statusCode).toBe(
      404,
    );
  });

  it('puts a campaign in error with canRetry when the safe fails, then a retry distributes it (legacy domain)', async () => {
    const multi = await login(app, 'multi');
    attachSafePort(t.db, {
      kind: 'test',
      openAccount: async () => ({ ok: true }),
      deposit: async () => {
        throw new Error('coffre-fort injoignable');
      },
    });
    try {
      expect((await call('GET', `/dispatch/validate/${LEGACY}`, multi)).statusCode).toBe(200);
    } finally {
      attachSafePort(t.db, embeddedSafePort);
    }
    const failed = (await call('GET', `/dispatch/${LEGACY}`, multi)).json();
    expect([failed.status, failed.canRetry, failed.canDelete]).toEqual(['IN_ERROR', true, false]);
    const docs = (
      await call('POST', `/dispatch/${LEGACY}/dispatched-docs`, multi, { status: ['NOT_DISPATCHED'] })
    ).json();
    expect(docs.items[0]).toMatchObject({ failureCause: 'EDOCPERSO_ERROR', reason: 'coffre-fort injoignable' });
    expect((await call('POST', `/dispatch/retry/${LEGACY}`, multi)).statusCode).toBe(200);
    expect((await call('GET', `/dispatch/${LEGACY}`, multi)).json().status).toBe('DISPATCHED');
  });
});

describe('cancel, refuse and update on a fresh campaign', () => {
  async function freshCampaign(key: string): Promise<string> {
    const campaignId = demoId(`test-campaign:${key}`);
    await t.db.query(
      `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, doc_type_code, recipients_count)
       SELECT $1, organization_id, 'Test ' || $2, doc_name, 'NEEDS_VALIDATION', doc_type_code, 3
         FROM dom_main.campaigns WHERE id = $3`,
      [campaignId, key, DISPATCHED],
    );
    await t.db.query(
      `INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status)
       SELECT gen_random_uuid(), $1, employee_id, 'NEEDS_DISPATCHING' FROM dom_main.dispatched_docs
        WHERE campaign_id = $2 AND employee_id IS NOT NULL ORDER BY id LIMIT 3`,
      [campaignId, DISPATCHED],
    );
    return campaignId;
  }

  it('updates, then cancels, then refuses nothing more', async () => {
    const c = await freshCampaign('cancel');
    const updated = await call('PUT', `/dispatch/${c}`, admin, { name: 'Primes de juin', docName: 'Prime' });
    expect([updated.statusCode, updated.json().name, updated.json().docName]).toEqual([200, 'Primes de juin', 'Prime']);
    const canceled = await call('POST', `/dispatch/cancel/${c}`, admin);
    expect([canceled.json().status, canceled.json().counts.CANCELED]).toEqual(['CANCELED', 3]);
    expect((await call('POST', '/dispatch/refuseDispatch', admin, { id: c })).statusCode).toBe(409);
  });

  it('refuses, as creation does, a user to notify who does not see the organisation, and changes nothing', async () => {
    const c = await freshCampaign('notify');
    const userId = async (loginName: string) =>
      (await t.db.query<{ id: string }>(`SELECT id FROM directory.users WHERE login = $1`, [loginName])).rows[0]!.id;
    const [paie, essai] = [await userId('paie'), await userId('essai')];
    const notified = async () =>
      (
        await t.db.query<{ users_to_notify: string[] }>(
          `SELECT users_to_notify FROM dom_main.campaigns WHERE id = $1`,
          [c],
        )
      ).rows[0]!.users_to_notify;
    const before = { state: await stateOf(c), notified: await notified() };

    // essai belongs to another company: it sees nothing of Groupe Horizon.
    const refused = await call('PUT', `/dispatch/${c}`, admin, { name: 'Renommée', usersToNotify: [paie, essai] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      key: ERROR_KEYS.orgUserNotVisible,
      fields: { usersToNotify: ERROR_KEYS.orgUserNotVisible },
    });
    expect({ state: await stateOf(c), notified: await notified() }).toEqual(before);

    const accepted = await call('PUT', `/dispatch/${c}`, admin, { usersToNotify: [paie] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await notified()).toEqual([paie]);
  });

  it('refuses the whole distribution: every pending document is refused', async () => {
    const c = await freshCampaign('refuse');
    const res = await call('POST', '/dispatch/refuseDispatch', admin, { dispatchId: c });
    expect([res.statusCode, res.json().status, res.json().counts.REFUSED]).toEqual([200, 'REFUSED', 3]);
    expect((await call('GET', `/dispatch/validate/${c}`, admin)).statusCode).toBe(409);
  });
});

describe('feature rights', () => {
  it('answers 403 without DocListDispatch, and without DocCreateDispatch for actions', async () => {
    const sansmail = await login(app, 'sansmail');
    const res = await call('POST', '/dispatchs', sansmail, {});
    expect([res.statusCode, res.json().key]).toEqual([403, ERROR_KEYS.featureForbidden]);
    await t.db.query(`UPDATE directory.users SET features = ARRAY['DocListDispatch'] WHERE login = 'sansmail'`);
    const reader = await login(app, 'sansmail');
    expect((await call('POST', '/dispatchs', reader, {})).statusCode).toBe(200);
    const before = await stateOf(DISPATCHED);
    const cancel = await call('POST', `/dispatch/cancel/${DISPATCHED}`, reader);
    expect([cancel.statusCode, cancel.json().key]).toEqual([403, ERROR_KEYS.featureForbidden]);
    expect(await stateOf(DISPATCHED)).toEqual(before);
  });
});
