/**
 * One dispatched document through the API (seed 001 §7.2): retry a failed one, send a waiting one,
 * read it and its part. The job's guarded deposit is reused, so a document is deposited once; a
 * state that forbids the action answers 409 with nothing changed; another organisation's or
 * domain's document is 404; the campaign follows the machine when its last failure is cleared.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { runDispatchJob } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { type SafePort, attachSafePort, embeddedSafePort } from '../../src/server/ports/safe.ts';
import { type Push, noPush } from '../../src/server/push/push.ts';
import { findOrg } from '../../src/server/db/seed/orgs.ts';
import { readFile } from '../../src/server/files/store.ts';
import { campaign, docsWorld, employeesOf, insertCampaign } from './campaign-docs.fixture.ts';
import { authHeaders } from './support/server.ts';

const w = docsWorld();

async function docs(campaignId: string, where = 'true', s = 'dom_main') {
  const { rows } = await w.t.db.query<{ id: string; status: string; failure_cause: string | null }>(
    `SELECT id, status, failure_cause FROM ${s}.dispatched_docs d WHERE campaign_id = $1 AND ${where} ORDER BY id`,
    [campaignId],
  );
  return rows;
}
/** Everything a refused action could have touched. */
async function snapshot(campaignId: string) {
  const c = await w.t.db.query(
    `SELECT status, machine_state, can_retry, can_delete FROM dom_main.campaigns WHERE id = $1`,
    [campaignId],
  );
  const d = await w.t.db.query(
    `SELECT id, status, reason, failure_cause, document_id, postal FROM dom_main.dispatched_docs WHERE campaign_id = $1 ORDER BY id`,
    [campaignId],
  );
  const n = await w.t.db.query(`SELECT count(*)::int AS n FROM dom_main.documents`);
  return [c.rows, d.rows, n.rows];
}
const campaignOf = async (id: string) => (await w.call('GET', `/dispatch/${id}`)).json();

