/**
 * Access rules (seed 000 §3 "Rule"): a name, flags, document criteria, and whom they apply to
 * (user groups of the company, users). Ids an administrator does not see — organisations, employees,
 * employee groups, users outside their organisations — are not shown to them and are kept as they
 * are by their updates. Which documents the criteria let through: src/server/auth/document-visibility.ts.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  type DocumentCriteria,
  type NamedListBody,
  type RuleInput,
  type RulePage,
  type RuleView,
  ruleFieldErrors,
} from '../../../contract/rights.ts';
import { VALIDATION_KEYS } from '../../../contract/validation.ts';
import { toFeatures } from '../../auth/rights.ts';
import { isUuid } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { notFound } from '../../http/errors.ts';
import { sortedFeatures } from '../user/view.ts';
import { assertNoFieldErrors, conflict, isUniqueViolation, rightsFieldFailure } from './errors.ts';
import { namedOrder } from './groups.service.ts';
import { added, guarded, lockRights } from './guard.ts';
import { type Reach, assertCompanyGroups, assertReadable, assertVisibleOrgs, reachOf, readableSql } from './reach.ts';
import { type Snapshot, changedFields, recordChange } from './trail.ts';

interface RuleRow {
  id: string;
  name: string;
  features: string[];
  criteria: Partial<DocumentCriteria> | null;
  created_at: string;
  version: number;
  group_ids: string[];
  all_user_ids: string[];
  user_ids: string[];
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Stored criteria with every field (rules written before the criteria had them read as "no constraint"). */
export const criteriaOf = (stored: Partial<DocumentCriteria> | null): DocumentCriteria => ({
  periodStart: stored?.periodStart ?? null,
  periodEnd: stored?.periodEnd ?? null,
  docTypes: stored?.docTypes ?? [],
  organizationIds: stored?.organizationIds ?? [],
  employeeIds: stored?.employeeIds ?? [],
  employeeGroupIds: stored?.employeeGroupIds ?? [],
  metaKey: stored?.metaKey ?? null,
  metaValue: stored?.metaValue ?? null,
});

const normalCriteria = (c: DocumentCriteria): DocumentCriteria => {
  const metaKey = c.metaKey?.trim() || null;
  return {
    periodStart: c.periodStart || null,
    periodEnd: c.periodEnd || null,
    docTypes: unique(c.docTypes.map((t) => t.trim()).filter(Boolean)),
    organizationIds: unique(c.organizationIds),
    employeeIds: unique(c.employeeIds),
    employeeGroupIds: unique(c.employeeGroupIds),
    metaKey,
    metaValue: metaKey && c.metaValue ? c.metaValue : null,
  };
};

async function ruleRows(q: Queryable, reach: Reach, ids: readonly string[]): Promise<RuleRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<RuleRow>(
    `SELECT r.id, r.name, r.features, r.criteria, r.created_at, r.version,
            ARRAY(SELECT rg.group_id FROM directory.access_rule_groups rg WHERE rg.rule_id = r.id ORDER BY rg.group_id)
              AS group_ids,
            ARRAY(SELECT ru.user_id FROM directory.access_rule_users ru WHERE ru.rule_id = r.id ORDER BY ru.user_id)
              AS all_user_ids,
            ARRAY(SELECT ru.user_id FROM directory.access_rule_users ru
                   WHERE ru.rule_id = r.id AND ${readableSql('ru.user_id', '$2', '$4')} ORDER BY ru.user_id) AS user_ids
       FROM directory.access_rules r WHERE r.id = ANY($1::uuid[]) AND r.domain = $2 AND r.company_id = $3`,
    [ids, reach.session.domain, reach.companyId, reach.visible],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RuleRow => r !== undefined);
}

/** Which of the criteria's ids the administrator sees (organisations, employees, employee groups). */
interface Seen {
  orgs: ReadonlySet<string>;
  employees: ReadonlySet<string>;
  groups: ReadonlySet<string>;
}

async function seenIds(q: Queryable, reach: Reach, criteria: readonly DocumentCriteria[]): Promise<Seen> {
  const s = schemaOf(reach.session.domain);
  const employeeIds = unique(criteria.flatMap((c) => c.employeeIds)).filter(isUuid);
  const groupIds = unique(criteria.flatMap((c) => c.employeeGroupIds)).filter(isUuid);
  const [employees, groups] = await Promise.all([
    employeeIds.length
      ? q.query<{ id: string }>(
          `SELECT DISTINCT employee_id AS id FROM ${s}.employee_organizations
            WHERE employee_id = ANY($1::uuid[]) AND organization_id = ANY($2::uuid[])`,
          [employeeIds, reach.visible],
        )
      : { rows: [] },
    groupIds.length
      ? q.query<{ id: string }>(
          `SELECT id FROM ${s}.employee_groups WHERE id = ANY($1::uuid[]) AND org_id = ANY($2::uuid[])`,
          [groupIds, reach.visible],
        )
      : { rows: [] },
  ]);
  return {
    orgs: new Set(reach.visible),
    employees: new Set(employees.rows.map((r) => r.id)),
    groups: new Set(groups.rows.map((r) => r.id)),
  };
}

