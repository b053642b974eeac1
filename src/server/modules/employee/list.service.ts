/**
 * Employee list, stats and CSV at 100,000 rows. The page is chosen on the ordering index alone
 * (sort keys + the link arrays it INCLUDEs, see migration 0003), then only its rows are read in
 * full. Keyset cursors carry the sort key, the id and the total of the first page, so following
 * pages neither walk the offset nor count again.
 */
import type { EmployeePage, EmployeeSearchBody, EmployeeStats } from '../../../contract/entities.ts';
import { LIMITS } from '../../../contract/constants.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { type EmployeeRow, employeeColumns, subtreeOf, toEmployee } from './view.ts';

export const ORDER_FIELD_KEY = 'error.employees.order-field';
export const CURSOR_KEY = 'error.employees.cursor';

interface SortKey {
  readonly expr: string;
  readonly cast: string;
}
const key = (expr: string, cast = 'text'): SortKey => ({ expr, cast });
const ID = key('e.id', 'uuid');

/** Sort keys per order field; the id always ends the list, so the order is total. */
export const ORDERS: Record<string, readonly SortKey[]> = {
  name: [key('e.sort_name'), key('e.sort_first'), ID],
  firstName: [key('e.sort_first'), key('e.sort_name'), ID],
  birthDate: [key('e.birth_date', 'date'), ID],
  email: [key('e.sort_email'), ID],
  registrationNumber: [key('e.reg_numbers'), ID],
  creationDate: [key('e.created_at', 'timestamptz'), ID],
};

type Scoped = Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId'>;

/** Folds case and accents like the stored sort/search columns. */
export const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'o')
    .replace(/æ/g, 'a');

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Cursor {
  readonly field: string;
  readonly sens: 'asc' | 'desc';
  readonly unwind: boolean;
  readonly values: readonly (string | null)[];
  readonly count: number;
}
const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');
const decodeCursor = (raw: string): Cursor => {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (!Array.isArray(c.values) || typeof c.count !== 'number') throw new Error('shape');
    return c;
  } catch {
    throw new ApiFailure(400, CURSOR_KEY);
  }
};

export interface Query {
  readonly s: string;
  readonly visible: string[];
  readonly where: string;
  readonly params: unknown[];
  readonly keys: readonly SortKey[];
  readonly sens: 'asc' | 'desc';
  readonly field: string;
  readonly unwind: boolean;
  /** "Has an active link in scope", for the stats. */
  readonly activeInScope: string;
}

/**
 * The WHERE clause of a list body. `$1` = visible ids (links shown), `$2` = the list's scope; the
 * rest are appended. With `unwind`, `u.org_id` is the link each row stands for.
 */
export async function buildQuery(
  db: Queryable,
  session: Scoped,
  body: EmployeeSearchBody,
  options: { wholeScope?: boolean; orgId?: string } = {},
): Promise<Query> {
  const field = body.order?.field ?? 'name';
  const sens = body.order?.sens ?? 'asc';
  const base = ORDERS[field];
  if (!base) throw new ApiFailure(400, ORDER_FIELD_KEY, field, [field]);
  const s = schemaOf(session.domain);
  const visible = await visibleOrgIds(db, session);
  const root = options.orgId ?? body.orgID;
  const scope = options.wholeScope
    ? visible
    : await subtreeOf(db, session, visible, root ?? session.currentOrgId).catch((error: unknown) => {
        // The current organisation may have left the user's rights since login: show nothing.
        if (root) throw error;
        return [] as string[];
      });
  const unwind = body.unwind === true;
  const params: unknown[] = [visible, scope];
  const complement = unwind ? null : await outsideScope(db, s, scope);
  const p = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const links = unwind ? 'ARRAY[u.org_id]' : 'e.org_ids';
  const activeLinks = unwind
    ? `(CASE WHEN u.org_id = ANY(e.active_org_ids) THEN ARRAY[u.org_id] ELSE '{}' END)`
    : 'e.active_org_ids';
  // `$1` is typed here even when only the page query reads it (a count would leave it untyped).
  const outside = complement && complement.length > 0 ? p(complement) : null;
  const inScope = (arr: string): string => {
    if (!complement) return `${arr} && $2::uuid[]`;
    if (!outside) return `cardinality(${arr}) > 0`;
    return `NOT (${arr} <@ ${outside}::uuid[])`;
  };
  // Every parameter is typed in the WHERE clause, even those only some of the queries read.
  const where: string[] = [`$1::uuid[] IS NOT NULL AND $2::uuid[] IS NOT NULL`, inScope(links)];
  const filters = body.organizations ?? [];
  if (filters.length > 0) {
    if (filters.some((f) => !scope.includes(f.organizationId) && !visible.includes(f.organizationId))) throw notFound();
    const any = filters.filter((f) => f.active === undefined).map((f) => f.organizationId);
    const on = filters.filter((f) => f.active === true).map((f) => f.organizationId);
    const off = filters.filter((f) => f.active === false).map((f) => f.organizationId);
    const alternatives: string[] = [];
    if (any.length) alternatives.push(`${links} && ${p(any)}::uuid[]`);
    if (on.length) alternatives.push(`${activeLinks} && ${p(on)}::uuid[]`);
    if (off.length)
      alternatives.push(
        `EXISTS (SELECT 1 FROM unnest(${p(off)}::uuid[]) x WHERE x = ANY(${links}) AND NOT x = ANY(${activeLinks}))`,
      );
    where.push(`(${alternatives.join(' OR ')})`);
  }
  if (body.status === 'active') where.push(inScope(activeLinks));
  if (body.status === 'inactive') where.push(`NOT ${inScope(activeLinks)}`);
  if (body.status === 'to-validate') where.push('e.needs_validation');
  if (body.needsValidation !== undefined) where.push(`e.needs_validation = ${p(body.needsValidation)}`);
  for (const word of fold(body.search ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0)) {
    where.push(`e.search_text LIKE ${p(`%${likeEscape(word)}%`)}`);
  }
  const keys = unwind ? [...base, key('u.org_id', 'uuid')] : base;
  return {
    s,
    visible,
    where: where.join(' AND '),
    params,
    keys,
    sens,
    field,
    unwind,
    activeInScope: inScope(activeLinks),
  };
}

