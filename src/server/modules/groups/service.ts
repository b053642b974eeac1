/**
 * Employee groups (seed 000 §3, seed 001 §7.5). A group belongs to one organisation; its members
 * must be active employees of that organisation or of one of its sub-organisations the session
 * sees. Everything goes through `visibleOrgIds`: a group of an organisation the caller cannot see
 * is a 404, exactly like an id that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../../contract/constants.ts';
import type {
  EmployeeGroup,
  EmployeeGroupDetail,
  EmployeeGroupInput,
  EmployeeGroupMember,
  EmployeeGroupPage,
  EmployeeGroupSearchBody,
  EmployeeGroupUpdate,
} from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { VALIDATION_KEYS } from '../../../contract/validation.ts';
import { isUuid, visibleOrgIds, visibleSubtree } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';

/** A 400 or 409 that also names the offending fields, so the form can show each beside its input. */
const fieldsFailure = (status: number, key: string, fields: Readonly<Record<string, string>>) =>
  new ApiFailure(status, key, undefined, undefined, fields);

interface GroupRow {
  id: string;
  name: string;
  org_id: string;
  org_name: string;
  employee_ids: string[];
  employee_count: number;
}

const toGroup = (r: GroupRow): EmployeeGroup => ({
  id: r.id,
  name: r.name,
  orgId: r.org_id,
  orgName: r.org_name,
  employeesIds: r.employee_ids,
  employeeCount: r.employee_count,
});

const columns = (s: string) => `g.id, g.name, g.org_id, o.name AS org_name,
  ARRAY(SELECT m.employee_id FROM ${s}.employee_group_members m WHERE m.group_id = g.id ORDER BY m.employee_id) AS employee_ids,
  (SELECT count(*)::int FROM ${s}.employee_group_members m WHERE m.group_id = g.id) AS employee_count`;

/** Folds case and the common French accents, so "equipe" finds "Équipe". */
const folded = (expr: string) => `translate(lower(${expr}), 'àâäáãéèêëíìîïóòôöõúùûüçñÿ', 'aaaaaeeeeiiiiooooouuuucny')`;

// Sort expressions come from this fixed map, never from the caller's text.
// Accents folded so "Équipe" sorts among the e's whatever the database collation.
const ORDER: Record<NonNullable<EmployeeGroupSearchBody['order']>['field'], string> = {
  name: folded('g.name'),
  orgName: folded('o.name'),
  employeeCount: 'employee_count',
};
const orderBy = (order: EmployeeGroupSearchBody['order']): string => {
  const sens = order?.sens === 'desc' ? 'DESC' : 'ASC';
  const field = order?.field ?? 'name';
  return field === 'name'
    ? `${ORDER.name} ${sens}, g.id ${sens}`
    : `${ORDER[field]} ${sens}, ${ORDER.name} ${sens}, g.id ${sens}`;
};

/**
 * Groups of the visible organisations; with `orgId`, only those of that organisation and its
 * visible sub-organisations (an organisation the caller cannot see is a 404).
 */
