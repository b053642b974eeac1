/**
 * Deposits through a remote personal safe (`remoteSafePort`, SAFE_URL) against a real HTTP double
 * started here (tests/e2e/support/safe-double.mjs): an accepted deposit is recorded as the embedded
 * one is, with the safe's id; a refusal (4xx) leaves the document in error with the safe's reason,
 * retryable; an unavailable safe (503) stops the run after a few answers in a row — the campaign in
 * error, the rest left waiting — and the retry deposits every document once; a deposit the safe
 * accepted before the run died is not made twice. A sealed signbook the safe refuses fails its seal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { UNAVAILABLE_LIMIT, runDispatchJob, transmitOne } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { attachSafePort, embeddedSafePort, remoteSafePort } from '../../src/server/ports/safe.ts';
import { noPush } from '../../src/server/push/push.ts';
import { type SafeDouble, startSafeDouble } from '../e2e/support/safe-double.mjs';
import { safeControl } from '../e2e/support/safe-control.ts';
import { docsWorld, employeesOf, insertCampaign } from './campaign-docs.fixture.ts';
import { hr, lastCode } from './signbook-support.ts';

const w = docsWorld();
let double: SafeDouble;
let control: ReturnType<typeof safeControl>;
let safe: ReturnType<typeof remoteSafePort>;

beforeAll(async () => {
  double = await startSafeDouble();
  control = safeControl(double.url);
  safe = remoteSafePort(double.url, { timeoutMs: 5_000 });
  attachSafePort(w.t.db, safe);
});
afterAll(async () => {
  attachSafePort(w.t.db, embeddedSafePort);
  await double.close();
});

/** A campaign of `n` documents waiting for distribution, to activated and not-yet-activated safes alike. */
async function waitingCampaign(n: number) {
  const employees = await employeesOf(w.t.db, 'Horizon Logistique Lyon', n);
  return insertCampaign(w.t.db, {
    orgName: 'Horizon Logistique Lyon',
    status: 'DISPATCHING',
    docs: employees.map((employeeId) => ({ employeeId, status: 'NEEDS_DISPATCHING' })),
  });
}

const run = (campaignId: string) =>
  runDispatchJob({ db: w.t.db, push: noPush, safe, unavailableDelayMs: 10 }, { domain: 'main', campaignId });

async function docsOf(campaignId: string) {
  const { rows } = await w.t.db.query<{
    id: string;
    status: string;
    failure_cause: string | null;
    reason: string | null;
    safe_document_id: string | null;
  }>(
    `SELECT d.id, d.status, d.failure_cause, d.reason, doc.safe_document_id
       FROM dom_main.dispatched_docs d LEFT JOIN dom_main.documents doc ON doc.id = d.document_id
      WHERE d.campaign_id = $1 ORDER BY d.id`,
    [campaignId],
  );
  return rows;
}
const campaignOf = async (id: string) => (await w.call('GET', `/dispatch/${id}`)).json();
const DONE = ['DISPATCHED', 'WAITING_FOR_USER_REGISTRATION'];

