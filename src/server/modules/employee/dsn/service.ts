/**
 * DSN import: every individual goes to the organisation whose SIRET is its establishment's, among
 * the organisations the session sees in its domain. An existing employee is found by NIR, then by
 * registration number in that organisation, then by e-mail; otherwise one is created. Individuals
 * that cannot be imported (unknown establishment, a field rule broken, subscription limit) are
 * listed with their reason while the others are written, all in one transaction: a failure while
 * writing leaves the directory as it was.
 */
import { randomUUID } from 'node:crypto';
import { COUNTRY_NAMES } from '../../../../contract/countries.ts';
import type { DsnImportResult, DsnImportedLine, DsnRejectedLine } from '../../../../contract/dsn.ts';
import { employeeFieldErrors, hasErrors } from '../../../../contract/validation.ts';
import { visibleOrgIds } from '../../../auth/scope.ts';
import type { SessionContext } from '../../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../../db/db.ts';
import { subscriptionStats } from '../../hrdesk/service.ts';
import { type DsnPerson, personOf } from './individual.ts';
import type { DsnFile } from './parse.ts';
import {
  type Rejection,
  conflict,
  fieldRejection,
  limitReached,
  storageFailed,
  unknownEstablishment,
} from './reasons.ts';

interface OrgRow {
  id: string;
  name: string;
  siret: string;
}

interface EmployeeRow {
  id: string;
  name: string;
  first_name: string;
  birth_date: string;
  email: string | null;
  num_secu: string | null;
  address: Record<string, string>;
  counted: boolean;
}

export interface DsnImportOutcome {
  readonly result: DsnImportResult;
  /** Organisations whose employees changed (their badge counts move). */
  readonly touchedOrgIds: readonly string[];
}

const EMPLOYEE_COLUMNS = `e.id, e.name, e.first_name, e.birth_date, e.email, e.num_secu, e.address,
  EXISTS (SELECT 1 FROM __S__.employee_organizations x WHERE x.employee_id = e.id AND x.active) AS counted`;

/**
 * NIR, then registration number in the organisation, then e-mail (seed 000 §2 import rules) —
 * among the employees of the organisation's company only: a DSN never reaches another company's.
 */
async function findEmployee(q: Queryable, s: string, orgId: string, p: DsnPerson): Promise<EmployeeRow | null> {
  const cols = EMPLOYEE_COLUMNS.replaceAll('__S__', s);
  const first = async (where: string, params: unknown[]) =>
    (
      await q.query<EmployeeRow>(
        `SELECT ${cols} FROM ${s}.employees e
          WHERE e.company_id = ${s}.company_of($1::uuid) AND ${where} ORDER BY e.created_at LIMIT 1`,
        [orgId, ...params],
      )
    ).rows[0] ?? null;
  if (p.nir13) {
    const found = await first('left(e.num_secu, 13) = $2', [p.nir13]);
    if (found) return found;
  }
  if (p.registrationNumber) {
    const found = await first(
      `EXISTS (SELECT 1 FROM ${s}.employee_organizations eo
                WHERE eo.employee_id = e.id AND eo.organization_id = $1 AND eo.registration_number = $2)`,
      [p.registrationNumber],
    );
    if (found) return found;
  }
  if (p.email) return first('lower(e.email) = lower($2)', [p.email]);
  return null;
}

const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The employee as it will be stored: the DSN's values, the stored ones where the DSN is silent. */
const merged = (p: DsnPerson, existing: EmployeeRow | null) => ({
  name: p.name,
  firstName: p.firstName,
  birthDate: p.birthDate,
  email: p.email ?? existing?.email ?? null,
  numSecu: p.numSecu ?? existing?.num_secu ?? null,
  address: { ...(existing?.address ?? {}), ...p.address },
});

