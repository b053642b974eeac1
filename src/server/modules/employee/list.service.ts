/**
 * Employee list, stats and CSV at 100,000 rows. The page is chosen on the ordering index alone
 * (sort keys + the link arrays it INCLUDEs, see migration 0003), then only its rows are read in
 * full. Keyset cursors carry the sort key, the id and the total of the first page, so following
 * pages neither walk the offset nor count again.
 */
import { createHash } from 'node:crypto';
import type { EmployeePage, EmployeeSearchBody, EmployeeStats } from '../../../contract/entities.ts';
import { LIMITS, PAGE_SIZES } from '../../../contract/constants.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, listScope } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { type EmployeeRow, employeeColumns, toEmployee } from './view.ts';

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
  /** A search word is part of `where` (it reads the employee row, not only its links). */
  readonly searching: boolean;
  /** Ids matching the search and every other filter (null without a search). */
  readonly searchIds: SearchIds | null;
}

/**
 * Columns a search word may start, each leading a sort index (migrations 0003/0007), with the
 * form of the (folded) word they hold: registration numbers are stored as typed, mostly upper case.
 */
const SEARCH_COLUMNS: readonly [string, (word: string) => string][] = [
  ['e.sort_name', (w) => w],
  ['e.sort_first', (w) => w],
  ['e.sort_email', (w) => w],
  ['e.reg_numbers', (w) => w],
  ['e.reg_numbers', (w) => w.toUpperCase()],
];

/**
 * Employees of `from` passing `where` whose name, first name, e-mail or (first) registration
 * number starts with every word. Each (word, column) pair is a range scan of that column's sort
 * index, which also carries the link arrays `where` reads: no employee row is read, unlike a
 * contains scan of 100,000 rows. The collation is C, so U+10FFFF bounds every continuation.
 */
interface SearchIds {
  readonly count: number;
  /** uuid[] as its text literal. */
  readonly ids: string;
}

async function matchingIds(
  db: Queryable,
  from: string,
  where: string,
  params: readonly unknown[],
  words: readonly string[],
): Promise<SearchIds> {
  const all = [...params];
  const bound = (value: string): string => {
    all.push(value);
    return `$${all.length}::text`;
  };
  const perWord = words.map((word) => {
    const ranges = new Map<string, string>();
    for (const [column, form] of SEARCH_COLUMNS) {
      const prefix = form(word);
      if (ranges.has(`${column}:${prefix}`)) continue;
      ranges.set(
        `${column}:${prefix}`,
        `${column} >= ${bound(prefix)} AND ${column} < ${bound(`${prefix}\u{10FFFF}`)}`,
      );
    }
    return [...ranges.values()].map((range) => `SELECT e.id FROM ${from} WHERE ${where} AND ${range}`).join(' UNION ');
  });
  // One array literal, not thousands of rows: it goes back as the page's parameter untouched.
  const { rows } = await db.query<SearchIds>(
    `SELECT count(*)::int AS count, coalesce(array_agg(id)::text, '{}') AS ids
       FROM (${perWord.map((u) => `(${u})`).join(' INTERSECT ')}) m`,
    all,
  );
  return rows[0] ?? { count: 0, ids: '{}' };
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
  // Own keys only: « constructor » or « __proto__ » would otherwise find Object's members (a 500).
  const base = Object.hasOwn(ORDERS, field) ? ORDERS[field] : undefined;
  if (!base) throw new ApiFailure(400, ORDER_FIELD_KEY, field, [field]);
  const s = schemaOf(session.domain);
  const root = options.orgId ?? body.orgID;
  const target = root ?? session.currentOrgId;
  if (!isUuid(target)) throw notFound();
  const orgs = await listScope(db, session, options.wholeScope ? null : target);
  const visible = orgs.visible;
  // The current organisation may have left the user's rights since login: show nothing.
  if (!options.wholeScope && !visible.includes(target) && root) throw notFound();
  const scope = options.wholeScope || visible.includes(target) ? orgs.scope : [];
  const unwind = body.unwind === true;
  const params: unknown[] = [visible, scope];
  // Testing "not only outside links" costs per row what the smaller array costs, and nothing for
  // an administrator who sees everything (the common case at scale): the complement only when smaller.
  const complement = unwind || orgs.outside.length >= scope.length ? null : orgs.outside;
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
  let searchIds: SearchIds | null = null;
  const words = fold(body.search ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length > 0) {
    const others = where.join(' AND ');
    const ids = await matchingIds(
      db,
      unwind ? `${s}.employees e CROSS JOIN LATERAL unnest(e.org_ids) AS u(org_id)` : `${s}.employees e`,
      others,
      params,
      words,
    );
    // The other filters stay on the page too: a row whose links changed since is not shown.
    where.push(`e.id = ANY(${p(ids.ids)}::uuid[])`);
    searchIds = ids;
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
    searching: words.length > 0,
    searchIds,
  };
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

/**
 * Total of a list, and how many rows of the domain its filters leave out. Without a search the
 * filters read only the link triple, so both come from employee_link_counts (migration 0007):
 * a few hundred rows instead of a scan of the employees.
 */
export async function countOf(db: Queryable, q: Query): Promise<{ count: number; excluded: number | null }> {
  if (q.searchIds && !q.unwind) return { count: q.searchIds.count, excluded: null };
  if (q.searching) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${fromClause(q)} WHERE ${q.where}`,
      q.params,
    );
    return { count: rows[0]?.n ?? 0, excluded: null };
  }
  if (q.unwind) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT coalesce(sum(e.n), 0)::int AS n FROM ${q.s}.employee_link_counts e
        CROSS JOIN LATERAL unnest(e.org_ids) AS u(org_id) WHERE ${q.where}`,
      q.params,
    );
    return { count: rows[0]?.n ?? 0, excluded: null };
  }
  const { rows } = await db.query<{ n: number; total: number }>(countSql(q), q.params, { prepared: true });
  const r = rows[0] ?? { n: 0, total: 0 };
  return { count: r.n, excluded: r.total - r.n };
}

