/** Helpers of the documents suites: calls to the document service, the upload's multipart, zip reading. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import type { UploadDocumentsBody } from '../../src/contract/documents.ts';
import type { Db } from '../../src/server/db/db.ts';
import { type LoggedIn, authHeaders } from './support/server.ts';

export const docs = (app: FastifyInstance) => ({
  call: (method: 'GET' | 'POST', url: string, session: LoggedIn, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api/doc${url}`,
      headers: authHeaders(session),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    }),
  upload: async (
    session: LoggedIn,
    data: UploadDocumentsBody | Record<string, unknown>,
    files: { field: string; name?: string; bytes: Uint8Array }[],
  ) => {
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    for (const f of files)
      form.append(
        f.field,
        new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }),
        f.name ?? `${f.field}.pdf`,
      );
    const req = new Request('http://local/', { method: 'POST', body: form });
    return app.inject({
      method: 'POST',
      url: '/api/doc/doc/upload',
      headers: { ...authHeaders(session), 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
  },
});

/** Every entry of a zip: name → bytes. */
export const readZip = (bytes: Buffer): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });

/** A demo document of `typeCode` deposited by `source` (in `orgId` when given; the first by id). */
export async function demoDocument(db: Db, typeCode: string, source: string, domain = 'main', orgId?: string) {
  const { rows } = await db.query<{ id: string; file_id: string; sha256: string; employee_id: string | null }>(
    `SELECT id, file_id, sha256, employee_id FROM dom_${domain}.documents WHERE type_code = $1 AND source = $2
        AND ($3::uuid IS NULL OR organization_id = $3::uuid)
      ORDER BY id LIMIT 1`,
    [typeCode, source, orgId ?? null],
  );
  if (!rows[0]) throw new Error(`no ${typeCode} document`);
  return rows[0];
}

/** An active employee of the organisation (id and names). */
export async function employeeOf(db: Db, orgId: string, offset = 0) {
  const { rows } = await db.query<{ id: string; first_name: string; name: string }>(
    `SELECT e.id, e.first_name, e.name FROM dom_main.employees e
       JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND eo.active ORDER BY e.name, e.id OFFSET $2 LIMIT 1`,
    [orgId, offset],
  );
  if (!rows[0]) throw new Error('no employee');
  return rows[0];
}
