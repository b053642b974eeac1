/**
 * The split bench's database: a fresh on-disk PGlite (or a PostgreSQL URL) with the product's migrations, one organisation,
 * the BULLETIN_PAIE mask as seeded, the bench's employees, and a SPLITTING campaign whose source is the
 * generated payroll — stored the way campaign creation stores it. Nothing here is timed.
 */
import { randomUUID } from 'node:crypto';
import { initialTransition } from 'xstate';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { insertFiles } from '../../src/server/files/store.ts';
import { campaignMachine, persist, statusOf } from '../../machines/campaign/index.ts';

export interface BenchEmployee {
  registrationNumber: string;
  name: string;
  firstName: string;
}

export const BENCH_ZONE = { page: 1, x: 400, y: 760, width: 150, height: 24 };

export async function benchDb(
  dataDir: string,
  employees: readonly BenchEmployee[],
  pdf: Uint8Array,
): Promise<{ db: Db; campaignId: string }> {
  const db = await openDb(/^postgres(ql)?:\/\//.test(dataDir) ? { databaseUrl: dataDir, poolMax: 2 } : { dataDir });
  await migrate(db);
  const org = randomUUID();
  const campaignId = randomUUID();
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO dom_main.organizations (id, name, siret, city) VALUES ($1, 'Bench SAS', '12345678900011', 'Paris')`,
      [org],
    );
    await q.query(
      `INSERT INTO dom_main.doc_types (code, label) VALUES ('BULLETIN_PAIE', 'Bulletin de paie') ON CONFLICT DO NOTHING`,
    );
    await q.query(
      `INSERT INTO dom_main.masks (id, mask_name, org_id, doc_type, identifier, grouping, zone)
       VALUES ($1, 'Bulletin de paie', $2, 'BULLETIN_PAIE', 'registrationNumber', 'consecutivePages', $3::jsonb)`,
      [randomUUID(), org, JSON.stringify(BENCH_ZONE)],
    );
    const ids = employees.map(() => randomUUID());
    await q.query(
      `INSERT INTO dom_main.employees (id, name, first_name, birth_date)
       SELECT i, n, f, DATE '1980-01-01' FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(i, n, f)`,
      [ids, employees.map((e) => e.name), employees.map((e) => e.firstName)],
    );
    await q.query(
      `INSERT INTO dom_main.employee_organizations (employee_id, organization_id, registration_number, active)
       SELECT i, $2, r, true FROM unnest($1::uuid[], $3::text[]) AS u(i, r)`,
      [ids, org, employees.map((e) => e.registrationNumber)],
    );
    // Stored as an uploaded source is (the file store: DATA_DIR/files on PGlite, the table on PostgreSQL).
    const [source] = await insertFiles(q, 'main', [{ name: 'paie.pdf', bytes: pdf }]);
    const fileId = source!.id;
    const [initial] = initialTransition(campaignMachine);
    await q.query(
      `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, machine_state, doc_type_code, review)
       VALUES ($1, $2, 'Bench', 'Bulletin', $3, $4::jsonb, 'BULLETIN_PAIE', true)`,
      [campaignId, org, statusOf(initial), JSON.stringify(persist(initial))],
    );
    await q.query(
      `INSERT INTO dom_main.campaign_sources (id, campaign_id, position, name, doc_type_code, file_id, pages)
       VALUES ($1, $2, 0, 'paie.pdf', 'BULLETIN_PAIE', $3, 0)`,
      [randomUUID(), campaignId, fileId],
    );
  });
  return { db, campaignId };
}