/** A list's total and the domain's (filters reading only the link triple: no search, no unwind). */
const countSql = (q: Query): string =>
  `SELECT coalesce(sum(e.n) FILTER (WHERE ${q.where}), 0)::int AS n, coalesce(sum(e.n), 0)::int AS total
     FROM ${q.s}.employee_link_counts e`;

/** Lists whose count `countSql` reads, so that it can join the page's statement. */
const mergesCount = (q: Query): boolean => !q.searching && !q.unwind;

/**
 * How many rows of the domain each filter left out when last counted, by schema, filter and its values
 * (this node's memory, bounded). It only chooses the page's filter (`pageFilter`): both give the same
 * rows, so a value changed since costs at most one slower page, and the page's statement counts again.
 */
const lastExcluded = new Map<string, number>();
const LAST_EXCLUDED_MAX = 5000;
const excludedKey = (q: Query): string => {
  const key = `${q.s}\u0000${q.where}\u0000${JSON.stringify(q.params)}`;
  // A scope of hundreds of organisations is a long key: its digest keeps the map's memory small.
  return key.length > 512 ? createHash('sha256').update(key).digest('base64url') : key;
};
const rememberExcluded = (key: string, excluded: number | null): void => {
  if (excluded === null) return;
  if (!lastExcluded.has(key) && lastExcluded.size >= LAST_EXCLUDED_MAX) lastExcluded.clear();
  lastExcluded.set(key, excluded);
};

/** Up to this many rows left out by the filters are skipped by id rather than filtered row by row. */
const FEW_EXCLUDED = 2000;

/**
 * The page's filter. Testing the link arrays of every row walked costs as much as the walk
 * itself at offset 50,000; when the counts show that the filters leave out a few rows at most,
 * the filter becomes constant true (the planner drops it) and those rows are skipped by id,
 * found through employees_links. The ids are read in the page's own statement (same snapshot
 * as the rows), so an employee added meanwhile outside the scope is skipped too; `OR true`
 * keeps every parameter typed. Null when the filters leave out more: the page filters row by row.
 */
const pageFilter = (q: Query, excluded: number | null): string | null => {
  if (excluded === null || excluded > FEW_EXCLUDED) return null;
  return `((${q.where}) OR true) AND NOT e.id = ANY(ARRAY(
      SELECT x.id FROM ${q.s}.employee_link_counts e JOIN ${q.s}.employees x
          ON (x.org_ids, x.active_org_ids, x.needs_validation) = (e.org_ids, e.active_org_ids, e.needs_validation)
       WHERE e.n > 0 AND NOT (${q.where})))`;
};

