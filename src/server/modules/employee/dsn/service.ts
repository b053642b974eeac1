/**
 * DSN import: every individual goes to the organisation whose SIRET is its establishment's, among
 * the organisations the session sees in its domain. An existing employee is found by NIR, then by
 * registration number in that organisation, then by e-mail; otherwise one is created. Individuals
 * that cannot be imported (unknown or mistyped establishment, a field rule broken, one NIR with
 * several identities in the file, subscription limit) are listed with their reason while the
 * others are written, all in one transaction: a failure while writing leaves the directory as it was.
 *
 * As payroll software writes them: an individual without e-mail (S21.G00.30.018 is optional) is
 * created « à valider »; a leaver (contract-end block S21.G00.62, or a declaration of nature 07) is
 * deactivated in that organisation; the same person declared twice in one file (two declarations,
 * a monthly one and an end-of-contract one) is applied once, as a leaver if either says so.
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
import { type DsnFile, type DsnIndividual, hasLeft } from './parse.ts';
import {
  type Rejection,
  conflict,
  fieldRejection,
  invalidEstablishment,
  limitReached,
  nirConflict,
  storageFailed,
  unknownEstablishment,
} from './reasons.ts';

interface OrgRow {
  id: string;
  name: string;
  siret: string;
  company_id: string;
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
async function findEmployee(q: Queryable, s: string, org: OrgRow, p: DsnPerson): Promise<EmployeeRow | null> {
  const cols = EMPLOYEE_COLUMNS.replaceAll('__S__', s);
  // The company is read once per organisation (not per employee row scanned), and each lookup has
  // its index (migration 0040): a 5,000-person DSN no longer scans the company once per person.
  const first = async (where: string, params: unknown[]) =>
    (
      await q.query<EmployeeRow>(
        `SELECT ${cols} FROM ${s}.employees e
          WHERE e.company_id = $1::uuid AND ${where} ORDER BY e.created_at LIMIT 1`,
        [org.company_id, ...params],
      )
    ).rows[0] ?? null;
  if (p.nir13) {
    const found = await first('left(e.num_secu, 13) = $2', [p.nir13]);
    if (found) return found;
  }
  if (p.registrationNumber) {
    const found = await first(
      `e.id IN (SELECT eo.employee_id FROM ${s}.employee_organizations eo
                 WHERE eo.organization_id = $2::uuid AND eo.registration_number = $3)`,
      [org.id, p.registrationNumber],
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

/** The person's identity as the file states it: one NIR must always come with the same one. */
const identity = (p: DsnPerson): string => [p.name, p.firstName, p.birthDate].map((v) => v.toLowerCase()).join('|');

/**
 * The file read before anything is written: NIRs stated with several identities (each such
 * individual is rejected), and for each person of an organisation (NIR, else line) the individuals
 * declaring them and whether any of those says they left.
 */
function survey(file: DsnFile) {
  const identities = new Map<string, { identities: Set<string>; lines: number[] }>();
  for (const individual of file.individuals) {
    const p = personOf(individual);
    if (!p.nir13) continue;
    const seen = identities.get(p.nir13) ?? { identities: new Set<string>(), lines: [] };
    seen.identities.add(identity(p));
    seen.lines.push(individual.line);
    identities.set(p.nir13, seen);
  }
  const conflicting = new Map([...identities].filter(([, seen]) => seen.identities.size > 1));
  const personKey = (individual: DsnIndividual): string =>
    `${individual.establishment.siret}|${personOf(individual).nir13 ?? `line:${individual.line}`}`;
  const leavers = new Set(file.individuals.filter(hasLeft).map(personKey));
  // One person declared in several blocks (one per contract, or two declarations): what a later block
  // states and the first does not (an e-mail, a registration number, a part of the address) is kept.
  const persons = new Map<string, DsnPerson>();
  for (const individual of file.individuals) {
    const key = personKey(individual);
    const p = personOf(individual);
    const first = persons.get(key);
    persons.set(
      key,
      first
        ? {
            ...first,
            email: first.email ?? p.email,
            registrationNumber: first.registrationNumber ?? p.registrationNumber,
            address: { ...p.address, ...first.address },
          }
        : p,
    );
  }
  return { conflicting, personKey, leavers, persons };
}

/** The employee as it will be stored: the DSN's values, the stored ones where the DSN is silent. */
const merged = (p: DsnPerson, existing: EmployeeRow | null) => ({
  name: p.name,
  firstName: p.firstName,
  birthDate: p.birthDate,
  email: p.email ?? existing?.email ?? null,
  numSecu: p.numSecu ?? existing?.num_secu ?? null,
  address: { ...(existing?.address ?? {}), ...p.address },
});

/** Individuals stored between two turns given to the event loop. */
const YIELD_EVERY = 25;

