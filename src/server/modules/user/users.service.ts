/** The user directory as seen from a session: users sharing its visible organisations, profiles. */
import type { DomainId } from '../../../contract/constants.ts';
import type { User, UserSearchBody } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { isFeature } from '../../../contract/features.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Queryable } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { sortedFeatures } from './view.ts';
import { assertWritable, reachOf } from '../rights/reach.ts';

interface DirectoryRow {
  id: string;
  login: string;
  first_name: string;
  last_name: string;
  email: string | null;
  features: string[];
  linked_to_microsoft: boolean;
  is_free_trial: boolean;
  signature_v3: boolean;
  access: { orgId: string; isRoot: boolean; includeChildren: boolean }[];
  group_ids: string[];
}

// Column names come from this fixed map, never from the caller.
const USER_SORT_COLUMNS: Record<NonNullable<UserSearchBody['order']>['field'], string> = {
  login: 'lower(u.login)',
  lastName: 'lower(u.last_name)',
  firstName: 'lower(u.first_name)',
  email: 'lower(u.email)',
};
const orderBy = (order: UserSearchBody['order']): string => {
  if (!order) return 'u.last_name, u.first_name, u.id';
  const sens = order.sens === 'desc' ? 'DESC' : 'ASC';
  return `${USER_SORT_COLUMNS[order.field]} ${sens} NULLS LAST, u.id ${sens}`;
};

/** Users with an access row on an organisation the session sees (in its domain); the rows outside are not shown. */
async function sharedUsers(
  db: Queryable,
  session: SessionContext,
  filter: { ids?: string[]; search?: string; offset: number; limit: number; order?: UserSearchBody['order'] },
): Promise<{ count: number; items: User[] }> {
  const visible = await visibleOrgIds(db, session);
  const where = `a.domain = $1 AND a.org_id = ANY($2::uuid[])
      AND ($3::uuid[] IS NULL OR u.id = ANY($3::uuid[]))
      AND ($4::text IS NULL OR u.login ILIKE $4 OR u.first_name ILIKE $4 OR u.last_name ILIKE $4 OR u.email ILIKE $4)`;
  const params = [session.domain, visible, filter.ids ?? null, filter.search ? likeContains(filter.search) : null];
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT u.id)::int AS n FROM directory.users u
       JOIN directory.user_org_access a ON a.user_id = u.id WHERE ${where}`,
    params,
  );
  const { rows } = await db.query<DirectoryRow>(
    `SELECT u.id, u.login, u.first_name, u.last_name, u.email, u.features, u.linked_to_microsoft,
            u.is_free_trial, u.signature_v3,
            coalesce((SELECT json_agg(json_build_object('orgId', x.org_id, 'isRoot', x.is_root,
                                                        'includeChildren', x.include_children))
                        FROM directory.user_org_access x
                       WHERE x.user_id = u.id AND x.domain = $1 AND x.org_id = ANY($2::uuid[])), '[]') AS access,
            ARRAY(SELECT m.group_id FROM directory.user_group_members m WHERE m.user_id = u.id) AS group_ids
       FROM directory.users u
      WHERE EXISTS (SELECT 1 FROM directory.user_org_access a WHERE a.user_id = u.id AND ${where})
      ORDER BY ${orderBy(filter.order)} OFFSET $5 LIMIT $6`,
    [...params, filter.offset, filter.limit],
  );
  const domain: DomainId = session.domain;
  const items = rows.map((row): User => ({
    id: row.id,
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    rootOrgs: row.access.filter((a) => a.isRoot).map((a) => ({ domain, orgId: a.orgId })),
    visibleOrgs: row.access.map((a) => ({ orgId: a.orgId, domain, includeChildren: a.includeChildren })),
    features: sortedFeatures(row.features.filter(isFeature)),
    userGroupIds: row.group_ids,
    linkedToMicrosoft: row.linked_to_microsoft,
    isFreeTrial: row.is_free_trial,
    signatureV3: row.signature_v3,
  }));
  return { count: counted[0]?.n ?? 0, items };
}

export async function updateProfile(
  db: Queryable,
  session: SessionContext,
  userId: string,
  body: { firstName: string; lastName: string; locale?: string | undefined },
): Promise<User> {
  if (!isUuid(userId)) throw notFound();
  const self = userId === session.userId;
  if (!self && !session.features.has('UserAccess')) throw new ApiFailure(403, ERROR_KEYS.featureForbidden);
  // Another user is changed as on the rights screens: 404 unless they share an organisation, 403 unless
  // the administrator sees every organisation they see, in every domain (SECURITY.md).
  if (!self) await assertWritable(db, await reachOf(db, session), userId);
  await db.query(
    `UPDATE directory.users SET first_name = $2, last_name = $3, locale = coalesce($4, locale) WHERE id = $1`,
    [userId, body.firstName.trim(), body.lastName.trim(), body.locale ?? null],
  );
  const { items } = await sharedUsers(db, session, { ids: [userId], offset: 0, limit: 1 });
  const user = items[0];
  if (user) return user;
  // The caller's own row may have no access in this domain's visible set (never for a real session).
  throw notFound();
}