describe('retrying one failed document', () => {
  it('deposits a document the safe refused, once; the last one cleared ends the campaign DISPATCHED', async () => {
    const id = campaign('main-error-retry');
    const failed = await docs(id, `status = 'NOT_DISPATCHED' AND failure_cause = 'EDOCPERSO_ERROR'`);
    expect(failed.length).toBeGreaterThan(1);
    const first = await w.call('POST', `/dispatched-doc/retry/${failed[0]!.id}`);
    expect(first.statusCode).toBe(200);
    expect(['DISPATCHED', 'WAITING_FOR_USER_REGISTRATION']).toContain(first.json().status);
    expect(first.json().documentId).toEqual(expect.any(String));
    // Still failures left: the campaign stays in error, retryable.
    expect([(await campaignOf(id)).status, (await campaignOf(id)).canRetry]).toEqual(['IN_ERROR', true]);
    // The same document again: no longer failed, so 409 and nothing changes (no second deposit).
    const before = await snapshot(id);
    const again = await w.call('POST', `/dispatched-doc/retry/${failed[0]!.id}`);
    expect([again.statusCode, again.json().key]).toEqual([409, ERROR_KEYS.illegalTransition]);
    expect(await snapshot(id)).toEqual(before);
    for (const doc of failed.slice(1))
      expect((await w.call('POST', `/dispatched-doc/retry/${doc.id}`)).statusCode).toBe(200);
    const after = await campaignOf(id);
    expect([after.status, after.canRetry, after.canDelete]).toEqual(['DISPATCHED', false, false]);
  });

  it('keeps the campaign in error when the safe fails again, with the new reason', async () => {
    const [emp] = await employeesOf(w.t.db, 'Horizon Logistique Lyon', 1);
    const { campaignId, docIds } = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'IN_ERROR',
      canRetry: true,
      docs: [{ employeeId: emp!, status: 'NOT_DISPATCHED', failureCause: 'EDOCPERSO_ERROR' }],
    });
    const failing: SafePort = {
      ...embeddedSafePort,
      deposit: () => Promise.reject(new Error('Coffre-fort en maintenance')),
    };
    attachSafePort(w.t.db, failing);
    try {
      const res = await w.call('POST', `/dispatched-doc/retry/${docIds[0]}`);
      expect(res.statusCode).toBe(200);
      expect([res.json().status, res.json().failureCause, res.json().reason]).toEqual([
        'NOT_DISPATCHED',
        'EDOCPERSO_ERROR',
        'Coffre-fort en maintenance',
      ]);
    } finally {
      attachSafePort(w.t.db, embeddedSafePort);
    }
    expect([(await campaignOf(campaignId)).status, (await campaignOf(campaignId)).canRetry]).toEqual([
      'IN_ERROR',
      true,
    ]);
  });

  it('retries a document over the limit; with failures left only deletable the machine takes the deletion path', async () => {
    const id = campaign('main-error-delete');
    const overLimit = await docs(id, `status = 'CANT_CREATE_DOC_ERROR'`);
    const noDoc = await docs(id, `status = 'NOT_DISPATCHED'`);
    expect(overLimit.length).toBeGreaterThan(0);
    expect(noDoc.length).toBeGreaterThan(0);
    // Documents without a file for the safe cannot be retried: the machine's delete path is theirs.
    const forbidden = await w.call('POST', `/dispatched-doc/retry/${noDoc[0]!.id}`);
    expect(forbidden.statusCode).toBe(409);
    const del = await w.app.inject({
      method: 'DELETE',
      url: '/api/dispatch/dispatched-docs',
      headers: authHeaders(w.admin),
      payload: { dispatchedDocIds: noDoc.map((d) => d.id) },
    });
    expect([del.statusCode, del.json().status]).toEqual([200, 'IN_ERROR']);
    for (const doc of overLimit) {
      const res = await w.call('POST', `/dispatched-doc/retry/${doc.id}`);
      expect([res.statusCode, res.json().status]).toEqual([
        200,
        expect.stringMatching(/^(DISPATCHED|WAITING_FOR_USER_REGISTRATION)$/),
      ]);
    }
    expect((await campaignOf(id)).status).toBe('DISPATCHED');
  });

  it('recomputes the remedies of a campaign in error; documents a dead run left waiting still need the retry', async () => {
    const emps = await employeesOf(w.t.db, 'Horizon Logistique Lyon', 4);
    const mixed = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'IN_ERROR',
      canRetry: true,
      canDelete: true,
      docs: [
        { employeeId: emps[0]!, status: 'NOT_DISPATCHED', failureCause: 'EDOCPERSO_ERROR' },
        { employeeId: emps[1]!, status: 'NOT_DISPATCHED', failureCause: 'NO_DOC_FOUND', withFile: false },
      ],
    });
    expect((await w.call('POST', `/dispatched-doc/retry/${mixed.docIds[0]}`)).statusCode).toBe(200);
    const left = await campaignOf(mixed.campaignId);
    expect([left.status, left.canRetry, left.canDelete]).toEqual(['IN_ERROR', false, true]);
    // The distribution died with a document never sent: sending another one does not end the campaign.
    const died = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'IN_ERROR',
      canRetry: true,
      docs: [
        { employeeId: emps[2]!, status: 'NEEDS_DISPATCHING' },
        { employeeId: emps[3]!, status: 'CANT_AUTO_ATTACH_EMP_TO_ORG' },
      ],
    });
    expect((await w.call('GET', `/dispatched-doc/send/${died.docIds[1]}`)).statusCode).toBe(200);
    const waiting = await campaignOf(died.campaignId);
    expect([waiting.status, waiting.canRetry, waiting.canDelete]).toEqual(['IN_ERROR', true, false]);
  });

  it('dispatches a document waiting for registration once the employee finalised the safe, and not before', async () => {
    const id = campaign('main-dispatched');
    const [waiting] = await docs(id, `status = 'WAITING_FOR_USER_REGISTRATION'`);
    expect(waiting).toBeDefined();
    const before = await snapshot(id);
    expect((await w.call('POST', `/dispatched-doc/retry/${waiting!.id}`)).statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(before);
    await w.t.db.query(
      `UPDATE dom_main.employees SET safe_status = 'FINALISED'
        WHERE id = (SELECT employee_id FROM dom_main.dispatched_docs WHERE id = $1)`,
      [waiting!.id],
    );
    const documents = (await w.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.documents`)).rows[0]!
      .n;
    const res = await w.call('POST', `/dispatched-doc/retry/${waiting!.id}`);
    expect([res.statusCode, res.json().status]).toEqual([200, 'DISPATCHED']);
    // Already in the safe: finalising the account dispatches it without a second deposit.
    expect((await w.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.documents`)).rows[0]!.n).toBe(
      documents,
    );
  });
});

