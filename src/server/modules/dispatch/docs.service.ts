/**
 * One dispatched document: its page's facts, and the operator's retry (a failed document) and send
 * (a document still waiting) of seed 001 §7.2. Both reuse the job's guarded deposit (`depositOne`) in
 * ONE transaction that first locks the campaign, so a document is never deposited twice; a state
 * that forbids the action answers 409 with nothing changed. The campaign then follows through the
 * machine's `campaign.document.send` with the failures left (`followFailures`).
 */
import type { DispatchedDocDetail } from '../../../contract/dispatch.ts';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { SafeUnavailable, safePortOf } from '../../ports/safe.ts';
import { type CampaignRow, DELETABLE_SQL, RETRYABLE_SQL, campaignRow, snapshotOfRow } from './campaign.repo.ts';
import { type Transmitted, allowanceOf, depositOne, transmitOne } from './dispatch.job.ts';
import { publishDeposited } from '../documents/push.ts';
import { applyEvent } from './lifecycle.ts';
import { publishCampaign } from './push.ts';
import { DOC_COLUMNS, type DispatchedDocRow, toDispatchedDoc } from './read.service.ts';

type Session = Pick<SessionContext, 'userId' | 'domain'>;

interface DocRow extends DispatchedDocRow {
  campaign_name: string;
  identifier: string | null;
  source_name: string | null;
  file_id: string | null;
  updated_at: string;
  safe_status: string | null;
  bpe_agreement: string | null;
  attached: boolean;
}

