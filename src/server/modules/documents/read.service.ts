/**
 * The archive's reads: the list (filters, sort, page, capped count), the detail, the senders, the
 * statistics and « mark as read » — each through `visibleWhere` (query.ts), so a document outside
 * the session's organisations or access rules answers 404 like one that does not exist.
 */
import {
  DOCUMENT_PAGE_SIZE,
  type DocumentDetail,
  type DocumentFilter,
  type DocumentPage,
  type DocumentSearchBody,
  type DocumentSender,
  type DocumentSortField,
  type DocumentStats,
  type DocumentSummary,
} from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { routeUrl } from '../../../contract/routes.ts';
import { VISIBLE_COUNT_CAP, cappedCountSql } from '../../auth/document-visibility.ts';
import { readFile } from '../../files/store.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { inspectPdf, loadMupdf } from '../../pdf/index.ts';
import { BROAD_COUNT_CAP, broadSearchPage } from './broad-search.ts';
import { censusFloor } from './census.ts';
import {
  type Session,
  type Where,
  addFilter,
  addSearch,
  copyWhere,
  param,
  visibleIdsWhere,
  visibleWhere,
  whereSql,
} from './query.ts';
import { searchQuery } from './search.ts';

export interface DocumentRow {
  id: string;
  description: string;
  type_code: string;
  type_label: string | null;
  meta_datas: unknown;
  emission_date: string | null;
  transmitter: string | null;
  employee_first_name: string | null;
  employee_name: string | null;
  employee_email: string | null;
  period_start: string | null;
  period_end: string | null;
  destination: 'EMPLOYEE_SAFE' | 'EMPLOYER_SAFE';
  deposited_at: string;
  keywords: string[];
  additional_indexes: unknown;
  organization_id: string;
  organization_name: string;
  employee_id: string | null;
  sha256: string | null;
  size: number | null;
  file_name: string | null;
  file_id: string | null;
  read_at: string | null;
  source: 'campaign' | 'signbook' | 'upload';
  source_id: string | null;
  source_name: string | null;
  deposited_by: string | null;
  depositor_name: string | null;
  page_count: number | null;
}

/** The row's columns, from `d` (documents) joined as `detailJoins` does. */
const COLUMNS = `d.id, d.description, d.type_code, t.label AS type_label, d.meta_datas, d.emission_date, d.transmitter,
  e.first_name AS employee_first_name, e.name AS employee_name, e.email AS employee_email, d.period_start, d.period_end,
  d.destination, d.deposited_at, d.keywords, d.additional_indexes, d.organization_id, o.name AS organization_name,
  d.employee_id, d.sha256, d.size, d.file_name, d.file_id, d.read_at, d.source, d.source_id,
  coalesce(c.name, b.name) AS source_name, d.deposited_by,
  nullif(concat_ws(' ', u.first_name, u.last_name), '') AS depositor_name, d.page_count`;

const joins = (s: string): string => `
  JOIN ${s}.organizations o ON o.id = d.organization_id
  LEFT JOIN ${s}.employees e ON e.id = d.employee_id
  LEFT JOIN ${s}.doc_types t ON t.code = d.type_code
  LEFT JOIN ${s}.campaigns c ON d.source = 'campaign' AND c.id = d.source_id
  LEFT JOIN ${s}.signbooks b ON d.source = 'signbook' AND b.id = d.source_id
  LEFT JOIN directory.users u ON u.id = d.deposited_by`;

const metaList = (value: unknown): { name: string; value: string }[] =>
  (Array.isArray(value) ? value : []).flatMap((m: unknown) => {
    if (typeof m !== 'object' || m === null) return [];
    const entry = m as Record<string, unknown>;
    const name = entry.name ?? entry.key;
    return typeof name === 'string' && typeof entry.value === 'string' ? [{ name, value: entry.value }] : [];
  });

