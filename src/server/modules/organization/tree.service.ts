/**
 * The organisation forest as the session sees it: top-level organisations (visible ones whose
 * parent is not visible), the nested tree, the parent choices that cannot make a cycle, and counts.
 */
import type {
  Organization,
  OrganizationNode,
  OrganizationSearchBody,
  OrganizationStats,
} from '../../../contract/entities.ts';
import { LIMITS } from '../../../contract/constants.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { notFound } from '../../http/errors.ts';
import { type OrgRow, columns, folded, toOrganization } from './service.ts';

type Page = { count: number; items: Organization[] };

/** One page of `among` (a subset of `visible`), searched by name, SIRET or reference, by name. */
async function pageAmong(
  db: Queryable,
  session: SessionContext,
  visible: readonly string[],
  among: readonly string[],
  body: OrganizationSearchBody,
): Promise<Page> {
  const s = schemaOf(session.domain);
  const term = body.search?.trim() ? likeContains(body.search.trim().toLowerCase()) : null;
  const where = (a: string, t: string) => `o.id = ANY(${a}::uuid[]) AND (${t}::text IS NULL
      OR ${folded('o.name')} LIKE ${folded(`${t}::text`)}
      OR replace(o.siret, ' ', '') LIKE replace(${t}::text, ' ', '')
      OR lower(coalesce(o.reference, '')) LIKE ${t}::text)`;
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.organizations o WHERE ${where('$1', '$2')}`,
    [among, term],
  );
  // `columns` counts children among the visible ids, which it expects as $1.
  const { rows } = await db.query<OrgRow>(
    `SELECT ${columns(s)} FROM ${s}.organizations o WHERE ${where('$2', '$3')} ORDER BY o.name, o.id OFFSET $4 LIMIT $5`,
    [visible, among, term, body.offset ?? 0, body.limit ?? LIMITS.defaultPageSize],
  );
  return { count: counted[0]?.n ?? 0, items: rows.map(toOrganization) };
}

async function visibleRows(db: Queryable, session: SessionContext): Promise<OrgRow[]> {
  const visible = await visibleOrgIds(db, session);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<OrgRow>(
    `SELECT ${columns(s)} FROM ${s}.organizations o WHERE o.id = ANY($1::uuid[]) ORDER BY o.name, o.id`,
    [visible],
  );
  return rows;
}

/** The session's roots: visible organisations whose parent it does not see. */
const topOf = (rows: readonly OrgRow[]): OrgRow[] => {
  const ids = new Set(rows.map((r) => r.id));
  return rows.filter((r) => r.parent_id === null || !ids.has(r.parent_id));
};

export async function topLevel(db: Queryable, session: SessionContext, body: OrganizationSearchBody): Promise<Page> {
  const rows = await visibleRows(db, session);
  return pageAmong(
    db,
    session,
    rows.map((r) => r.id),
    topOf(rows).map((r) => r.id),
    body,
  );
}

/** The visible forest, children sorted by name; `rootId` narrows it to one visible subtree. */
export async function tree(db: Queryable, session: SessionContext, rootId?: string): Promise<OrganizationNode[]> {
  const rows = await visibleRows(db, session);
  const children = new Map<string, OrgRow[]>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const build = (r: OrgRow): OrganizationNode => ({
    ...toOrganization(r),
    children: (children.get(r.id) ?? []).map(build),
  });
  if (rootId !== undefined) {
    const root = isUuid(rootId) ? rows.find((r) => r.id === rootId) : undefined;
    if (!root) throw notFound();
    return [build(root)];
  }
  return topOf(rows).map(build);
}

/** Ids of `orgId` and every descendant (visible or not: a hidden grandchild still makes a cycle). */
export async function subtreeIds(db: Queryable, session: SessionContext, orgId: string): Promise<string[]> {
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE t(id) AS (
       SELECT id FROM ${s}.organizations WHERE id = $1
       UNION SELECT c.id FROM ${s}.organizations c JOIN t ON c.parent_id = t.id
     ) SELECT id FROM t`,
    [orgId],
  );
  return rows.map((r) => r.id);
}

/** Parent choices for `orgId`: the visible organisations outside its own subtree. */
export async function noChildren(
  db: Queryable,
  session: SessionContext,
  orgId: string,
  body: OrganizationSearchBody,
): Promise<Page> {
  const visible = await visibleOrgIds(db, session);
  if (!isUuid(orgId) || !visible.includes(orgId)) throw notFound();
  const excluded = new Set(await subtreeIds(db, session, orgId));
  return pageAmong(
    db,
    session,
    visible,
    visible.filter((id) => !excluded.has(id)),
    body,
  );
}

export async function stats(db: Queryable, session: SessionContext): Promise<OrganizationStats> {
  const rows = await visibleRows(db, session);
  const visible = rows.map((r) => r.id);
  const s = schemaOf(session.domain);
  const [perOrg, totals] = await Promise.all([
    db.query<{ org_id: string; all: number; active: number }>(
      `SELECT organization_id AS org_id, count(*)::int AS all, count(*) FILTER (WHERE active)::int AS active
         FROM ${s}.employee_organizations WHERE organization_id = ANY($1::uuid[]) GROUP BY organization_id`,
      [visible],
    ),
    db.query<{ all: number; active: number }>(
      `SELECT count(DISTINCT employee_id)::int AS all,
              count(DISTINCT employee_id) FILTER (WHERE active)::int AS active
         FROM ${s}.employee_organizations WHERE organization_id = ANY($1::uuid[])`,
      [visible],
    ),
  ]);
  const counts = new Map(perOrg.rows.map((r) => [r.org_id, r]));
  return {
    organizationCount: rows.length,
    topLevelCount: topOf(rows).length,
    payrollManagedCount: rows.filter((r) => r.paye_domain_id !== null).length,
    employeeCount: totals.rows[0]?.all ?? 0,
    activeEmployeeCount: totals.rows[0]?.active ?? 0,
    byOrganization: rows.map((r) => ({
      orgId: r.id,
      employeeCount: counts.get(r.id)?.all ?? 0,
      activeEmployeeCount: counts.get(r.id)?.active ?? 0,
      childrenCount: r.children_count,
    })),
  };
}