describe('sending one waiting document', () => {
  it('refuses while the campaign awaits validation, then sends an attached employee’s document', async () => {
    const id = campaign('main-validation');
    const [toAttach] = await docs(id, `status = 'CANT_AUTO_ATTACH_EMP_TO_ORG'`);
    expect(toAttach).toBeDefined();
    const before = await snapshot(id);
    const early = await w.call('GET', `/dispatched-doc/send/${toAttach!.id}`);
    expect([early.statusCode, early.json().key]).toEqual([409, ERROR_KEYS.illegalTransition]);
    expect(await snapshot(id)).toEqual(before);
    expect((await w.call('GET', `/dispatch/validate/${id}`)).statusCode).toBe(200);
    expect((await campaignOf(id)).status).toBe('DISPATCHED');
    const res = await w.call('GET', `/dispatched-doc/send/${toAttach!.id}`);
    expect(res.statusCode).toBe(200);
    expect(['DISPATCHED', 'WAITING_FOR_USER_REGISTRATION']).toContain(res.json().status);
    expect((await w.call('GET', `/dispatched-doc/send/${toAttach!.id}`)).statusCode).toBe(409);
  });

  it('sends a pending document while the campaign dispatches; the job then leaves it alone', async () => {
    const emps = await employeesOf(w.t.db, 'Horizon Logistique Lyon', 3);
    const { campaignId, docIds } = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'DISPATCHING',
      docs: emps.map((e) => ({ employeeId: e, status: 'NEEDS_DISPATCHING' })),
    });
    const sent = await w.call('GET', `/dispatched-doc/send/${docIds[0]}`);
    expect(sent.statusCode).toBe(200);
    const documentId = sent.json().documentId;
    await runDispatchJob({ db: w.t.db, push: noPush, safe: embeddedSafePort }, { domain: 'main', campaignId });
    const { rows } = await w.t.db.query<{ document_id: string }>(
      `SELECT document_id FROM dom_main.dispatched_docs WHERE id = $1`,
      [docIds[0]],
    );
    expect(rows[0]?.document_id).toBe(documentId);
    expect((await campaignOf(campaignId)).status).toBe('DISPATCHED');
    expect((await w.call('GET', `/dispatched-doc/send/${docIds[1]}`)).statusCode).toBe(409);
  });
});

describe('the documents archive', () => {
  it('tells the organisation’s documents lists once a retry or a send deposits, never when nothing was deposited', async () => {
    const lyon = findOrg('main', 'Horizon Logistique Lyon').id;
    const deposited = { organizationId: lyon, source: 'campaign' };
    const emps = await employeesOf(w.t.db, 'Horizon Logistique Lyon', 2);
    const sending = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'DISPATCHING',
      docs: [{ employeeId: emps[0]!, status: 'NEEDS_DISPATCHING' }],
    });
    const retrying = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'IN_ERROR',
      canRetry: true,
      docs: [{ employeeId: emps[1]!, status: 'NOT_DISPATCHED', failureCause: 'EDOCPERSO_ERROR' }],
    });
    // The app's push is a no-op without sockets: record what the calls publish instead.
    const push = w.app.push as { publishToOrg: Push['publishToOrg'] };
    const original = push.publishToOrg;
    const published: unknown[][] = [];
    push.publishToOrg = (...args) => void published.push(args);
    const archiveEvents = () => published.filter((p) => p[2] === 'documents.deposited');
    try {
      expect((await w.call('GET', `/dispatched-doc/send/${sending.docIds[0]}`)).statusCode).toBe(200);
      expect(archiveEvents()).toEqual([['main', lyon, 'documents.deposited', deposited]]);
      // Refused (already sent): nothing new in the archive, nothing said.
      expect((await w.call('GET', `/dispatched-doc/send/${sending.docIds[0]}`)).statusCode).toBe(409);
      // A retry the safe refuses again deposits nothing either.
      attachSafePort(w.t.db, { ...embeddedSafePort, deposit: () => Promise.reject(new Error('Coffre-fort en panne')) });
      try {
        expect((await w.call('POST', `/dispatched-doc/retry/${retrying.docIds[0]}`)).json().status).toBe(
          'NOT_DISPATCHED',
        );
      } finally {
        attachSafePort(w.t.db, embeddedSafePort);
      }
      expect(archiveEvents()).toHaveLength(1);
      const retried = await w.call('POST', `/dispatched-doc/retry/${retrying.docIds[0]}`);
      expect(retried.json().documentId).toEqual(expect.any(String));
      expect(archiveEvents()).toEqual([
        ['main', lyon, 'documents.deposited', deposited],
        ['main', lyon, 'documents.deposited', deposited],
      ]);
    } finally {
      push.publishToOrg = original;
    }
  });
});

