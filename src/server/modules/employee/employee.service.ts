/** One employee: read, create, update, deactivate, validate, BPE, safe account, import. */
import { randomUUID } from 'node:crypto';
import type { Employee, EmployeeInput } from '../../../contract/entities.ts';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '../../../contract/countries.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { employeeFieldErrors, hasErrors, normaliseNumSecu } from '../../../contract/validation.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { safePortOf } from '../../ports/safe.ts';
import { companySubscription, trialOverFailure } from '../hrdesk/subscription.ts';
import { CANT_CREATE_EMP_ERROR, EMPLOYEE_ERROR_KEYS, employeeFieldFailure, validationFailure } from './errors.ts';
import { type EmployeeRow, employeeColumns, toEmployee, visibleEmployee } from './view.ts';

type Session = Pick<SessionContext, 'userId' | 'domain' | 'baseOrgId' | 'currentOrgId'>;

/** Today in the server's clock, `YYYY-MM-DD`. */
const today = (): string => new Date().toISOString().slice(0, 10);

export async function getEmployee(db: Queryable, session: Session, id: string): Promise<Employee> {
  return toEmployee((await visibleEmployee(db, session, id)).row);
}

function checkFields(input: EmployeeInput, mode: 'create' | 'update'): void {
  const errors = employeeFieldErrors(
    {
      name: input.name,
      firstName: input.firstName,
      birthDate: input.birthDate,
      email: input.email,
      phone: input.phone,
      numSecu: input.numSecu,
      postal: input.address?.postal,
      country: input.address?.country,
    },
    { mode, today: today(), countries: COUNTRY_NAMES },
  );
  if (hasErrors(errors)) throw validationFailure(errors as Record<string, string>);
  if (input.organizations.length === 0)
    throw new ApiFailure(400, ALERT_KEYS.employees.missOrgaError, 'Sélectionnez au moins une organisation.');
}

const trimmed = (value: string | null | undefined): string | null => {
  const t = value?.trim();
  return t ? t : null;
};

const addressOf = (input: EmployeeInput): Employee['address'] => {
  const a = input.address ?? {};
  const out: Record<string, string> = {};
  for (const k of ['street', 'complement', 'postal', 'city', 'country'] as const) {
    const v = trimmed(a[k]);
    if (v) out[k] = v;
  }
  if (!out.country && Object.keys(out).length > 0) out.country = DEFAULT_COUNTRY;
  return out;
};

const emailTaken = () =>
  employeeFieldFailure(
    409,
    EMPLOYEE_ERROR_KEYS.emailExists,
    { email: EMPLOYEE_ERROR_KEYS.emailExists },
    'Un salarié utilise déjà cet e-mail : vous pouvez l’intégrer à cette organisation.',
  );

/** Another employee of the same company has this e-mail (another company's never answers: no oracle). */
async function assertEmailFree(
  q: Queryable,
  session: Session,
  companyId: string,
  email: string | null,
  self?: string,
): Promise<void> {
  if (!email) return;
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM ${schemaOf(session.domain)}.employees
      WHERE company_id = $1 AND lower(email) = lower($2) AND ($3::uuid IS NULL OR id <> $3) LIMIT 1`,
    [companyId, email, self ?? null],
  );
  if (rows[0]) throw emailTaken();
}

/** Two parallel writes passed `assertEmailFree`: the unique index (migration 0019) refuses the second. */
const isEmailUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  String(
    (error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message,
  ).includes('employees_company_email');

/** The one company (root of the organisation tree) of `orgIds`; 400 when they span several. */
export async function companyOf(q: Queryable, session: Session, orgIds: readonly string[]): Promise<string> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ company: string | null }>(
    `SELECT DISTINCT ${s}.company_of(o) AS company FROM unnest($1::uuid[]) o`,
    [orgIds],
  );
  const companies = rows.map((r) => r.company).filter((c): c is string => c !== null);
  if (companies.length !== 1) throw new ApiFailure(400, EMPLOYEE_ERROR_KEYS.orgsAcrossCompanies);
  return companies[0]!;
}

async function assertGroups(q: Queryable, session: Session, visible: string[], ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw notFound();
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schemaOf(session.domain)}.employee_groups WHERE id = ANY($1::uuid[]) AND org_id = ANY($2::uuid[])`,
    [ids, visible],
  );
  if ((rows[0]?.n ?? 0) !== new Set(ids).size) throw notFound();
}