export async function listGroups(
  db: Queryable,
  session: SessionContext,
  body: EmployeeGroupSearchBody,
  orgId?: string,
): Promise<EmployeeGroupPage> {
  let orgs: string[];
  if (orgId === undefined) orgs = await visibleOrgIds(db, session);
  else {
    if (!isUuid(orgId)) throw notFound();
    orgs = await visibleSubtree(db, session, orgId);
    if (orgs.length === 0) throw notFound();
  }
  const s = schemaOf(session.domain);
  // The caller's % and _ are searched as such, not as wildcards.
  const text = body.search?.trim();
  const term = text ? likeContains(text) : null;
  const where = `g.org_id = ANY($1::uuid[]) AND ($2::text IS NULL OR ${folded('g.name')} LIKE ${folded('$2::text')})`;
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.employee_groups g WHERE ${where}`,
    [orgs, term],
  );
  const { rows } = await db.query<GroupRow>(
    `SELECT ${columns(s)} FROM ${s}.employee_groups g JOIN ${s}.organizations o ON o.id = g.org_id
      WHERE ${where} ORDER BY ${orderBy(body.order)} OFFSET $3 LIMIT $4`,
    [orgs, term, body.offset ?? 0, body.limit ?? LIMITS.defaultPageSize],
  );
  return { count: counted[0]?.n ?? 0, items: rows.map(toGroup) };
}

/** The group row if its organisation is visible; otherwise 404. */
async function visibleGroup(db: Queryable, session: SessionContext, id: string): Promise<GroupRow> {
  if (!isUuid(id)) throw notFound();
  const visible = await visibleOrgIds(db, session);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<GroupRow>(
    `SELECT ${columns(s)} FROM ${s}.employee_groups g JOIN ${s}.organizations o ON o.id = g.org_id
      WHERE g.id = $1 AND g.org_id = ANY($2::uuid[])`,
    [id, visible],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

async function members(db: Queryable, session: SessionContext, groupId: string): Promise<EmployeeGroupMember[]> {
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string; name: string; first_name: string; email: string | null }>(
    `SELECT e.id, e.name, e.first_name, e.email
       FROM ${s}.employee_group_members m JOIN ${s}.employees e ON e.id = m.employee_id
      WHERE m.group_id = $1 ORDER BY lower(e.name), lower(e.first_name), e.id`,
    [groupId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, firstName: r.first_name, email: r.email }));
}

export async function getGroup(db: Queryable, session: SessionContext, id: string): Promise<EmployeeGroupDetail> {
  const row = await visibleGroup(db, session, id);
  return { ...toGroup(row), members: await members(db, session, id) };
}

/**
 * Checks the name and members; answers the distinct member ids. `kept` are the current members
 * of an updated group: they may stay even if they have since left or been deactivated.
 */
async function checkInput(
  db: Queryable,
  session: SessionContext,
  orgId: string,
  input: { name: string; employeesIds: readonly string[] },
  kept: readonly string[] = [],
): Promise<string[]> {
  if (input.name.trim() === '') throw fieldsFailure(400, ERROR_KEYS.badRequest, { name: VALIDATION_KEYS.required });
  const ids = [...new Set(input.employeesIds)];
  const toCheck = ids.filter((id) => !kept.includes(id));
  if (toCheck.length === 0) return ids;
  const subtree = await visibleSubtree(db, session, orgId);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT eo.employee_id AS id FROM ${s}.employee_organizations eo
      WHERE eo.employee_id = ANY($1::uuid[]) AND eo.organization_id = ANY($2::uuid[]) AND eo.active`,
    [toCheck.filter(isUuid), subtree],
  );
  const inside = new Set(rows.map((r) => r.id));
  if (toCheck.some((id) => !inside.has(id))) {
    throw fieldsFailure(400, ERROR_KEYS.groupMemberOutsideOrg, { employeesIds: ERROR_KEYS.groupMemberOutsideOrg });
  }
  return ids;
}

const nameTaken = () => fieldsFailure(409, ERROR_KEYS.groupNameTaken, { name: ERROR_KEYS.groupNameTaken });
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Writes name and members in one transaction; the unique index settles a race between two writers. */
async function save(
  db: Db,
  session: SessionContext,
  group: { id: string; orgId: string; name: string },
  ids: string[],
  create: boolean,
) {
  const s = schemaOf(session.domain);
  try {
    await db.tx(async (q) => {
      const { rows: same } = await q.query(
        `SELECT 1 FROM ${s}.employee_groups WHERE org_id = $1 AND lower(btrim(name)) = lower(btrim($2)) AND id <> $3`,
        [group.orgId, group.name, group.id],
      );
      if (same.length > 0) throw nameTaken();
      if (create) {
        await q.query(`INSERT INTO ${s}.employee_groups (id, name, org_id) VALUES ($1, $2, $3)`, [
          group.id,
          group.name,
          group.orgId,
        ]);
      } else {
        await q.query(`UPDATE ${s}.employee_groups SET name = $2 WHERE id = $1`, [group.id, group.name]);
        await q.query(`DELETE FROM ${s}.employee_group_members WHERE group_id = $1`, [group.id]);
      }
      await q.query(`INSERT INTO ${s}.employee_group_members (group_id, employee_id) SELECT $1, unnest($2::uuid[])`, [
        group.id,
        ids,
      ]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function createGroup(
  db: Db,
  session: SessionContext,
  input: EmployeeGroupInput,
): Promise<EmployeeGroupDetail> {
  if (!isUuid(input.orgId) || !(await visibleOrgIds(db, session)).includes(input.orgId)) throw notFound();
  const ids = await checkInput(db, session, input.orgId, input);
  const id = randomUUID();
  await save(db, session, { id, orgId: input.orgId, name: input.name.trim() }, ids, true);
  return getGroup(db, session, id);
}

export async function updateGroup(
  db: Db,
  session: SessionContext,
  id: string,
  input: EmployeeGroupUpdate,
): Promise<EmployeeGroupDetail> {
  const current = await visibleGroup(db, session, id);
  const ids = await checkInput(db, session, current.org_id, input, current.employee_ids);
  await save(db, session, { id, orgId: current.org_id, name: input.name.trim() }, ids, false);
  return getGroup(db, session, id);
}

export async function deleteGroup(db: Db, session: SessionContext, id: string): Promise<void> {
  await visibleGroup(db, session, id);
  await db.query(`DELETE FROM ${schemaOf(session.domain)}.employee_groups WHERE id = $1`, [id]);
}
