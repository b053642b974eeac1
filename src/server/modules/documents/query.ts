/**
 * What every document call reads through: the session's visibility predicate (its organisations and
 * its access rules' document criteria, src/server/auth/document-visibility.ts) AND the list's
 * filters, as one SQL condition over `documents d`. No call of this module reads a document any
 * other way, so an id the session may not see is exactly an id that does not exist.
 */
import type { DocumentFilter } from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { ruleCriteriaOf } from '../../auth/rights.ts';
import { visibleOrgIds, isUuid } from '../../auth/scope.ts';
import { type CensusArm, type SqlPredicate, compileVisibility } from '../../auth/document-visibility.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { searchQuery } from './search.ts';
import { rememberBounded } from '../../db/versioned-cache.ts';

/** Who reads; `scopeVersion` (read with the session on every call) lets the predicate be reused. */
export type Session = Pick<SessionContext, 'userId' | 'domain'> & Partial<Pick<SessionContext, 'scopeVersion'>>;

/** A condition over `d` and its parameters; more conditions append with `add`. */
export interface Where {
  readonly schema: string;
  readonly params: unknown[];
  readonly conditions: string[];
  /** The visibility's arms a census floor can count (`SqlPredicate.census`), untouched by filters. */
  readonly census?: readonly CensusArm[];
}

export const param = (where: Where, value: unknown): string => `$${where.params.push(value)}`;
export const whereSql = (where: Where): string => where.conditions.join(' AND ');

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const badFilter = (field: string): ApiFailure =>
  new ApiFailure(400, ERROR_KEYS.badRequest, undefined, [field], { [field]: ERROR_KEYS.badRequest });

/**
 * The session's visibility predicate, alone (callers add their own conditions). Compiling it reads
 * the user's rules, their organisations and the rules' subtrees (three statements); all three only
 * change with the scope version (every change of access, rules, groups or the tree bumps it, read
 * with the session on every call and on every node), so a predicate compiled at version v is
 * reused while the version is v. Without a version (jobs, scripts) it is compiled afresh.
 */
export async function visibleWhere(q: Queryable, session: Session): Promise<Where> {
  const key = session.scopeVersion ? `${session.scopeVersion}|${session.userId}|${session.domain}` : null;
  let predicate = key ? PREDICATES.get(key) : undefined;
  if (!predicate) {
    const [rules, visible] = await Promise.all([
      ruleCriteriaOf(q, session.userId, session.domain),
      visibleOrgIds(q, session),
    ]);
    predicate = await compileVisibility(q, session.domain, rules, visible, 'd', 0);
    if (key) rememberBounded(PREDICATES, key, predicate, PREDICATE_ENTRIES);
  }
  return {
    schema: schemaOf(session.domain),
    params: [...predicate.params],
    conditions: [predicate.sql],
    ...(predicate.census ? { census: predicate.census } : {}),
  };
}

/** Compiled predicates by scope version, user and domain; the oldest entry goes first when full. */
const PREDICATES = new Map<string, SqlPredicate>();
const PREDICATE_ENTRIES = 2_000;

/** `visibleWhere` narrowed to some ids (each checked as a uuid: a malformed one is a 404). */
export async function visibleIdsWhere(q: Queryable, session: Session, ids: readonly string[]): Promise<Where> {
  if (!ids.every(isUuid)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const where = await visibleWhere(q, session);
  where.conditions.push(`d.id = ANY(${param(where, ids)}::uuid[])`);
  return where;
}

/** Adds the full-text condition for `tsquery` (the text `searchQuery` makes of what was typed). */
export function addSearch(where: Where, tsquery: string): Where {
  where.conditions.push(`d.search @@ to_tsquery('french', ${param(where, tsquery)})`);
  return where;
}

/** A copy to add conditions to, the original left as it is. */
export const copyWhere = (where: Where): Where => ({
  schema: where.schema,
  params: [...where.params],
  conditions: [...where.conditions],
  ...(where.census ? { census: where.census } : {}),
});

/** `IN (…)`'s subquery: the organisations `ids` (a parameter reference) and every one below them. */
export const subtreeSql = (s: string, ids: string): string =>
  `WITH RECURSIVE tree(id) AS (
        SELECT o.id FROM ${s}.organizations o WHERE o.id = ANY(${ids}::uuid[])
        UNION SELECT ch.id FROM ${s}.organizations ch JOIN tree t ON ch.parent_id = t.id)
      SELECT id FROM tree`;

/** Adds the list's filters (every one optional, combined with AND). */
export function addFilter(where: Where, filter: DocumentFilter): Where {
  const s = where.schema;
  const c = where.conditions;
  const p = (value: unknown) => param(where, value);
  const search = filter.search ? searchQuery(filter.search) : null;
  if (search) addSearch(where, search);
  if (filter.periodStart) {
    if (!ISO_DAY.test(filter.periodStart)) throw badFilter('periodStart');
    c.push(`d.effective_period_end >= ${p(filter.periodStart)}::date`);
  }
  if (filter.periodEnd) {
    if (!ISO_DAY.test(filter.periodEnd)) throw badFilter('periodEnd');
    c.push(`d.effective_period_start <= ${p(filter.periodEnd)}::date`);
  }
  if (filter.typeCodes?.length) c.push(`d.type_code = ANY(${p(filter.typeCodes)}::text[])`);
  if (filter.organizationIds?.length) {
    c.push(`d.organization_id IN (${subtreeSql(s, p(filter.organizationIds))})`);
  }
  if (filter.employeeIds?.length) c.push(`d.employee_id = ANY(${p(filter.employeeIds)}::uuid[])`);
  if (filter.employeeGroupIds?.length)
    c.push(
      `d.employee_id IN (SELECT m.employee_id FROM ${s}.employee_group_members m
                          WHERE m.group_id = ANY(${p(filter.employeeGroupIds)}::uuid[]))`,
    );
  if (filter.destination) c.push(`d.destination = ${p(filter.destination)}`);
  if (filter.source) c.push(`d.source = ${p(filter.source)}`);
  if (filter.metaKey || filter.metaValue) {
    const entry = {
      ...(filter.metaKey ? { name: filter.metaKey } : {}),
      ...(filter.metaValue ? { value: filter.metaValue } : {}),
    };
    c.push(`d.meta_datas @> ${p(JSON.stringify([entry]))}::jsonb`);
  }
  if (filter.keywords?.length) c.push(`d.keywords @> ${p(filter.keywords)}::text[]`);
  if (filter.read === 'read') c.push('d.read_at IS NOT NULL');
  if (filter.read === 'unread') c.push('d.read_at IS NULL');
  return where;
}
