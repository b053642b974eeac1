/**
 * What the shell shows everywhere: badge counts, the dashboard and the subscription figures.
 * Counts cover the current organisation and its descendants, limited to what the user sees.
 */
import { DOMAINS, type DomainId } from '../../../contract/constants.ts';
import type { BadgeCounts, DashboardData, SubscriptionStats } from '../../../contract/entities.ts';
import { CAMPAIGN_URL_STATUSES } from '../../../contract/enums.ts';
import type { Feature } from '../../../contract/features.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds, visibleSubtree } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { documentStats } from '../documents/read.service.ts';
import { employeeStats } from '../employee/list.service.ts';
import { SIGNBOOK_LIST_STATUSES } from '../signbook/read.service.ts';
import { companySubscription } from './subscription.ts';

type Scoped = Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId' | 'features'>;

const ERROR_STATUSES = ['IN_ERROR', 'EDITIQUE_ERROR'];

export async function badgeCounts(db: Queryable, session: Scoped): Promise<BadgeCounts> {
  const s = schemaOf(session.domain);
  const orgs = await visibleSubtree(db, session, session.currentOrgId);
  // Each menu's figures only with the right that opens its list (the lists answer 403 without it): zeros otherwise.
  const can = (feature: Feature) => session.features.has(feature);
  const [employees, campaigns, signbooks] = await Promise.all([
    // The employees list's own counts (kept per link triple, `employee_link_counts`): counting the
    // scope's distinct employees here took 220 ms at 100,000 employees, for every session following
    // the organisation at every event that moves a badge; these take ~6 ms and are the list's figures.
    can('EmpList')
      ? employeeStats(db, session, undefined)
      : { totalCount: 0, activeCount: 0, inactiveCount: 0, needsValidationCount: 0 },
    can('DocListDispatch')
      ? db.query<{ status: string; can_retry: boolean; n: number }>(
          `SELECT status, can_retry, count(*)::int AS n FROM ${s}.campaigns
            WHERE organization_id = ANY($1::uuid[]) GROUP BY status, can_retry`,
          [orgs],
        )
      : { rows: [] },
    db.query<{ in_progress: number; done: number; to_sign: number; refused: number; error: number }>(
      `SELECT count(*) FILTER (WHERE b.status = ANY($3::text[]))::int AS in_progress,
              count(*) FILTER (WHERE b.status = ANY($4::text[]))::int AS done,
              count(*) FILTER (WHERE b.status = ANY($5::text[]))::int AS refused,
              count(*) FILTER (WHERE b.status = ANY($6::text[]))::int AS error,
              count(*) FILTER (WHERE b.status = 'IN_PROGRESS' AND EXISTS (
                SELECT 1 FROM ${s}.signatories g WHERE g.signbook_id = b.id AND g.user_id = $2
                   AND g.state = 'waiting' AND g.step_index = b.current_step))::int AS to_sign
         FROM ${s}.signbooks b WHERE b.organization_id = ANY($1::uuid[])`,
      [
        orgs,
        session.userId,
        SIGNBOOK_LIST_STATUSES['in-progress'],
        SIGNBOOK_LIST_STATUSES.done,
        SIGNBOOK_LIST_STATUSES.refused,
        SIGNBOOK_LIST_STATUSES.error,
      ],
    ),
  ]);
  const e = employees;
  const count = (pick: (row: { status: string; can_retry: boolean }) => boolean): number =>
    campaigns.rows.filter(pick).reduce((sum, row) => sum + row.n, 0);
  const among = (statuses: readonly string[]) => (row: { status: string }) => statuses.includes(row.status);
  const none = { in_progress: 0, done: 0, to_sign: 0, refused: 0, error: 0 };
  const b = can('ParaphList') ? (signbooks.rows[0] ?? none) : none;
  return {
    employees: {
      all: e.totalCount,
      active: e.activeCount,
      inactive: e.inactiveCount,
      toValidate: e.needsValidationCount,
    },
    campaigns: {
      validation: count(among(CAMPAIGN_URL_STATUSES.validation)),
      finalized: count(among(CAMPAIGN_URL_STATUSES.finalized)),
      errorRetry: count((row) => ERROR_STATUSES.includes(row.status) && row.can_retry),
      errorDelete: count((row) => ERROR_STATUSES.includes(row.status) && !row.can_retry),
      splitting: count(among(CAMPAIGN_URL_STATUSES.splitting)),
      dispatching: count(among(CAMPAIGN_URL_STATUSES.dispatching)),
      refused: count(among(CAMPAIGN_URL_STATUSES.refused)),
    },
    signbooks: { inProgress: b.in_progress, toSign: b.to_sign, done: b.done, refused: b.refused, error: b.error },
  };
}

/** The figures of the session's company, exactly as the server enforces them (subscription.ts). */
export async function subscriptionStats(
  db: Queryable,
  session: Pick<SessionContext, 'userId' | 'domain' | 'baseOrgId'>,
): Promise<SubscriptionStats> {
  const { companyId: _company, ...stats } = await companySubscription(
    db,
    session.domain,
    session.baseOrgId,
    session.userId,
  );
  return stats;
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
  const [badges, subscription, roots, campaigns, documents] = await Promise.all([
    badgeCounts(db, session),
    subscriptionStats(db, session),
    rootsOf(db, session.userId),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s}.campaigns WHERE organization_id = ANY($1::uuid[])`, [
      orgs,
    ]),
    // The documents the archive shows this session (its access rules apply), under the current organisation.
    documentStats(db, session, { organizationIds: [session.currentOrgId] }),
  ]);
  const t = { campaigns: campaigns.rows[0]?.n ?? 0, documents: documents.total, payslips: documents.payslips };
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
