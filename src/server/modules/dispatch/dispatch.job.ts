/**
 * The `campaign.dispatch` job: deposits each pending document into its employee's safe. Each
 * document is claimed, deposited and given its status in ONE small transaction guarded by its
 * current status, so a job killed at any point (kill -9) and run again dispatches the rest, and
 * never one document twice. Progress reaches the organisation's room coalesced (a few per second).
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { DispatchedDocStatus, DispatchFailureCause } from '../../../contract/enums.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import type { Push } from '../../push/push.ts';
import { type SafePort, depositEmbedded } from '../../ports/safe.ts';
import { companySubscription } from '../hrdesk/subscription.ts';
import { DELETABLE_SQL, RETRYABLE_SQL, campaignRow } from './campaign.repo.ts';
import { applyJobEvent } from './lifecycle.ts';
import { publishCampaign, progressPublisher } from './push.ts';
import { publishDeposited } from '../documents/push.ts';
import { paperPosted } from './postal.ts';
import { DOC_COLUMNS, type DispatchedDocRow, toDispatchedDoc } from './read.service.ts';
import { timeSlicer } from '../../jobs/slice.ts';
import type { MailPort } from '../../ports/mail.ts';
import { recordCampaignAlert } from './notify.ts';

export const CAMPAIGN_DISPATCH_JOB = 'campaign.dispatch';
export interface DispatchJobData {
  readonly domain: DomainId;
  readonly campaignId: string;
}
export interface DispatchJobDeps {
  readonly db: Db;
  readonly push: Push;
  readonly safe: SafePort;
  /** Where the « Personnes à prévenir » e-mails go (none: only the notifications panel hears). */
  readonly mail?: MailPort | undefined;
  /** The product's address, for the link in those e-mails. */
  readonly publicUrl?: string | undefined;
}

export const PENDING = ['NEEDS_DISPATCHING', 'DISPATCHING'];
/** What a run leaves not distributed for good or until a retry (the « n'est pas distribué » option). */
const UNDELIVERED_SQL = `'NOT_DISPATCHED', 'CANT_CREATE_DOC_ERROR', 'CANT_CREATE_EMP_ERROR'`;

interface Claimed {
  employee_id: string | null;
  safe_status: string | null;
  bpe_agreement: string | null;
  first_name: string | null;
  name: string | null;
  file_id: string | null;
  document_id: string | null;
  paper_dispatch: boolean | null;
  page_count: number | null;
}

/** What the company's subscription still lets a campaign deposit, and why a refused one is refused. */
export interface Allowance {
  left: number;
  readonly reason: string;
}

/**
 * What the subscription of the company holding `orgId` still lets a campaign deposit, counted as the
 * dashboard counts them (hrdesk/subscription.ts): nothing once a trial is over, no limit for a subscriber.
 */
export async function allowanceOf(
  q: Queryable,
  domain: DomainId,
  orgId: string,
  userId: string | null = null,
): Promise<Allowance> {
  const sub = await companySubscription(q, domain, orgId, userId);
  if (sub.trialOver) return { left: 0, reason: 'Période d’essai terminée' };
  if (!sub.trial) return { left: Number.POSITIVE_INFINITY, reason: '' };
  return { left: sub.docLimit - sub.nbDispatchedDocs, reason: 'Limite de documents atteinte' };
}

/** Documents the subscription still allows (see `allowanceOf`). */
export const docAllowance = async (
  q: Queryable,
  domain: DomainId,
  orgId: string,
  userId: string | null = null,
): Promise<number> => (await allowanceOf(q, domain, orgId, userId)).left;

export type DepositCampaign = {
  id: string;
  organization_id: string;
  doc_type_code: string;
  doc_name: string;
  created_by?: string | null;
};

/** Deposits one document; returns it as stored, or null when another run already took it. */
const dispatchOne = (
  deps: DispatchJobDeps,
  domain: DomainId,
  campaign: DepositCampaign,
  docId: string,
  allowance: Allowance,
): Promise<DispatchedDocRow | null> => deps.db.tx((q) => depositOne(q, deps, domain, campaign, docId, allowance));

/**
 * The guarded deposit of one document inside the caller's transaction (the job's, or the
 * single-document retry/send of docs.service.ts): only a document in one of `from` is taken.
 */
