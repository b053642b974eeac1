/**
 * Masks and document types through the API on the demo seed: listing is scoped (domain and
 * organisations), `POST mask` stores samples and replaces the organisation's mask for the type, every
 * bad input is refused with its key and changes nothing, and the preview matches seeded employees
 * on a generated payroll PDF.
 */
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { MaskListItem, MaskPreviewAnswer } from '../../src/contract/masks.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { MASK_PREVIEW_PAGES } from '../../src/server/modules/masks/preview.ts';
import { type PayrollEmployee, payrollPdf } from '../../src/server/pdf/index.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const LEGACY_ROOT = orgId('legacy', ROOT_LEGACY);
const ZONE = { page: 1, x: 400, y: 760, width: 150, height: 24 };

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let people: (PayrollEmployee & { id: string })[];

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  const { rows } = await t.db.query<{ id: string; name: string; first_name: string; registration_number: string }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT $1::uuid UNION SELECT o.id FROM dom_main.organizations o JOIN tree ON o.parent_id = tree.id
     )
     SELECT DISTINCT ON (e.id) e.id, e.name, e.first_name, eo.registration_number
       FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id IN (SELECT id FROM tree) AND eo.active AND eo.registration_number IS NOT NULL
      ORDER BY e.id LIMIT 3`,
    [MAIN_ROOT],
  );
  people = rows.map((r) => ({
    id: r.id,
    name: r.name,
    firstName: r.first_name,
    registrationNumber: r.registration_number,
  }));
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const payroll = (twoPageShare = 0, unknownPages = 0) =>
  Buffer.from(payrollPdf({ employees: people, twoPageShare, unknownPages }).bytes);

function encrypted(bytes: Uint8Array): Buffer {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    const out = doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner');
    try {
      return Buffer.from(out.asUint8Array());
    } finally {
      out.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** A multipart body as the browser's FormData sends it: the json part, then each file part. */
async function multipart(json: unknown, files: { field: string; name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  form.append('json', JSON.stringify(json));
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }), f.name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

async function post(url: string, session: LoggedIn, json: unknown, files: { name: string; bytes: Uint8Array }[]) {
  const body = await multipart(
    json,
    files.map((f, i) => ({ field: `pdf-${i + 1}`, ...f })),
  );
  return app.inject({
    method: 'POST',
    url: `/api/dispatch${url}`,
    headers: { ...authHeaders(session), 'content-type': body.type },
    payload: body.payload,
  });
}

const get = (url: string, session: LoggedIn) => app.inject({ method: 'GET', url, headers: authHeaders(session) });
const list = async (session: LoggedIn) => (await get('/api/dispatch/mask', session)).json() as MaskListItem[];
const maskCount = async () =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.masks`)).rows[0]!.n;

const noteMask = (over: Record<string, unknown> = {}) => ({
  maskName: 'Notes — matricule',
  orgId: PARIS,
  docType: 'NOTE_SERVICE',
  identifier: 'registrationNumber',
  grouping: 'onePerPage',
  zone: ZONE,
  ...over,
});