export async function importDsn(db: Db, session: SessionContext, file: DsnFile): Promise<DsnImportOutcome> {
  const s = schemaOf(session.domain);
  const visible = await visibleOrgIds(db, session);
  const { rows: orgs } = await db.query<OrgRow>(
    `SELECT id, name, replace(siret, ' ', '') AS siret, ${s}.company_of(id) AS company_id
       FROM ${s}.organizations WHERE id = ANY($1::uuid[])`,
    [visible],
  );
  const bySiret = new Map(orgs.map((o) => [o.siret, o]));
  const created: DsnImportedLine[] = [];
  const updated: DsnImportedLine[] = [];
  const deactivated: DsnImportedLine[] = [];
  const rejected: DsnRejectedLine[] = [];
  const touched = new Set<string>();
  const day = today();
  const { conflicting, personKey, leavers, persons } = survey(file);
  const applied = new Set<string>();

  await db.tx(async (q) => {
    const stats = await subscriptionStats(q, session);
    // A trial past its end creates no employee (hrdesk/subscription.ts).
    let room = stats.trialOver ? 0 : Math.max(0, stats.empLimit - stats.nbEmps);

    for (const [index, individual] of file.individuals.entries()) {
      // The embedded database answers without giving the event loop a turn: a large file held the whole
      // server (health checks included) until its last person. Other requests now run between batches.
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      let p = personOf(individual);
      const reject = (r: Rejection) =>
        rejected.push({ line: individual.line, name: p.name, firstName: p.firstName, ...r });
      const { establishment } = individual;
      if (establishment.problem) {
        reject(invalidEstablishment(establishment.siret, establishment.line, establishment.problem));
        continue;
      }
      const clash = p.nir13 ? conflicting.get(p.nir13) : undefined;
      if (clash && p.numSecu) {
        reject(nirConflict(p.numSecu, clash.lines));
        continue;
      }
      // The same person declared again further down (another declaration of the file): applied once.
      const key = personKey(individual);
      if (applied.has(key)) continue;
      applied.add(key);
      p = persons.get(key) ?? p;
      const left = leavers.has(key);
      const org = bySiret.get(individual.establishment.siret);
      if (!org) {
        reject(unknownEstablishment(individual.establishment.siret, individual.establishment.line));
        continue;
      }
      const existing = await findEmployee(q, s, org, p);
      if (existing && p.nir13 && existing.num_secu && existing.num_secu.slice(0, 13) !== p.nir13) {
        reject(conflict(existing.name, existing.first_name));
        continue;
      }
      const next = merged(p, existing);
      // Without an e-mail a new employee is still created, « à valider » until someone completes it.
      const toValidate = !existing && !next.email;
      const errors = employeeFieldErrors(
        { ...next, postal: next.address.postal ?? null, country: next.address.country ?? null },
        { mode: existing || toValidate ? 'update' : 'create', today: day, countries: COUNTRY_NAMES },
      );
      if (hasErrors(errors)) {
        reject(fieldRejection(errors, individual));
        continue;
      }
      // A new employee, or one with no active organisation yet, adds to the subscription's count;
      // a leaver is written inactive and adds nothing.
      const counts = !left && (!existing || !existing.counted);
      if (counts && room <= 0) {
        reject(limitReached(stats.empLimit));
        continue;
      }
      // One savepoint per individual: a storage error rejects that individual, not the file.
      const id = existing?.id ?? randomUUID();
      await q.query('SAVEPOINT dsn_individual');
      try {
        await write(q, s, id, existing !== null, next, org.id, p.registrationNumber, { active: !left, toValidate });
        await q.query('RELEASE SAVEPOINT dsn_individual');
      } catch (error) {
        await q.query('ROLLBACK TO SAVEPOINT dsn_individual');
        console.error(`DSN import: individual line ${individual.line} not stored`, error);
        reject(storageFailed());
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
        ...(toValidate ? { toValidate: true } : {}),
      };
      (left ? deactivated : existing ? updated : created).push(line);
    }
  });
  return {
    result: {
      encoding: file.encoding,
      // Persons, not blocks: one declared in two blocks is one line of the summary, so the parts add up.
      individuals: created.length + updated.length + deactivated.length + rejected.length,
      created,
      updated,
      deactivated,
      rejected,
    },
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
  state: { readonly active: boolean; readonly toValidate: boolean },
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
      `INSERT INTO ${s}.employees (id, name, first_name, birth_date, email, num_secu, address, company_id, needs_validation)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, ${s}.company_of($8::uuid), $9)`,
      [...values, orgId, state.toValidate],
    );
  }
  await q.query(
    `INSERT INTO ${s}.employee_organizations (employee_id, organization_id, registration_number, active)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (employee_id, organization_id) DO UPDATE
       SET active = EXCLUDED.active, registration_number = COALESCE(EXCLUDED.registration_number, employee_organizations.registration_number)`,
    [id, orgId, registrationNumber, state.active],
  );
}
