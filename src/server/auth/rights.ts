/**
 * Effective rights, defined once: a user's own flags ∪ the flags of their user groups ∪ the flags of
 * the access rules that target them or one of their groups, in one domain (groups and rules belong
 * to a company of that domain). The session query reads them on every call (`sessions.ts`), so a
 * change is effective on the caller's very next call, on every node; login, the rights screens and
 * the administration guards read them through the same SQL.
 */
import type { DomainId } from '../../contract/constants.ts';
import type { DocumentCriteria } from '../../contract/rights.ts';
import { type Feature, isFeature } from '../../contract/features.ts';
import type { Queryable } from '../db/db.ts';

/**
 * The ids of the rules that apply to `user` in `domain`: those targeting the user, and those
 * targeting a group they are a member of. `user` and `domain` are SQL expressions (a column or a
 * parameter), never caller text.
 */
export const rulesOfUserSql = (user: string, domain: string): string => `
  SELECT r.id FROM directory.access_rules r
   WHERE r.domain = ${domain} AND r.id IN (
     SELECT ru.rule_id FROM directory.access_rule_users ru WHERE ru.user_id = ${user}
     UNION
     SELECT rg.rule_id FROM directory.access_rule_groups rg
       JOIN directory.user_group_members rm ON rm.group_id = rg.group_id
      WHERE rm.user_id = ${user})`;

/**
 * The effective flags of `user` in `domain` as a sorted `text[]`. The union itself is
 * `directory.effective_features` (migration 0026), planned once per connection rather than on
 * every call. `user` and `domain` are SQL expressions (a column or a parameter), never caller text.
 */
export const effectiveFeaturesSql = (user: string, domain: string): string =>
  `directory.effective_features(${user}, ${domain})`;

/** The same for a set of users in one pass: a relation `(user_id, features)`, one row per id of `users`. */
export const effectiveFeaturesOfSql = (users: string, domain: string): string =>
  `directory.effective_features_of(${users}::uuid[], ${domain})`;

export const toFeatures = (values: readonly string[] | null | undefined): Feature[] => (values ?? []).filter(isFeature);

/** Effective flags of several users in a domain; an inactive or unknown user has none. */
export async function effectiveFeaturesOf(
  q: Queryable,
  userIds: readonly string[],
  domain: DomainId,
): Promise<Map<string, Set<Feature>>> {
  const out = new Map<string, Set<Feature>>(userIds.map((id) => [id, new Set<Feature>()]));
  if (userIds.length === 0) return out;
  const { rows } = await q.query<{ id: string; features: string[] }>(
    `SELECT u.id, ef.features FROM directory.users u JOIN ${effectiveFeaturesOfSql('$1', '$2')} ef ON ef.user_id = u.id
      WHERE u.active`,
    [userIds, domain],
  );
  for (const row of rows) out.set(row.id, new Set(toFeatures(row.features)));
  return out;
}

/** The document criteria of every rule that applies to a user in a domain (none: no rule restricts them). */
export async function ruleCriteriaOf(q: Queryable, userId: string, domain: DomainId): Promise<DocumentCriteria[]> {
  const { rows } = await q.query<{ criteria: DocumentCriteria }>(
    `SELECT criteria FROM directory.access_rules WHERE id IN (${rulesOfUserSql('$1::uuid', '$2')}) ORDER BY id`,
    [userId, domain],
  );
  return rows.map((r) => r.criteria);
}
