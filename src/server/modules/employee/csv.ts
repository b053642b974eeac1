/**
 * `employees.csv` for a French spreadsheet: UTF-8 with BOM (else accents break), `;` separators
 * (the comma is the decimal mark), CRLF, dates dd/mm/yyyy. Rows are read in keyset batches and
 * streamed, so 100,000 employees never sit in memory at once.
 */
import { Readable } from 'node:stream';
import type { EmployeeSearchBody } from '../../../contract/entities.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Queryable } from '../../db/db.ts';
import { buildQuery } from './list.service.ts';

const BATCH = 2_000;

export const CSV_HEADERS = [
  'Nom',
  'Prénom',
  'Date de naissance',
  'E-mail',
  'Téléphone',
  'N° de sécurité sociale',
  'Adresse',
  'Complément',
  'Code postal',
  'Ville',
  'Pays',
  'Organisations',
  'Matricules',
  'Statut',
  'À valider',
  'Coffre-fort',
  'Date de création',
] as const;

/** The words the employee screens use for the safe's status (fr.json `employees.safeStatus`). */
const SAFE_LABELS: Record<string, string> = {
  NOT_CREATED: 'Non créé',
  NOT_FINALISED: 'Non finalisé',
  FINALISED: 'Activé',
};

/** A first character a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number or a signed number: digits, spaces and `+-./()` only. Without a letter such a cell
 * can name no function (HYPERLINK, WEBSERVICE, a DDE command) and no cell: at worst a spreadsheet
 * does arithmetic on it. Left as typed, so `+33 6 12 34 56 78` does not come out as `'+33 6…`.
 */
const PLAIN_NUMBER = /^[+-][\d .()/+-]*$/;

/**
 * Quotes a cell when it holds the separator, a quote or a line break (doubling inner quotes), after
 * neutralising a formula: a leading `'` makes a spreadsheet show the text instead of running it.
 */
export const csvCell = (value: string | null | undefined): string => {
  const raw = value ?? '';
  const text = FORMULA_START.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** `YYYY-MM-DD…` → `dd/mm/yyyy` (the date part of timestamps is taken in UTC). */
export const frenchDate = (iso: string | null): string => {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

interface CsvRow {
  name: string;
  first_name: string;
  birth_date: string;
  email: string | null;
  phone: string | null;
  num_secu: string | null;
  address: { street?: string; complement?: string; postal?: string; city?: string; country?: string } | null;
  orgs: string | null;
  numbers: string | null;
  active: boolean;
  needs_validation: boolean;
  safe_status: string;
  created_at: string;
  [k: `k${number}`]: string | null;
}

const line = (cells: readonly string[]): string => `${cells.map(csvCell).join(';')}\r\n`;

export async function employeesCsv(
  db: Queryable,
  session: Pick<SessionContext, 'userId' | 'domain' | 'currentOrgId'>,
  body: EmployeeSearchBody,
  orgId?: string,
): Promise<Readable> {
  const q = await buildQuery(db, session, { ...body, unwind: false }, { orgId });
  const keyCols = q.keys.map((k, i) => `${k.expr}::text AS k${i}`).join(', ');
  const order = q.keys.map((k) => `${k.expr} ${q.sens}`).join(', ');
  const fetchBatch = async (after: readonly (string | null)[] | null): Promise<CsvRow[]> => {
    const params = [...q.params];
    let where = q.where;
    if (after) {
      const holders = q.keys.map((k, i) => {
        params.push(after[i]);
        return `$${params.length}::${k.cast}`;
      });
      where += ` AND (${q.keys.map((k) => k.expr).join(', ')}) ${q.sens === 'asc' ? '>' : '<'} (${holders.join(', ')})`;
    }
    params.push(BATCH);
    const { rows } = await db.query<CsvRow>(
      `SELECT e.name, e.first_name, e.birth_date, e.email, e.phone, e.num_secu, e.address, e.needs_validation,
              e.safe_status, e.created_at, ${q.activeInScope} AS active,
              (SELECT string_agg(o.name, ', ' ORDER BY o.name) FROM ${q.s}.employee_organizations eo
                 JOIN ${q.s}.organizations o ON o.id = eo.organization_id
                WHERE eo.employee_id = e.id AND eo.organization_id = ANY($1::uuid[])) AS orgs,
              (SELECT string_agg(eo.registration_number, ', ' ORDER BY eo.registration_number)
                 FROM ${q.s}.employee_organizations eo
                WHERE eo.employee_id = e.id AND eo.organization_id = ANY($1::uuid[])) AS numbers,
              ${keyCols}
         FROM ${q.s}.employees e WHERE ${where} ORDER BY ${order} LIMIT $${params.length}`,
      params,
    );
    return rows;
  };
  async function* generate(): AsyncGenerator<string> {
    yield `\uFEFF${line(CSV_HEADERS)}`;
    let after: (string | null)[] | null = null;
    for (;;) {
      const rows = await fetchBatch(after);
      yield rows
        .map((r) =>
          line([
            r.name,
            r.first_name,
            frenchDate(r.birth_date),
            r.email ?? '',
            r.phone ?? '',
            r.num_secu ?? '',
            r.address?.street ?? '',
            r.address?.complement ?? '',
            r.address?.postal ?? '',
            r.address?.city ?? '',
            r.address?.country ?? '',
            r.orgs ?? '',
            r.numbers ?? '',
            r.active ? 'Actif' : 'Inactif',
            r.needs_validation ? 'Oui' : 'Non',
            SAFE_LABELS[r.safe_status] ?? r.safe_status,
            frenchDate(r.created_at),
          ]),
        )
        .join('');
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) return;
      after = q.keys.map((_, i) => last[`k${i}`] ?? null);
    }
  }
  return Readable.from(generate(), { objectMode: false });
}