describe('scope', () => {
  it('answers 404 for another organisation’s or another domain’s document, and for a malformed id', async () => {
    const [mainDoc] = await docs(campaign('main-dispatched'), `status = 'DISPATCHED'`);
    const [legacyDoc] = await docs(campaign('legacy-validation', 'legacy'), 'true', 'dom_legacy');
    for (const [session, docId] of [
      [w.essai, mainDoc!.id],
      [w.admin, legacyDoc!.id],
      [w.admin, 'not-a-uuid'],
    ] as const) {
      for (const url of [
        `/dispatched-doc/${docId}`,
        `/dispatched-doc/${docId}/file`,
        `/dispatched-doc/send/${docId}`,
      ]) {
        const res = await w.call('GET', url, session);
        expect([url, res.statusCode, res.json().key]).toEqual([url, 404, ERROR_KEYS.notFound]);
      }
      const retry = await w.call('POST', `/dispatched-doc/retry/${docId}`, session);
      expect(retry.statusCode).toBe(404);
    }
  });
});

describe('reading one document', () => {
  it('gives the document page its facts and its part as a PDF', async () => {
    const [doc] = await docs(campaign('main-dispatched'), `status = 'DISPATCHED'`);
    const res = await w.call('GET', `/dispatched-doc/${doc!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: doc!.id,
      status: 'DISPATCHED',
      hasFile: true,
      campaignName: expect.any(String),
    });
    expect(res.json().recipientName).toEqual(expect.any(String));
    const file = await w.call('GET', `/dispatched-doc/${doc!.id}/file`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('names the source a demo document was cut from, a real PDF holding every page the campaign counts', async () => {
    const id = campaign('main-dispatched');
    const [doc] = await docs(id, `status = 'DISPATCHED'`);
    const detail = (await w.call('GET', `/dispatched-doc/${doc!.id}`)).json();
    expect(detail.sourceName).toEqual(expect.stringMatching(/\.pdf$/));
    const { rows } = await w.t.db.query<{ pages: number; pages_total: number; file_id: string; max_page: number }>(
      `SELECT src.pages, c.pages_total, src.file_id,
              (SELECT max(p) FROM dom_main.dispatched_docs d, unnest(d.pages) p WHERE d.campaign_id = c.id) AS max_page
         FROM dom_main.campaigns c JOIN dom_main.campaign_sources src ON src.campaign_id = c.id
         WHERE c.id = $1`,
      [id],
    );
    const source = rows[0]!;
    const pdf = await PDFDocument.load((await readFile(w.t.db, 'main', source.file_id))!.bytes);
    expect([pdf.getPageCount(), source.pages_total, source.max_page]).toEqual([
      source.pages,
      source.pages,
      source.pages,
    ]);
  });

  it('answers 404 with a key for a document that has no stored part', async () => {
    const [unknown] = await docs(campaign('main-dispatched'), `employee_id IS NULL`);
    const res = await w.call('GET', `/dispatched-doc/${unknown!.id}/file`);
    expect([res.statusCode, res.json().key]).toEqual([404, ERROR_KEYS.campaignDocWithoutFile]);
    expect((await w.call('GET', `/dispatched-doc/${unknown!.id}`)).json().hasFile).toBe(false);
  });
});
