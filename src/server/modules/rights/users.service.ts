/**
 * Users as the rights screens manage them (seed 000 §3 User, §5): list, detail with the trail,
 * create (no password: the user sets theirs from a mailed link), update, delete or deactivate,
 * and « Envoyer un mot de passe généré ». Who reaches whom: reach.ts; the guards: guard.ts.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  type UserAdminDetail,
  type UserAdminPage,
  type UserAdminView,
  type UserInput,
  type UserListBody,
  userFieldErrors,
} from '../../../contract/rights.ts';
import { effectiveFeaturesOfSql, toFeatures } from '../../auth/rights.ts';
import { isUuid } from '../../auth/scope.ts';
import { type SessionContext, revokeUserSessions } from '../../auth/sessions.ts';
import { digest, newToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import { type Db, DOMAIN_SCHEMAS, type Queryable } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import type { MailPort } from '../../ports/mail.ts';
import { resetLink } from '../user/password.service.ts';
import { sortedFeatures } from '../user/view.ts';
import { assertNoFieldErrors, conflict, isUniqueViolation, rightsFieldFailure, selfLockout } from './errors.ts';
import { added, guarded, lockRights } from './guard.ts';
import {
  type Reach,
  assertCompanyGroups,
  assertReadable,
  assertVisibleOrgs,
  assertVisibleSubtrees,
  assertWritable,
  reachOf,
  readableSql,
} from './reach.ts';
import { type Snapshot, changedFields, changesOfUser, recordChange } from './trail.ts';
import { rememberBounded } from '../../db/versioned-cache.ts';

/** Never a scrypt hash: no password verifies until the user sets one from their link. */
export const NO_PASSWORD = '!';

interface AccessRow {
  orgId: string;
  isRoot: boolean;
  includeChildren: boolean;
}

interface UserRow {
  id: string;
  login: string;
  first_name: string;
  last_name: string;
  email: string | null;
  active: boolean;
  features: string[];
  linked_to_microsoft: boolean;
  last_login_at: string | null;
  created_at: string;
  version: number;
  access: AccessRow[];
  group_ids: string[];
  effective: string[];
}