/**
 * The domain's organisations outside `scope`, when fewer than those inside: testing "not only
 * outside links" costs per row what the smaller array costs, and nothing for an administrator
 * who sees everything (the common case at scale). Null when the scope is the smaller set.
 */
async function outsideScope(db: Queryable, s: string, scope: string[]): Promise<string[] | null> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${s}.organizations WHERE NOT id = ANY($1::uuid[])`, [
    scope,
  ]);
  return rows.length < scope.length ? rows.map((r) => r.id) : null;
}

const fromClause = (q: Query): string =>
  q.unwind ? `${q.s}.employees e CROSS JOIN LATERAL unnest(e.org_ids) AS u(org_id)` : `${q.s}.employees e`;

const orderBy = (q: Query): string => q.keys.map((k) => `${k.expr} ${q.sens}`).join(', ');

/** `(keys) > (cursor values)` (or `<` descending), appending the values as parameters. */
const afterClause = (q: Query, values: readonly (string | null)[], params: unknown[]): string => {
  if (values.length !== q.keys.length) throw new ApiFailure(400, CURSOR_KEY);
  const placeholders = q.keys.map((k, i) => {
    params.push(values[i]);
    return `$${params.length}::${k.cast}`;
  });
  return `(${q.keys.map((k) => k.expr).join(', ')}) ${q.sens === 'asc' ? '>' : '<'} (${placeholders.join(', ')})`;
};

/** Sort values of a row as text, for the cursor (`::text` keeps dates and timestamps exact). */
const keyColumns = (q: Query): string => q.keys.map((k, i) => `${k.expr}::text AS k${i}`).join(', ');

export async function countOf(db: Queryable, q: Query): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${fromClause(q)} WHERE ${q.where}`,
    q.params,
  );
  return rows[0]?.n ?? 0;
}

export async function listEmployees(
  db: Queryable,
  session: Scoped,
  body: EmployeeSearchBody,
  options: { wholeScope?: boolean; orgId?: string; defaultLimit?: number } = {},
): Promise<EmployeePage> {
  const q = await buildQuery(db, session, body, options);
  const limit = body.limit ?? options.defaultLimit ?? LIMITS.defaultPageSize;
  const params = [...q.params];
  let where = q.where;
  let offset = body.offset ?? 0;
  let knownCount: number | null = null;
  if (body.after) {
    const cursor = decodeCursor(body.after);
    if (cursor.field !== q.field || cursor.sens !== q.sens || cursor.unwind !== q.unwind)
      throw new ApiFailure(400, CURSOR_KEY);
    where = `${where} AND ${afterClause(q, cursor.values, params)}`;
    offset = 0;
    knownCount = cursor.count;
  }
  params.push(offset, limit);
  const n = params.length;
  const linkFilter = q.unwind ? 'eo.organization_id = page.org_id' : 'eo.organization_id = ANY($1::uuid[])';
  // The sort keys are selected inside the ordered subquery so the planner can answer it from the
  // covering index; rows are then fetched by id, in page order.
  const inner = `SELECT e.id${q.unwind ? ', u.org_id' : ''}, ${keyColumns(q)} FROM ${fromClause(q)}
      WHERE ${where} ORDER BY ${orderBy(q)} OFFSET $${n - 1} LIMIT $${n}`;
  const sql = `WITH page AS MATERIALIZED (SELECT p.*, row_number() OVER () AS rank FROM (${inner}) p)
    SELECT ${employeeColumns(q.s, linkFilter)}, ${q.keys.map((_, i) => `page.k${i}`).join(', ')}
      FROM page JOIN ${q.s}.employees e ON e.id = page.id ORDER BY page.rank`;
  const [pageRows, count] = await Promise.all([
    db.query<EmployeeRow & Record<string, string | null>>(sql, params),
    knownCount ?? countOf(db, q),
  ]);
  const rows = pageRows.rows;
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === limit
      ? encodeCursor({
          field: q.field,
          sens: q.sens,
          unwind: q.unwind,
          values: q.keys.map((_, i) => last[`k${i}`] ?? null),
          count,
        })
      : null;
  return { count, items: rows.map(toEmployee), nextCursor };
}

export async function employeeStats(db: Queryable, session: Scoped, orgId: string | undefined): Promise<EmployeeStats> {
  const q = await buildQuery(db, session, { orgID: orgId });
  const { rows } = await db.query<{ total: number; active: number; to_validate: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE ${q.activeInScope})::int AS active,
            count(*) FILTER (WHERE e.needs_validation)::int AS to_validate
       FROM ${q.s}.employees e WHERE ${q.where}`,
    q.params,
  );
  const r = rows[0] ?? { total: 0, active: 0, to_validate: 0 };
  return {
    totalCount: r.total,
    activeCount: r.active,
    inactiveCount: r.total - r.active,
    needsValidationCount: r.to_validate,
  };
}
