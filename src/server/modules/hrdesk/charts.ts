/**
 * The dashboard's charts (src/contract/dashboard.ts): four grouped queries over the current
 * organisation and its visible descendants, run together. Each chart needs its feature, and reads
 * only what the session sees: the documents through the archive's visibility predicate (its
 * organisations AND its access rules, documents/query.ts), the rest through `visibleSubtree`.
 */
import {
  CHART_CAMPAIGNS,
  CHART_MONTHS,
  CHART_ORGANIZATIONS,
  type CampaignOutcomeRow,
  type DashboardCharts,
  type DocumentsPerMonth,
  OUTCOME_STATUSES,
  type SafesByOrganization,
  type SignbookFigures,
} from '../../../contract/dashboard.ts';
import type { SignbookStatus } from '../../../contract/enums.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleSubtree } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { addFilter, param, visibleWhere, whereSql } from '../documents/query.ts';

type Charted = Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId' | 'features'>;

/** `YYYY-MM` of the `CHART_MONTHS` months ending with `now`'s, oldest first (UTC). */
export const chartMonths = (now: Date): string[] => {
  const months: string[] = [];
  for (let i = CHART_MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
};

async function documentsPerMonth(db: Queryable, session: Charted, now: Date): Promise<DocumentsPerMonth> {
  const months = chartMonths(now);
  const where = addFilter(await visibleWhere(db, session), { organizationIds: [session.currentOrgId] });
  const s = where.schema;
  where.conditions.push(`d.deposited_at >= ${param(where, `${months[0]}-01T00:00:00Z`)}::timestamptz`);
  const { rows } = await db.query<{ month: string; type_code: string; label: string | null; n: number }>(
    `SELECT g.month, g.type_code, t.label, g.n FROM (
       SELECT to_char(d.deposited_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, d.type_code, count(*)::int AS n
         FROM ${s}.documents d WHERE ${whereSql(where)} GROUP BY 1, 2) g
       LEFT JOIN ${s}.doc_types t ON t.code = g.type_code
      ORDER BY g.month, g.type_code`,
    where.params,
  );
  const inWindow = rows.filter((r) => months.includes(r.month));
  const totals = new Map<string, { label: string; n: number }>();
  for (const r of inWindow) {
    const entry = totals.get(r.type_code) ?? { label: r.label ?? r.type_code, n: 0 };
    entry.n += r.n;
    totals.set(r.type_code, entry);
  }
  const types = [...totals.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))
    .map(([code, { label }]) => ({ code, label }));
  return { months, types, counts: inWindow.map((r) => ({ month: r.month, typeCode: r.type_code, count: r.n })) };
}

async function campaignOutcomes(db: Queryable, domain: Charted['domain'], orgs: string[]) {
  const s = schemaOf(domain);
  const { rows } = await db.query<{
    id: string;
    name: string;
    status: string;
    created_at: Date | string;
    total: number;
    distributed: number;
    waiting: number;
    error: number;
  }>(
    `SELECT c.id, c.name, c.status, c.created_at,
            coalesce(sum(dd.n), 0)::int AS total,
            coalesce(sum(dd.n) FILTER (WHERE dd.status = ANY($3::text[])), 0)::int AS distributed,
            coalesce(sum(dd.n) FILTER (WHERE dd.status = ANY($4::text[])), 0)::int AS waiting,
            coalesce(sum(dd.n) FILTER (WHERE dd.status = ANY($5::text[])), 0)::int AS error
       FROM (SELECT id, name, status, created_at FROM ${s}.campaigns
              WHERE organization_id = ANY($1::uuid[]) ORDER BY created_at DESC, id LIMIT $2) c
       LEFT JOIN ${s}.campaign_doc_counts dd ON dd.campaign_id = c.id
      GROUP BY c.id, c.name, c.status, c.created_at
      ORDER BY c.created_at DESC, c.id`,
    [orgs, CHART_CAMPAIGNS, OUTCOME_STATUSES.distributed, OUTCOME_STATUSES.waitingSafe, OUTCOME_STATUSES.inError],
  );
  return rows.map((r): CampaignOutcomeRow => ({
    id: r.id,
    name: r.name,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    total: r.total,
    distributed: r.distributed,
    waitingSafe: r.waiting,
    inError: r.error,
    other: r.total - r.distributed - r.waiting - r.error,
  }));
}

async function signbookFigures(db: Queryable, domain: Charted['domain'], orgs: string[]): Promise<SignbookFigures> {
  const s = schemaOf(domain);
  const { rows } = await db.query<{ status: SignbookStatus; n: number; hours: number | null; done: number }>(
    `SELECT status, count(*)::int AS n,
            avg(extract(epoch FROM completed_at - created_at) / 3600)
              FILTER (WHERE status = 'COMPLETE' AND completed_at IS NOT NULL)::float8 AS hours,
            count(*) FILTER (WHERE status = 'COMPLETE' AND completed_at IS NOT NULL)::int AS done
       FROM ${s}.signbooks WHERE organization_id = ANY($1::uuid[]) GROUP BY status ORDER BY status`,
    [orgs],
  );
  const complete = rows.find((r) => r.status === 'COMPLETE');
  return {
    byStatus: rows.map((r) => ({ status: r.status, count: r.n })),
    completed: complete?.done ?? 0,
    averageHoursToComplete: complete?.hours == null ? null : Math.round(complete.hours * 10) / 10,
  };
}

async function safesByOrganization(db: Queryable, domain: Charted['domain'], orgs: string[]) {
  const s = schemaOf(domain);
  const { rows } = await db.query<{ id: string; name: string; active: number; no_safe: number; pending: number }>(
    `SELECT o.id, o.name, g.active, g.no_safe, g.pending FROM (
       SELECT eo.organization_id AS id, count(*)::int AS active,
              count(*) FILTER (WHERE e.safe_status = 'NOT_CREATED')::int AS no_safe,
              count(*) FILTER (WHERE e.safe_status = 'NOT_FINALISED')::int AS pending
         FROM ${s}.employee_organizations eo JOIN ${s}.employees e ON e.id = eo.employee_id
        WHERE eo.organization_id = ANY($1::uuid[]) AND eo.active
        GROUP BY eo.organization_id) g
       JOIN ${s}.organizations o ON o.id = g.id
      WHERE g.no_safe + g.pending > 0
      ORDER BY g.no_safe + g.pending DESC, o.name LIMIT $2`,
    [orgs, CHART_ORGANIZATIONS],
  );
  return rows.map((r): SafesByOrganization => ({
    organizationId: r.id,
    name: r.name,
    active: r.active,
    noSafe: r.no_safe,
    notActivated: r.pending,
  }));
}

export async function dashboardCharts(
  db: Queryable,
  session: Charted,
  now: Date = new Date(),
): Promise<DashboardCharts> {
  const has = (feature: Parameters<Charted['features']['has']>[0]) => session.features.has(feature);
  const orgs = await visibleSubtree(db, session, session.currentOrgId);
  const [documents, campaigns, signbooks, safes] = await Promise.all([
    has('DocSearch') ? documentsPerMonth(db, session, now) : null,
    has('DocListDispatch') ? campaignOutcomes(db, session.domain, orgs) : null,
    has('ParaphList') ? signbookFigures(db, session.domain, orgs) : null,
    has('EmpList') ? safesByOrganization(db, session.domain, orgs) : null,
  ]);
  return { documents, campaigns, signbooks, safes };
}