export const toSummary = (r: DocumentRow): DocumentSummary => ({
  id: r.id,
  description: r.description,
  typeCode: r.type_code,
  metaDatas: metaList(r.meta_datas),
  emissionDate: r.emission_date,
  transmitter: r.transmitter,
  employeeFirstName: r.employee_first_name,
  employeeName: r.employee_name,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  destination: r.destination,
  depositedAt: r.deposited_at,
  keywords: r.keywords,
  additionalIndexes: metaList(r.additional_indexes),
  path: routeUrl('documents.pdf', { id: r.id }),
  organizationId: r.organization_id,
  employeeId: r.employee_id,
  sha256: r.sha256 ?? '',
  typeLabel: r.type_label ?? r.type_code,
  organizationName: r.organization_name,
  fileName: r.file_name ?? `${r.description}.pdf`,
  size: r.size ?? 0,
  readAt: r.read_at,
  origin: {
    source: r.source,
    id: r.source_id,
    name: r.source_name,
    userId: r.deposited_by,
    userName: r.depositor_name,
  },
});

/**
 * Texts sort accent- and case-blind, the same on every server (byte order of the folded text); the
 * employee's folded name is copied onto the document (`employee_sort`, migration 0025). Each order
 * has an index ending with the tie-break, so a page walks its 20 entries instead of sorting the archive.
 */
const ORDER = (s: string): Record<DocumentSortField, string> => ({
  depositedAt: 'd.deposited_at',
  description: `${s}.fold_accents(d.description) COLLATE "C"`,
  typeCode: 'd.type_code',
  employeeName: 'd.employee_sort',
  periodStart: 'd.effective_period_start',
});

