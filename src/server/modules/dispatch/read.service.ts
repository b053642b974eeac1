/** Reads: the campaign list of the current organisation, one campaign, its dispatched documents. */
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import type { CampaignPage, DispatchedDocPage, DispatchedDocsBody } from '../../../contract/dispatch.ts';
import { COUNTED_AS_DISPATCHED, COUNTED_AS_NOT_DISPATCHED, type CampaignStatus } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds, visibleSubtree } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure } from '../../http/errors.ts';
import {
  CAMPAIGN_COLUMNS,
  type CampaignRow,
  countsByCampaign,
  countsFromJson,
  countsJsonSql,
  toCampaign,
  waitingPositions,
} from './campaign.repo.ts';

type Scope = Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId'>;

export interface CampaignListQuery {
  readonly status?: readonly CampaignStatus[] | undefined;
  readonly subStatus?: string | undefined;
  readonly search?: string | undefined;
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
  readonly order?: { readonly field: string; readonly sens: 'asc' | 'desc' } | undefined;
}

const SORT_SQL: Record<string, string> = {
  creationDate: 'c.created_at',
  sendDate: 'c.sent_at',
  name: 'lower(c.name)',
  status: 'c.status',
  recipientsCount: 'c.recipients_count',
};
const ERROR_STATUSES = ['IN_ERROR', 'EDITIQUE_ERROR'];

