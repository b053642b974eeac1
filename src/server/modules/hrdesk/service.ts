/**
 * What the shell shows everywhere: badge counts, the dashboard and the subscription figures.
 * Counts cover the current organisation and its descendants, limited to what the user sees.
 */
import { DOMAINS, type DomainId } from '../../../contract/constants.ts';
import type { BadgeCounts, DashboardData, SubscriptionStats } from '../../../contract/entities.ts';
import { CAMPAIGN_URL_STATUSES, COUNTED_AS_DISPATCHED } from '../../../contract/enums.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds, visibleSubtree } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { SIGNBOOK_LIST_STATUSES } from '../signbook/read.service.ts';

/** Limits shown to a subscriber (not on trial): large enough never to bind. */
const SUBSCRIBER_LIMIT = 1_000_000;
/** Trial limits when the root has no subscription row. */
const TRIAL_DEFAULTS = { docLimit: 50, empLimit: 10, days: 30 } as const;

type Scoped = Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId'>;

const ERROR_STATUSES = ['IN_ERROR', 'EDITIQUE_ERROR'];

export async function badgeCounts(db: Queryable, session: Scoped): Promise<BadgeCounts> {
  const s = schemaOf(session.domain);
  const orgs = await visibleSubtree(db, session, session.currentOrgId);
  const [employees, campaigns, signbooks] = await Promise.all([
    db.query<{ all: number; active: number; to_validate: number }>(
      `SELECT count(DISTINCT e.id)::int AS all,
              count(DISTINCT e.id) FILTER (WHERE eo.active)::int AS active,
              count(DISTINCT e.id) FILTER (WHERE e.needs_validation)::int AS to_validate
         FROM ${s}.employees e JOIN ${s}.employee_organizations eo ON eo.employee_id = e.id
        WHERE eo.organization_id = ANY($1::uuid[])`,
      [orgs],
    ),
    db.query<{ status: string; can_retry: boolean; n: number }>(
      `SELECT status, can_retry, count(*)::int AS n FROM ${s}.campaigns
        WHERE organization_id = ANY($1::uuid[]) GROUP BY status, can_retry`,
      [orgs],
    ),
    db.query<{ in_progress: number; done: number; to_sign: number }>(
      `SELECT count(*) FILTER (WHERE b.status = ANY($3::text[]))::int AS in_progress,
              count(*) FILTER (WHERE b.status = ANY($4::text[]))::int AS done,
              count(*) FILTER (WHERE b.status = 'IN_PROGRESS' AND EXISTS (
                SELECT 1 FROM ${s}.signatories g WHERE g.signbook_id = b.id AND g.user_id = $2
                   AND g.state = 'waiting' AND g.step_index = b.current_step))::int AS to_sign
         FROM ${s}.signbooks b WHERE b.organization_id = ANY($1::uuid[])`,
      [orgs, session.userId, SIGNBOOK_LIST_STATUSES['in-progress'], SIGNBOOK_LIST_STATUSES.done],
    ),
  ]);
  const e = employees.rows[0] ?? { all: 0, active: 0, to_validate: 0 };
  const count = (pick: (row: { status: string; can_retry: boolean }) => boolean): number =>
    campaigns.rows.filter(pick).reduce((sum, row) => sum + row.n, 0);
  const among = (statuses: readonly string[]) => (row: { status: string }) => statuses.includes(row.status);
  const b = signbooks.rows[0] ?? { in_progress: 0, done: 0, to_sign: 0 };
  return {
    employees: { all: e.all, active: e.active, inactive: e.all - e.active, toValidate: e.to_validate },
    campaigns: {
      validation: count(among(CAMPAIGN_URL_STATUSES.validation)),
      finalized: count(among(CAMPAIGN_URL_STATUSES.finalized)),
      errorRetry: count((row) => ERROR_STATUSES.includes(row.status) && row.can_retry),
      errorDelete: count((row) => ERROR_STATUSES.includes(row.status) && !row.can_retry),
      splitting: count(among(CAMPAIGN_URL_STATUSES.splitting)),
      dispatching: count(among(CAMPAIGN_URL_STATUSES.dispatching)),
      refused: count(among(CAMPAIGN_URL_STATUSES.refused)),
    },
    signbooks: { inProgress: b.in_progress, toSign: b.to_sign, done: b.done },
  };
}