const seenPart = (c: DocumentCriteria, seen: Seen): DocumentCriteria => ({
  ...c,
  organizationIds: c.organizationIds.filter((id) => seen.orgs.has(id)),
  employeeIds: c.employeeIds.filter((id) => seen.employees.has(id)),
  employeeGroupIds: c.employeeGroupIds.filter((id) => seen.groups.has(id)),
});

const unseenPart = (c: DocumentCriteria, seen: Seen) => ({
  organizationIds: c.organizationIds.filter((id) => !seen.orgs.has(id)),
  employeeIds: c.employeeIds.filter((id) => !seen.employees.has(id)),
  employeeGroupIds: c.employeeGroupIds.filter((id) => !seen.groups.has(id)),
});

async function views(q: Queryable, reach: Reach, rows: readonly RuleRow[]): Promise<RuleView[]> {
  const seen = await seenIds(
    q,
    reach,
    rows.map((r) => criteriaOf(r.criteria)),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    features: sortedFeatures(toFeatures(row.features)),
    criteria: seenPart(criteriaOf(row.criteria), seen),
    userGroupIds: row.group_ids,
    userIds: row.user_ids,
    createdAt: row.created_at,
    version: row.version,
  }));
}

const snapshotOf = (row: RuleRow): Snapshot => ({
  name: row.name,
  features: sortedFeatures(toFeatures(row.features)),
  criteria: criteriaOf(row.criteria),
  userGroupIds: row.group_ids,
  userIds: row.all_user_ids,
});

async function oneRule(q: Queryable, reach: Reach, id: string): Promise<RuleRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ruleRows(q, reach, [id]);
  if (!row) throw notFound();
  return row;
}

export async function listRules(db: Queryable, session: SessionContext, body: NamedListBody): Promise<RulePage> {
  const reach = await reachOf(db, session);
  const where = `x.domain = $1 AND x.company_id = $2 AND ($3::text IS NULL OR x.name ILIKE $3)`;
  const params = [session.domain, reach.companyId, body.search ? likeContains(body.search) : null];
  const [counted, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.access_rules x WHERE ${where}`, params),
    db.query<{ id: string }>(
      `SELECT x.id FROM directory.access_rules x WHERE ${where} ORDER BY ${namedOrder(body.order)} OFFSET $4 LIMIT $5`,
      [...params, body.offset ?? 0, body.limit ?? 20],
    ),
  ]);
  const rows = await ruleRows(
    db,
    reach,
    page.rows.map((r) => r.id),
  );
  return { count: counted.rows[0]?.n ?? 0, items: await views(db, reach, rows) };
}

export async function getRule(db: Queryable, session: SessionContext, id: string): Promise<RuleView> {
  const reach = await reachOf(db, session);
  const [view] = await views(db, reach, [await oneRule(db, reach, id)]);
  return view!;
}

/** Field rules (400), document types of the domain (400), then ids the administrator reaches (404). */
async function cleanInput(q: Queryable, reach: Reach, input: RuleInput): Promise<DocumentCriteria> {
  assertNoFieldErrors(ruleFieldErrors(input));
  const criteria = normalCriteria(input.criteria);
  if (criteria.docTypes.length > 0) {
    const { rows } = await q.query<{ code: string }>(
      `SELECT code FROM ${schemaOf(reach.session.domain)}.doc_types WHERE code = ANY($1::text[])`,
      [criteria.docTypes],
    );
    if (rows.length !== criteria.docTypes.length)
      throw rightsFieldFailure(400, ERROR_KEYS.rightsInvalid, { docTypes: VALIDATION_KEYS.format });
  }
  assertVisibleOrgs(reach, criteria.organizationIds);
  const seen = await seenIds(q, reach, [criteria]);
  const unseen = unseenPart(criteria, seen);
  if (unseen.employeeIds.length > 0 || unseen.employeeGroupIds.length > 0) throw notFound();
  await assertCompanyGroups(q, reach, input.userGroupIds);
  await assertReadable(q, reach, input.userIds);
  return criteria;
}

/** Everyone the rule applies to: its users and the members of its groups. */
async function targetedUsers(q: Queryable, groupIds: readonly string[], userIds: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM directory.user_group_members WHERE group_id = ANY($1::uuid[])`,
    [unique(groupIds)],
  );
  return unique([...userIds, ...rows.map((r) => r.user_id)]);
}

async function writeTargets(q: Queryable, id: string, groupIds: readonly string[], userIds: readonly string[]) {
  await q.query(`DELETE FROM directory.access_rule_groups WHERE rule_id = $1`, [id]);
  await q.query(`DELETE FROM directory.access_rule_users WHERE rule_id = $1`, [id]);
  await q.query(`INSERT INTO directory.access_rule_groups (rule_id, group_id) SELECT $1, g FROM unnest($2::uuid[]) g`, [
    id,
    unique(groupIds),
  ]);
  await q.query(`INSERT INTO directory.access_rule_users (rule_id, user_id) SELECT $1, u FROM unnest($2::uuid[]) u`, [
    id,
    unique(userIds),
  ]);
}

