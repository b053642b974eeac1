/**
 * A floor of the visible total read from `documents_census` (migration 0036: documents per
 * organisation and type, kept exact by triggers) instead of the documents. The list shows its total
 * capped (« plus de 1 000 »): counting up to the cap scans documents until 1,001 visible ones are
 * found, which for a user whose rules select a few organisations' payslips read tens of thousands
 * of rows, more or fewer depending on where the scan started. Each arm of the visibility predicate
 * that tests only document types and organisations (`CensusArm`) matches exactly the documents of
 * its cells, so the largest arm's sum is at most the visible total: above the cap, the total is
 * known to be above it and no document is read.
 *
 * It applies when the list's filters are types and organisations only (the list as it opens,
 * sorted any way); any other filter or a search leaves the count to the scan.
 */
import type { DocumentFilter } from '../../../contract/documents.ts';
import type { Queryable } from '../../db/db.ts';
import { type Where, subtreeSql } from './query.ts';

/** What the census can narrow by, and what does not select documents (the page's order and place). */
const COUNTABLE = new Set<string>(['typeCodes', 'organizationIds', 'order', 'offset', 'limit']);

const isSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * True when the census can count what `filter` selects: nothing set but types and organisations
 * (an allow-list, so a filter added later is never counted by mistake).
 */
export const censusCounts = (filter: object): boolean =>
  Object.entries(filter).every(([key, value]) => COUNTABLE.has(key) || !isSet(value));

/**
 * The largest census sum over the predicate's countable arms, within the filter's types and
 * organisations (their subtrees); 0 when no arm is countable or the filter reads more.
 */
export async function censusFloor(q: Queryable, where: Where, filter: DocumentFilter): Promise<number> {
  const arms = where.census ?? [];
  if (arms.length === 0 || !censusCounts(filter)) return 0;
  const s = where.schema;
  const params: unknown[] = [];
  const p = (value: unknown): string => `$${params.push(value)}`;
  const narrowing: string[] = [];
  if (filter.typeCodes?.length) narrowing.push(`c.type_code = ANY(${p(filter.typeCodes)}::text[])`);
  if (filter.organizationIds?.length)
    narrowing.push(`c.organization_id IN (${subtreeSql(s, p(filter.organizationIds))})`);
  const sums = arms.map((arm) => {
    const conditions = [`c.organization_id = ANY(${p(arm.orgs)}::uuid[])`, ...narrowing];
    if (arm.types) conditions.push(`c.type_code = ANY(${p(arm.types)}::text[])`);
    return `(SELECT coalesce(sum(c.n), 0) FROM ${s}.documents_census c WHERE ${conditions.join(' AND ')})`;
  });
  const { rows } = await q.query<{ n: number }>(
    `SELECT ${sums.length === 1 ? sums[0] : `greatest(${sums.join(', ')})`}::int AS n`,
    params,
  );
  return rows[0]?.n ?? 0;
}