export async function listCampaigns(db: Queryable, session: Scope, body: CampaignListQuery): Promise<CampaignPage> {
  const s = schemaOf(session.domain);
  const orgs = await visibleSubtree(db, session, session.currentOrgId);
  const where = ['c.organization_id = ANY($1::uuid[])'];
  const params: unknown[] = [orgs];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (body.status?.length) add((n) => `c.status = ANY($${n}::text[])`, body.status);
  if (body.subStatus === 'error-retry' || body.subStatus === 'error-delete') {
    add((n) => `c.status = ANY($${n}::text[])`, ERROR_STATUSES);
    where.push(body.subStatus === 'error-retry' ? 'c.can_retry' : 'NOT c.can_retry');
  }
  if (body.search?.trim()) {
    add((n) => `(c.name ILIKE $${n} OR c.doc_name ILIKE $${n})`, likeContains(body.search.trim()));
  }
  // Own keys only: « constructor » or « __proto__ » would otherwise find Object's members (a 500).
  const field = body.order?.field ?? 'creationDate';
  const sort = (Object.hasOwn(SORT_SQL, field) ? SORT_SQL[field] : undefined) ?? SORT_SQL.creationDate;
  const sens = body.order?.sens === 'asc' ? 'ASC' : 'DESC';
  const limit = body.limit ?? 20;
  const offset = body.offset ?? 0;
  const filter = where.join(' AND ');
  // The page's bounds are parameters: the text then comes from a bounded set of shapes and is prepared.
  const bounds = [...params, limit, offset];
  // One round trip for the page, the total and each campaign's counts: the list is the most read call
  // of an operator following campaigns (issue 17's load is this list and the employees').
  const page = await db.query<CampaignRow & { total: number; counts: Record<string, number> | null }>(
    `WITH page AS MATERIALIZED (
       SELECT p.*, row_number() OVER () AS rank FROM (
         SELECT ${CAMPAIGN_COLUMNS}, (SELECT t.label FROM ${s}.doc_types t WHERE t.code = c.doc_type_code) AS doc_type_label,
                count(*) OVER ()::int AS total
           FROM ${s}.campaigns c JOIN ${s}.organizations o ON o.id = c.organization_id
          WHERE ${filter} ORDER BY ${sort} ${sens} NULLS LAST, c.id
          LIMIT $${bounds.length - 1}::int OFFSET $${bounds.length}::bigint) p)
     SELECT page.*, ${countsJsonSql(s, 'page.id')} AS counts FROM page ORDER BY page.rank`,
    bounds,
    { prepared: true },
  );
  // Past the last page no row carries the total: counted apart (a rare read).
  const total =
    page.rows[0]?.total ??
    (offset > 0
      ? ((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s}.campaigns c WHERE ${filter}`, params))
          .rows[0]?.n ?? 0)
      : 0);
  const counts = new Map(page.rows.map((r) => [r.id, countsFromJson(r.counts)]));
  const waiting = await waitingPositions(
    db,
    page.rows.filter((r) => r.status === 'SPLITTING' || r.status === 'DISPATCHING').map((r) => r.id),
  );
  const orgNames = new Map(page.rows.map((r) => [r.organization_id, r.org_name]));
  return {
    dispatchs: page.rows.map((r) => toCampaign(r, counts.get(r.id) ?? {}, waiting.get(r.id))),
    count: total,
    orgs: [...orgNames].map(([id, name]) => ({ id, name })),
  };
}

/** The campaign row if the session sees its organisation; 404 otherwise (foreign, other domain, unknown). */
export async function visibleCampaignRow(
  q: Queryable,
  session: Pick<SessionContext, 'userId' | 'domain'>,
  id: string,
  lock = false,
): Promise<CampaignRow> {
  if (!isUuid(id)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const s = schemaOf(session.domain);
  const orgs = await visibleOrgIds(q, session);
  const { rows } = await q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM ${s}.campaigns c JOIN ${s}.organizations o ON o.id = c.organization_id
      WHERE c.id = $1 AND c.organization_id = ANY($2::uuid[])${lock ? ' FOR UPDATE OF c' : ''}`,
    [id, orgs],
  );
  const row = rows[0];
  if (!row) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return row;
}

export async function getCampaign(db: Queryable, session: Scope, id: string): Promise<Campaign> {
  const row = await visibleCampaignRow(db, session, id);
  const moving = row.status === 'SPLITTING' || row.status === 'DISPATCHING';
  const waiting = moving ? (await waitingPositions(db, [id])).get(id) : undefined;
  return toCampaign(row, (await countsByCampaign(db, session.domain, [id])).get(id) ?? {}, waiting);
}

export interface DispatchedDocRow {
  id: string;
  campaign_id: string;
  employee_id: string | null;
  recipient_name: string | null;
  status: DispatchedDocument['status'];
  reason: string | null;
  failure_cause: DispatchedDocument['failureCause'];
  document_id: string | null;
  pages: number[];
  postal: DispatchedDocument['postal'];
}

export const DOC_COLUMNS = `d.id, d.campaign_id, d.employee_id,
  CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.name END AS recipient_name,
  d.status, d.reason, d.failure_cause, d.document_id, d.pages, d.postal`;

export const toDispatchedDoc = (r: DispatchedDocRow): DispatchedDocument => ({
  id: r.id,
  campaignId: r.campaign_id,
  employeeId: r.employee_id,
  recipientName: r.recipient_name,
  status: r.status,
  reason: r.reason,
  failureCause: r.failure_cause,
  documentId: r.document_id,
  pages: r.pages,
  postal: r.postal,
});

/** Expands the ALL_* filters into the statuses they stand for. */
export const statusesOf = (filter: DispatchedDocsBody['status']): string[] =>
  (filter ?? []).flatMap((f) =>
    f === 'ALL_DISPATCHED' ? COUNTED_AS_DISPATCHED : f === 'ALL_NOT_DISPATCHED' ? COUNTED_AS_NOT_DISPATCHED : [f],
  );

export async function dispatchedDocs(
  db: Queryable,
  session: Scope,
  campaignId: string,
  body: DispatchedDocsBody,
): Promise<DispatchedDocPage> {
  await visibleCampaignRow(db, session, campaignId);
  const s = schemaOf(session.domain);
  const statuses = statusesOf(body.status);
  const byStatus = statuses.length ? ' AND d.status = ANY($2::text[])' : '';
  const params: unknown[] = statuses.length ? [campaignId, statuses] : [campaignId];
  // The page is chosen on the index of the documents' own recipient keys (migration 0039): the rows
  // skipped are index entries, and only the page's 20 rows meet their employees. The count is the
  // cells the documents' triggers keep (migration 0038). One round trip for both.
  const { rows } = await db.query<DispatchedDocRow & { total: number }>(
    `WITH page AS MATERIALIZED (
       SELECT d.id, row_number() OVER () AS rank FROM (
         SELECT d.id FROM ${s}.dispatched_docs d WHERE d.campaign_id = $1${byStatus}
          ORDER BY d.sort_name, d.sort_first, d.id LIMIT $${params.length + 1}::int OFFSET $${params.length + 2}::bigint) d),
     counted AS (SELECT coalesce(sum(c.n), 0)::int AS total FROM ${s}.campaign_doc_counts c
                  WHERE c.campaign_id = $1${byStatus.replace('d.status', 'c.status')})
     SELECT counted.total, r.* FROM counted LEFT JOIN (
       SELECT ${DOC_COLUMNS}, page.rank FROM page JOIN ${s}.dispatched_docs d ON d.id = page.id
         LEFT JOIN ${s}.employees e ON e.id = d.employee_id) r ON true
      ORDER BY r.rank`,
    [...params, body.limit ?? 20, body.offset ?? 0],
    { prepared: true },
  );
  return {
    count: rows[0]?.total ?? 0,
    items: rows.filter((r) => r.id !== null).map(toDispatchedDoc),
  };
}
