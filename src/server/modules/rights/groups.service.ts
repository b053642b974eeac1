/**
 * User groups (seed 000 §3): a name, flags and members, in one company of one domain. The members an
 * administrator does not read are counted but not named, and kept as they are by an update. A group
 * that access rules target cannot be deleted (seed 000 §5).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  type NamedListBody,
  type UserGroupInput,
  type UserGroupPage,
  type UserGroupView,
  ruleFieldErrors,
} from '../../../contract/rights.ts';
import { toFeatures } from '../../auth/rights.ts';
import { isUuid } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { sortedFeatures } from '../user/view.ts';
import { assertNoFieldErrors, conflict, isUniqueViolation, rightsFieldFailure } from './errors.ts';
import { added, guarded, lockRights } from './guard.ts';
import { type Reach, assertReadable, reachOf, readableSql } from './reach.ts';
import { type Snapshot, changedFields, recordChange } from './trail.ts';

interface GroupRow {
  id: string;
  name: string;
  features: string[];
  created_at: string;
  version: number;
  /** Every member (the trail, the guards); `member_ids` only those the administrator reads. */
  all_member_ids: string[];
  member_ids: string[];
  rule_ids: string[];
}

export const NAMED_SORT: Record<NonNullable<NamedListBody['order']>['field'], string> = {
  name: 'lower(x.name)',
  createdAt: 'x.created_at',
};
export const namedOrder = (order: NamedListBody['order']): string => {
  if (!order) return 'lower(x.name), x.id';
  const dir = order.sens === 'desc' ? 'DESC' : 'ASC';
  return `${NAMED_SORT[order.field]} ${dir}, x.id ${dir}`;
};

async function groupRows(q: Queryable, reach: Reach, ids: readonly string[]): Promise<GroupRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<GroupRow>(
    `SELECT g.id, g.name, g.features, g.created_at, g.version,
            ARRAY(SELECT m.user_id FROM directory.user_group_members m WHERE m.group_id = g.id ORDER BY m.user_id)
              AS all_member_ids,
            ARRAY(SELECT m.user_id FROM directory.user_group_members m
                   WHERE m.group_id = g.id AND ${readableSql('m.user_id', '$2', '$4')} ORDER BY m.user_id) AS member_ids,
            ARRAY(SELECT rg.rule_id FROM directory.access_rule_groups rg WHERE rg.group_id = g.id ORDER BY rg.rule_id)
              AS rule_ids
       FROM directory.user_groups g WHERE g.id = ANY($1::uuid[]) AND g.domain = $2 AND g.company_id = $3`,
    [ids, reach.session.domain, reach.companyId, reach.visible],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is GroupRow => r !== undefined);
}

const toView = (row: GroupRow): UserGroupView => ({
  id: row.id,
  name: row.name,
  features: sortedFeatures(toFeatures(row.features)),
  memberIds: row.member_ids,
  memberCount: row.all_member_ids.length,
  ruleIds: row.rule_ids,
  createdAt: row.created_at,
  version: row.version,
});

const snapshotOf = (row: GroupRow): Snapshot => ({
  name: row.name,
  features: sortedFeatures(toFeatures(row.features)),
  memberIds: row.all_member_ids,
});

async function oneGroup(q: Queryable, reach: Reach, id: string): Promise<GroupRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await groupRows(q, reach, [id]);
  if (!row) throw notFound();
  return row;
}