describe('GET mask', () => {
  it('lists the masks of the organisations the session sees, never another domain’s', async () => {
    const masks = await list(admin);
    expect(masks.map((m) => m.id)).toEqual(
      expect.arrayContaining([demoId('mask:main:BULLETIN_PAIE'), demoId('mask:main:ATTESTATION_EMPLOYEUR')]),
    );
    expect(masks.map((m) => m.id)).not.toContain(demoId('mask:legacy:BULLETIN_PAIE'));
    expect(masks.find((m) => m.docType === 'BULLETIN_PAIE')).toMatchObject({
      docTypeLabel: 'Bulletin de paie',
      orgId: MAIN_ROOT,
      identifier: 'registrationNumber',
      grouping: 'consecutivePages',
      zone: ZONE,
      sampleCount: 0,
    });
  });

  it('refuses a user without the campaign features (403)', async () => {
    const sansmail = await login(app, 'sansmail');
    expect((await get('/api/dispatch/mask', sansmail)).statusCode).toBe(403);
    const res = await post('/mask', sansmail, noteMask(), [{ name: 'a.pdf', bytes: payroll() }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.featureForbidden);
  });
});

describe('POST mask', () => {
  it('creates a mask with its samples, then replaces it (one per organisation and type)', async () => {
    const first = payroll();
    const second = payroll(0.5);
    const res = await post('/mask', admin, noteMask(), [
      { name: 'novembre.pdf', bytes: first },
      { name: 'décembre.pdf', bytes: second },
    ]);
    expect(res.statusCode).toBe(200);
    const mask = res.json();
    expect(mask).toMatchObject(noteMask());
    const listed = (await list(admin)).filter((m) => m.docType === 'NOTE_SERVICE');
    expect(listed).toEqual([
      expect.objectContaining({ id: mask.id, sampleCount: 2, orgName: 'Horizon Services Paris' }),
    ]);
    const sample = await get(`/api/dispatch/mask/${mask.id}/sample/2`, admin);
    expect(sample.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(sample.rawPayload, second)).toBe(0);
    // The type now has a mask for Paris (and not for the root above it).
    const paris = (await get(`/api/org/organization/${PARIS}/conf/doc-type`, admin)).json();
    expect(paris).toContainEqual(expect.objectContaining({ code: 'NOTE_SERVICE', hasMask: true }));
    expect((await get('/api/doc/doc-types/NOTE_SERVICE', admin)).json()).toEqual({
      code: 'NOTE_SERVICE',
      label: 'Note de service',
      hasMask: false,
    });

    const again = await post('/mask', admin, noteMask({ maskName: 'Notes v2', grouping: 'consecutivePages' }), [
      { name: 'janvier.pdf', bytes: first },
    ]);
    expect(again.statusCode).toBe(200);
    const replaced = (await list(admin)).filter((m) => m.docType === 'NOTE_SERVICE');
    expect(replaced).toEqual([
      expect.objectContaining({
        id: again.json().id,
        maskName: 'Notes v2',
        grouping: 'consecutivePages',
        sampleCount: 1,
      }),
    ]);
    expect((await get(`/api/dispatch/mask/${mask.id}/sample/1`, admin)).statusCode).toBe(404);
  });

  const valid = () => payroll();
  it.each([
    ['a text file named .pdf', () => Buffer.from('Ceci n’est pas un PDF'), ERROR_KEYS.notPdf],
    ['an encrypted PDF', () => encrypted(valid()), ERROR_KEYS.pdfEncrypted],
    ['a truncated PDF', () => valid().subarray(0, 600), ERROR_KEYS.pdfDamaged],
    [
      'a PDF over 10 MB',
      () => Buffer.concat([valid(), Buffer.alloc(10 * 1024 * 1024, 0x20)]),
      ERROR_KEYS.payloadTooLarge,
    ],
  ])('refuses %s (400 naming the file), changing nothing', async (_, bytes, key) => {
    const before = await maskCount();
    const res = await post('/mask', admin, noteMask({ docType: 'CONTRAT_TRAVAIL' }), [
      { name: 'ok.pdf', bytes: valid() },
      { name: 'bulletin.pdf', bytes: bytes() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key, fields: { file: 'bulletin.pdf' } });
    expect(await maskCount()).toBe(before);
  });

  it.each([
    ['a zone outside the page', noteMask({ zone: { ...ZONE, x: 500 } }), 400, ERROR_KEYS.maskZoneOutsidePage],
    [
      'a zone on a page the sample lacks',
      noteMask({ zone: { ...ZONE, page: 9 } }),
      400,
      ERROR_KEYS.maskZoneOutsidePage,
    ],
    ['an unknown document type', noteMask({ docType: 'PAS_UN_TYPE' }), 400, ERROR_KEYS.maskUnknownDocType],
    ['an unknown identifier', noteMask({ identifier: 'iban' }), 400, ERROR_KEYS.badRequest],
    ['an organisation of another root', noteMask({ orgId: TRIAL_ROOT }), 404, ERROR_KEYS.notFound],
    ['an organisation of another domain', noteMask({ orgId: LEGACY_ROOT }), 404, ERROR_KEYS.notFound],
  ])('refuses %s, changing nothing', async (_, json, status, key) => {
    const before = await maskCount();
    const res = await post('/mask', admin, json, [{ name: 'ok.pdf', bytes: valid() }]);
    expect(res.statusCode).toBe(status);
    expect(res.json().key).toBe(key);
    expect(await maskCount()).toBe(before);
  });

  it('refuses a body without its json part, or not multipart at all (400)', async () => {
    const form = new FormData();
    form.append('pdf-1', new Blob([new Uint8Array(payroll())], { type: 'application/pdf' }), 'a.pdf');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const noJson = await app.inject({
      method: 'POST',
      url: '/api/dispatch/mask',
      headers: { ...authHeaders(admin), 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(noJson.statusCode).toBe(400);
    expect(noJson.json().key).toBe(ERROR_KEYS.badRequest);
    const json = await app.inject({
      method: 'POST',
      url: '/api/dispatch/mask',
      headers: authHeaders(admin),
      payload: noteMask(),
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs at least one sample to check the zone on', async () => {
    const res = await post('/mask', admin, noteMask(), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe(ERROR_KEYS.maskSampleRequired);
  });
});

describe('organisation scoping', () => {
  it('hides the masks of organisations a user does not see', async () => {
    const paie = await login(app, 'paie');
    expect((await list(paie)).some((m) => m.orgId === MAIN_ROOT)).toBe(true);
    await t.db.query(
      `UPDATE directory.user_org_access SET org_id = $1 WHERE user_id = (SELECT id FROM directory.users WHERE login = 'paie') AND domain = 'main'`,
      [PARIS],
    );
    try {
      const seen = await list(paie);
      expect(seen.some((m) => m.orgId === MAIN_ROOT)).toBe(false);
      expect(seen.every((m) => m.orgId === PARIS)).toBe(true);
      const root = (await list(admin)).find((m) => m.orgId === MAIN_ROOT)!;
      const res = await post('/mask', paie, noteMask({ orgId: MAIN_ROOT }), [{ name: 'ok.pdf', bytes: payroll() }]);
      expect(res.statusCode).toBe(404);
      expect((await get(`/api/dispatch/mask/${root.id}/sample/1`, paie)).statusCode).toBe(404);
    } finally {
      await t.db.query(
        `UPDATE directory.user_org_access SET org_id = $1 WHERE user_id = (SELECT id FROM directory.users WHERE login = 'paie') AND domain = 'main'`,
        [MAIN_ROOT],
      );
    }
  });
});

describe('POST mask/preview', () => {
  it('reads the zone on every sample page and names the seeded employee it matches', async () => {
    expect(people).toHaveLength(3);
    const pdf = payrollPdf({ employees: people, twoPageShare: 0, unknownPages: 1 });
    const res = await post('/mask/preview', admin, { identifier: 'registrationNumber', zone: ZONE, orgId: MAIN_ROOT }, [
      { name: 'paie.pdf', bytes: pdf.bytes },
    ]);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as MaskPreviewAnswer;
    expect(answer.pages).toHaveLength(pdf.pages.length);
    expect(answer.matched).toBe(3);
    for (const page of pdf.pages) {
      const seen = answer.pages.find((p) => p.page === page.page)!;
      expect(seen.sample).toBe(1);
      expect(seen.text).toContain(page.registrationNumber);
      const who = people.find((p) => p.registrationNumber === page.employee?.registrationNumber);
      expect(seen.employee).toEqual(who ? { id: who.id, name: who.name, firstName: who.firstName } : null);
    }
  });

  it('reads the first MASK_PREVIEW_PAGES pages of a long sample, not all of them', async () => {
    const many = Array.from({ length: 40 }, () => people).flat();
    const pdf = payrollPdf({ employees: many, twoPageShare: 1 });
    expect(pdf.pages.length).toBeGreaterThan(MASK_PREVIEW_PAGES);
    const res = await post('/mask/preview', admin, { identifier: 'registrationNumber', zone: ZONE, orgId: MAIN_ROOT }, [
      { name: 'long.pdf', bytes: pdf.bytes },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as MaskPreviewAnswer;
    expect(answer.pages.map((p) => p.page)).toEqual(Array.from({ length: MASK_PREVIEW_PAGES }, (_, i) => i + 1));
  });

  it('reads an identifier typed in a filled form field, as the split does (the field is baked into the page)', async () => {
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    const page = source.addPage([595, 842]);
    const field = source.getForm().createTextField('matricule');
    field.setText(`Matricule : ${people[0]!.registrationNumber}`);
    field.addToPage(page, { x: ZONE.x, y: ZONE.y, width: ZONE.width, height: 20, font });
    const res = await post('/mask/preview', admin, { identifier: 'registrationNumber', zone: ZONE, orgId: MAIN_ROOT }, [
      { name: 'formulaire.pdf', bytes: await source.save() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [seen] = (res.json() as MaskPreviewAnswer).pages;
    expect(seen?.text).toContain(people[0]!.registrationNumber);
    expect(seen?.employee?.id).toBe(people[0]!.id);
  });

  it('reads nobody with a zone drawn elsewhere, and refuses a zone outside the page', async () => {
    const bytes = payroll();
    const elsewhere = await post(
      '/mask/preview',
      admin,
      { identifier: 'registrationNumber', zone: { ...ZONE, y: 100 }, orgId: MAIN_ROOT },
      [{ name: 'paie.pdf', bytes }],
    );
    expect(elsewhere.json()).toMatchObject({ matched: 0 });
    const outside = await post(
      '/mask/preview',
      admin,
      { identifier: 'registrationNumber', zone: { ...ZONE, y: 830 }, orgId: MAIN_ROOT },
      [{ name: 'paie.pdf', bytes }],
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().key).toBe(ERROR_KEYS.maskZoneOutsidePage);
    const foreign = await post(
      '/mask/preview',
      admin,
      { identifier: 'registrationNumber', zone: ZONE, orgId: LEGACY_ROOT },
      [{ name: 'paie.pdf', bytes }],
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /doc-types/{code}', () => {
  it('says whether the session’s organisation (or an ancestor) has a mask for the type', async () => {
    expect((await get('/api/doc/doc-types/BULLETIN_PAIE', admin)).json()).toEqual({
      code: 'BULLETIN_PAIE',
      label: 'Bulletin de paie',
      hasMask: true,
    });
    expect((await get('/api/doc/doc-types/INCONNU', admin)).statusCode).toBe(404);
  });
});