/** Users of `ids` (in that order): access rows of the domain, groups of the company, effective rights. */
async function userRows(q: Queryable, reach: Reach, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<UserRow>(
    `SELECT u.id, u.login, u.first_name, u.last_name, u.email, u.active, u.features, u.linked_to_microsoft,
            u.last_login_at, u.created_at, u.version,
            coalesce((SELECT json_agg(json_build_object('orgId', a.org_id, 'isRoot', a.is_root,
                                                        'includeChildren', a.include_children) ORDER BY a.org_id)
                        FROM directory.user_org_access a WHERE a.user_id = u.id AND a.domain = $2), '[]') AS access,
            ARRAY(SELECT m.group_id FROM directory.user_group_members m
                    JOIN directory.user_groups g ON g.id = m.group_id
                   WHERE m.user_id = u.id AND g.domain = $2 AND g.company_id = $3 ORDER BY m.group_id) AS group_ids,
            ef.features AS effective
       FROM directory.users u JOIN ${effectiveFeaturesOfSql('$1', '$2')} ef ON ef.user_id = u.id`,
    [ids, reach.session.domain, reach.companyId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UserRow => r !== undefined);
}

/** What the administrator is shown: organisations they do not see are left out. */
function toView(row: UserRow, reach: Reach): UserAdminView {
  const visible = new Set(reach.visible);
  const root = row.access.find((a) => a.isRoot && visible.has(a.orgId));
  return {
    id: row.id,
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    active: row.active,
    rootOrgId: root?.orgId ?? null,
    rootIncludesChildren: root?.includeChildren ?? false,
    access: row.access
      .filter((a) => !a.isRoot && visible.has(a.orgId))
      .map((a) => ({ orgId: a.orgId, includeChildren: a.includeChildren })),
    features: sortedFeatures(toFeatures(row.features)),
    effectiveFeatures: row.active ? sortedFeatures(toFeatures(row.effective)) : [],
    userGroupIds: row.group_ids,
    linkedToMicrosoft: row.linked_to_microsoft,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    version: row.version,
  };
}

/** The whole state, as the trail records it. */
const snapshotOf = (row: UserRow): Snapshot => {
  const root = row.access.find((a) => a.isRoot);
  return {
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    active: row.active,
    rootOrgId: root?.orgId ?? null,
    rootIncludesChildren: root?.includeChildren ?? false,
    access: row.access.filter((a) => !a.isRoot).map((a) => ({ orgId: a.orgId, includeChildren: a.includeChildren })),
    features: sortedFeatures(toFeatures(row.features)),
    userGroupIds: row.group_ids,
    linkedToMicrosoft: row.linked_to_microsoft,
  };
};

/** A user's trail as the administrator may read it: organisations they do not see are left out. */
const maskFor =
  (reach: Reach) =>
  (snapshot: Snapshot): Snapshot => {
    const visible = new Set(reach.visible);
    const out = { ...snapshot };
    if (typeof out.rootOrgId === 'string' && !visible.has(out.rootOrgId)) out.rootOrgId = null;
    if (Array.isArray(out.access)) out.access = (out.access as { orgId: string }[]).filter((a) => visible.has(a.orgId));
    return out;
  };

const fullName = (row: Pick<UserRow, 'first_name' | 'last_name'>) => `${row.first_name} ${row.last_name}`.trim();

async function oneRow(q: Queryable, reach: Reach, id: string): Promise<UserRow> {
  const [row] = await userRows(q, reach, [id]);
  if (!row) throw notFound();
  return row;
}

/* ------------------------------------------------------------------ reads */

// Sort keys come from this fixed map, never from the caller; each matches an index (migrations 0024,
// 0027) so a page walks it. Only the e-mail can be NULL: NULLS LAST there alone, as elsewhere it
// would keep a descending order from walking its index backwards.
const SORT: Record<NonNullable<UserListBody['order']>['field'], readonly string[]> = {
  login: ['lower(u.login)'],
  lastName: ['lower(u.last_name)', 'lower(u.first_name)'],
  firstName: ['lower(u.first_name)', 'lower(u.last_name)'],
  email: ['lower(u.email)'],
  createdAt: ['u.created_at'],
};

function orderBy(order: UserListBody['order']): string {
  if (!order) return 'lower(u.last_name), lower(u.first_name), u.id';
  const dir = order.sens === 'desc' ? 'DESC' : 'ASC';
  const nulls = order.field === 'email' ? ' NULLS LAST' : '';
  return [...SORT[order.field].map((key) => `${key} ${dir}${nulls}`), `u.id ${dir}`].join(', ');
}

/**
 * What a search reads: `search_text` (migration 0027), login, first name, last name and e-mail
 * lowercased in one stored text, one line each so a search never matches across two fields.
 */
const SEARCHED = 'u.search_text';

export async function listUsers(db: Queryable, session: SessionContext, body: UserListBody): Promise<UserAdminPage> {
  const reach = await reachOf(db, session);
  const where = `${readableSql('u.id', '$1', '$2')}
      AND ($3::text IS NULL OR u.active = ($3::text = 'active'))
      AND ($4::text IS NULL OR ${SEARCHED} LIKE lower($4))`;
  const params = [session.domain, reach.visible, body.status ?? null, body.search ? likeContains(body.search) : null];
  const order = orderBy(body.order);
  // The total tests every user of the directory for the administrator's reach (15–20 ms at 10,000
  // on PGlite); everything it depends on bumps the scope version (migrations 0014, 0021, 0034), so
  // it is counted once per version, administrator and filters, and the page alone is read after.
  const countKey = session.scopeVersion
    ? JSON.stringify([session.scopeVersion, session.userId, session.domain, session.baseOrgId, params[2], params[3]])
    : null;
  const known = countKey ? USER_COUNTS.get(countKey) : undefined;
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 20;
  // A deep page sorts every readable user to skip the first thousands: the order is kept per scope
  // version too (every sort key — login, names, e-mail, creation — bumps it), so the next pages of
  // the same list are a slice of it and only their 20 rows are read.
  if (countKey && offset >= DEEP_OFFSET) {
    const orderKey = `${countKey}${order}`;
    let ids = USER_ORDERS.get(orderKey);
    if (!ids) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT u.id FROM directory.users u WHERE ${where} ORDER BY ${order}`,
        params,
      );
      ids = rows.map((r) => r.id);
      rememberBounded(USER_ORDERS, orderKey, ids, USER_ORDER_ENTRIES);
      rememberBounded(USER_COUNTS, countKey, ids.length, USER_COUNT_ENTRIES);
    }
    const rows = await userRows(db, reach, ids.slice(offset, offset + limit));
    return { count: ids.length, items: rows.map((row) => toView(row, reach)) };
  }
  const [count, page] = await Promise.all([
    known ??
      db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.users u WHERE ${where}`, params)
        .then(({ rows }) => rows[0]?.n ?? 0),
    db.query<{ id: string }>(`SELECT u.id FROM directory.users u WHERE ${where} ORDER BY ${order} OFFSET $5 LIMIT $6`, [
      ...params,
      offset,
      limit,
    ]),
  ]);
  if (countKey && known === undefined) rememberBounded(USER_COUNTS, countKey, count, USER_COUNT_ENTRIES);
  const rows = await userRows(
    db,
    reach,
    page.rows.map((r) => r.id),
  );
  return { count, items: rows.map((row) => toView(row, reach)) };
}