export async function listUserGroups(
  db: Queryable,
  session: SessionContext,
  body: NamedListBody,
): Promise<UserGroupPage> {
  const reach = await reachOf(db, session);
  const where = `x.domain = $1 AND x.company_id = $2 AND ($3::text IS NULL OR x.name ILIKE $3)`;
  const params = [session.domain, reach.companyId, body.search ? likeContains(body.search) : null];
  const [counted, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.user_groups x WHERE ${where}`, params),
    db.query<{ id: string }>(
      `SELECT x.id FROM directory.user_groups x WHERE ${where} ORDER BY ${namedOrder(body.order)} OFFSET $4 LIMIT $5`,
      [...params, body.offset ?? 0, body.limit ?? 20],
    ),
  ]);
  const rows = await groupRows(
    db,
    reach,
    page.rows.map((r) => r.id),
  );
  return { count: counted.rows[0]?.n ?? 0, items: rows.map(toView) };
}

export async function getUserGroup(db: Queryable, session: SessionContext, id: string): Promise<UserGroupView> {
  const reach = await reachOf(db, session);
  return toView(await oneGroup(db, reach, id));
}

const nameTaken = () => rightsFieldFailure(409, ERROR_KEYS.userGroupNameTaken, { name: ERROR_KEYS.userGroupNameTaken });

async function assertNameFree(q: Queryable, reach: Reach, name: string, self: string): Promise<void> {
  const { rows } = await q.query(
    `SELECT 1 FROM directory.user_groups WHERE domain = $1 AND company_id = $2 AND lower(name) = lower($3) AND id <> $4`,
    [reach.session.domain, reach.companyId, name, self],
  );
  if (rows.length > 0) throw nameTaken();
}

async function writeMembers(q: Queryable, id: string, memberIds: readonly string[]): Promise<void> {
  await q.query(`DELETE FROM directory.user_group_members WHERE group_id = $1`, [id]);
  await q.query(`INSERT INTO directory.user_group_members (group_id, user_id) SELECT $1, u FROM unnest($2::uuid[]) u`, [
    id,
    [...new Set(memberIds)],
  ]);
}

export async function createUserGroup(db: Db, session: SessionContext, input: UserGroupInput): Promise<UserGroupView> {
  assertNoFieldErrors(ruleFieldErrors(input));
  const reach = await reachOf(db, session);
  await assertReadable(db, reach, input.memberIds);
  const id = randomUUID();
  const name = input.name.trim();
  await db
    .tx(async (q) => {
      await lockRights(q);
      await assertNameFree(q, reach, name, id);
      const scope = { companyId: reach.companyId, affected: input.memberIds, granted: input.features };
      await guarded(q, session, scope, async () => {
        await q.query(
          `INSERT INTO directory.user_groups (id, name, features, domain, company_id) VALUES ($1, $2, $3, $4, $5)`,
          [id, name, sortedFeatures(input.features), session.domain, reach.companyId],
        );
        await writeMembers(q, id, input.memberIds);
      });
      const row = await oneGroup(q, reach, id);
      await recordChange(q, session, {
        action: 'created',
        subject: 'userGroup',
        subjectId: id,
        subjectName: row.name,
        companyId: reach.companyId,
        before: null,
        after: snapshotOf(row),
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'user_groups_company_name') ? nameTaken() : error;
    });
  return getUserGroup(db, session, id);
}

export async function updateUserGroup(
  db: Db,
  session: SessionContext,
  id: string,
  input: UserGroupInput,
): Promise<UserGroupView> {
  const reach = await reachOf(db, session);
  await oneGroup(db, reach, id);
  assertNoFieldErrors(ruleFieldErrors(input));
  await assertReadable(db, reach, input.memberIds);
  const name = input.name.trim();
  await db
    .tx(async (q) => {
      await lockRights(q);
      const before = await oneGroup(q, reach, id);
      if (input.version !== undefined && input.version !== before.version) throw conflict();
      await assertNameFree(q, reach, name, id);
      // Members the administrator does not read stay members: they cannot be seen, so not removed.
      const readable = new Set(before.member_ids);
      const members = [...new Set([...input.memberIds, ...before.all_member_ids.filter((m) => !readable.has(m))])];
      const affected = [...before.all_member_ids, ...members];
      const scope = { companyId: reach.companyId, affected, granted: added(before.features, input.features) };
      await guarded(q, session, scope, async () => {
        await q.query(
          `UPDATE directory.user_groups SET name = $2, features = $3, version = version + 1 WHERE id = $1`,
          [id, name, sortedFeatures(input.features)],
        );
        await writeMembers(q, id, members);
      });
      const after = await oneGroup(q, reach, id);
      const changed = changedFields(snapshotOf(before), snapshotOf(after));
      if (changed)
        await recordChange(q, session, {
          action: 'updated',
          subject: 'userGroup',
          subjectId: id,
          subjectName: after.name,
          companyId: reach.companyId,
          ...changed,
        });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'user_groups_company_name') ? nameTaken() : error;
    });
  return getUserGroup(db, session, id);
}

export async function deleteUserGroup(db: Db, session: SessionContext, id: string): Promise<void> {
  const reach = await reachOf(db, session);
  await oneGroup(db, reach, id);
  await db.tx(async (q) => {
    await lockRights(q);
    const before = await oneGroup(q, reach, id);
    if (before.rule_ids.length > 0) throw new ApiFailure(409, ERROR_KEYS.userGroupUsedByRules);
    await guarded(q, session, { companyId: reach.companyId, affected: before.all_member_ids }, async () => {
      await q.query(`DELETE FROM directory.user_groups WHERE id = $1`, [id]);
    });
    await recordChange(q, session, {
      action: 'deleted',
      subject: 'userGroup',
      subjectId: id,
      subjectName: before.name,
      companyId: reach.companyId,
      before: snapshotOf(before),
      after: null,
    });
  });
}
