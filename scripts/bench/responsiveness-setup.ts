/**
 * Child of `bench-responsiveness.ts` (its own process, so the seed's memory is not the server's):
 * migrates and seeds the demo into a fresh PGlite directory or PostgreSQL database, adds employees in
 * a few organisations under the demo root (`seed-scale.ts`), and writes a payroll PDF of about `pages`
 * pages for them (the demo's BULLETIN_PAIE mask zone, DejaVu Sans embedded as payroll software does).
 * Usage: tsx scripts/bench/responsiveness-setup.ts <dataDir | postgres://…> <out.pdf> <pages>
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { type PayrollEmployee, loadMupdf, payrollPdf } from '../../src/server/pdf/index.ts';
import { seedScale } from './seed-scale.ts';

const [target, out, pagesText] = process.argv.slice(2);
if (!target || !out) throw new Error('usage: responsiveness-setup.ts <dataDir | postgres://…> <out.pdf> <pages>');
const pages = Number(pagesText ?? 2000);
/** ~8 % of payslips take two pages. */
const people = Math.round(pages / 1.08);

const db = await openDb(/^postgres(ql)?:\/\//.test(target) ? { databaseUrl: target, poolMax: 2 } : { dataDir: target });
try {
  await migrate(db);
  await seedDemo(db);
  if (db.files.dir) mkdirSync(db.files.dir, { recursive: true });
  // ~10 % of the links are inactive: seed enough for `people` active ones.
  const { orgIds } = await seedScale(db, { employees: Math.ceil(people * 1.2), organizations: 4 });
  const { rows } = await db.query<{ name: string; first_name: string; registration_number: string }>(
    `SELECT DISTINCT ON (e.id) e.name, e.first_name, eo.registration_number
       FROM dom_main.employee_organizations eo JOIN dom_main.employees e ON e.id = eo.employee_id
      WHERE eo.organization_id = ANY($1::uuid[]) AND eo.active
      ORDER BY e.id, eo.registration_number LIMIT $2`,
    [orgIds, people],
  );
  const employees: PayrollEmployee[] = rows.map((r) => ({
    name: r.name,
    firstName: r.first_name,
    registrationNumber: r.registration_number,
  }));
  const font = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  await loadMupdf();
  const pdf = payrollPdf({ employees, fontBytes: font, company: 'Groupe Horizon', seed: 1 });
  writeFileSync(out, pdf.bytes);
  process.stdout.write(
    `${JSON.stringify({ pages: pdf.pages.length, documents: pdf.documents.length, bytes: pdf.bytes.byteLength })}\n`,
  );
} finally {
  await db.close();
}
