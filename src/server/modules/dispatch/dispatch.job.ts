/**
 * The `campaign.dispatch` job: deposits each pending document into its employee's safe. Each
 * document is claimed, deposited and given its status in ONE small transaction guarded by its
 * current status, so a job killed at any point (kill -9) and run again dispatches the rest, and
 * never one document twice. Progress reaches the organisation's room coalesced (a few per second).
 * A remote safe is called before that transaction (never inside one: a slow safe would hold the
 * database); when it is unavailable several times in a row the RUN fails (the campaign in error,
 * the documents not yet sent left waiting for « Réessayer »), rather than failing every document.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { DispatchedDocStatus, DispatchFailureCause } from '../../../contract/enums.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import type { Push } from '../../push/push.ts';
import { type SafePort, type SafeReceipt, SafeRefused, SafeUnavailable, depositEmbedded } from '../../ports/safe.ts';
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
  /** Wait before asking an unavailable safe again, times the answers in a row (default 500 ms). */
  readonly unavailableDelayMs?: number;
}

/** Unavailable answers in a row after which the run stops and the campaign goes in error. */
export const UNAVAILABLE_LIMIT = 3;

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

/** What a remote safe answered before the transaction: accepted (its receipt) or refused (its reason). */
export type Transmitted = { readonly receipt: SafeReceipt } | { readonly refused: string };

const CLAIMED_SQL = (s: string) => `
  SELECT d.employee_id, e.safe_status, e.bpe_agreement, e.first_name, e.name, d.file_id, d.document_id,
         e.paper_dispatch, cardinality(d.pages) AS page_count
    FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
   WHERE d.id = $1 AND d.status = ANY($2::text[])`;

/** The deposit a claimed document asks for, or null when it is not one for the safe (no employee, paper…). */
function depositRequestOf(domain: DomainId, campaign: DepositCampaign, doc: Claimed, allowance: Allowance) {
  if (!doc.employee_id || doc.paper_dispatch || doc.bpe_agreement === 'REFUSED' || doc.document_id) return null;
  if (allowance.left <= 0) return null;
  const empName = `${doc.first_name ?? ''} ${doc.name ?? ''}`.trim();
  return {
    domain,
    employeeId: doc.employee_id,
    organizationId: campaign.organization_id,
    typeCode: campaign.doc_type_code,
    description: `${campaign.doc_name} — ${empName}`.trim(),
    fileId: doc.file_id,
    metaDatas: [{ key: 'empName', value: empName }],
    source: 'campaign' as const,
    sourceId: campaign.id,
    depositedBy: campaign.created_by ?? null,
    pageCount: doc.page_count || null,
  };
}

/**
 * A remote safe's answer for the document, asked outside any transaction; undefined when the port
 * records deposits itself (the embedded safe) or the document needs no deposit. Throws
 * `SafeUnavailable`. The transaction that follows checks the document again: if another run or an
 * operator took it meanwhile, the same idempotency key made the safe keep one copy.
 */
export async function transmitOne(
  db: Queryable,
  safe: SafePort,
  domain: DomainId,
  campaign: DepositCampaign,
  docId: string,
  allowance: Allowance,
  from: readonly string[] = PENDING,
): Promise<Transmitted | undefined> {
  if (!safe.transmit) return undefined;
  const { rows } = await db.query<Claimed>(CLAIMED_SQL(schemaOf(domain)), [docId, from]);
  const request = rows[0] ? depositRequestOf(domain, campaign, rows[0], allowance) : null;
  if (!request) return undefined;
  try {
    return { receipt: await safe.transmit(db, request) };
  } catch (error) {
    if (error instanceof SafeRefused) return { refused: error.reason };
    throw error;
  }
}

/** Deposits one document; returns it as stored, or null when another run already took it. */
const dispatchOne = async (
  deps: DispatchJobDeps,
  domain: DomainId,
  campaign: DepositCampaign,
  docId: string,
  allowance: Allowance,
): Promise<DispatchedDocRow | null> => {
  const transmitted = await transmitOne(deps.db, deps.safe, domain, campaign, docId, allowance);
  return deps.db.tx((q) => depositOne(q, deps, domain, campaign, docId, allowance, PENDING, transmitted));
};

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
  transmitted?: Transmitted,
): Promise<DispatchedDocRow | null> {
  const s = schemaOf(domain);
  const { rows } = await q.query<Claimed>(`${CLAIMED_SQL(s)} FOR UPDATE OF d`, [docId, from]);
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
      const request = depositRequestOf(domain, campaign, doc, allowance);
      if (request) {
        if (transmitted && 'refused' in transmitted) throw new SafeRefused(400, transmitted.refused);
        const receipt = transmitted?.receipt;
        documentId = (await (deps.safe.deposit ?? depositEmbedded)(q, request, receipt)).documentId;
        allowance.left -= 1;
      }
      status = doc.safe_status === 'FINALISED' ? 'DISPATCHED' : 'WAITING_FOR_USER_REGISTRATION';
    } catch (error) {
      // Unavailable is no answer about this document: the run decides (it stops after a few in a row).
      if (error instanceof SafeUnavailable) throw error;
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
  const progressed = () => deps.db.tx((q) => applyJobEvent(q, domain, campaignId, { type: 'job.dispatch.progressed' }));
  await progressed();
  const progress = progressPublisher(deps, domain, campaign.organization_id, campaignId);
  // The machine hears the run progress at the pace of the coalesced pushes (running → running).
  let progressedAt = Date.now();
  let unavailable = 0;
  const delayMs = deps.unavailableDelayMs ?? 500;
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
        let doc: DispatchedDocRow | null;
        for (;;) {
          try {
            doc = await dispatchOne(deps, domain, campaign, id, allowance);
            unavailable = 0;
            break;
          } catch (error) {
            if (!(error instanceof SafeUnavailable) || ++unavailable >= UNAVAILABLE_LIMIT) throw error;
            await new Promise((resolve) => setTimeout(resolve, delayMs * unavailable));
          }
        }
        if (doc) progress.documentChanged(toDispatchedDoc(doc));
        if (doc && Date.now() - progressedAt >= 250) {
          progressedAt = Date.now();
          await progressed();
        }
        if (doc?.document_id) deposited = true;
        await slicer.pause();
      }
    }
  } catch (error) {
    await progress.flush();
    await deps.db.tx((q) => applyJobEvent(q, domain, campaignId, { type: 'job.dispatch.failed' }));
    await publishCampaign(deps, domain, campaignId);
    // An unavailable safe is the run's recorded outcome (the campaign in error, « Réessayer » offered),
    // not a job to run again by the queue; anything else is a fault the queue must see.
    if (error instanceof SafeUnavailable) {
      console.error(`dispatch of campaign ${campaignId} stopped: ${error.message}`);
      return;
    }
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