export async function importDsn(db: Db, session: SessionContext, file: DsnFile): Promise<DsnImportOutcome> {
  const s = schemaOf(session.domain);
  const visible = await visibleOrgIds(db, session);
  const { rows: orgs } = await db.query<OrgRow>(
    `SELECT id, name, replace(siret, ' ', '') AS siret FROM ${s}.organizations WHERE id = ANY($1::uuid[])`,
    [visible],
  );
  const bySiret = new Map(orgs.map((o) => [o.siret, o]));
  const created: DsnImportedLine[] = [];
  const updated: DsnImportedLine[] = [];
  const rejected: DsnRejectedLine[] = [];
  const touched = new Set<string>();
  const day = today();

  await db.tx(async (q) => {
    const stats = await subscriptionStats(q, session);
    // A trial past its end creates no employee (hrdesk/subscription.ts).
    let room = stats.trialOver ? 0 : Math.max(0, stats.empLimit - stats.nbEmps);

    for (const individual of file.individuals) {
      const p = personOf(individual);
      const reject = (r: Rejection) =>
        rejected.push({ line: individual.line, name: p.name, firstName: p.firstName, ...r });
      const org = bySiret.get(individual.establishment.siret);
      if (!org) {
        reject(unknownEstablishment(individual.establishment.siret, individual.establishment.line));
        continue;
      }
      const existing = await findEmployee(q, s, org.id, p);
      if (existing && p.nir13 && existing.num_secu && existing.num_secu.slice(0, 13) !== p.nir13) {
        reject(conflict(existing.name, existing.first_name));
        continue;
      }
      const next = merged(p, existing);
      const errors = employeeFieldErrors(
        { ...next, postal: next.address.postal ?? null, country: next.address.country ?? null },
        { mode: existing ? 'update' : 'create', today: day, countries: COUNTRY_NAMES },
      );
      if (hasErrors(errors)) {
        reject(fieldRejection(errors, individual));
        continue;
      }
      // A new employee, or one with no active organisation yet, adds to the subscription's count.
      const counts = !existing || !existing.counted;
      if (counts && room <= 0) {
        reject(limitReached(stats.empLimit));
        continue;
      }
      // One savepoint per individual: a storage error rejects that individual, not the file.
      const id = existing?.id ?? randomUUID();
      await q.query('SAVEPOINT dsn_individual');
      try {
        await write(q, s, id, existing !== null, next, org.id, p.registrationNumber);
        await q.query('RELEASE SAVEPOINT dsn_individual');
      } catch (error) {
        await q.query('ROLLBACK TO SAVEPOINT dsn_individual');
        reject(storageFailed(error));
        continue;
      }
      if (counts) room -= 1;
      touched.add(org.id);
      const line: DsnImportedLine = {
        line: individual.line,
        name: next.name,
        firstName: next.firstName,
        employeeId: id,
        organizationId: org.id,
        organizationName: org.name,
      };
      (existing ? updated : created).push(line);
    }
  });
  return {
    result: { encoding: file.encoding, individuals: file.individuals.length, created, updated, rejected },
    touchedOrgIds: [...touched],
  };
}

async function write(
  q: Queryable,
  s: string,
  id: string,
  exists: boolean,
  next: ReturnType<typeof merged>,
  orgId: string,
  registrationNumber: string | null,
): Promise<void> {
  const values = [
    id,
    next.name,
    next.firstName,
    next.birthDate,
    next.email,
    next.numSecu,
    JSON.stringify(next.address),
  ];
  if (exists) {
    await q.query(
      `UPDATE ${s}.employees SET name = $2, first_name = $3, birth_date = $4, email = $5, num_secu = $6, address = $7::jsonb
        WHERE id = $1`,
      values,
    );
  } else {
    await q.query(
      `INSERT INTO ${s}.employees (id, name, first_name, birth_date, email, num_secu, address, company_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, ${s}.company_of($8::uuid))`,
      [...values, orgId],
    );
  }
  await q.query(
    `INSERT INTO ${s}.employee_organizations (employee_id, organization_id, registration_number, active)
     VALUES ($1, $2, $3, true)
     ON CONFLICT (employee_id, organization_id) DO UPDATE
       SET active = true, registration_number = COALESCE(EXCLUDED.registration_number, employee_organizations.registration_number)`,
    [id, orgId, registrationNumber],
  );
}
