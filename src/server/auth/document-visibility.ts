/**
 * Which documents a user may see (issue 11 point 5): the document criteria of their access rules
 * (`DocumentCriteria` in src/contract/rights.ts, whose comment is the specification) compiled into
 * one SQL predicate, and the same semantics written plainly in TypeScript as the reference the
 * property test (tests/server/document-visibility.property.test.ts) holds the SQL to.
 *
 * The predicate is built for speed at a million documents (`npm run bench:visibility`, figures in
 * docs/operations.md « Document visibility »): organisation subtrees are expanded before it is
 * built, in one recursive query, so it compares the row's own columns with constant arrays
 * (`= ANY($n::uuid[])`, which PostgreSQL hashes and an index can serve), its metadata by
 * containment (`@>`, served by the GIN index of migration 0022) and its period through the stored
 * `effective_period_start/end` columns of that migration; employee groups are one hashed sub-select
 * per statement. No function runs per row. Every column it reads but the metadata is in the
 * ordered covering index `documents_visibility`, so a list page tests index entries, not rows.
 */
import type { DomainId } from '../../contract/constants.ts';
import type { DocumentCriteria } from '../../contract/rights.ts';
import type { DomainSchema, Queryable } from '../db/db.ts';
import { schemaOf } from '../db/db.ts';

/** A boolean SQL expression over the documents alias, and its parameters ($offset+1, $offset+2, …). */
export interface SqlPredicate {
  sql: string;
  params: unknown[];
  /**
   * The predicate's arms that test only document types and organisations (null types = any): each
   * is a sum of `documents_census` cells, so the largest such sum is a floor of the visible total
   * known without reading a document (src/server/modules/documents/census.ts). Empty when no arm is
   * that simple.
   */
  census?: readonly CensusArm[];
}

/** An arm of the predicate that is exactly « type in `types` (any when null) and organisation in `orgs` ». */
export interface CensusArm {
  readonly types: readonly string[] | null;
  readonly orgs: readonly string[];
}

/**
 * The total a documents list shows, capped: counting every visible document of a large archive
 * visits each one (seconds at a million, docs/operations.md « Document visibility »); counting up
 * to the cap stops there, after reading about cap ÷ the share of documents the user sees. At 10,000
 * a user whose rules let 9 % through read ~110,000 rows per call (p95 79 ms on PostgreSQL, 233 on
 * PGlite, « Documents archive »); at 1,000 — fifty pages of 20 — a tenth of that. A result above
 * the cap reads « plus de 1 000 ».
 */
export const VISIBLE_COUNT_CAP = 1_000;

/** `SELECT n`: how many rows `fromWhere` (« FROM … WHERE … ») yields, counted up to `cap + 1`. */
export const cappedCountSql = (fromWhere: string, cap: number = VISIBLE_COUNT_CAP): string =>
  `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${Math.trunc(cap) + 1}) capped`;

