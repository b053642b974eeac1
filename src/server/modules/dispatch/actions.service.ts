/** Operator actions: each one is a machine event applied to the stored campaign (409 when refused). */
import type { DomainId } from '../../../contract/constants.ts';
import type { Campaign } from '../../../contract/entities.ts';
import type { CampaignUpdateBody, DispatchedDocPage, ValidateAnswer } from '../../../contract/dispatch.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import type { Deps } from '../../http/routes.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { CampaignEvent } from '../../../../machines/campaign/index.ts';
import { DELETABLE_SQL, RETRYABLE_SQL, campaignById } from './campaign.repo.ts';
import { checkUsersToNotify } from './create.rules.ts';
import { startDispatch } from './jobs.ts';
import { type Effect, applyEvent } from './lifecycle.ts';
import { type AlertDelivery, recordCampaignAlert } from './notify.ts';
import { publishCampaign } from './push.ts';
import { DOC_COLUMNS, type DispatchedDocRow, toDispatchedDoc, visibleCampaignRow } from './read.service.ts';

type Session = Pick<SessionContext, 'userId' | 'domain'>;
/** Documents still waiting for the operator's decision. */
const AWAITING = ['NEEDS_DISPATCHING', 'CANT_AUTO_ATTACH_EMP_TO_ORG'];

/** The campaign's chosen users, told after commit (`notify.ts`). */
const alertDeps = (deps: Deps) => ({ mail: deps.mail, push: deps.push, publicUrl: deps.config.publicUrl });

async function act(
  deps: Deps,
  session: Session,
  id: string,
  event: CampaignEvent,
  effect?: Effect,
  after?: (q: Queryable) => Promise<AlertDelivery>,
): Promise<Campaign> {
  const alert = await deps.db.tx(async (q) => {
    const row = await visibleCampaignRow(q, session, id, true);
    await applyEvent(q, session.domain, row, event, effect);
    return after ? after(q) : null;
  });
  await publishCampaign(deps, session.domain, id);
  await alert?.().catch(() => undefined);
  const campaign = await campaignById(deps.db, session.domain, id);
  if (!campaign) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return campaign;
}

/** Moves the campaign's documents in `from` to `to`; returns how many moved. */
const moveDocs =
  (domain: DomainId, from: readonly string[], to: string) =>
  async (q: Queryable, row: { id: string }): Promise<number> => {
    const { rows } = await q.query<{ n: number }>(
      `WITH moved AS (UPDATE ${schemaOf(domain)}.dispatched_docs SET status = $3, updated_at = now()
        WHERE campaign_id = $1 AND status = ANY($2::text[]) RETURNING 1) SELECT count(*)::int AS n FROM moved`,
      [row.id, from, to],
    );
    return rows[0]?.n ?? 0;
  };

export async function validate(deps: Deps, session: Session, id: string): Promise<ValidateAnswer> {
  let recipientsCount = 0;
  const campaign = await act(deps, session, id, { type: 'campaign.validate' }, async (q, row) => {
    const { rows } = await q.query<{ n: number }>(
      `SELECT count(DISTINCT employee_id)::int AS n FROM ${schemaOf(session.domain)}.dispatched_docs
        WHERE campaign_id = $1 AND status = 'NEEDS_DISPATCHING'`,
      [row.id],
    );
    recipientsCount = rows[0]?.n ?? 0;
    await q.query(`UPDATE ${schemaOf(session.domain)}.campaigns SET sent_at = now() WHERE id = $1`, [row.id]);
  });
  await startDispatch(deps, { domain: session.domain, campaignId: id });
  return { recipientsCount, campaign };
}

export async function refuseDispatch(deps: Deps, session: Session, id: string): Promise<Campaign> {
  let refused = 0;
  const move = moveDocs(session.domain, AWAITING, 'REFUSED');
  return act(
    deps,
    session,
    id,
    { type: 'campaign.refuse' },
    async (q, row) => {
      refused = await move(q, row);
    },
    (q) => recordCampaignAlert(q, alertDeps(deps), session.domain, id, { kind: 'refused', count: refused }),
  );
}

export const cancel = (deps: Deps, session: Session, id: string): Promise<Campaign> =>
  act(
    deps,
    session,
    id,
    { type: 'campaign.cancel' },
    async (q, row) => void (await moveDocs(session.domain, [...AWAITING, 'DISPATCHING'], 'CANCELED')(q, row)),
  );

export async function retry(deps: Deps, session: Session, id: string): Promise<Campaign> {
  const campaign = await act(deps, session, id, { type: 'campaign.retry' }, async (q, row) => {
    await q.query(
      `UPDATE ${schemaOf(session.domain)}.dispatched_docs d
          SET status = 'NEEDS_DISPATCHING', failure_cause = NULL, reason = NULL, updated_at = now()
        WHERE d.campaign_id = $1 AND ${RETRYABLE_SQL}`,
      [row.id],
    );
  });
  await startDispatch(deps, { domain: session.domain, campaignId: id });
  return campaign;
}

