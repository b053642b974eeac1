/**
 * What an administrator reaches (SECURITY.md "Rights administration"): in the session's domain, the
 * organisations they see, the company of their root organisation (whose user groups and access rules
 * they manage), and the users who share an organisation with them. Anything else answers 404, like
 * an unknown id. A user is *read* when they share one organisation with the administrator and
 * *changed* only when the administrator sees every organisation that user sees, in every domain.
 */
import type { DomainId } from '../../../contract/constants.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';
import { outOfReach } from './errors.ts';
import { rememberBounded } from '../../db/versioned-cache.ts';
import { subtreeSql } from '../documents/query.ts';

export interface Reach {
  readonly session: SessionContext;
  /** The root of the session's base organisation: the company whose groups and rules are managed. */
  readonly companyId: string;
  readonly visible: readonly string[];
}

/**
 * The administrator's reach. It changes only with the scope version (access rows and the tree bump
 * it; read with the session on every call, on every node), so a reach read at version v is reused
 * while the version is v; without a version it is read afresh.
 */
export async function reachOf(q: Queryable, session: SessionContext): Promise<Reach> {
  const key = session.scopeVersion
    ? `${session.scopeVersion}|${session.userId}|${session.domain}|${session.baseOrgId}`
    : null;
  const cached = key ? REACHES.get(key) : undefined;
  if (cached) return { ...cached, session };
  const s = schemaOf(session.domain);
  const [visible, company] = await Promise.all([
    visibleOrgIds(q, session),
    q.query<{ id: string | null }>(`SELECT ${s}.company_of($1) AS id`, [session.baseOrgId]),
  ]);
  const reach = { session, visible, companyId: company.rows[0]?.id ?? session.baseOrgId };
  if (key) rememberBounded(REACHES, key, reach, REACH_ENTRIES);
  return reach;
}

/** Reaches by scope version, administrator, domain and base organisation; oldest out first when full. */
const REACHES = new Map<string, Reach>();
const REACH_ENTRIES = 1_000;

/** SQL: `user` shares an organisation with the administrator (`$d` the domain, `$v` the visible ids). */
export const readableSql = (user: string, d: string, v: string): string =>
  `EXISTS (SELECT 1 FROM directory.user_org_access ra WHERE ra.user_id = ${user} AND ra.domain = ${d}
              AND ra.org_id = ANY(${v}::uuid[]))`;

/** The ones of `ids` the administrator reads. */
export async function readableUsers(q: Queryable, reach: Reach, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Set();
  const { rows } = await q.query<{ id: string }>(
    `SELECT u.id FROM directory.users u WHERE u.id = ANY($1::uuid[]) AND ${readableSql('u.id', '$2', '$3')}`,
    [wanted, reach.session.domain, reach.visible],
  );
  return new Set(rows.map((r) => r.id));
}

/** 404 unless every id is a user the administrator reads. */
export async function assertReadable(q: Queryable, reach: Reach, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw notFound();
  const found = await readableUsers(q, reach, ids);
  if (!ids.every((id) => found.has(id))) throw notFound();
}

/**
 * 404 unknown or not shared; 403 when the user sees an organisation the administrator does not, in any
 * domain. A user's login, e-mail, flags and state hold in every domain they have access to, and a
 * password link opens them all: an administrator of one domain changes a user who also has access to
 * the other only when they see that user's organisations there too.
 */
export async function assertWritable(q: Queryable, reach: Reach, userId: string): Promise<void> {
  await assertReadable(q, reach, [userId]);
  const { rows } = await q.query<{ domain: DomainId; orgs: string[] }>(
    `SELECT domain, array_agg(org_id)::text[] AS orgs FROM directory.user_org_access WHERE user_id = $1 GROUP BY domain`,
    [userId],
  );
  for (const { domain, orgs } of rows) {
    const seen = new Set(
      domain === reach.session.domain
        ? reach.visible
        : await visibleOrgIds(q, { userId: reach.session.userId, domain }),
    );
    if (!orgs.every((id) => seen.has(id))) throw outOfReach();
  }
}

/**
 * An access « with its children » reaches every organisation below, now and later: granted only by an
 * administrator who sees that whole subtree (404 otherwise, as for an organisation they do not see). An
 * administrator limited to Lyon without its children cannot hand Lyon's children to anyone, themselves
 * included.
 */
export async function assertVisibleSubtrees(q: Queryable, reach: Reach, rootIds: readonly string[]): Promise<void> {
  if (rootIds.length === 0) return;
  const { rows } = await q.query<{ id: string }>(subtreeSql(schemaOf(reach.session.domain), '$1'), [
    [...new Set(rootIds)],
  ]);
  assertVisibleOrgs(
    reach,
    rows.map((r) => r.id),
  );
}

/** 404 unless every id is an organisation the administrator sees. */
export function assertVisibleOrgs(reach: Reach, ids: readonly string[]): void {
  const visible = new Set(reach.visible);
  if (!ids.every((id) => visible.has(id))) throw notFound();
}

/** 404 unless every id is a user group of the administrator's company. */
export async function assertCompanyGroups(q: Queryable, reach: Reach, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw notFound();
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM directory.user_groups WHERE id = ANY($1::uuid[]) AND domain = $2 AND company_id = $3`,
    [[...new Set(ids)], reach.session.domain, reach.companyId],
  );
  if ((rows[0]?.n ?? 0) !== new Set(ids).size) throw notFound();
}