/** What the predicate needs beyond the rules: the domain's schema and the organisations' subtrees. */
export interface CriteriaExpansion {
  readonly schema: DomainSchema;
  /** Organisation id → itself and every organisation below it. */
  readonly subtrees: ReadonlyMap<string, readonly string[]>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;
const ALIAS = /^[a-z_][a-z0-9_]*$/i;

/** A criterion's text (period bound, metadata name or value) counts as set unless null or empty. */
const isSet = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value !== '';

/** A rule's period bound as a calendar day (`YYYY-MM-DD`): the date part of an ISO date or date-time. */
export function ruleDay(bound: string | null | undefined): string | null {
  if (!isSet(bound)) return null;
  const day = ISO_DAY.exec(bound)?.[0];
  if (!day) throw new Error(`not an ISO date: ${bound}`);
  return day;
}

/**
 * Expands, in one recursive statement, the subtree of every organisation the rules name (none when
 * they name none). An id that does not exist in the domain expands to nothing.
 */
export async function expandCriteria(
  q: Queryable,
  domain: DomainId,
  rules: readonly DocumentCriteria[],
): Promise<CriteriaExpansion> {
  const schema = schemaOf(domain);
  const orgIds = [...new Set(rules.flatMap((r) => r.organizationIds))];
  if (orgIds.length === 0) return { schema, subtrees: new Map() };
  const { rows } = await q.query<{ root: string; ids: string[] }>(
    `WITH RECURSIVE tree(root, id) AS (
       SELECT o.id, o.id FROM ${schema}.organizations o WHERE o.id = ANY($1::uuid[])
       UNION
       SELECT t.root, c.id FROM ${schema}.organizations c JOIN tree t ON c.parent_id = t.id
     )
     SELECT root::text AS root, array_agg(id::text) AS ids FROM tree GROUP BY root`,
    [arrayLiteral(orgIds)],
  );
  return { schema, subtrees: new Map(rows.map((r) => [r.root, r.ids])) };
}

/**
 * The visibility predicate of a user: `visibleOrgIds` are the organisations they see (already
 * expanded, `visibleOrgIds` of scope.ts), `rules` the document criteria of their access rules.
 * Combine it with the caller's own conditions: `WHERE <caller's, $1..$k> AND <sql>` with
 * `paramOffset = k`, then `[...callerParams, ...params]`.
 */
export async function compileVisibility(
  q: Queryable,
  domain: DomainId,
  rules: readonly DocumentCriteria[],
  visibleOrgIds: readonly string[],
  alias = 'd',
  paramOffset = 0,
): Promise<SqlPredicate> {
  return buildVisibility(rules, await expandCriteria(q, domain, rules), visibleOrgIds, alias, paramOffset);
}

/** The predicate from criteria already expanded (no database access). */
export function buildVisibility(
  rules: readonly DocumentCriteria[],
  expansion: CriteriaExpansion,
  visibleOrgIds: readonly string[],
  alias = 'd',
  paramOffset = 0,
): SqlPredicate {
  if (!ALIAS.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  const params: unknown[] = [];
  // Equal arrays (the same subtree in several rules) travel once.
  const slots = new Map<string, string>();
  const param = (value: string | readonly string[], type: string): string => {
    const text = typeof value === 'string' ? value : arrayLiteral(value);
    const key = `${type}|${text}`;
    let slot = slots.get(key);
    if (!slot) {
      params.push(text);
      slot = `$${paramOffset + params.length}::${type}`;
      slots.set(key, slot);
    }
    return slot;
  };
  const visible = unique(visibleOrgIds.map((id) => id.toLowerCase()));
  const col = (name: string): string => `${alias}.${name}`;
  const orgClause = (): string => `${col('organization_id')} = ANY(${param(visible, 'uuid[]')})`;
  const everyVisible = (): SqlPredicate => ({ sql: orgClause(), params, census: [{ types: null, orgs: visible }] });
  if (rules.length === 0) return everyVisible();

  const visibleSet = new Set(visible);
  const arms: Arm[] = [];
  for (const rule of rules) {
    const arm = normalise(rule, expansion, visibleSet);
    if (arm === 'never') continue;
    // A rule that constrains nothing lets every visible document through: the others add nothing.
    if (isUnconstrained(arm)) return everyVisible();
    arms.push(arm);
  }
  const merged = merge(arms);
  if (merged.some(isUnconstrained)) return everyVisible();
  // The visible organisations move into the arms that name none (the others are already inside
  // them), so a document pays for the organisation test only in an arm whose other tests it passed.
  const union = merged.flatMap((arm) => {
    const orgs = arm.orgs ?? visible;
    if (orgs.length === 0) return [];
    // Cheap and selective tests first; the metadata containment last.
    const conditions: string[] = [];
    if (arm.types) conditions.push(`${col('type_code')} = ANY(${param(arm.types, 'text[]')})`);
    if (arm.from) conditions.push(`${col('effective_period_end')} >= ${param(arm.from, 'date')}`);
    if (arm.to) conditions.push(`${col('effective_period_start')} <= ${param(arm.to, 'date')}`);
    // IS NOT NULL keeps the predicate two-valued (a document without employee): NOT (…) is its complement.
    if (arm.employees || arm.groups) conditions.push(`${col('employee_id')} IS NOT NULL`);
    if (arm.employees) conditions.push(`${col('employee_id')} = ANY(${param(arm.employees, 'uuid[]')})`);
    conditions.push(`${col('organization_id')} = ANY(${param(orgs, 'uuid[]')})`);
    // Members are read by the query, not sent: a group may hold thousands. PostgreSQL hashes them
    // once per statement (a hashed SubPlan), then probes once per document that gets this far.
    if (arm.groups)
      conditions.push(
        `${col('employee_id')} IN (SELECT m.employee_id FROM ${expansion.schema}.employee_group_members m ` +
          `WHERE m.group_id = ANY(${param(arm.groups, 'uuid[]')}))`,
      );
    if (arm.meta) conditions.push(`${col('meta_datas')} @> ${param(JSON.stringify([arm.meta]), 'jsonb')}`);
    return [conditions.join(' AND ')];
  });
  if (union.length === 0) return { sql: 'false', params: [], census: [] };
  const census = merged
    .filter((arm) => !arm.from && !arm.to && !arm.employees && !arm.groups && !arm.meta)
    .map((arm) => ({ types: arm.types, orgs: arm.orgs ?? visible }))
    .filter((arm) => arm.orgs.length > 0);
  return { sql: union.length === 1 ? `(${union[0]})` : `((${union.join(') OR (')}))`, params, census };
}

/** One rule as the SQL tests it: every list sorted and deduplicated, null = no constraint. */
interface Arm {
  from: string | null;
  to: string | null;
  types: string[] | null;
  orgs: string[] | null;
  employees: string[] | null;
  groups: string[] | null;
  meta: { name?: string; value?: string } | null;
}
const SET_CRITERIA = ['types', 'orgs', 'employees', 'groups'] as const;

/**
 * Organisations reduced to the visible part of their subtrees. `never` when the rule cannot match a
 * visible document (none of its organisations visible, a period whose start is after its end).
 */
function normalise(rule: DocumentCriteria, expansion: CriteriaExpansion, visible: ReadonlySet<string>): Arm | 'never' {
  const from = ruleDay(rule.periodStart);
  const to = ruleDay(rule.periodEnd);
  if (from && to && from > to) return 'never';
  let orgs: string[] | null = null;
  if (rule.organizationIds.length > 0) {
    const below = rule.organizationIds.flatMap((id) => expansion.subtrees.get(id.toLowerCase()) ?? []);
    orgs = unique(below.filter((id) => visible.has(id)));
    if (orgs.length === 0) return 'never';
  }
  const ids = (list: readonly string[]) => (list.length > 0 ? unique(list.map((id) => id.toLowerCase())) : null);
  const meta =
    isSet(rule.metaKey) || isSet(rule.metaValue)
      ? {
          ...(isSet(rule.metaKey) ? { name: rule.metaKey } : {}),
          ...(isSet(rule.metaValue) ? { value: rule.metaValue } : {}),
        }
      : null;
  return {
    from,
    to,
    types: rule.docTypes.length > 0 ? unique(rule.docTypes) : null,
    orgs,
    employees: ids(rule.employeeIds),
    groups: ids(rule.employeeGroupIds),
    meta,
  };
}

const isUnconstrained = (arm: Arm): boolean =>
  !arm.from && !arm.to && !arm.types && !arm.orgs && !arm.employees && !arm.groups && !arm.meta;

/**
 * Fewer, equivalent arms: two arms equal but for one list criterion are one arm over the union of
 * their lists (`X ∧ c ∈ A ∨ X ∧ c ∈ B ≡ X ∧ c ∈ A ∪ B`; no constraint absorbs a list), repeated
 * until nothing merges. Fifty rules of a few shapes become a dozen arms, which is what a document
 * that matches none of them pays for.
 */
function merge(arms: Arm[]): Arm[] {
  let current = arms;
  for (let changed = true; changed;) {
    changed = false;
    for (const criterion of SET_CRITERIA) {
      const groups = new Map<string, Arm[]>();
      for (const arm of current) {
        const key = SET_CRITERIA.filter((c) => c !== criterion)
          .map((c) => arm[c]?.join(',') ?? '*')
          .concat(arm.from ?? '*', arm.to ?? '*', JSON.stringify(arm.meta))
          .join('|');
        const group = groups.get(key);
        if (group) group.push(arm);
        else groups.set(key, [arm]);
      }
      if (groups.size === current.length) continue;
      changed = true;
      current = [...groups.values()].map((group) => {
        const lists = group.map((arm) => arm[criterion]);
        const union = lists.some((list) => list === null) ? null : unique((lists as string[][]).flat());
        return { ...group[0]!, [criterion]: union };
      });
    }
  }
  return current;
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * A PostgreSQL array literal (`{"a","b"}`), sent as text and cast by the predicate (`$n::uuid[]`).
 * Both drivers accept JavaScript arrays, but PGlite serialises them element by element in
 * JavaScript: with a few thousand ids (expanded employee groups) that took longer than the query.
 */
const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/* ------------------------------------------------------------------ the reference */

/** What the reference reads of a document (the `documents` row, as the Db interface returns it). */
export interface VisibilityDocument {
  organizationId: string;
  employeeId: string | null;
  typeCode: string;
  /** The `meta_datas` column: a JSON array of `{ name, value }`. */
  metaDatas: unknown;
  periodStart: string | null;
  periodEnd: string | null;
  emissionDate: string | null;
  /** ISO 8601 instant; its UTC calendar day is the deposit date. */
  depositedAt: string;
}

/**
 * The contract's comment, read literally, one document at a time. `orgParents` maps each
 * organisation to its parent (null at a root); `groupMembers` each employee group to its members;
 * `visibleOrgIds` are the organisations the user sees.
 */
export function visibleByReference(
  document: VisibilityDocument,
  rules: readonly DocumentCriteria[],
  orgParents: ReadonlyMap<string, string | null>,
  groupMembers: ReadonlyMap<string, ReadonlySet<string>>,
  visibleOrgIds: ReadonlySet<string>,
): boolean {
  const organization = document.organizationId.toLowerCase();
  if (![...visibleOrgIds].some((id) => id.toLowerCase() === organization)) return false;
  if (rules.length === 0) return true;
  return rules.some((rule) => ruleMatches(document, rule, orgParents, groupMembers));
}

function ruleMatches(
  doc: VisibilityDocument,
  rule: DocumentCriteria,
  orgParents: ReadonlyMap<string, string | null>,
  groupMembers: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  const ruleStart = ruleDay(rule.periodStart);
  const ruleEnd = ruleDay(rule.periodEnd);
  if (ruleStart !== null || ruleEnd !== null) {
    if (ruleStart !== null && ruleEnd !== null && ruleStart > ruleEnd) return false;
    const deposit = doc.depositedAt.slice(0, 10);
    const docStart = doc.periodStart ?? doc.periodEnd ?? doc.emissionDate ?? deposit;
    const docEnd = doc.periodEnd ?? doc.periodStart ?? doc.emissionDate ?? deposit;
    if (ruleEnd !== null && docStart > ruleEnd) return false;
    if (ruleStart !== null && docEnd < ruleStart) return false;
  }
  if (rule.docTypes.length > 0 && !rule.docTypes.includes(doc.typeCode)) return false;
  if (rule.organizationIds.length > 0) {
    const named = new Set(rule.organizationIds.map((id) => id.toLowerCase()));
    if (!ancestorsAndSelf(doc.organizationId, orgParents).some((id) => named.has(id))) return false;
  }
  if (rule.employeeIds.length > 0) {
    if (doc.employeeId === null || !rule.employeeIds.some((id) => id.toLowerCase() === doc.employeeId)) return false;
  }
  if (rule.employeeGroupIds.length > 0) {
    const employee = doc.employeeId;
    if (employee === null) return false;
    if (!rule.employeeGroupIds.some((id) => groupMembers.get(id.toLowerCase())?.has(employee) === true)) return false;
  }
  if (isSet(rule.metaKey) || isSet(rule.metaValue)) {
    const entries = Array.isArray(doc.metaDatas) ? (doc.metaDatas as unknown[]) : [];
    const found = entries.some(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        !Array.isArray(entry) &&
        (!isSet(rule.metaKey) || (entry as Record<string, unknown>).name === rule.metaKey) &&
        (!isSet(rule.metaValue) || (entry as Record<string, unknown>).value === rule.metaValue),
    );
    if (!found) return false;
  }
  return true;
}

/** The organisation and every organisation above it (a cycle in bad data stops the walk). */
function ancestorsAndSelf(orgId: string, parents: ReadonlyMap<string, string | null>): string[] {
  const seen: string[] = [];
  for (let id: string | null | undefined = orgId; id && !seen.includes(id); id = parents.get(id)) seen.push(id);
  return seen;
}
