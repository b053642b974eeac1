/**
 * The one place that decides which organisations a user sees in a domain: their access rows,
 * plus every descendant of the rows granted with `include_children`. Every query that takes an
 * organisation id from a caller goes through `visibleOrgIds`, so a foreign id yields 404, never data.
 */
import type { DomainId } from '../../contract/constants.ts';
import type { Queryable } from '../db/db.ts';
import { schemaOf } from '../db/db.ts';
import { rememberBounded } from '../db/versioned-cache.ts';

export interface Scope {
  readonly userId: string;
  readonly domain: DomainId;
}

export async function visibleOrgIds(db: Queryable, scope: Scope): Promise<string[]> {
  const s = schemaOf(scope.domain);
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE visible(id, deep) AS (
       SELECT a.org_id, a.include_children FROM directory.user_org_access a
        WHERE a.user_id = $1 AND a.domain = $2
       UNION
       SELECT c.id, true FROM ${s}.organizations c JOIN visible v ON c.parent_id = v.id WHERE v.deep
     )
     SELECT DISTINCT o.id FROM visible v JOIN ${s}.organizations o ON o.id = v.id`,
    [scope.userId, scope.domain],
  );
  return rows.map((r) => r.id);
}

/**
 * `orgId` and its descendants, restricted to what the scope sees (lists, badge and dashboard counts).
 * With the session's scope version it is `listScope`'s, kept per version: a list call then spends
 * no statement on the organisation tree (two before, on every call).
 */
export async function visibleSubtree(
  db: Queryable,
  scope: Scope & { readonly scopeVersion?: string },
  orgId: string,
): Promise<string[]> {
  if (scope.scopeVersion && isUuid(orgId)) return (await listScope(db, scope, orgId)).scope;
  const s = schemaOf(scope.domain);
  const visible = await visibleOrgIds(db, scope);
  if (!visible.includes(orgId)) return [];
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT id FROM ${s}.organizations WHERE id = $1
       UNION
       SELECT c.id FROM ${s}.organizations c JOIN tree t ON c.parent_id = t.id
     )
     SELECT id FROM tree WHERE id = ANY($2::uuid[])`,
    [orgId, visible],
  );
  return rows.map((r) => r.id);
}

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** What a list call needs to know about organisations, read in ONE statement (see listScope). */
export interface ListScope {
  /** Every organisation the user sees in the domain. */
  readonly visible: string[];
  /** `root` and its visible descendants (every visible one without a root); empty when `root` is not visible. */
  readonly scope: string[];
  /** The domain's organisations outside `scope`. */
  readonly outside: string[];
}

/**
 * `visibleOrgIds`, the visible subtree of `root` and its complement in one round trip: a list page
 * on a fast path (the keyset page is ~0.2 ms of SQL) otherwise spends most of its time on the three
 * separate look-ups. `root` null: the whole visible set. `root` must be a uuid (callers check, so a malformed id cannot reach the cast).
 */
export async function listScope(
  db: Queryable,
  scope: Scope & { readonly scopeVersion?: string },
  root: string | null,
): Promise<ListScope> {
  // Same user, root and scope version (read with the session): the organisations have not changed.
  const key = scope.scopeVersion ? `${scope.scopeVersion}|${scope.userId}|${scope.domain}|${root ?? ''}` : null;
  const cached = key ? LIST_SCOPES.get(key) : undefined;
  if (cached) return cached;
  const found = await readListScope(db, scope, root);
  if (key) rememberBounded(LIST_SCOPES, key, found, LIST_SCOPE_ENTRIES);
  return found;
}

/** Scopes by version, user, domain and root; the oldest entry goes first when full. */
const LIST_SCOPES = new Map<string, ListScope>();
const LIST_SCOPE_ENTRIES = 2_000;

async function readListScope(db: Queryable, scope: Scope, root: string | null): Promise<ListScope> {
  const s = schemaOf(scope.domain);
  const { rows } = await db.query<{ visible: string[] | null; scope: string[] | null; outside: string[] | null }>(
    `WITH RECURSIVE visible(id, deep) AS (
       SELECT a.org_id, a.include_children FROM directory.user_org_access a
        WHERE a.user_id = $1 AND a.domain = $2
       UNION
       SELECT c.id, true FROM ${s}.organizations c JOIN visible v ON c.parent_id = v.id WHERE v.deep
     ),
     vis AS (SELECT DISTINCT o.id FROM visible v JOIN ${s}.organizations o ON o.id = v.id),
     tree(id) AS (
       SELECT id FROM vis WHERE id = $3::uuid
       UNION
       SELECT c.id FROM ${s}.organizations c JOIN tree t ON c.parent_id = t.id
     ),
     sub AS (
       SELECT id FROM vis WHERE $3::uuid IS NULL
       UNION SELECT id FROM tree WHERE id IN (SELECT id FROM vis)
     )
     SELECT (SELECT array_agg(id) FROM vis) AS visible,
            (SELECT array_agg(id) FROM sub) AS scope,
            (SELECT array_agg(o.id) FROM ${s}.organizations o WHERE o.id NOT IN (SELECT id FROM sub)) AS outside`,
    [scope.userId, scope.domain, root],
  );
  const row = rows[0];
  return { visible: row?.visible ?? [], scope: row?.scope ?? [], outside: row?.outside ?? [] };
}