/** Users list totals by scope version, administrator and filters; the oldest entry goes first when full. */
const USER_COUNTS = new Map<string, number>();
const USER_COUNT_ENTRIES = 1_000;
/** From this offset on (page 11 at 20 a page), a list's order is read whole and kept (see listUsers). */
const DEEP_OFFSET = 200;
/** Whole orders of deep-paged lists (10,000 ids ≈ 0.5 MB): a few lists, the oldest goes first. */
const USER_ORDERS = new Map<string, readonly string[]>();
const USER_ORDER_ENTRIES = 16;

export async function getUser(db: Queryable, session: SessionContext, id: string): Promise<UserAdminView> {
  const reach = await reachOf(db, session);
  await assertReadable(db, reach, [id]);
  return { ...toView(await oneRow(db, reach, id), reach), hasHistory: await hasHistory(db, id) };
}

export async function getUserDetail(db: Queryable, session: SessionContext, id: string): Promise<UserAdminDetail> {
  const reach = await reachOf(db, session);
  await assertReadable(db, reach, [id]);
  const view = { ...toView(await oneRow(db, reach, id), reach), hasHistory: await hasHistory(db, id) };
  return { ...view, changes: await changesOfUser(db, session, id, maskFor(reach)) };
}

/* ------------------------------------------------------------------ writes */

interface Clean {
  login: string;
  firstName: string;
  lastName: string;
  email: string | null;
  access: { orgId: string; isRoot: boolean; includeChildren: boolean }[];
}

/** Field rules (400 with `fields`), then organisations the administrator sees and groups of their company (404). */
async function cleanInput(q: Queryable, reach: Reach, input: UserInput): Promise<Clean> {
  assertNoFieldErrors(userFieldErrors(input));
  const others = [...new Map(input.access.map((a) => [a.orgId, a])).values()].filter(
    (a) => a.orgId !== input.rootOrgId,
  );
  assertVisibleOrgs(reach, [input.rootOrgId, ...others.map((a) => a.orgId)]);
  await assertVisibleSubtrees(q, reach, [
    ...(input.rootIncludesChildren ? [input.rootOrgId] : []),
    ...others.filter((a) => a.includeChildren).map((a) => a.orgId),
  ]);
  await assertCompanyGroups(q, reach, input.userGroupIds);
  const email = input.email?.trim() || null;
  return {
    login: input.login.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email,
    access: [
      { orgId: input.rootOrgId, isRoot: true, includeChildren: input.rootIncludesChildren },
      ...others.map((a) => ({ orgId: a.orgId, isRoot: false, includeChildren: a.includeChildren })),
    ],
  };
}

const loginTaken = () => rightsFieldFailure(409, ERROR_KEYS.rightsLoginTaken, { login: ERROR_KEYS.rightsLoginTaken });
const emailTaken = () => rightsFieldFailure(409, ERROR_KEYS.rightsEmailTaken, { email: ERROR_KEYS.rightsEmailTaken });
const uniqueFailure = (error: unknown): unknown =>
  isUniqueViolation(error, 'users_login')
    ? loginTaken()
    : isUniqueViolation(error, 'users_email')
      ? emailTaken()
      : error;

async function assertUnique(q: Queryable, clean: Clean, self: string): Promise<void> {
  const { rows } = await q.query<{ login: boolean; email: boolean }>(
    `SELECT bool_or(login = $1) AS login, bool_or($2::text IS NOT NULL AND lower(email) = lower($2)) AS email
       FROM directory.users WHERE id <> $3 AND (login = $1 OR lower(email) = lower($2))`,
    [clean.login, clean.email, self],
  );
  if (rows[0]?.login) throw loginTaken();
  if (rows[0]?.email) throw emailTaken();
}