/** The top of the tree holding `orgId` (subscriptions hang on it). */
async function topRoot(db: Queryable, domain: DomainId, orgId: string): Promise<string | null> {
  const s = schemaOf(domain);
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE up(id, parent_id) AS (
       SELECT id, parent_id FROM ${s}.organizations WHERE id = $1
       UNION ALL
       SELECT o.id, o.parent_id FROM ${s}.organizations o JOIN up ON o.id = up.parent_id
     ) SELECT id FROM up WHERE parent_id IS NULL`,
    [orgId],
  );
  return rows[0]?.id ?? null;
}

export async function subscriptionStats(
  db: Queryable,
  session: Pick<SessionContext, 'userId' | 'domain' | 'baseOrgId'>,
): Promise<SubscriptionStats> {
  const s = schemaOf(session.domain);
  const root = await topRoot(db, session.domain, session.baseOrgId);
  const { rows } = await db.query<{
    is_free_trial: boolean;
    trial_end: string;
    doc_limit: number | null;
    emp_limit: number | null;
    end_of_trial_period: string | null;
    nb_docs: number;
    nb_emps: number;
  }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT id FROM ${s}.organizations WHERE id = $2
       UNION SELECT c.id FROM ${s}.organizations c JOIN tree t ON c.parent_id = t.id
     )
     SELECT u.is_free_trial, u.created_at + make_interval(days => $4) AS trial_end,
            sub.doc_limit, sub.emp_limit, sub.end_of_trial_period,
            (SELECT count(*)::int FROM ${s}.dispatched_docs d JOIN ${s}.campaigns c ON c.id = d.campaign_id
              WHERE c.organization_id IN (SELECT id FROM tree) AND d.status = ANY($3::text[])) AS nb_docs,
            (SELECT count(DISTINCT eo.employee_id)::int FROM ${s}.employee_organizations eo
              WHERE eo.active AND eo.organization_id IN (SELECT id FROM tree)) AS nb_emps
       FROM directory.users u LEFT JOIN ${s}.subscriptions sub ON sub.root_org_id = $2
      WHERE u.id = $1`,
    [session.userId, root, COUNTED_AS_DISPATCHED, TRIAL_DEFAULTS.days],
  );
  const row = rows[0];
  if (!row) return { nbDispatchedDocs: 0, docLimit: 0, nbEmps: 0, empLimit: 0, endOfTrialPeriod: null };
  if (!row.is_free_trial) {
    return {
      nbDispatchedDocs: row.nb_docs,
      docLimit: SUBSCRIBER_LIMIT,
      nbEmps: row.nb_emps,
      empLimit: SUBSCRIBER_LIMIT,
      endOfTrialPeriod: null,
    };
  }
  return {
    nbDispatchedDocs: row.nb_docs,
    docLimit: row.doc_limit ?? TRIAL_DEFAULTS.docLimit,
    nbEmps: row.nb_emps,
    empLimit: row.emp_limit ?? TRIAL_DEFAULTS.empLimit,
    endOfTrialPeriod: row.end_of_trial_period ?? row.trial_end,
  };
}

/** Root organisation of a user per domain, legacy first. */
export async function rootsOf(
  db: Queryable,
  userId: string,
): Promise<{ domain: DomainId; orgId: string; name: string }[]> {
  const roots: { domain: DomainId; orgId: string; name: string }[] = [];
  for (const domain of DOMAINS) {
    const s = schemaOf(domain);
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT o.id, o.name FROM directory.user_org_access a JOIN ${s}.organizations o ON o.id = a.org_id
        WHERE a.user_id = $1 AND a.domain = $2 AND a.is_root ORDER BY o.name LIMIT 1`,
      [userId, domain],
    );
    const row = rows[0];
    if (row) roots.push({ domain, orgId: row.id, name: row.name });
  }
  return roots;
}

export async function dashboard(db: Queryable, session: SessionContext): Promise<DashboardData> {
  const s = schemaOf(session.domain);
  const orgs = await visibleSubtree(db, session, session.currentOrgId);
  const [badges, subscription, roots, totals] = await Promise.all([
    badgeCounts(db, session),
    subscriptionStats(db, session),
    rootsOf(db, session.userId),
    db.query<{ campaigns: number; documents: number; payslips: number }>(
      `SELECT (SELECT count(*)::int FROM ${s}.campaigns WHERE organization_id = ANY($1::uuid[])) AS campaigns,
              (SELECT count(*)::int FROM ${s}.documents WHERE organization_id = ANY($1::uuid[])) AS documents,
              (SELECT count(*)::int FROM ${s}.documents d WHERE d.organization_id = ANY($1::uuid[])
                  AND d.type_code IN (SELECT code FROM ${s}.doc_types
                                       WHERE label ILIKE '%paie%' OR code ILIKE '%pay%' OR code ILIKE '%bulletin%')) AS payslips`,
      [orgs],
    ),
  ]);
  const domains = [];
  for (const root of roots) {
    const visible = await visibleOrgIds(db, { userId: session.userId, domain: root.domain });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schemaOf(root.domain)}.campaigns
        WHERE organization_id = ANY($1::uuid[]) AND status = ANY($2::text[])`,
      [visible, CAMPAIGN_URL_STATUSES.validation],
    );
    domains.push({ domain: root.domain, campaignsToCheck: rows[0]?.n ?? 0, orgName: root.name });
  }
  const t = totals.rows[0] ?? { campaigns: 0, documents: 0, payslips: 0 };
  return {
    quickAccess: {
      signbooks: badges.signbooks.inProgress,
      campaigns: t.campaigns,
      organizations: orgs.length,
      documents: t.documents,
    },
    statistics: {
      documentsToSign: badges.signbooks.toSign,
      waitingSignbooks: Math.max(0, badges.signbooks.inProgress - badges.signbooks.toSign),
      activeEmployees: badges.employees.active,
      payslips: t.payslips,
    },
    domains,
    subscription,
  };
}
