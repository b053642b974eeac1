/**
 * Document helpers of campaign-paths-api.test.ts: which one-document calls (retry a failed document,
 * send a waiting one) carry `campaign.document.send` through the real routes, and which call a state
 * that refuses the event must answer 409.
 */
import { expect } from 'vitest';
import type { CampaignEvent, CampaignSnapshot } from '../../machines/campaign/index.ts';
import { DELETABLE_SQL, RETRYABLE_SQL } from '../../src/server/modules/dispatch/campaign.repo.ts';
import type { Db } from '../../src/server/db/db.ts';

type SendEvent = Extract<CampaignEvent, { type: 'campaign.document.send' }>;
export interface DocCall {
  readonly method: 'GET' | 'POST';
  readonly url: string;
}

const retry = (id: string): DocCall => ({ method: 'POST', url: `/dispatched-doc/retry/${id}` });
const send = (id: string): DocCall => ({ method: 'GET', url: `/dispatched-doc/send/${id}` });

async function ids(db: Db, campaignId: string, where: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT d.id FROM dom_main.dispatched_docs d WHERE d.campaign_id = $1 AND ${where} ORDER BY d.id`,
    [campaignId],
  );
  return rows.map((r) => r.id);
}

/**
 * The calls that lead to `event` from `snapshot`. Dispatching: one waiting document sent ahead of the
 * run. In error: failed documents retried one at a time (the safe and the subscription now accept
 * them) until `event.failed` are left, `event.retryable` of them retryable; the calls before the last
 * leave more failures than the event reports, so the campaign stays in error until the last one.
 */
export async function callsFor(db: Db, campaignId: string, snapshot: CampaignSnapshot, event: SendEvent) {
  if (snapshot.matches('dispatching')) {
    const [waiting] = await ids(db, campaignId, `d.status = 'NEEDS_DISPATCHING'`);
    expect(waiting).toBeDefined();
    return [send(waiting!)];
  }
  const retryable = await ids(db, campaignId, RETRYABLE_SQL);
  const deletable = await ids(db, campaignId, `${DELETABLE_SQL} AND d.status = 'CANT_CREATE_DOC_ERROR'`);
  const fixRetryable = retryable.length - event.retryable;
  const fixDeletable = deletable.length - (event.failed - event.retryable);
  expect([fixRetryable, fixDeletable].every((n) => n >= 0) && fixRetryable + fixDeletable > 0).toBe(true);
  return [...retryable.slice(0, fixRetryable), ...deletable.slice(0, fixDeletable)].map(retry);
}

/** A one-document call for a state that refuses the event: a failed document retried, else any sent. */
export async function refusedCall(db: Db, campaignId: string): Promise<DocCall | null> {
  const [failed] = await ids(db, campaignId, `(${RETRYABLE_SQL} OR ${DELETABLE_SQL})`);
  if (failed) return retry(failed);
  const [any] = await ids(db, campaignId, 'true');
  return any ? send(any) : null;
}
