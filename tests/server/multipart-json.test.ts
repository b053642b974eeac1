/**
 * One multipart reading (issue 13, point 7): the `json` part is accepted the same way by every
 * upload route — a plain field, a field typed application/json (which @fastify/multipart hands over
 * already parsed), or a file part — and refused the same way when it is not JSON.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeUrl } from '../../src/contract/routes.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { payrollPdf } from '../../src/server/pdf/index.ts';
import { contractPdf, userId } from './signbook-support.ts';
import { creationJson } from './support/campaignCreate.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const PAYROLL = payrollPdf({ employees: [{ name: 'Durand', firstName: 'Léa', registrationNumber: 'X-1' }] }).bytes;

type JsonShape = 'field' | 'typed-field' | 'file' | 'garbage';

/** A multipart body written by hand, so the json part's headers are exactly what a client could send. */
function body(json: unknown, shape: JsonShape, files: { field: string; name: string; bytes: Uint8Array }[]) {
  const boundary = '----one-reading';
  const head = (extra: string) => Buffer.from(`--${boundary}\r\n${extra}\r\n\r\n`);
  const jsonHeaders = {
    field: 'Content-Disposition: form-data; name="json"',
    'typed-field': 'Content-Disposition: form-data; name="json"\r\nContent-Type: application/json',
    file: 'Content-Disposition: form-data; name="json"; filename="blob"\r\nContent-Type: application/json',
    garbage: 'Content-Disposition: form-data; name="json"\r\nContent-Type: application/json',
  }[shape];
  const chunks = [
    head(jsonHeaders),
    Buffer.from(shape === 'garbage' ? '{pas du json' : JSON.stringify(json)),
    Buffer.from('\r\n'),
  ];
  for (const f of files) {
    chunks.push(
      head(`Content-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/pdf`),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const send = (url: string, b: ReturnType<typeof body>) =>
  app.inject({ method: 'POST', url, headers: { ...authHeaders(admin), 'content-type': b.type }, payload: b.payload });

describe('the json part of an upload', () => {
  const shapes: JsonShape[] = ['field', 'typed-field', 'file'];

  it.each(shapes)('mask preview accepts it as a %s', async (shape) => {
    const pdf = payrollPdf({ employees: [{ name: 'Durand', firstName: 'Léa', registrationNumber: 'X-1' }] }).bytes;
    const json = {
      identifier: 'registrationNumber',
      zone: { page: 1, x: 400, y: 760, width: 150, height: 24 },
      orgId: orgId('main', ROOT_MAIN),
    };
    const res = await send(
      routeUrl('masks.preview'),
      body(json, shape, [{ field: 'pdf-1', name: 'a.pdf', bytes: pdf }]),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(shapes)('signbook upload accepts it as a %s', async (shape) => {
    const json = {
      name: `Note ${shape}`,
      organizationId: String(admin.body.userOrgId),
      docTypeCode: 'CONTRAT_TRAVAIL',
      sendToPersonalSafe: false,
      steps: [{ signatories: [{ type: 'user', userId: await userId(t.db, 'admin') }] }],
    };
    const res = await send(
      routeUrl('signbooks.upload'),
      body(json, shape, [{ field: 'file', name: 'n.pdf', bytes: await contractPdf() }]),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(shapes)('campaign creation accepts it as a %s', async (shape) => {
    const res = await send(
      routeUrl('campaigns.create'),
      body(creationJson({ name: `Bulletins ${shape}` }), shape, [{ field: 'files', name: 'paie.pdf', bytes: PAYROLL }]),
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('every route refuses a json part that is not JSON, with the key on the json field', async () => {
    const pdf = await contractPdf();
    for (const url of [routeUrl('masks.preview'), routeUrl('signbooks.upload'), routeUrl('campaigns.create')]) {
      const res = await send(url, body(null, 'garbage', [{ field: 'pdf-1', name: 'a.pdf', bytes: pdf }]));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().key, url).toBe('error.validation.body');
    }
  });
});