/** The document if the session sees its campaign's organisation; 404 otherwise (foreign, other domain, unknown). */
export async function visibleDoc(q: Queryable, session: Session, id: string): Promise<DocRow> {
  if (!isUuid(id)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const s = schemaOf(session.domain);
  const { rows } = await q.query<DocRow>(
    `SELECT ${DOC_COLUMNS}, c.name AS campaign_name, d.identifier, src.name AS source_name,
            coalesce(d.file_id, doc.file_id) AS file_id, d.updated_at, e.safe_status, e.bpe_agreement,
            EXISTS (SELECT 1 FROM ${s}.employee_organizations eo WHERE eo.employee_id = d.employee_id
                     AND eo.organization_id = c.organization_id AND eo.active) AS attached
       FROM ${s}.dispatched_docs d JOIN ${s}.campaigns c ON c.id = d.campaign_id
       LEFT JOIN ${s}.employees e ON e.id = d.employee_id
       LEFT JOIN ${s}.documents doc ON doc.id = d.document_id
       LEFT JOIN ${s}.campaign_sources src ON src.id = d.source_id
      WHERE d.id = $1 AND c.organization_id = ANY($2::uuid[])`,
    [id, await visibleOrgIds(q, session)],
  );
  const row = rows[0];
  if (!row) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return row;
}

export async function getDispatchedDoc(db: Queryable, session: Session, id: string): Promise<DispatchedDocDetail> {
  const row = await visibleDoc(db, session, id);
  return {
    ...toDispatchedDoc(row),
    campaignName: row.campaign_name,
    identifier: row.identifier,
    sourceName: row.source_name,
    hasFile: row.file_id !== null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const IN_DISTRIBUTION = ['NEEDS_DISPATCHING', 'DISPATCHING'];
const AFTER_DISTRIBUTION = ['DISPATCHED', 'IN_ERROR'];

/** May this failed document be tried again now? (the cause is one a new attempt can fix) */
const retryable = (doc: DocRow, campaign: CampaignRow): boolean => {
  if (!AFTER_DISTRIBUTION.includes(campaign.status)) return false;
  if (doc.status === 'CANT_CREATE_DOC_ERROR') return true;
  if (doc.status === 'WAITING_FOR_USER_REGISTRATION') return doc.safe_status === 'FINALISED';
  if (doc.status !== 'NOT_DISPATCHED') return false;
  if (doc.failure_cause === 'EDOCPERSO_ERROR') return true;
  return doc.failure_cause === 'EMP_BPE_REFUSAL' && doc.bpe_agreement !== 'REFUSED';
};

/** May this waiting document be sent now? */
const sendable = (doc: DocRow, campaign: CampaignRow): boolean => {
  if (doc.status === 'NEEDS_DISPATCHING') return IN_DISTRIBUTION.includes(campaign.status);
  if (doc.status === 'CANT_AUTO_ATTACH_EMP_TO_ORG')
    return doc.attached && [...IN_DISTRIBUTION, ...AFTER_DISTRIBUTION].includes(campaign.status);
  return false;
};

/**
 * After one document's deposit, the campaign's failures go to the machine: in error it recomputes its
 * remedies (none left → dispatched); while dispatching the run's end counts them. Documents still
 * waiting for a run count as retryable: a retry is what would send them (after a dispatch that died).
 * States that do not follow one document (a late one in a distributed campaign) are left as they are.
 */
async function followFailures(q: Queryable, session: Session, campaign: CampaignRow): Promise<void> {
  const pending = `d.status IN ('NEEDS_DISPATCHING', 'DISPATCHING')`;
  const { rows } = await q.query<{ failed: number; retryable: number }>(
    `SELECT count(*) FILTER (WHERE ${RETRYABLE_SQL} OR ${pending} OR ${DELETABLE_SQL})::int AS failed,
            count(*) FILTER (WHERE ${RETRYABLE_SQL} OR ${pending})::int AS retryable
       FROM ${schemaOf(session.domain)}.dispatched_docs d WHERE d.campaign_id = $1`,
    [campaign.id],
  );
  const { failed = 0, retryable = 0 } = rows[0] ?? {};
  const event = { type: 'campaign.document.send', failed, retryable } as const;
  if (snapshotOfRow(campaign).can(event)) await applyEvent(q, session.domain, campaign, event);
}

async function actOnDoc(
  deps: Deps,
  session: Session,
  id: string,
  allowed: (doc: DocRow, campaign: CampaignRow) => boolean,
): Promise<DispatchedDocument> {
  const s = schemaOf(session.domain);
  const probe = await visibleDoc(deps.db, session, id);
  const safe = safePortOf(deps);
  // A remote safe is asked before the transaction (a slow safe must not hold the database), for a
  // document the action may take; the transaction checks again, and records its answer. Unavailable:
  // the document stays in error with the reason, for another try.
  const before = await campaignRow(deps.db, session.domain, probe.campaign_id);
  let transmitted: Transmitted | undefined;
  if (before && allowed(probe, before)) {
    const allowance = await allowanceOf(deps.db, session.domain, before.organization_id, session.userId);
    transmitted = await transmitOne(deps.db, safe, session.domain, before, id, allowance, [probe.status]).catch(
      (error: unknown) => {
        if (error instanceof SafeUnavailable) return { refused: error.message };
        throw error;
      },
    );
  }
  const stored = await deps.db.tx(async (q) => {
    // Campaign first (the lock every campaign action takes), then the document, read again under it.
    const campaign = await campaignRow(q, session.domain, probe.campaign_id, true);
    const doc = await visibleDoc(q, session, id);
    if (!campaign || !allowed(doc, campaign)) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
    const moved = await q.query(
      `UPDATE ${s}.dispatched_docs SET status = 'NEEDS_DISPATCHING', failure_cause = NULL, reason = NULL
        WHERE id = $1 AND status = $2 RETURNING id`,
      [id, doc.status],
    );
    if (moved.rows.length !== 1) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
    const allowance = await allowanceOf(q, session.domain, campaign.organization_id, session.userId);
    const row = await depositOne(
      q,
      { safe },
      session.domain,
      campaign,
      id,
      allowance,
      ['NEEDS_DISPATCHING'],
      transmitted,
    );
    if (!row) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
    await followFailures(q, session, campaign);
    return { row, orgId: campaign.organization_id, deposited: !doc.document_id && row.document_id !== null };
  });
  const doc = toDispatchedDoc(stored.row);
  deps.push.publishToOrg(session.domain, stored.orgId, 'dispatchedDoc.updated', doc);
  // A new document in the archive: open documents lists refetch, as after a dispatch run.
  if (stored.deposited) publishDeposited(deps.push, session.domain, stored.orgId, 'campaign');
  await publishCampaign(deps, session.domain, doc.campaignId);
  return doc;
}

/** `POST /dispatched-doc/retry/{id}`: a failed document tried again (its outcome is in the answer). */
export const retryDispatchedDoc = (deps: Deps, session: Session, id: string) => actOnDoc(deps, session, id, retryable);

/** `GET /dispatched-doc/send/{id}`: a waiting document deposited now. */
export const sendDispatchedDoc = (deps: Deps, session: Session, id: string) => actOnDoc(deps, session, id, sendable);
