/**
 * Who a page belongs to: the employees of the given organisations, loaded ONCE and indexed by the
 * mask's identifier, then looked up synchronously for every page.
 */
import type { DomainId } from '../../contract/constants.ts';
import { type Queryable, schemaOf } from '../db/db.ts';
import type { Identifier } from './identify.ts';
import { type EmployeeLookup, type EmployeeRow, indexEmployees } from './employee-index.ts';

export { indexEmployees, type EmployeeLookup, type EmployeeRow, type MatchedEmployee } from './employee-index.ts';

/** The rows `indexEmployees` indexes: the employees linked to `orgIds`, one row per link. */
export async function employeeRows(q: Queryable, domain: DomainId, orgIds: readonly string[]): Promise<EmployeeRow[]> {
  const s = schemaOf(domain);
  const { rows } = await q.query<EmployeeRow>(
    `SELECT e.id, e.name, e.first_name, e.birth_date, e.email, e.num_secu, eo.registration_number,
            eo.organization_id, eo.active
       FROM ${s}.employee_organizations eo JOIN ${s}.employees e ON e.id = eo.employee_id
      WHERE eo.organization_id = ANY($1::uuid[])`,
    [orgIds],
  );
  return rows;
}

export async function employeeMatcher(
  q: Queryable,
  domain: DomainId,
  orgIds: readonly string[],
  identifier: Identifier,
): Promise<EmployeeLookup> {
  return indexEmployees(await employeeRows(q, domain, orgIds), orgIds, identifier);
}
