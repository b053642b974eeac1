/**
 * A company's subscription, read in one place by everything that shows or enforces it: the
 * subscription figures and the dashboard, employee creation, the dispatch job and the signature
 * screens. A company is the root of an organisation tree:
 * - it is on a free trial when it has a `subscriptions` row (its limits and end date), or when the
 *   user acting for it carries the free-trial flag (then the defaults below, from their account's creation);
 * - once the trial's end date is past, no employee and no document is created any more;
 * - signbooks and social signers need its root's `subscribe_to_signature` (seed 000 §6): the
 *   subscription is the company's, whatever its sub-organisations say.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { SubscriptionStats } from '../../../contract/entities.ts';
import { COUNTED_AS_DISPATCHED } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';

/** Limits shown to a subscriber (not on trial): large enough never to bind. */
export const SUBSCRIBER_LIMIT = 1_000_000;
/** Trial limits when the company has no subscription row. */
export const TRIAL_DEFAULTS = { docLimit: 50, empLimit: 10, days: 30 } as const;

export interface CompanySubscription extends SubscriptionStats {
  readonly companyId: string | null;
}

/** The subscription of the company holding `orgId`; `userId` is who acts for it (null in a job). */
export async function companySubscription(
  q: Queryable,
  domain: DomainId,
  orgId: string,
  userId: string | null,
): Promise<CompanySubscription> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{
    company: string | null;
    signature: boolean | null;
    has_row: boolean;
    doc_limit: number | null;
    emp_limit: number | null;
    end_of_trial_period: string | null;
    user_trial: boolean | null;
    user_trial_end: string | null;
    nb_docs: number;
    nb_emps: number;
  }>(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM ${s}.organizations WHERE id = $1
       UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM ${s}.organizations o JOIN up ON o.id = up.parent_id
        WHERE up.depth < 64
     ), root AS (SELECT id FROM up WHERE parent_id IS NULL LIMIT 1),
     tree(id) AS (SELECT id FROM root UNION SELECT c.id FROM ${s}.organizations c JOIN tree t ON c.parent_id = t.id)
     SELECT (SELECT id FROM root) AS company,
            (SELECT subscribe_to_signature FROM ${s}.organizations WHERE id = (SELECT id FROM root)) AS signature,
            sub.root_org_id IS NOT NULL AS has_row, sub.doc_limit, sub.emp_limit, sub.end_of_trial_period,
            u.is_free_trial AS user_trial, u.created_at + make_interval(days => $4) AS user_trial_end,
            (SELECT coalesce(sum(d.n), 0)::int FROM ${s}.campaign_doc_counts d JOIN ${s}.campaigns c ON c.id = d.campaign_id
              WHERE c.organization_id IN (SELECT id FROM tree) AND d.status = ANY($3::text[])) AS nb_docs,
            (SELECT count(DISTINCT eo.employee_id)::int FROM ${s}.employee_organizations eo
              WHERE eo.active AND eo.organization_id IN (SELECT id FROM tree)) AS nb_emps
       FROM (SELECT 1) one
       LEFT JOIN ${s}.subscriptions sub ON sub.root_org_id = (SELECT id FROM root)
       LEFT JOIN directory.users u ON u.id = $2::uuid`,
    [orgId, userId, COUNTED_AS_DISPATCHED, TRIAL_DEFAULTS.days],
  );
  const row = rows[0];
  const base = {
    companyId: row?.company ?? null,
    nbDispatchedDocs: row?.nb_docs ?? 0,
    nbEmps: row?.nb_emps ?? 0,
    signatureSubscribed: row?.signature === true,
  };
  if (row?.has_row || row?.user_trial) {
    const end = row.has_row ? row.end_of_trial_period : row.user_trial_end;
    return {
      ...base,
      trial: true,
      docLimit: row.doc_limit ?? TRIAL_DEFAULTS.docLimit,
      empLimit: row.emp_limit ?? TRIAL_DEFAULTS.empLimit,
      endOfTrialPeriod: end,
      trialOver: end !== null && new Date(end).getTime() <= Date.now(),
    };
  }
  return {
    ...base,
    trial: false,
    docLimit: SUBSCRIBER_LIMIT,
    empLimit: SUBSCRIBER_LIMIT,
    endOfTrialPeriod: null,
    trialOver: false,
  };
}

/** 403 `error.subscription.signature` unless the company holding `orgId` subscribes to signature. */
export async function assertSignatureSubscribed(q: Queryable, domain: DomainId, orgId: string): Promise<void> {
  const { rows } = await q.query<{ ok: boolean | null }>(
    `SELECT subscribe_to_signature AS ok FROM ${schemaOf(domain)}.organizations
      WHERE id = ${schemaOf(domain)}.company_of($1)`,
    [orgId],
  );
  if (rows[0]?.ok !== true)
    throw new ApiFailure(403, ERROR_KEYS.signatureNotSubscribed, undefined, [
      'La signature électronique ne fait pas partie de l’abonnement de votre entreprise.',
    ]);
}

/** 403 `error.subscription.trial-over` (message: the seed's status of the refused creation). */
export const trialOverFailure = (status: 'CANT_CREATE_EMP_ERROR' | 'CANT_CREATE_DOC_ERROR'): ApiFailure =>
  new ApiFailure(403, ERROR_KEYS.trialOver, status, [
    'La période d’essai de votre entreprise est terminée : rien n’a été créé.',
  ]);