export const update = (deps: Deps, session: Session, id: string, body: CampaignUpdateBody): Promise<Campaign> =>
  act(deps, session, id, { type: 'campaign.update' }, async (q, row) => {
    // The rule of creation, against the campaign's organisation: a refusal rolls the whole update back.
    if (body.usersToNotify) await checkUsersToNotify(q, session, body.usersToNotify, row.organization_id);
    await q.query(
      `UPDATE ${schemaOf(session.domain)}.campaigns
          SET name = coalesce($2, name), doc_name = coalesce($3, doc_name), on_refuse = coalesce($4, on_refuse),
              on_error = coalesce($5, on_error), users_to_notify = coalesce($6::uuid[], users_to_notify)
        WHERE id = $1`,
      [
        row.id,
        body.name ?? null,
        body.docName ?? null,
        body.onRefuse ?? null,
        body.onError ?? null,
        body.usersToNotify ?? null,
      ],
    );
  });

/** The one visible campaign that all `ids` belong to; 404 if any is unknown, foreign, or they span campaigns. */
async function campaignOfDocs(q: Queryable, session: Session, ids: readonly string[]): Promise<string> {
  if (!ids.every(isUuid)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ campaign_id: string }>(
    `SELECT DISTINCT d.campaign_id FROM ${s}.dispatched_docs d JOIN ${s}.campaigns c ON c.id = d.campaign_id
      WHERE d.id = ANY($1::uuid[]) AND c.organization_id = ANY($2::uuid[])`,
    [ids, await visibleOrgIds(q, session)],
  );
  const { rows: found } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.dispatched_docs WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  if (rows.length !== 1 || found[0]?.n !== new Set(ids).size) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return rows[0]!.campaign_id;
}

export async function refuseDocuments(
  deps: Deps,
  session: Session,
  ids: readonly string[],
  reason: string,
): Promise<DispatchedDocPage> {
  const s = schemaOf(session.domain);
  const campaignId = await campaignOfDocs(deps.db, session, ids);
  const refused: DispatchedDocRow[] = [];
  const event = { type: 'campaign.document.refuse', docId: ids[0] ?? '', reason } as const;
  const alert = (q: Queryable) =>
    recordCampaignAlert(q, alertDeps(deps), session.domain, campaignId, {
      kind: 'refused',
      count: refused.length,
      reason,
    });
  await act(
    deps,
    session,
    campaignId,
    event,
    async (q) => {
      const { rows } = await q.query<{ id: string }>(
        `UPDATE ${s}.dispatched_docs SET status = 'REFUSED', reason = $2, updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = ANY($3::text[]) RETURNING id`,
        [ids, reason, AWAITING],
      );
      // Refusing a document already refused (or dispatched) is not a change the operator can make.
      if (rows.length !== new Set(ids).size) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
      const docs = await q.query<DispatchedDocRow>(
        `SELECT ${DOC_COLUMNS} FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
        WHERE d.id = ANY($1::uuid[])`,
        [ids],
      );
      refused.push(...docs.rows);
    },
    alert,
  );
  const campaign = await campaignById(deps.db, session.domain, campaignId);
  for (const doc of refused) {
    if (campaign)
      deps.push.publishToOrg(session.domain, campaign.organizationId, 'dispatchedDoc.updated', toDispatchedDoc(doc));
  }
  return { count: refused.length, items: refused.map(toDispatchedDoc) };
}

export async function deleteDispatchedDocs(deps: Deps, session: Session, ids: readonly string[]): Promise<Campaign> {
  const s = schemaOf(session.domain);
  const campaignId = await campaignOfDocs(deps.db, session, ids);
  return deps.db
    .tx(async (q) => {
      const row = await visibleCampaignRow(q, session, campaignId, true);
      const { rows } = await q.query<{ deletable: number; left: number }>(
        `SELECT count(*) FILTER (WHERE d.id = ANY($2::uuid[]) AND ${DELETABLE_SQL})::int AS deletable,
                count(*) FILTER (WHERE NOT d.id = ANY($2::uuid[]) AND (${DELETABLE_SQL} OR ${RETRYABLE_SQL}))::int AS left
           FROM ${s}.dispatched_docs d WHERE d.campaign_id = $1`,
        [campaignId, ids],
      );
      const counts = rows[0] ?? { deletable: 0, left: 0 };
      // Only documents failed for good may go; the machine decides whether the campaign allows it.
      const event = { type: 'campaign.deleteDocuments', remainingFailed: counts.left } as const;
      await applyEvent(q, session.domain, row, event, async () => {
        if (counts.deletable !== new Set(ids).size) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
        await q.query(`DELETE FROM ${s}.dispatched_docs WHERE id = ANY($1::uuid[])`, [ids]);
        // « Destinataires » counts the employees of the documents left, as the split counted them.
        await q.query(
          `UPDATE ${s}.campaigns c SET recipients_count = (SELECT count(DISTINCT employee_id)::int
             FROM ${s}.dispatched_docs d WHERE d.campaign_id = c.id) WHERE c.id = $1`,
          [campaignId],
        );
      });
    })
    .then(async () => {
      await publishCampaign(deps, session.domain, campaignId);
      const campaign = await campaignById(deps.db, session.domain, campaignId);
      if (!campaign) throw new ApiFailure(404, ERROR_KEYS.notFound);
      return campaign;
    });
}
