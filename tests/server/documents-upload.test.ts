/**
 * `POST /doc/upload` (seed 000 §5): one document per slip, PDF only by content, ≤ 10 MB, type and
 * organisation required and the employee when the document goes to their safe — every refusal keyed
 * and naming its slip, and all slips stored or none. An upload reaches the organisation's DocSearch
 * room, so open lists refresh.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_MAX_SLIPS,
  type UploadDocumentsResult,
  type UploadSlip,
} from '../../src/contract/documents.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { frenchText } from '../../src/server/http/french.ts';
import type { Push } from '../../src/server/push/push.ts';
import { LYON, PARIS } from './rights-support.ts';
import { contractPdf } from './signbook-support.ts';
import { encryptedPdf } from './support/campaignCreate.ts';
import { docs, employeeOf } from './documents-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof docs>;
let admin: LoggedIn;
let paie: LoggedIn;
let employee: { id: string; first_name: string; name: string };
let pdf: Uint8Array;
const published: unknown[] = [];

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  // The app's push is a no-op without sockets: record what the upload publishes instead.
  (app.push as { publishToOrg: Push['publishToOrg'] }).publishToOrg = (...args) => void published.push(args);
  api = docs(app);
  [admin, paie] = await Promise.all([login(app, 'admin'), login(app, 'paie')]);
  employee = await employeeOf(t.db, PARIS);
  pdf = await contractPdf('Avenant au contrat', 2);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const slip = (id: string, overrides: Partial<UploadSlip> = {}): UploadSlip => ({
  id,
  typeCode: 'CONTRAT_TRAVAIL',
  description: `Avenant ${id}`,
  destination: 'EMPLOYEE_SAFE',
  employeeId: employee.id,
  periodStart: '2026-01-01',
  periodEnd: '2026-01-31',
  keywords: ['avenant'],
  metaDatas: [{ name: 'motif', value: 'télétravail' }],
  ...overrides,
});
const count = async () =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.documents`)).rows[0]!.n;

async function refused(
  who: LoggedIn,
  data: Record<string, unknown>,
  files: { field: string; bytes: Uint8Array; name?: string }[],
  key: string,
  status = 400,
) {
  const before = await count();
  const res = await api.upload(who, data, files);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().key).toBe(key);
  expect(await count()).toBe(before);
  return res.json() as { fields?: Record<string, string>; message?: string };
}

describe('upload', () => {
  it('stores three slips as three documents the uploader finds, with their files and SHA-256', async () => {
    published.length = 0;
    const res = await api.upload(
      admin,
      {
        organizationId: PARIS,
        slips: [
          slip('a'),
          slip('b'),
          slip('c', { destination: 'EMPLOYER_SAFE', employeeId: null, typeCode: 'NOTE_SERVICE' }),
        ],
      },
      ['a', 'b', 'c'].map((field) => ({ field, bytes: pdf, name: `CONTRAT_TRAVAIL:Avenant ${field}` })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { documents } = res.json() as UploadDocumentsResult;
    expect(documents.map((d) => d.slipId)).toEqual(['a', 'b', 'c']);
    const hash = createHash('sha256').update(pdf).digest('hex');
    for (const { document } of documents) {
      expect(document).toMatchObject({ sha256: hash, size: pdf.byteLength, organizationId: PARIS });
      expect(document.origin).toMatchObject({ source: 'upload', userName: 'Camille Martin' });
    }
    expect(documents[0]!.document).toMatchObject({
      employeeId: employee.id,
      employeeName: employee.name,
      fileName: 'Avenant a.pdf',
      periodStart: '2026-01-01',
      metaDatas: [{ name: 'motif', value: 'télétravail' }],
    });
    expect(documents[2]!.document).toMatchObject({ destination: 'EMPLOYER_SAFE', employeeId: null });
    const detail = await api.call('GET', `/doc/${documents[0]!.document.id}`, admin);
    expect(detail.json().pageCount).toBe(2);
    const found = await api.call('POST', '/docs', admin, { search: 'teletravail avenant' });
    expect(found.json().count).toBeGreaterThanOrEqual(2);
    expect(published).toEqual([['main', PARIS, 'documents.deposited', { organizationId: PARIS, source: 'upload' }]]);
  });

  it('refuses a file that is not a PDF, over 10 MB, or encrypted — naming the slip, storing nothing', async () => {
    const data = { organizationId: PARIS, slips: [slip('ok'), slip('bad')] };
    const ok = { field: 'ok', bytes: pdf };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(
      (await refused(admin, data, [ok, { field: 'bad', bytes: png, name: 'bad.pdf' }], ERROR_KEYS.notPdf)).fields,
    ).toEqual({
      bad: ERROR_KEYS.notPdf,
    });
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(pdf);
    await refused(admin, data, [ok, { field: 'bad', bytes: big }], ERROR_KEYS.payloadTooLarge);
    await refused(admin, data, [ok, { field: 'bad', bytes: encryptedPdf(pdf) }], ERROR_KEYS.pdfEncrypted);
  });

  it('refuses more than 20 slips, or more than 20 files, in words — storing nothing', async () => {
    const ids = Array.from({ length: DOCUMENT_UPLOAD_MAX_SLIPS + 1 }, (_, i) => `s${i}`);
    const files = ids.map((field) => ({ field, bytes: pdf }));
    const slips = await refused(
      admin,
      { organizationId: PARIS, slips: ids.map((id) => slip(id)) },
      files,
      ERROR_KEYS.documentTooManySlips,
    );
    expect(slips).toMatchObject({ message: frenchText(ERROR_KEYS.documentTooManySlips) });
    expect(slips.message).toContain('20');
    // Twenty slips but more files than that: the multipart limit (one file over, to let our check name it) answers the same.
    const extra = await refused(
      admin,
      { organizationId: PARIS, slips: ids.slice(2).map((id) => slip(id)) },
      [...files, { field: 'x', bytes: pdf }],
      ERROR_KEYS.documentTooManySlips,
    );
    expect(extra.fields).toEqual({ slips: ERROR_KEYS.documentTooManySlips });
  });

  it('refuses a slip without type, an upload without organisation, a personal document without employee', async () => {
    const files = [{ field: 'a', bytes: pdf }];
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a', { typeCode: '' })] },
      files,
      ERROR_KEYS.documentTypeRequired,
    );
    await refused(admin, { slips: [slip('a')] }, files, ERROR_KEYS.documentOrganizationRequired);
    await refused(admin, { organizationId: '', slips: [slip('a')] }, files, ERROR_KEYS.documentOrganizationRequired);
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a', { employeeId: null })] },
      files,
      ERROR_KEYS.documentEmployeeRequired,
    );
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a', { typeCode: 'INCONNU' })] },
      files,
      ERROR_KEYS.documentUnknownType,
    );
    // An incomplete slip (no file) and a file no slip names.
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a'), slip('b')] },
      files,
      ERROR_KEYS.documentFileMissing,
    );
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a')] },
      [...files, { field: 'z', bytes: pdf }],
      ERROR_KEYS.documentFileMissing,
    );
  });

  it('refuses an employee of another company or out of sight, and an organisation the user does not see', async () => {
    const files = [{ field: 'a', bytes: pdf }];
    const { rows } = await t.db.query<{ id: string }>(`SELECT e.id FROM dom_legacy.employees e LIMIT 1`);
    await refused(
      admin,
      { organizationId: PARIS, slips: [slip('a', { employeeId: rows[0]!.id })] },
      files,
      ERROR_KEYS.documentEmployeeNotFound,
    );
    const { rows: legacyOrg } = await t.db.query<{ id: string }>(`SELECT id FROM dom_legacy.organizations LIMIT 1`);
    await refused(admin, { organizationId: legacyOrg[0]!.id, slips: [slip('a')] }, files, ERROR_KEYS.notFound, 404);
  });

  it('refuses a deposit the uploader’s own rules would hide from them', async () => {
    // paie's rule lets through payslips only: a contract would be invisible to them once stored.
    const lyonEmployee = await employeeOf(t.db, LYON);
    await refused(
      paie,
      { organizationId: LYON, slips: [slip('a', { employeeId: lyonEmployee.id })] },
      [{ field: 'a', bytes: pdf }],
      ERROR_KEYS.documentOutsideRules,
      403,
    );
    const res = await api.upload(
      paie,
      { organizationId: LYON, slips: [slip('a', { employeeId: lyonEmployee.id, typeCode: 'BULLETIN_PAIE' })] },
      [{ field: 'a', bytes: pdf }],
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