async function userHasSignatureV3(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ v3: boolean }>(`SELECT signature_v3 AS v3 FROM directory.users WHERE id = $1`, [
    userId,
  ]);
  return rows[0]?.v3 === true;
}

/**
 * The company's trial and its limit of active employees (hrdesk/subscription.ts), as the dashboard shows
 * them: checked wherever an employee starts to count — created, or made active again when no
 * organisation had them active (a reactivation let a trial grow past its limit).
 */
async function assertRoomForOneMore(db: Queryable, session: Session, company: string): Promise<void> {
  const sub = await companySubscription(db, session.domain, company, session.userId);
  if (sub.trialOver) throw trialOverFailure(CANT_CREATE_EMP_ERROR);
  if (sub.nbEmps >= sub.empLimit)
    throw new ApiFailure(403, EMPLOYEE_ERROR_KEYS.limitReached, CANT_CREATE_EMP_ERROR, [
      `Votre abonnement permet ${sub.empLimit} salariés actifs et ce nombre est atteint : le salarié n’a pas été créé.`,
    ]);
}

/**
 * Opens the personal-safe account of each employee still without one; with the signature-v3
 * feature the employee is also recorded as an external signatory. `accountCreated` is false when
 * any opening failed.
 */
export async function openSafeAccounts(
  deps: Pick<Deps, 'db' | 'safe'>,
  session: Session,
  ids: readonly string[],
): Promise<{ created: number; accountCreated: boolean; failed: string[] }> {
  const { db } = deps;
  const s = schemaOf(session.domain);
  const visible = await visibleOrgIds(db, session);
  const valid = ids.filter(isUuid);
  const { rows } = await db.query<{
    id: string;
    name: string;
    first_name: string;
    email: string | null;
    safe_status: string;
  }>(
    `SELECT id, name, first_name, email, safe_status FROM ${s}.employees WHERE id = ANY($1::uuid[]) AND org_ids && $2::uuid[]`,
    [valid, visible],
  );
  if (rows.length === 0) throw notFound();
  const safe = safePortOf(deps);
  const v3 = await userHasSignatureV3(db, session.userId);
  const failed: string[] = [];
  let created = 0;
  for (const r of rows) {
    if (r.safe_status !== 'NOT_CREATED') continue;
    const outcome = await safe.openAccount(db, {
      domain: session.domain,
      employeeId: r.id,
      name: r.name,
      firstName: r.first_name,
      email: r.email,
    });
    if (!outcome.ok) {
      failed.push(r.id);
      continue;
    }
    created++;
    if (v3) {
      await db.query(
        `INSERT INTO ${s}.external_signatories (employee_id, email, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (employee_id) DO NOTHING`,
        [r.id, r.email, session.userId],
      );
      await db.query(`UPDATE ${s}.employees SET external_signatory_at = now() WHERE id = $1`, [r.id]);
    }
  }
  return { created, accountCreated: failed.length === 0, failed };
}

async function refresh(deps: Pick<Deps, 'push'>, session: Session, orgIds: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(orgIds)].map((orgId) => deps.push.refreshBadges({ domain: session.domain, orgId })));
}