/**
 * `OFFSET … LIMIT …`, appending their values as parameters. A first page of one of the screen's sizes
 * under the constant filter writes its size in the text and no offset instead: that statement's plan
 * is the same whatever the scope (the filter is constant, the excluded ids a parameter), and with the
 * row count known PostgreSQL keeps one generic plan for it — with both as parameters it estimated 10 %
 * of the rows for each and planned every call anew, about as long as running it (the bench's employees
 * calls, docs/deploy.md). Bounded: four sizes × the few filter shapes, so a caller cannot grow a
 * connection's statements by varying the limit. Any other page keeps both as parameters.
 */
const pageWindow = (params: unknown[], offset: number, limit: number, constantFilter: boolean): string => {
  if (constantFilter && offset === 0 && (PAGE_SIZES as readonly number[]).includes(limit)) return `LIMIT ${limit}`;
  params.push(offset, limit);
  return `OFFSET $${params.length - 1} LIMIT $${params.length}`;
};

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
  // Without a search the count is a sub-millisecond read that also chooses the page's filter. Once the
  // same filter was counted, the count is read in the page's own statement instead (one round trip
  // less) and the filter chosen from the last count (see `lastExcluded`).
  const merge = knownCount === null && mergesCount(q) ? excludedKey(q) : null;
  const remembered = merge === null ? undefined : lastExcluded.get(merge);
  const counted = knownCount !== null || remembered !== undefined ? null : await countOf(db, q);
  const excluded = remembered ?? counted?.excluded ?? null;
  const constantFilter = knownCount === null ? pageFilter(q, excluded) : null;
  if (constantFilter) where = constantFilter;
  if (merge !== null && counted) rememberExcluded(merge, counted.excluded);
  const linkFilter = q.unwind ? 'eo.organization_id = page.org_id' : 'eo.organization_id = ANY($1::uuid[])';
  // The sort keys are selected inside the ordered subquery so the planner can answer it from the
  // covering index; rows are then fetched by id, in page order.
  const inner = `SELECT e.id${q.unwind ? ', u.org_id' : ''}, ${keyColumns(q)} FROM ${fromClause(q)}
      WHERE ${where} ORDER BY ${orderBy(q)} ${pageWindow(params, offset, limit, constantFilter !== null)}`;
  const columns = `${employeeColumns(q.s, linkFilter)}, ${q.keys.map((_, i) => `page.k${i}`).join(', ')}`;
  const pageCte = `page AS MATERIALIZED (SELECT p.*, row_number() OVER () AS rank FROM (${inner}) p)`;
  if (remembered !== undefined && merge !== null) {
    // The count and the page in one statement: one row with the counts and no employee when the page is empty.
    const { rows: merged } = await db.query<
      EmployeeRow & Record<string, string | null> & { count_n: number; count_total: number }
    >(
      `WITH counts AS (${countSql(q)}), ${pageCte}
       SELECT counts.n AS count_n, counts.total AS count_total, r.*
         FROM counts LEFT JOIN (SELECT ${columns}, page.rank AS page_rank
                                  FROM page JOIN ${q.s}.employees e ON e.id = page.id) r ON true
        ORDER BY r.page_rank`,
      params,
      { prepared: true },
    );
    const head = merged[0] ?? { count_n: 0, count_total: 0 };
    rememberExcluded(merge, head.count_total - head.count_n);
    return pageOf(
      q,
      merged.filter((r) => r.id !== null),
      limit,
      head.count_n,
    );
  }
  const sql = `WITH ${pageCte}
    SELECT ${columns} FROM page JOIN ${q.s}.employees e ON e.id = page.id ORDER BY page.rank`;
  const [pageRows, count] = await Promise.all([
    // Prepared unless searching: a search's text has a part per word typed (unbounded shapes).
    db.query<EmployeeRow & Record<string, string | null>>(sql, params, { prepared: !q.searching }),
    knownCount ?? counted?.count ?? countOf(db, q).then((c) => c.count),
  ]);
  return pageOf(q, pageRows.rows, limit, count);
}

/** The page as the API gives it: its employees, the total, and the cursor to the next page when full. */
function pageOf(q: Query, rows: (EmployeeRow & Record<string, string | null>)[], limit: number, count: number) {
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
    `SELECT coalesce(sum(e.n), 0)::int AS total,
            coalesce(sum(e.n) FILTER (WHERE ${q.activeInScope}), 0)::int AS active,
            coalesce(sum(e.n) FILTER (WHERE e.needs_validation), 0)::int AS to_validate
       FROM ${q.s}.employee_link_counts e WHERE ${q.where}`,
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
