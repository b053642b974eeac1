/**
 * The signbook numbers of issue 4 (benchmark, not test; `npm run bench:signbooks`, the last part of
 * `npm run bench`): PAdES sealing time (audit page + signature) for a 20- and a 200-page document, and
 * the time from a signature's answer to the next step's signatory receiving `signbook.updated` on their
 * socket (p50, p99), on an in-memory demo database.
 */
import { io as connect } from 'socket.io-client';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SOCKET_PATH } from '../src/contract/socket.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed/demo.ts';
import { createSelfSignedP12 } from '../src/server/signing/material.ts';
import { sealPdf } from '../src/server/signing/seal.ts';

const RUNS = Number(process.env.BENCH_SIGNBOOKS ?? 30);
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function document(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1)
    pdf.addPage([595, 842]).drawText(`Contrat — page ${i + 1}`, { x: 60, y: 760, size: 14, font });
  return pdf.save();
}

async function sealing(): Promise<void> {
  const material = { p12: createSelfSignedP12('Bench', 'bench'), passphrase: 'bench', source: 'embedded' as const };
  for (const pages of [20, 200]) {
    const bytes = await document(pages);
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const start = performance.now();
      await sealPdf(
        bytes,
        {
          signbookId: 'bench',
          signbookName: 'Bench',
          organizationName: 'Org',
          documentName: 'bench.pdf',
          sealedAt: new Date(),
          signatories: [
            { step: 0, name: 'A B', email: 'a@b.fr', signedAt: new Date().toISOString(), channel: 'email' },
          ],
        },
        material,
      );
      times.push(performance.now() - start);
    }
    console.log(`sealing ${pages} pages: p50 ${pct(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  }
}

async function stepPush(): Promise<void> {
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  const app = await buildApp({ db, config: loadConfig({}, { webDir: '/nonexistent' }), push: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
  const session = async (login: string, password: string) => {
    const res = await fetch(`${base}/api/user/rh-user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    return { token: res.headers.get('set-authorization')!, userId: String((await json(res)).userId) };
  };
  const paie = await session('paie', 'Paie!2026');
  const admin = await session('admin', 'Admin!2026');
  const call = (token: string, path: string, body: unknown) =>
    fetch(`${base}/api/hrdesk${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const socket = connect(base, { path: SOCKET_PATH, auth: { token: admin.token }, transports: ['websocket'] });
  await new Promise((resolve) => socket.once('rooms.joined', resolve));
  const pdf = await document(1);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const form = new FormData();
    form.append(
      'json',
      JSON.stringify({
        name: `Bench ${i}`,
        steps: [
          { signatories: [{ type: 'user', userId: paie.userId }] },
          { signatories: [{ type: 'user', userId: admin.userId }] },
        ],
      }),
    );
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench.pdf');
    const created = await json(
      await fetch(`${base}/api/hrdesk/sign-workflow/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${paie.token}` },
        body: form,
      }),
    );
    const id = String((created.signbook as { id: string }).id);
    await call(paie.token, `/sign-workflow/recover-signature-code/${id}`, { mode: 'email' });
    const { rows } = await db.query<{ body: string }>(
      `SELECT body FROM directory.outbox WHERE channel = 'email' AND subject LIKE 'Code de signature%' ORDER BY created_at DESC LIMIT 1`,
    );
    const code = rows[0]!.body.match(/\d{6}/)![0];
    const heard = new Promise<number>((resolve) => {
      const listener = (b: { id: string; canSign: boolean }) => {
        if (b.id !== id || !b.canSign) return;
        socket.off('signbook.updated', listener);
        resolve(performance.now());
      };
      socket.on('signbook.updated', listener);
    });
    const start = performance.now();
    await call(paie.token, `/sign-workflow/sign/${id}`, { codeSignature: code });
    times.push((await heard) - start);
  }
  console.log(
    `signature → next step's push (${RUNS} runs): p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`,
  );
  socket.disconnect();
  await app.close();
  await db.close();
}

await sealing();
await stepPush();
