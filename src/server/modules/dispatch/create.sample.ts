/**
 * The demo's sample payroll file (`GET /dispatch/sample/payroll.pdf?pages=N`, an extension): payslips
 * of the active employees of the current organisation and below, at the seeded BULLETIN_PAIE mask zone, with one
 * page for a registration number nobody has, so the split shows an ignored page too.
 */
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { type PayrollEmployee, loadMupdf, payrollPdf } from '../../pdf/index.ts';

export const SAMPLE_DEFAULT_PAGES = 20;
export const SAMPLE_MAX_PAGES = 1000;

export const samplePages = (raw: unknown): number => {
  const n = Number.parseInt(typeof raw === 'string' ? raw : '', 10);
  return Number.isFinite(n) ? Math.min(SAMPLE_MAX_PAGES, Math.max(2, n)) : SAMPLE_DEFAULT_PAGES;
};

/** Active employees of the current organisation and below (whom its campaigns reach), nearest link first. */
async function payrollEmployees(q: Queryable, session: SessionContext, limit: number): Promise<PayrollEmployee[]> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{
    name: string;
    first_name: string;
    registration_number: string;
    email: string | null;
  }>(
    `WITH RECURSIVE tree(id, depth) AS (
       SELECT $1::uuid, 0
       UNION ALL
       SELECT o.id, t.depth + 1 FROM ${s}.organizations o JOIN tree t ON o.parent_id = t.id
     ), links AS (
       SELECT DISTINCT ON (e.id) e.id, e.name, e.first_name, e.email, e.sort_name, e.sort_first, eo.registration_number
         FROM tree t JOIN ${s}.employee_organizations eo ON eo.organization_id = t.id
         JOIN ${s}.employees e ON e.id = eo.employee_id
        WHERE eo.active AND coalesce(eo.registration_number, '') <> ''
        ORDER BY e.id, t.depth
     )
     SELECT name, first_name, registration_number, email FROM links ORDER BY sort_name, sort_first, id LIMIT $2`,
    [session.currentOrgId, limit],
  );
  return rows.map((r) => ({
    name: r.name,
    firstName: r.first_name,
    registrationNumber: r.registration_number,
    ...(r.email ? { email: r.email } : {}),
  }));
}

/** A payroll PDF of about `pages` pages (exactly, when the organisation has enough employees). */
export async function samplePayroll(q: Queryable, session: SessionContext, pages: number): Promise<Uint8Array> {
  const unknownPages = 1;
  const everyone = await payrollEmployees(q, session, pages);
  await loadMupdf();
  let count = Math.min(everyone.length, Math.max(1, Math.round((pages - unknownPages) / 1.08)));
  const make = (n: number) =>
    payrollPdf({ employees: everyone.slice(0, n), unknownPages, company: 'Société Démo SAS', seed: 7 });
  let pdf = make(count);
  // Two-page payslips are drawn at random: adjust the head count a few times to land on `pages`.
  for (let tries = 0; tries < 4 && pdf.pages.length !== pages; tries += 1) {
    const next = Math.min(everyone.length, Math.max(1, count + pages - pdf.pages.length));
    if (next === count) break;
    count = next;
    pdf = make(count);
  }
  return pdf.bytes;
}