/** The visible rows among `where`, in `order`, joined for the answer. */
export async function selectRows(
  q: Queryable,
  where: Where,
  tail = '',
  order = 'd.deposited_at DESC, d.id DESC',
): Promise<DocumentRow[]> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM ${where.schema}.documents d ${joins(where.schema)}
      WHERE ${whereSql(where)} ORDER BY ${order} ${tail}`,
    where.params,
  );
  return rows;
}

export async function listDocuments(q: Queryable, session: Session, body: DocumentSearchBody): Promise<DocumentPage> {
  // The visibility and the filters; the search, when there is one, is added below.
  const base = addFilter(await visibleWhere(q, session), { ...body, search: undefined });
  const tsquery = body.search ? searchQuery(body.search) : null;
  const where = tsquery ? addSearch(copyWhere(base), tsquery) : base;
  const s = where.schema;
  const field = body.order?.field ?? 'depositedAt';
  const dir = body.order?.sens === 'asc' ? 'ASC' : 'DESC';
  // Only the employee may be missing. Elsewhere NULLS LAST would not match the indexes' order
  // (DESC means NULLS FIRST): the newest-first page then sorted every visible document (1.2 s at a million).
  const nulls = field === 'employeeName' ? ' NULLS LAST' : '';
  const order = `${ORDER(s)[field]} ${dir}${nulls}, d.deposited_at DESC, d.id DESC`;
  const limit = body.limit ?? DOCUMENT_PAGE_SIZE;
  const offset = body.offset ?? 0;
  const countParams = [...where.params];
  const count = () =>
    q.query<{ n: number }>(cappedCountSql(`FROM ${s}.documents d WHERE ${whereSql(where)}`), countParams);
  // The page's ids first (the visibility and the filters, in an index's order, no join), then their
  // rows joined by id: one statement for both spent ~17 ms planning the joins around the predicate
  // on PGlite, against ~4 ms for the two (`npm run bench:documents`).
  const rowsOf = async (ids: readonly string[]): Promise<DocumentRow[]> =>
    ids.length === 0
      ? []
      : (
          await q.query<DocumentRow>(
            `SELECT ${COLUMNS} FROM ${s}.documents d ${joins(s)} WHERE d.id = ANY($1::uuid[]) ORDER BY ${order}`,
            [ids],
          )
        ).rows;
  const rowsIn = async (page: string): Promise<DocumentRow[]> =>
    rowsOf((await q.query<{ id: string }>(page, where.params)).rows.map((r) => r.id));
  const tail = `ORDER BY ${order} LIMIT ${param(where, limit)} OFFSET ${param(where, offset)}`;
  const walked = `SELECT d.id FROM ${s}.documents d WHERE ${whereSql(where)} ${tail}`;
  if (!tsquery) {
    // Above the cap by the census alone (census.ts), no document is counted; else counted up to it.
    const counted = async (): Promise<number> => {
      const floor = await censusFloor(q, base, body);
      return floor > VISIBLE_COUNT_CAP ? floor : ((await count()).rows[0]?.n ?? 0);
    };
    const [n, rows] = await Promise.all([counted(), rowsIn(walked)]);
    return pageOf(n, rows);
  }
  // A broad search, newest first: the months where its words occur, walked newest first (broad-search.ts).
  if (field === 'depositedAt' && dir === 'DESC') {
    const broad = await broadSearchPage(q, base, tsquery, offset, limit);
    if (broad) {
      const rows = await rowsOf(broad.ids);
      // Counted by the walk up to its own cap, or (matches too thin for it) by the full-text index.
      if (broad.count !== null) return pageOf(broad.count, rows, BROAD_COUNT_CAP);
      return pageOf((await count()).rows[0]?.n ?? 0, rows);
    }
  }
  // A search that matches few documents: walking an order's index until 20 match reads most of the
  // archive (« nom12 », 968 of 1,000,000: 130 ms on PostgreSQL, 210 on PGlite), while its matches,
  // found through the full-text index and then sorted, cost a few milliseconds. Its matches, up to
  // the cap + 1, are read once (fenced off, MATERIALIZED, so the planner cannot walk instead) and
  // give both the count and, when they are all there, the page; above the cap the order's index is walked.
  const { rows: fenced } = await q.query<{ n: number; ids: string[] }>(
    `WITH d AS MATERIALIZED (
       SELECT d.id, d.deposited_at, d.description, d.type_code, d.employee_sort, d.effective_period_start
         FROM ${s}.documents d WHERE ${whereSql(where)} LIMIT ${VISIBLE_COUNT_CAP + 1})
     SELECT (SELECT count(*)::int FROM d) AS n, ARRAY(SELECT d.id FROM d ${tail}) AS ids`,
    where.params,
  );
  const n = fenced[0]?.n ?? 0;
  if (n > VISIBLE_COUNT_CAP) return pageOf(n, await rowsIn(walked));
  return pageOf(n, await rowsOf(fenced[0]?.ids ?? []));
}

const pageOf = (n: number, rows: readonly DocumentRow[], cap = VISIBLE_COUNT_CAP): DocumentPage => ({
  count: Math.min(n, cap),
  countCapped: n > cap,
  items: rows.map(toSummary),
});

/** The visible document `id`, or 404. */
export async function visibleDocument(q: Queryable, session: Session, id: string): Promise<DocumentRow> {
  const rows = await selectRows(q, await visibleIdsWhere(q, session, [id]));
  const row = rows[0];
  if (!row) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return row;
}

export async function getDocument(q: Queryable, session: Session, id: string): Promise<DocumentDetail> {
  const row = await visibleDocument(q, session, id);
  let pageCount = row.page_count;
  if (pageCount === null && row.file_id) {
    // Counted once, on the first detail that needs it (a signbook's sealed file), then stored.
    const file = await readFile(q, session.domain, row.file_id);
    if (file) {
      try {
        await loadMupdf();
        pageCount = inspectPdf(file.bytes).pages;
        await q.query(`UPDATE ${schemaOf(session.domain)}.documents SET page_count = $2 WHERE id = $1`, [
          id,
          pageCount,
        ]);
      } catch {
        pageCount = null;
      }
    }
  }
  return { ...toSummary(row), pageCount, employeeEmail: row.employee_email };
}

/** Marks the document read (the first reading's time is kept). */
export async function setRead(q: Queryable, session: Session, id: string): Promise<DocumentSummary> {
  const row = await visibleDocument(q, session, id);
  if (row.read_at) return toSummary(row);
  const { rows } = await q.query<{ read_at: string }>(
    `UPDATE ${schemaOf(session.domain)}.documents SET read_at = now() WHERE id = $1 RETURNING read_at`,
    [id],
  );
  return toSummary({ ...row, read_at: rows[0]?.read_at ?? row.read_at });
}

export async function documentSenders(q: Queryable, session: Session): Promise<DocumentSender[]> {
  const where = await visibleWhere(q, session);
  const s = where.schema;
  const { rows } = await q.query<{
    source: DocumentSender['source'];
    user_id: string | null;
    name: string | null;
    n: number;
  }>(
    `SELECT g.source, g.deposited_by AS user_id, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS name, g.n
       FROM (SELECT d.source, d.deposited_by, count(*)::int AS n FROM ${s}.documents d
              WHERE ${whereSql(where)} GROUP BY d.source, d.deposited_by) g
       LEFT JOIN directory.users u ON u.id = g.deposited_by
      ORDER BY g.n DESC, name`,
    where.params,
  );
  const unnamed: Record<DocumentSender['source'], string> = {
    campaign: 'Campagne',
    signbook: 'Parapheur',
    upload: 'Dépôt',
  };
  return rows.map((r) => ({ source: r.source, userId: r.user_id, name: r.name ?? unnamed[r.source], count: r.n }));
}

/** Document types counted as payslips (the dashboard's statistic reads the same rule). */
export const PAYSLIP_TYPES_SQL = (s: string): string =>
  `(SELECT code FROM ${s}.doc_types WHERE label ILIKE '%paie%' OR code ILIKE '%pay%' OR code ILIKE '%bulletin%')`;

/**
 * The statistics over what the session sees, each capped like the list's count: counting a large
 * archive exactly visits every row; above the cap the figure reads « plus de 1 000 ».
 */
export async function documentStats(
  q: Queryable,
  session: Session,
  filter: DocumentFilter = {},
): Promise<DocumentStats> {
  const where = addFilter(await visibleWhere(q, session), filter);
  const s = where.schema;
  const from = `FROM ${s}.documents d WHERE ${whereSql(where)}`;
  const capped = (extra: string) => cappedCountSql(`${from} AND ${extra}`);
  const total = async (): Promise<number> => {
    const floor = await censusFloor(q, where, filter);
    if (floor > VISIBLE_COUNT_CAP) return floor;
    return (await q.query<{ n: number }>(cappedCountSql(from), where.params)).rows[0]?.n ?? 0;
  };
  const [totalN, unread, payslips, byType, last] = await Promise.all([
    total(),
    q.query<{ n: number }>(capped('d.read_at IS NULL'), where.params),
    q.query<{ n: number }>(capped(`d.type_code IN ${PAYSLIP_TYPES_SQL(s)}`), where.params),
    q.query<{ type_code: string; label: string | null; n: number }>(
      `SELECT g.type_code, t.label, g.n FROM (
         SELECT d.type_code, count(*)::int AS n FROM (SELECT d.type_code ${from} LIMIT ${VISIBLE_COUNT_CAP + 1}) d
          GROUP BY d.type_code) g
       LEFT JOIN ${s}.doc_types t ON t.code = g.type_code ORDER BY g.n DESC, g.type_code`,
      where.params,
    ),
    q.query<{ at: string }>(`SELECT d.deposited_at AS at ${from} ORDER BY d.deposited_at DESC LIMIT 1`, where.params),
  ]);
  const n = (r: { rows: { n: number }[] }) => r.rows[0]?.n ?? 0;
  const figures = [totalN, n(unread), n(payslips)];
  return {
    total: Math.min(figures[0]!, VISIBLE_COUNT_CAP),
    unread: Math.min(figures[1]!, VISIBLE_COUNT_CAP),
    payslips: Math.min(figures[2]!, VISIBLE_COUNT_CAP),
    byType: byType.rows.map((r) => ({ typeCode: r.type_code, label: r.label ?? r.type_code, count: r.n })),
    lastDepositAt: last.rows[0]?.at ?? null,
    capped: figures.some((f) => f > VISIBLE_COUNT_CAP),
  };
}