describe('campaign deposits through the remote safe', () => {
  it('accepted: each document goes to the safe with its PDF, and our archive keeps the safe’s id', async () => {
    const { campaignId } = await waitingCampaign(3);
    await run(campaignId);
    const docs = await docsOf(campaignId);
    expect(docs.map((d) => DONE.includes(d.status))).toEqual([true, true, true]);
    const deposits = await control.deposits(campaignId);
    expect(deposits).toHaveLength(3);
    for (const d of deposits) expect([d.calls, d.size > 100, d.fileName]).toEqual([1, true, 'part.pdf']);
    expect(docs.map((d) => d.safe_document_id).sort()).toEqual(deposits.map((d) => d.id).sort());
    expect((await campaignOf(campaignId)).status).toBe('DISPATCHED');
  });

  it('refused (4xx): the document is in error with the safe’s reason, and the campaign’s retry sends it', async () => {
    const { campaignId } = await waitingCampaign(2);
    const remove = await control.addRule({
      match: campaignId,
      action: 'refuse',
      status: 422,
      reason: 'Salarié inconnu du coffre-fort',
      times: 1,
    });
    await run(campaignId);
    await remove();
    const docs = await docsOf(campaignId);
    const refused = docs.filter((d) => d.status === 'NOT_DISPATCHED');
    expect(refused.map((d) => [d.failure_cause, d.reason])).toEqual([
      ['EDOCPERSO_ERROR', 'Salarié inconnu du coffre-fort'],
    ]);
    const failed = await campaignOf(campaignId);
    expect([failed.status, failed.canRetry]).toEqual(['IN_ERROR', true]);
    const shown = await w.call('POST', `/dispatch/${campaignId}/dispatched-docs`, w.admin, {
      status: ['NOT_DISPATCHED'],
    });
    expect(shown.json().items[0]).toMatchObject({ reason: 'Salarié inconnu du coffre-fort' });
    expect((await w.call('POST', `/dispatch/retry/${campaignId}`)).statusCode).toBe(200);
    expect((await campaignOf(campaignId)).status).toBe('DISPATCHED');
    expect((await control.deposits(campaignId)).map((d) => d.calls)).toEqual([1, 1]);
  });

  it('unavailable (503): the run stops after a few answers in a row, the rest waits, a retry deposits each once', async () => {
    const { campaignId, docIds } = await waitingCampaign(4);
    const ordered = [...docIds].sort();
    // The second document's employee: the safe is down from there on.
    const { rows } = await w.t.db.query<{ employee_id: string }>(
      `SELECT employee_id FROM dom_main.dispatched_docs WHERE id = $1`,
      [ordered[1]],
    );
    const remove = await control.addRule({ match: rows[0]!.employee_id, action: 'unavailable' });
    await run(campaignId);
    const failed = await campaignOf(campaignId);
    expect([failed.status, failed.canRetry, failed.canDelete]).toEqual(['IN_ERROR', true, false]);
    const during = await docsOf(campaignId);
    expect(DONE).toContain(during[0]!.status);
    // Not one document marked failed: the three not sent wait for the retry.
    expect(during.slice(1).map((d) => d.status)).toEqual([
      'NEEDS_DISPATCHING',
      'NEEDS_DISPATCHING',
      'NEEDS_DISPATCHING',
    ]);
    expect(UNAVAILABLE_LIMIT).toBe(3);
    await remove();
    expect((await w.call('POST', `/dispatch/retry/${campaignId}`)).statusCode).toBe(200);
    expect((await campaignOf(campaignId)).status).toBe('DISPATCHED');
    expect((await docsOf(campaignId)).every((d) => DONE.includes(d.status))).toBe(true);
    const deposits = await control.deposits(campaignId);
    expect([deposits.length, deposits.every((d) => d.calls === 1)]).toEqual([4, true]);
  });

  it('a deposit the safe accepted before the run died is not made twice when the run starts again', async () => {
    const { campaignId, docIds } = await waitingCampaign(2);
    const campaign = {
      id: campaignId,
      organization_id: (await campaignOf(campaignId)).organizationId as string,
      doc_type_code: 'BULLETIN_PAIE',
      doc_name: 'Bulletin de paie',
    };
    // The safe takes the first document; the process dies before our transaction records it.
    const allowance = { left: Number.POSITIVE_INFINITY, reason: '' };
    const first = await transmitOne(w.t.db, safe, 'main', campaign, [...docIds].sort()[0]!, allowance);
    expect(first).toMatchObject({ receipt: { safeDocumentId: expect.any(String) } });
    await run(campaignId);
    const deposits = await control.deposits(campaignId);
    expect(deposits.map((d) => d.calls).sort()).toEqual([1, 2]);
    const docs = await docsOf(campaignId);
    expect(docs.map((d) => d.safe_document_id).sort()).toEqual(deposits.map((d) => d.id).sort());
    const archived = await w.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.documents WHERE source_id = $1`,
      [campaignId],
    );
    expect(archived.rows[0]!.n).toBe(2);
  });

  it('an operator’s retry of one document the safe cannot take keeps it in error with the reason', async () => {
    const { campaignId } = await waitingCampaign(1);
    const remove = await control.addRule({ match: campaignId, action: 'refuse', reason: 'Format refusé', times: 2 });
    await run(campaignId);
    const [doc] = await docsOf(campaignId);
    const again = await w.call('POST', `/dispatched-doc/retry/${doc!.id}`);
    expect([again.statusCode, again.json().status, again.json().reason]).toEqual([
      200,
      'NOT_DISPATCHED',
      'Format refusé',
    ]);
    await remove();
    const ok = await w.call('POST', `/dispatched-doc/retry/${doc!.id}`);
    expect(DONE).toContain(ok.json().status);
    expect((await campaignOf(campaignId)).status).toBe('DISPATCHED');
  });
});

describe('a sealed signbook’s deposit through the remote safe', () => {
  it('refused: the seal fails with the safe’s reason, the signatures stay, and a retry seals and deposits', async () => {
    const api = hr(w.app);
    const telework = demoId('signbook:main:telework');
    const { rows } = await w.t.db.query<{ name: string }>(`SELECT name FROM dom_main.signbooks WHERE id = $1`, [
      telework,
    ]);
    const remove = await control.addRule({
      match: rows[0]!.name,
      action: 'refuse',
      reason: 'Coffre clôturé',
      times: 1,
    });
    const asked = await api.call('POST', `/sign-workflow/recover-signature-code/${telework}`, w.admin, {
      mode: 'email',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const signed = await api.call('POST', `/sign-workflow/sign/${telework}`, w.admin, {
      codeSignature: await lastCode(w.t.db, 'camille.martin@horizon-demo.fr'),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().status).toBe('IN_ERROR');
    expect(signed.json().seal.error).toContain('Coffre clôturé');
    const kept = await w.t.db.query<{ signed: number; docs: number }>(
      `SELECT (SELECT count(*) FROM dom_main.signatories WHERE signbook_id = $1 AND signed_at IS NOT NULL)::int AS signed,
              (SELECT count(*) FROM dom_main.documents WHERE source_id = $1)::int AS docs`,
      [telework],
    );
    expect(kept.rows[0]!.signed).toBeGreaterThan(0);
    expect(kept.rows[0]!.docs).toBe(0);
    await remove();
    const retried = await api.call('POST', `/sign-workflow/retry-seal/${telework}`, w.admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe('COMPLETE');
    const deposits = await control.deposits(telework);
    expect(deposits).toHaveLength(1);
  });
});
