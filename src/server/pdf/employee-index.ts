/**
 * The employee index a split looks pages up in: pure (no database), so the PDF worker thread builds it
 * from the rows `employeeRows` read (src/server/pdf/worker).
 */
import { type Identifier, employeeKeys } from './identify.ts';

export interface MatchedEmployee {
  employeeId: string;
  name: string;
  firstName: string;
  /** The normalised key that matched (stored as the dispatched document's identifier). */
  key: string;
}

export type EmployeeLookup = (keys: readonly string[]) => MatchedEmployee | null;

export interface EmployeeRow {
  id: string;
  name: string;
  first_name: string;
  birth_date: string | null;
  email: string | null;
  num_secu: string | null;
  registration_number: string | null;
  organization_id: string;
  active: boolean;
}

/**
 * Index employees linked to `orgIds`. When a key is shared, the nearer organisation wins, then the
 * active link; two different employees still tied (same organisation, same activity) make the key
 * AMBIGUOUS: it matches nobody, so a payslip is never sent to the wrong person (the page is ignored).
 */
export function indexEmployees(
  rows: readonly EmployeeRow[],
  orgIds: readonly string[],
  identifier: Identifier,
): EmployeeLookup {
  const rank = (r: EmployeeRow): number => orgIds.indexOf(r.organization_id) * 2 + (r.active ? 0 : 1);
  const sorted = [...rows].sort((a, b) => rank(a) - rank(b));
  const byKey = new Map<string, (Omit<MatchedEmployee, 'key'> & { rank: number }) | null>();
  for (const r of sorted) {
    const keys = employeeKeys(identifier, {
      registrationNumber: r.registration_number,
      numSecu: r.num_secu,
      email: r.email,
      name: r.name,
      firstName: r.first_name,
      birthDate: r.birth_date,
    });
    for (const key of keys) {
      const held = byKey.get(key);
      if (held === undefined)
        byKey.set(key, { employeeId: r.id, name: r.name, firstName: r.first_name, rank: rank(r) });
      else if (held && held.rank === rank(r) && held.employeeId !== r.id) byKey.set(key, null);
    }
  }
  return (keys) => {
    for (const key of keys) {
      const found = byKey.get(key);
      if (found) return { employeeId: found.employeeId, name: found.name, firstName: found.firstName, key };
    }
    return null;
  };
}