const nameTaken = () => rightsFieldFailure(409, ERROR_KEYS.ruleNameTaken, { name: ERROR_KEYS.ruleNameTaken });
const uniqueFailure = (error: unknown): unknown =>
  isUniqueViolation(error, 'access_rules_company_name') ? nameTaken() : error;

async function assertNameFree(q: Queryable, reach: Reach, name: string, self: string): Promise<void> {
  const { rows } = await q.query(
    `SELECT 1 FROM directory.access_rules WHERE domain = $1 AND company_id = $2 AND lower(name) = lower($3) AND id <> $4`,
    [reach.session.domain, reach.companyId, name, self],
  );
  if (rows.length > 0) throw nameTaken();
}

export async function createRule(db: Db, session: SessionContext, input: RuleInput): Promise<RuleView> {
  const reach = await reachOf(db, session);
  const criteria = await cleanInput(db, reach, input);
  const id = randomUUID();
  const name = input.name.trim();
  await db
    .tx(async (q) => {
      await lockRights(q);
      await assertNameFree(q, reach, name, id);
      const affected = await targetedUsers(q, input.userGroupIds, input.userIds);
      const scope = { companyId: reach.companyId, affected, granted: input.features };
      await guarded(q, session, scope, async () => {
        await q.query(
          `INSERT INTO directory.access_rules (id, name, features, criteria, domain, company_id)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
          [id, name, sortedFeatures(input.features), JSON.stringify(criteria), session.domain, reach.companyId],
        );
        await writeTargets(q, id, input.userGroupIds, input.userIds);
      });
      const row = await oneRule(q, reach, id);
      await recordChange(q, session, {
        action: 'created',
        subject: 'rule',
        subjectId: id,
        subjectName: row.name,
        companyId: reach.companyId,
        before: null,
        after: snapshotOf(row),
      });
    })
    .catch((error: unknown) => {
      throw uniqueFailure(error);
    });
  return getRule(db, session, id);
}

export async function updateRule(db: Db, session: SessionContext, id: string, input: RuleInput): Promise<RuleView> {
  const reach = await reachOf(db, session);
  await oneRule(db, reach, id);
  const sent = await cleanInput(db, reach, input);
  const name = input.name.trim();
  await db
    .tx(async (q) => {
      await lockRights(q);
      const before = await oneRule(q, reach, id);
      if (input.version !== undefined && input.version !== before.version) throw conflict();
      await assertNameFree(q, reach, name, id);
      // What the administrator cannot see stays as it is: ids of the stored criteria and target users.
      const stored = criteriaOf(before.criteria);
      const unseen = unseenPart(stored, await seenIds(q, reach, [stored]));
      const criteria: DocumentCriteria = {
        ...sent,
        organizationIds: unique([...sent.organizationIds, ...unseen.organizationIds]),
        employeeIds: unique([...sent.employeeIds, ...unseen.employeeIds]),
        employeeGroupIds: unique([...sent.employeeGroupIds, ...unseen.employeeGroupIds]),
      };
      const readable = new Set(before.user_ids);
      const userIds = unique([...input.userIds, ...before.all_user_ids.filter((u) => !readable.has(u))]);
      const affected = unique([
        ...(await targetedUsers(q, before.group_ids, before.all_user_ids)),
        ...(await targetedUsers(q, input.userGroupIds, userIds)),
      ]);
      const scope = { companyId: reach.companyId, affected, granted: added(before.features, input.features) };
      await guarded(q, session, scope, async () => {
        await q.query(
          `UPDATE directory.access_rules SET name = $2, features = $3, criteria = $4::jsonb, version = version + 1
          WHERE id = $1`,
          [id, name, sortedFeatures(input.features), JSON.stringify(criteria)],
        );
        await writeTargets(q, id, input.userGroupIds, userIds);
      });
      const after = await oneRule(q, reach, id);
      const changed = changedFields(snapshotOf(before), snapshotOf(after));
      if (changed)
        await recordChange(q, session, {
          action: 'updated',
          subject: 'rule',
          subjectId: id,
          subjectName: after.name,
          companyId: reach.companyId,
          ...changed,
        });
    })
    .catch((error: unknown) => {
      throw uniqueFailure(error);
    });
  return getRule(db, session, id);
}

export async function deleteRule(db: Db, session: SessionContext, id: string): Promise<void> {
  const reach = await reachOf(db, session);
  await oneRule(db, reach, id);
  await db.tx(async (q) => {
    await lockRights(q);
    const before = await oneRule(q, reach, id);
    const affected = await targetedUsers(q, before.group_ids, before.all_user_ids);
    await guarded(q, session, { companyId: reach.companyId, affected }, async () => {
      await q.query(`DELETE FROM directory.access_rules WHERE id = $1`, [id]);
    });
    await recordChange(q, session, {
      action: 'deleted',
      subject: 'rule',
      subjectId: id,
      subjectName: before.name,
      companyId: reach.companyId,
      before: snapshotOf(before),
      after: null,
    });
  });
}
