/** Row → `Employee`, and the scope every employee query starts from. */
import type { Employee } from '../../../contract/entities.ts';
import type { BpeAgreement, SafeStatus } from '../../../contract/enums.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';

export interface EmployeeRow {
  id: string;
  name: string;
  first_name: string;
  birth_date: string;
  email: string | null;
  phone: string | null;
  num_secu: string | null;
  address: Employee['address'];
  has_bpe: boolean;
  bpe_agreement: BpeAgreement | null;
  safe_status: SafeStatus;
  registered: boolean;
  needs_validation: boolean;
  safe_created_at: string | null;
  last_notification_at: string | null;
  created_at: string;
  /** The root organisation of its organisations' tree (migration 0019). */
  company_id: string | null;
  links: { organizationId: string; registrationNumber: string | null; active: boolean; canEdit: boolean }[] | null;
  groups: { id: string; name: string }[] | null;
}

/**
 * Columns of `EmployeeRow` for alias `e`; `$1` must be the visible organisation ids, so links and
 * groups of organisations the caller cannot see never leave the database. A row's groups are read
 * from its memberships, each group then by its key (`OFFSET 0` keeps that shape): joining them let
 * the planner hash every group of the visible organisations once per row with a membership, a
 * third of the list's page time (`npm run bench:cluster`'s list reads).
 */
export const employeeColumns = (s: string, linkFilter = 'eo.organization_id = ANY($1::uuid[])') => `
  e.id, e.name, e.first_name, e.birth_date, e.email, e.phone, e.num_secu, e.address, e.has_bpe,
  e.bpe_agreement, e.safe_status, e.registered, e.needs_validation, e.safe_created_at,
  e.last_notification_at, e.created_at, e.company_id,
  (SELECT json_agg(json_build_object('organizationId', eo.organization_id,
            'registrationNumber', eo.registration_number, 'active', eo.active,
            'canEdit', o.paye_domain_id IS NULL) ORDER BY o.name, eo.organization_id)
     FROM ${s}.employee_organizations eo JOIN ${s}.organizations o ON o.id = eo.organization_id
    WHERE eo.employee_id = e.id AND ${linkFilter}) AS links,
  (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
     FROM ${s}.employee_group_members m
     CROSS JOIN LATERAL (SELECT g.id, g.name FROM ${s}.employee_groups g
                          WHERE g.id = m.group_id AND g.org_id = ANY($1::uuid[]) OFFSET 0) g
    WHERE m.employee_id = e.id) AS groups`;

export const toEmployee = (r: EmployeeRow): Employee => {
  const organizations = (r.links ?? []).map((l) => ({
    organizationId: l.organizationId,
    ...(l.registrationNumber !== null ? { registrationNumber: l.registrationNumber } : {}),
    active: l.active,
    canEdit: l.canEdit,
  }));
  return {
    id: r.id,
    name: r.name,
    firstName: r.first_name,
    birthDate: r.birth_date,
    email: r.email,
    phone: r.phone,
    numSecu: r.num_secu,
    address: r.address ?? {},
    hasBpe: r.has_bpe,
    hasSafeBox: r.safe_status !== 'NOT_CREATED',
    registered: r.registered,
    needsValidation: r.needs_validation,
    safeStatus: r.safe_status,
    bpeAgreement: r.bpe_agreement,
    safeCreatedAt: r.safe_created_at,
    lastNotificationAt: r.last_notification_at,
    active: organizations.some((o) => o.active),
    organizations,
    groups: r.groups ?? [],
  };
};

type Scoped = Pick<SessionContext, 'userId' | 'domain'>;

/** `root` and its descendants among `visible`; 404 when `root` itself is not visible. */
export async function subtreeOf(db: Queryable, session: Scoped, visible: string[], root: string): Promise<string[]> {
  if (!isUuid(root) || !visible.includes(root)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT id FROM ${s}.organizations WHERE id = $1
       UNION SELECT c.id FROM ${s}.organizations c JOIN tree t ON c.parent_id = t.id
     ) SELECT id FROM tree WHERE id = ANY($2::uuid[])`,
    [root, visible],
  );
  return rows.map((r) => r.id);
}

/** The employee if some visible organisation links it, else 404. */
export async function visibleEmployee(
  db: Queryable,
  session: Scoped,
  id: string,
  visible?: string[],
): Promise<{ visible: string[]; row: EmployeeRow }> {
  const orgs = visible ?? (await visibleOrgIds(db, session));
  if (!isUuid(id)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<EmployeeRow>(
    `SELECT ${employeeColumns(s)} FROM ${s}.employees e WHERE e.id = $2 AND e.org_ids && $1::uuid[]`,
    [orgs, id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { visible: orgs, row };
}