/** Replaces the user's access rows in the domain and their memberships of the company's groups. */
async function writeAccessAndGroups(q: Queryable, reach: Reach, id: string, clean: Clean, groupIds: readonly string[]) {
  const { domain } = reach.session;
  await q.query(`DELETE FROM directory.user_org_access WHERE user_id = $1 AND domain = $2`, [id, domain]);
  await q.query(
    `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
     SELECT $1, $2, x.org, x.root, x.children FROM jsonb_to_recordset($3::jsonb) AS x(org uuid, root boolean, children boolean)`,
    [
      id,
      domain,
      JSON.stringify(clean.access.map((a) => ({ org: a.orgId, root: a.isRoot, children: a.includeChildren }))),
    ],
  );
  await q.query(
    `DELETE FROM directory.user_group_members m USING directory.user_groups g
      WHERE m.group_id = g.id AND m.user_id = $1 AND g.domain = $2 AND g.company_id = $3`,
    [id, domain, reach.companyId],
  );
  await q.query(`INSERT INTO directory.user_group_members (group_id, user_id) SELECT g, $1 FROM unnest($2::uuid[]) g`, [
    id,
    [...new Set(groupIds)],
  ]);
}

export async function createUser(db: Db, session: SessionContext, input: UserInput): Promise<UserAdminView> {
  const reach = await reachOf(db, session);
  const clean = await cleanInput(db, reach, input);
  const id = randomUUID();
  await db
    .tx(async (q) => {
      await lockRights(q);
      await assertUnique(q, clean, id);
      await guarded(q, session, { companyId: reach.companyId, affected: [id], granted: input.features }, async () => {
        await q.query(
          `INSERT INTO directory.users (id, login, first_name, last_name, email, password_hash, features, linked_to_microsoft)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            id,
            clean.login,
            clean.firstName,
            clean.lastName,
            clean.email,
            NO_PASSWORD,
            sortedFeatures(input.features),
            input.linkedToMicrosoft,
          ],
        );
        await writeAccessAndGroups(q, reach, id, clean, input.userGroupIds);
      });
      const row = await oneRow(q, reach, id);
      await recordChange(q, session, {
        action: 'created',
        subject: 'user',
        subjectId: id,
        subjectName: fullName(row),
        companyId: reach.companyId,
        before: null,
        after: snapshotOf(row),
      });
    })
    .catch((error: unknown) => {
      throw uniqueFailure(error);
    });
  return getUser(db, session, id);
}

export interface UserWrite<T> {
  readonly result: T;
  /** Sessions the change ended: their sockets are told and closed after the commit. */
  readonly revokedSessions: string[];
}

export async function updateUser(
  db: Db,
  session: SessionContext,
  id: string,
  input: UserInput,
): Promise<UserWrite<UserAdminView>> {
  if (!isUuid(id)) throw notFound();
  const reach = await reachOf(db, session);
  await assertReadable(db, reach, [id]);
  if (id === session.userId && input.active === false) throw selfLockout();
  const clean = await cleanInput(db, reach, input);
  const revokedSessions = await db
    .tx(async (q) => {
      await lockRights(q);
      const before = await oneRow(q, reach, id);
      if (input.version !== undefined && input.version !== before.version) throw conflict();
      await assertWritable(q, reach, id);
      await assertUnique(q, clean, id);
      const active = input.active ?? before.active;
      const scope = { companyId: reach.companyId, affected: [id], granted: added(before.features, input.features) };
      await guarded(q, session, scope, async () => {
        await q.query(
          `UPDATE directory.users SET login = $2, first_name = $3, last_name = $4, email = $5, features = $6,
                linked_to_microsoft = $7, active = $8, version = version + 1 WHERE id = $1`,
          [
            id,
            clean.login,
            clean.firstName,
            clean.lastName,
            clean.email,
            sortedFeatures(input.features),
            input.linkedToMicrosoft,
            active,
          ],
        );
        await writeAccessAndGroups(q, reach, id, clean, input.userGroupIds);
      });
      const after = await oneRow(q, reach, id);
      const changed = changedFields(snapshotOf(before), snapshotOf(after));
      if (changed) {
        const action = before.active === after.active ? 'updated' : after.active ? 'reactivated' : 'deactivated';
        await recordChange(q, session, {
          action,
          subject: 'user',
          subjectId: id,
          subjectName: fullName(after),
          companyId: reach.companyId,
          ...changed,
        });
      }
      return active ? [] : revokeUserSessions(q, id, 'deactivated');
    })
    .catch((error: unknown) => {
      throw uniqueFailure(error);
    });
  return { result: await getUser(db, session, id), revokedSessions };
}

/** Whether the user ever logged in or authored anything (then they are deactivated, not deleted). */
async function hasHistory(q: Queryable, id: string): Promise<boolean> {
  const authored = DOMAIN_SCHEMAS.map(
    ({ schema: s }) => `
      OR EXISTS (SELECT 1 FROM ${s}.campaigns WHERE created_by = $1)
      OR EXISTS (SELECT 1 FROM ${s}.signbooks WHERE created_by = $1)
      OR EXISTS (SELECT 1 FROM ${s}.sign_templates WHERE created_by = $1)
      OR EXISTS (SELECT 1 FROM ${s}.signatories WHERE user_id = $1)
      OR EXISTS (SELECT 1 FROM ${s}.organizations WHERE created_by = $1)
      OR EXISTS (SELECT 1 FROM ${s}.external_signatories WHERE created_by = $1)`,
  ).join('');
  const { rows } = await q.query<{ used: boolean }>(
    `SELECT (u.last_login_at IS NOT NULL
         OR EXISTS (SELECT 1 FROM directory.sessions WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM directory.login_attempts WHERE login = u.login AND success)
         OR EXISTS (SELECT 1 FROM directory.rights_changes WHERE actor_id = $1) ${authored}) AS used
       FROM directory.users u WHERE u.id = $1`,
    [id],
  );
  return rows[0]?.used === true;
}

export type DeleteOutcome = 'deleted' | 'deactivated';

export async function deleteUser(
  db: Db,
  session: SessionContext,
  id: string,
): Promise<UserWrite<{ outcome: DeleteOutcome }>> {
  if (!isUuid(id)) throw notFound();
  const reach = await reachOf(db, session);
  await assertReadable(db, reach, [id]);
  if (id === session.userId) throw selfLockout();
  return db.tx(async (q) => {
    await lockRights(q);
    await assertWritable(q, reach, id);
    const before = await oneRow(q, reach, id);
    const history = await hasHistory(q, id);
    const revokedSessions = await guarded(q, session, { companyId: reach.companyId, affected: [id] }, async () => {
      if (!history) {
        await q.query(`DELETE FROM directory.users WHERE id = $1`, [id]);
        return [];
      }
      await q.query(`UPDATE directory.users SET active = false, version = version + 1 WHERE id = $1`, [id]);
      return revokeUserSessions(q, id, 'deactivated');
    });
    if (!history || before.active) {
      await recordChange(q, session, {
        action: history ? 'deactivated' : 'deleted',
        subject: 'user',
        subjectId: id,
        subjectName: fullName(before),
        companyId: reach.companyId,
        before: history ? { active: true } : snapshotOf(before),
        after: history ? { active: false } : null,
      });
    }
    return { result: { outcome: history ? 'deactivated' : 'deleted' }, revokedSessions };
  });
}

/* ------------------------------------------------------------------ « Envoyer un mot de passe généré » */

/** The set-password link of a new user: longer than a reset link (1 h), their first day may be busy. */
export const PASSWORD_LINK_TTL_S = 72 * 3600;

/**
 * Mails the user a one-time link to set their password (404/403 out of reach, 400 without e-mail,
 * 409 deactivated); the link replaces any earlier unused one, and the trail records it.
 */
export async function sendPasswordLink(
  deps: { db: Db; mail: MailPort; config: Pick<Config, 'publicUrl'> },
  session: SessionContext,
  userId: string,
): Promise<void> {
  const { db, mail } = deps;
  if (!isUuid(userId)) throw notFound();
  const reach = await reachOf(db, session);
  await assertWritable(db, reach, userId);
  const row = await oneRow(db, reach, userId);
  if (!row.email)
    throw rightsFieldFailure(400, ERROR_KEYS.rightsPasswordNeedsEmail, { email: ERROR_KEYS.rightsPasswordNeedsEmail });
  if (!row.active) throw new ApiFailure(409, ERROR_KEYS.rightsUserInactive);
  const email = row.email;
  const token = newToken();
  const outboxId = await db.tx(async (q) => {
    await q.query(`DELETE FROM directory.password_reset_tokens WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    await q.query(
      `INSERT INTO directory.password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [digest(token), userId, PASSWORD_LINK_TTL_S],
    );
    await recordChange(q, session, {
      action: 'passwordLinkSent',
      subject: 'user',
      subjectId: userId,
      subjectName: fullName(row),
      companyId: reach.companyId,
      before: null,
      after: { email },
    });
    return mail.send(
      {
        to: email,
        for: { userId },
        subject: 'Choisissez votre mot de passe',
        body: [
          `Bonjour ${row.first_name},`,
          '',
          `Un accès à l’espace RH vous a été ouvert. Votre identifiant : ${row.login}`,
          'Pour choisir votre mot de passe, ouvrez ce lien (valable 72 heures, une seule fois) :',
          resetLink(deps.config.publicUrl, token),
          '',
          'Si vous n’attendiez pas ce message, ignorez-le simplement : sans mot de passe, le compte reste inutilisable.',
        ].join('\n'),
      },
      q,
    );
  });
  await mail.deliver(outboxId);
}