export async function depositOne(
  q: Queryable,
  deps: Pick<DispatchJobDeps, 'safe'>,
  domain: DomainId,
  campaign: DepositCampaign,
  docId: string,
  allowance: Allowance,
  from: readonly string[] = PENDING,
): Promise<DispatchedDocRow | null> {
  const s = schemaOf(domain);
  const { rows } = await q.query<Claimed>(
    `SELECT d.employee_id, e.safe_status, e.bpe_agreement, e.first_name, e.name, d.file_id, d.document_id,
            e.paper_dispatch, cardinality(d.pages) AS page_count
       FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
      WHERE d.id = $1 AND d.status = ANY($2::text[]) FOR UPDATE OF d`,
    [docId, from],
  );
  const doc = rows[0];
  if (!doc) return null;
  let status: DispatchedDocStatus;
  let cause: DispatchFailureCause | null = null;
  let reason: string | null = null;
  let documentId = doc.document_id;
  let postal: string | null = null;
  if (!doc.employee_id) [status, cause] = ['NOT_DISPATCHED', 'NO_EMP_FOUND'];
  else if (doc.paper_dispatch) [status, postal] = ['PAPER_DISPATCHED', paperPosted()];
  else if (doc.bpe_agreement === 'REFUSED') [status, cause] = ['NOT_DISPATCHED', 'EMP_BPE_REFUSAL'];
  else if (!documentId && allowance.left <= 0) [status, reason] = ['CANT_CREATE_DOC_ERROR', allowance.reason];
  else {
    try {
      if (!documentId) {
        const request = {
          domain,
          employeeId: doc.employee_id,
          organizationId: campaign.organization_id,
          typeCode: campaign.doc_type_code,
          description: `${campaign.doc_name} — ${doc.first_name ?? ''} ${doc.name ?? ''}`.trim(),
          fileId: doc.file_id,
          metaDatas: [{ key: 'empName', value: `${doc.first_name ?? ''} ${doc.name ?? ''}`.trim() }],
          source: 'campaign' as const,
          sourceId: campaign.id,
          depositedBy: campaign.created_by ?? null,
          pageCount: doc.page_count || null,
        };
        documentId = (await (deps.safe.deposit ?? depositEmbedded)(q, request)).documentId;
        allowance.left -= 1;
      }
      status = doc.safe_status === 'FINALISED' ? 'DISPATCHED' : 'WAITING_FOR_USER_REGISTRATION';
    } catch (error) {
      [status, cause] = ['NOT_DISPATCHED', 'EDOCPERSO_ERROR'];
      reason = error instanceof Error ? error.message.slice(0, 300) : 'Coffre-fort indisponible';
    }
  }
  await q.query(
    `UPDATE ${s}.dispatched_docs SET status = $2, failure_cause = $3, reason = $4, document_id = $5,
            postal = coalesce($6::jsonb, postal), updated_at = now()
      WHERE id = $1`,
    [docId, status, cause, reason, documentId, postal],
  );
  const stored = await q.query<DispatchedDocRow>(
    `SELECT ${DOC_COLUMNS} FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
      WHERE d.id = $1`,
    [docId],
  );
  return stored.rows[0] ?? null;
}

export async function runDispatchJob(deps: DispatchJobDeps, { domain, campaignId }: DispatchJobData): Promise<void> {
  const s = schemaOf(domain);
  const campaign = await campaignRow(deps.db, domain, campaignId);
  if (!campaign || !['NEEDS_DISPATCHING', 'DISPATCHING'].includes(campaign.status)) return;
  await deps.db.tx((q) => applyJobEvent(q, domain, campaignId, { type: 'job.dispatch.progressed' }));
  const progress = progressPublisher(deps, domain, campaign.organization_id, campaignId);
  let deposited = false;
  try {
    const { rows: author } = await deps.db.query<{ created_by: string | null }>(
      `SELECT created_by FROM ${s}.campaigns WHERE id = $1`,
      [campaignId],
    );
    const allowance = await allowanceOf(deps.db, domain, campaign.organization_id, author[0]?.created_by ?? null);
    // One short transaction per document, and a turn of the event loop every few milliseconds, so
    // the API answers between documents (on PGlite the chain of awaits alone never lets it).
    const slicer = timeSlicer();
    for (;;) {
      const { rows } = await deps.db.query<{ id: string }>(
        `SELECT id FROM ${s}.dispatched_docs WHERE campaign_id = $1 AND status = ANY($2::text[]) ORDER BY id LIMIT 200`,
        [campaignId, PENDING],
      );
      if (rows.length === 0) break;
      for (const { id } of rows) {
        const doc = await dispatchOne(deps, domain, campaign, id, allowance);
        if (doc) progress.documentChanged(toDispatchedDoc(doc));
        if (doc?.document_id) deposited = true;
        await slicer.pause();
      }
    }
  } catch (error) {
    await progress.flush();
    await deps.db.tx((q) => applyJobEvent(q, domain, campaignId, { type: 'job.dispatch.failed' }));
    await publishCampaign(deps, domain, campaignId);
    throw error;
  }
  await progress.flush();
  if (deposited) publishDeposited(deps.push, domain, campaign.organization_id, 'campaign');
  const { rows } = await deps.db.query<{ failed: number; retryable: number; undelivered: number }>(
    `SELECT count(*) FILTER (WHERE ${RETRYABLE_SQL} OR ${DELETABLE_SQL})::int AS failed,
            count(*) FILTER (WHERE ${RETRYABLE_SQL})::int AS retryable,
            count(*) FILTER (WHERE d.status IN (${UNDELIVERED_SQL}))::int AS undelivered
       FROM ${s}.dispatched_docs d WHERE d.campaign_id = $1`,
    [campaignId],
  );
  const { failed = 0, retryable = 0, undelivered = 0 } = rows[0] ?? {};
  const alert = await deps.db.tx(async (q) => {
    await applyJobEvent(q, domain, campaignId, { type: 'job.dispatch.completed', failed, retryable });
    // « Prévenir si un document n'est pas distribué »: every document this run left undistributed.
    return recordCampaignAlert(q, deps, domain, campaignId, { kind: 'not-distributed', count: undelivered });
  });
  await publishCampaign(deps, domain, campaignId);
  await alert().catch(() => undefined);
}

/** After a restart: campaigns left waiting for or in the middle of distribution get their job again. */
export async function resumeDispatches(
  db: Queryable,
  domains: readonly DomainId[],
  send: (data: DispatchJobData) => Promise<unknown>,
): Promise<number> {
  let n = 0;
  for (const domain of domains) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM ${schemaOf(domain)}.campaigns WHERE status IN ('NEEDS_DISPATCHING', 'DISPATCHING')`,
    );
    for (const { id } of rows) {
      await send({ domain, campaignId: id });
      n += 1;
    }
  }
  return n;
}
