/**
 * What the campaign-creation suites share: a seeded app logged in as admin, a small payroll PDF of
 * the admin organisation's employees, employees with and without e-mail, another organisation's
 * employee, and the multipart call the browser makes.
 */
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import type { CampaignCreateJson } from '../../../src/contract/entities.ts';
import { type PayrollEmployee, payrollPdf } from '../../../src/server/pdf/index.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './server.ts';

export interface CreationWorld {
  t: TestDb;
  app: FastifyInstance;
  admin: LoggedIn;
  orgId: string;
  /** 12 payslips (some on two pages) and one unknown page. */
  payslips: Uint8Array;
  payslipPages: number;
  withEmail: string[];
  withoutEmail: { id: string; name: string };
  foreignEmployee: string;
}

export async function creationWorld(): Promise<CreationWorld> {
  const t = await createSeededDb();
  const app = await testApp(t.db);
  const admin = await login(app, 'admin');
  const orgId = String(admin.body.userOrgId);
  const { rows } = await t.db.query<{
    id: string;
    name: string;
    first_name: string;
    registration_number: string;
    email: string | null;
  }>(
    `SELECT e.id, e.name, e.first_name, eo.registration_number, e.email
       FROM dom_main.employee_organizations eo JOIN dom_main.employees e ON e.id = eo.employee_id
      WHERE eo.organization_id = $1 AND eo.active AND eo.registration_number IS NOT NULL ORDER BY e.id`,
    [orgId],
  );
  const people: PayrollEmployee[] = rows
    .slice(0, 12)
    .map((r) => ({ name: r.name, firstName: r.first_name, registrationNumber: r.registration_number }));
  const payroll = payrollPdf({ employees: people, unknownPages: 1 });
  const { rows: noMail } = await t.db.query<{ id: string; name: string; first_name: string }>(
    `SELECT id, name, first_name FROM dom_main.employees WHERE email IS NULL AND $1::uuid = ANY(active_org_ids) LIMIT 1`,
    [orgId],
  );
  const { rows: foreign } = await t.db.query<{ id: string }>(
    `SELECT e.id FROM dom_main.employees e JOIN dom_main.organizations o ON o.id = ANY(e.org_ids)
      WHERE o.name = $1 LIMIT 1`,
    ["Boulangerie Levain d'Or"],
  );
  return {
    t,
    app,
    admin,
    orgId,
    payslips: payroll.bytes,
    payslipPages: payroll.pages.length,
    withEmail: rows.filter((r) => r.email).map((r) => r.id),
    withoutEmail: { id: noMail[0]!.id, name: `${noMail[0]!.first_name} ${noMail[0]!.name}` },
    foreignEmployee: foreign[0]!.id,
  };
}

export const creationJson = (overrides: Partial<CampaignCreateJson> = {}): CampaignCreateJson => ({
  name: 'Bulletins de test',
  docIds: [],
  groupIds: [],
  empIds: [],
  review: true,
  onRefuse: false,
  onError: false,
  usersToNotify: [],
  docTypeCode: 'BULLETIN_PAIE',
  automaticRecipients: true,
  ...overrides,
});

export interface Upload {
  json: CampaignCreateJson;
  files?: { name: string; bytes: Uint8Array }[];
}

/** The browser's multipart body: the `json` part, then each file. */
export const creationForm = (upload: Upload): FormData => {
  const form = new FormData();
  form.append('json', JSON.stringify(upload.json));
  for (const file of upload.files ?? [])
    form.append('files', new Blob([Buffer.from(file.bytes)], { type: 'application/pdf' }), file.name);
  return form;
};

export const postCreation = (app: FastifyInstance, session: LoggedIn, route: '' | '/manual', upload: Upload) =>
  app.inject({
    method: 'POST',
    url: `/api/dispatch/dispatch${route}`,
    headers: authHeaders(session),
    payload: creationForm(upload),
  });

/** What a creation writes: a refused one must leave these unchanged. */
export async function creationCounts(t: TestDb) {
  const { rows } = await t.db.query<{ campaigns: number; files: number; sources: number }>(
    `SELECT (SELECT count(*)::int FROM dom_main.campaigns) AS campaigns, (SELECT count(*)::int FROM dom_main.files) AS files,
            (SELECT count(*)::int FROM dom_main.campaign_sources) AS sources`,
  );
  return rows[0]!;
}

/** The same PDF protected by a password (AES-256), as mupdf writes it. */
export const encryptedPdf = (bytes: Uint8Array): Uint8Array => {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  const out = doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=secret');
  const copy = new Uint8Array(out.asUint8Array());
  out.destroy();
  doc.destroy();
  return copy;
};

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2219bc40000000049454e44ae426082',
  'hex',
);
