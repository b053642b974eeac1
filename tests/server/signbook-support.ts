/** Helpers of the signbook suites: a real PDF, the multipart upload, the codes read from the outbox. */
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Db } from '../../src/server/db/db.ts';
import { type LoggedIn, authHeaders } from './support/server.ts';

export async function contractPdf(title = 'Contrat de travail', pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    pdf.addPage([595, 842]).drawText(`${title} — page ${i + 1}`, { x: 60, y: 760, size: 14, font });
  }
  return pdf.save();
}

export async function multipart(json: unknown, files: { name: string; bytes: Uint8Array; type?: string }[]) {
  const form = new FormData();
  form.append('json', JSON.stringify(json));
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/pdf' }), f.name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

export const hr = (app: FastifyInstance) => ({
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: LoggedIn, payload?: unknown) =>
    app.inject({ method, url: `/api/hrdesk${url}`, headers: authHeaders(session), ...(payload ? { payload } : {}) }),
  upload: async (session: LoggedIn, json: unknown, files: { name: string; bytes: Uint8Array; type?: string }[]) => {
    const body = await multipart(json, files);
    return app.inject({
      method: 'POST',
      url: '/api/hrdesk/sign-workflow/upload',
      headers: { ...authHeaders(session), 'content-type': body.type },
      payload: body.payload,
    });
  },
});

export async function idOf(db: Db, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0].id;
}

export const userId = (db: Db, login: string) => idOf(db, `SELECT id FROM directory.users WHERE login = $1`, [login]);
export const orgId = (db: Db, name: string) =>
  idOf(db, `SELECT id FROM dom_main.organizations WHERE name = $1`, [name]);

/** The last code sent to `to` through `channel`, read from the outbox like the demo does. */
export async function lastCode(db: Db, to: string, channel = 'email'): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    `SELECT body FROM directory.outbox WHERE recipient = $1 AND channel = $2 AND subject LIKE 'Code de signature%'
      ORDER BY created_at DESC LIMIT 1`,
    [to, channel],
  );
  const digits = rows[0]?.body.match(/(\d(?:, )?){6}/)?.[0].replace(/\D/g, '');
  if (!digits) throw new Error(`no code for ${to}`);
  return digits;
}