export async function createEmployee(
  deps: Pick<Deps, 'db' | 'push' | 'safe'>,
  session: Session,
  input: EmployeeInput,
): Promise<Employee & { accountCreated: boolean }> {
  const { db } = deps;
  checkFields(input, 'create');
  const visible = await visibleOrgIds(db, session);
  const orgIds = input.organizations.map((o) => o.organizationId);
  if (!orgIds.every((id) => visible.includes(id))) throw notFound();
  const email = trimmed(input.email);
  const company = await companyOf(db, session, orgIds);
  await assertEmailFree(db, session, company, email);
  await assertGroups(db, session, visible, input.groupIds ?? []);
  await assertRoomForOneMore(db, session, company);
  const s = schemaOf(session.domain);
  const id = randomUUID();
  await db
    .tx(async (q) => {
      await q.query(
        `INSERT INTO ${s}.employees (id, name, first_name, birth_date, email, phone, num_secu, address, needs_validation,
                                   company_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          input.name.trim(),
          input.firstName.trim(),
          input.birthDate,
          email,
          trimmed(input.phone),
          normaliseNumSecu(input.numSecu) ?? null,
          JSON.stringify(addressOf(input)),
          input.needsValidation ?? false,
          company,
        ],
      );
      const unique = [...new Map(input.organizations.map((o) => [o.organizationId, o])).values()];
      await q.query(
        `INSERT INTO ${s}.employee_organizations (employee_id, organization_id, registration_number, active)
       SELECT $1, x.org, nullif(trim(x.num), ''), coalesce(x.active, true)
         FROM jsonb_to_recordset($2::jsonb) AS x(org uuid, num text, active boolean)`,
        [
          id,
          JSON.stringify(
            unique.map((o) => ({ org: o.organizationId, num: o.registrationNumber ?? null, active: o.active ?? true })),
          ),
        ],
      );
      if (input.groupIds?.length)
        await q.query(
          `INSERT INTO ${s}.employee_group_members (group_id, employee_id) SELECT g, $1 FROM unnest($2::uuid[]) g ON CONFLICT DO NOTHING`,
          [id, [...new Set(input.groupIds)]],
        );
    })
    .catch((error: unknown) => {
      throw isEmailUniqueViolation(error) ? emailTaken() : error;
    });
  const safe = await openSafeAccounts(deps, session, [id]);
  await refresh(deps, session, orgIds);
  return { ...(await getEmployee(db, session, id)), accountCreated: safe.accountCreated };
}

export async function updateEmployee(
  deps: Pick<Deps, 'db' | 'push'>,
  session: Session,
  id: string,
  input: EmployeeInput,
): Promise<Employee> {
  const { db } = deps;
  const { visible, row } = await visibleEmployee(db, session, id);
  checkFields(input, 'update');
  const orgIds = input.organizations.map((o) => o.organizationId);
  if (!orgIds.every((o) => visible.includes(o))) throw notFound();
  const email = trimmed(input.email);
  // The employee stays in its company: its organisations and e-mail are checked there.
  const chosen = await companyOf(db, session, orgIds);
  const company = row.company_id ?? chosen;
  if (chosen !== company) throw new ApiFailure(400, EMPLOYEE_ERROR_KEYS.orgsAcrossCompanies);
  if (email?.toLowerCase() !== row.email?.toLowerCase()) await assertEmailFree(db, session, company, email, id);
  if (input.groupIds) await assertGroups(db, session, visible, input.groupIds);
  const s = schemaOf(session.domain);
  const before = (row.links ?? []).map((l) => l.organizationId);
  if (input.organizations.some((o) => o.active ?? true)) {
    const { rows: counted } = await db.query<{ active: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${s}.employee_organizations WHERE employee_id = $1 AND active) AS active`,
      [id],
    );
    if (!counted[0]?.active) await assertRoomForOneMore(db, session, company);
  }
  await db
    .tx(async (q) => {
      await q.query(
        `UPDATE ${s}.employees SET name = $2, first_name = $3, birth_date = $4, email = $5, phone = $6, num_secu = $7,
              address = $8, needs_validation = coalesce($9, needs_validation), company_id = $10,
              shared_email_before_0019 = shared_email_before_0019 AND lower(email) IS NOT DISTINCT FROM lower($5)
        WHERE id = $1`,
        [
          id,
          input.name.trim(),
          input.firstName.trim(),
          input.birthDate,
          email,
          trimmed(input.phone),
          normaliseNumSecu(input.numSecu) ?? null,
          JSON.stringify(addressOf(input)),
          input.needsValidation ?? null,
          company,
        ],
      );
      // Lines removed from the form leave those (visible) organisations; invisible links stay as they are.
      await q.query(
        `DELETE FROM ${s}.employee_organizations
        WHERE employee_id = $1 AND organization_id = ANY($2::uuid[]) AND NOT organization_id = ANY($3::uuid[])`,
        [id, visible, orgIds],
      );
      await q.query(
        `INSERT INTO ${s}.employee_organizations (employee_id, organization_id, registration_number, active)
       SELECT $1, x.org, nullif(trim(x.num), ''), coalesce(x.active, true)
         FROM jsonb_to_recordset($2::jsonb) AS x(org uuid, num text, active boolean)
       ON CONFLICT (employee_id, organization_id) DO UPDATE
          SET registration_number = excluded.registration_number, active = excluded.active`,
        [
          id,
          JSON.stringify(
            [...new Map(input.organizations.map((o) => [o.organizationId, o])).values()].map((o) => ({
              org: o.organizationId,
              num: o.registrationNumber ?? null,
              active: o.active ?? true,
            })),
          ),
        ],
      );
      if (input.groupIds) {
        await q.query(
          `DELETE FROM ${s}.employee_group_members m USING ${s}.employee_groups g
          WHERE m.group_id = g.id AND m.employee_id = $1 AND g.org_id = ANY($2::uuid[])`,
          [id, visible],
        );
        await q.query(
          `INSERT INTO ${s}.employee_group_members (group_id, employee_id) SELECT g, $1 FROM unnest($2::uuid[]) g ON CONFLICT DO NOTHING`,
          [id, [...new Set(input.groupIds)]],
        );
      }
    })
    .catch((error: unknown) => {
      throw isEmailUniqueViolation(error) ? emailTaken() : error;
    });
  await refresh(deps, session, [...before, ...orgIds]);
  return getEmployee(db, session, id);
}

/** Deletion means deactivation: every visible link of the employee becomes inactive. */
export async function deactivateEmployee(
  deps: Pick<Deps, 'db' | 'push'>,
  session: Session,
  id: string,
): Promise<{ deactivated: number }> {
  const { visible } = await visibleEmployee(deps.db, session, id);
  const { rows } = await deps.db.query<{ organization_id: string }>(
    `UPDATE ${schemaOf(session.domain)}.employee_organizations SET active = false
      WHERE employee_id = $1 AND organization_id = ANY($2::uuid[]) AND active RETURNING organization_id`,
    [id, visible],
  );
  await refresh(
    deps,
    session,
    rows.map((r) => r.organization_id),
  );
  return { deactivated: rows.length };
}

export async function validateEmployees(
  deps: Pick<Deps, 'db' | 'push'>,
  session: Session,
  ids: readonly string[],
): Promise<{ validated: number }> {
  const visible = await visibleOrgIds(deps.db, session);
  const { rows } = await deps.db.query<{ org_ids: string[] }>(
    `UPDATE ${schemaOf(session.domain)}.employees SET needs_validation = false
      WHERE id = ANY($1::uuid[]) AND org_ids && $2::uuid[] AND needs_validation RETURNING org_ids`,
    [ids.filter(isUuid), visible],
  );
  await refresh(
    deps,
    session,
    rows.flatMap((r) => r.org_ids).filter((o) => visible.includes(o)),
  );
  return { validated: rows.length };
}

export async function setBpe(db: Queryable, session: Session, id: string, bpe: boolean): Promise<Employee> {
  await visibleEmployee(db, session, id);
  await db.query(`UPDATE ${schemaOf(session.domain)}.employees SET has_bpe = $2 WHERE id = $1`, [id, bpe]);
  return getEmployee(db, session, id);
}

export interface ImportCandidate {
  readonly id: string;
  readonly name: string;
  readonly firstName: string;
  readonly address: Employee['address'];
}

/**
 * The import offer: employees of the target organisation's company (never another company's) with
 * this e-mail, not yet in that organisation — only what the confirmation shows (seed 000 §2: name,
 * first name, address), never the NIR or the birth date.
 */
export async function importSearch(
  db: Queryable,
  session: Session,
  email: string,
  orgId: string | undefined,
): Promise<{ items: ImportCandidate[] }> {
  const visible = await visibleOrgIds(db, session);
  const target = orgId ?? session.currentOrgId;
  if (!isUuid(target) || !visible.includes(target)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string; name: string; first_name: string; address: Employee['address'] }>(
    `SELECT id, name, first_name, address FROM ${s}.employees
      WHERE company_id = ${s}.company_of($2::uuid) AND lower(email) = lower($1) AND NOT $2::uuid = ANY(org_ids)
      ORDER BY sort_name, sort_first, id LIMIT 10`,
    [email.trim(), target],
  );
  return { items: rows.map((r) => ({ id: r.id, name: r.name, firstName: r.first_name, address: r.address ?? {} })) };
}

/**
 * Links an employee of the same company into a visible organisation. The import only links: the
 * employee's record is not changed (an inactive link is reactivated, its registration number kept
 * unless one is given).
 */
export async function importEmployee(
  deps: Pick<Deps, 'db' | 'push'>,
  session: Session,
  body: { empId: string; orgId: string; registrationNumber?: string | undefined },
): Promise<Employee> {
  const { db } = deps;
  const visible = await visibleOrgIds(db, session);
  if (!isUuid(body.empId) || !isUuid(body.orgId) || !visible.includes(body.orgId)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${s}.employees WHERE id = $1 AND company_id = ${s}.company_of($2::uuid)`,
    [body.empId, body.orgId],
  );
  if (!rows[0]) throw notFound();
  await db.query(
    `INSERT INTO ${s}.employee_organizations (employee_id, organization_id, registration_number, active)
     VALUES ($1, $2, nullif(trim($3), ''), true)
     ON CONFLICT (employee_id, organization_id) DO UPDATE SET active = true,
       registration_number = coalesce(excluded.registration_number, ${s}.employee_organizations.registration_number)`,
    [body.empId, body.orgId, body.registrationNumber ?? null],
  );
  await refresh(deps, session, [body.orgId]);
  return getEmployee(db, session, body.empId);
}

/** Removes the employee's link to one visible organisation (or every visible one without `orgId`). */
export async function removeFromOrganization(
  deps: Pick<Deps, 'db' | 'push'>,
  session: Session,
  id: string,
  orgId: string | undefined,
): Promise<{ removed: number }> {
  const { visible } = await visibleEmployee(deps.db, session, id);
  if (orgId !== undefined && !visible.includes(orgId)) throw notFound();
  const { rows } = await deps.db.query<{ organization_id: string }>(
    `DELETE FROM ${schemaOf(session.domain)}.employee_organizations
      WHERE employee_id = $1 AND organization_id = ANY($2::uuid[]) RETURNING organization_id`,
    [id, orgId ? [orgId] : visible],
  );
  await refresh(
    deps,
    session,
    rows.map((r) => r.organization_id),
  );
  return { removed: rows.length };
}

/** Rows of visible employees among `ids` (404 when none). */
export async function visibleRows(db: Queryable, session: Session, ids: readonly string[]): Promise<EmployeeRow[]> {
  const visible = await visibleOrgIds(db, session);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<EmployeeRow>(
    `SELECT ${employeeColumns(s)} FROM ${s}.employees e WHERE e.id = ANY($2::uuid[]) AND e.org_ids && $1::uuid[]
      ORDER BY e.sort_name, e.sort_first, e.id`,
    [visible, ids.filter(isUuid)],
  );
  if (rows.length === 0) throw notFound();
  return rows;
}
