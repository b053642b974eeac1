/**
 * The seal is an incremental update (issue 13, point 4): a PDF that already carries a signature — made
 * here with a throwaway certificate — comes out of a signbook with its original bytes as the sealed
 * file's prefix, that first signature still valid over its own byte range next to the seal's, under
 * another field name; the same with a PDF whose objects sit in object streams behind an xref stream.
 * The file grows by the audit page and the signature only (a ~1.5 MB PDF too), mupdf, pdf.js and,
 * when installed, poppler's `pdfsig` read the result. A certified PDF, which any appended page would
 * break, is refused at upload with `error.upload.certified` (and one stored before fails its seal, in French).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSelfSignedP12 } from '../../src/server/signing/material.ts';
import { padesSign, sealPdf, signIncrementally } from '../../src/server/signing/seal.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { verifyEverySignature } from './support/pades.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let paie: LoggedIn;
let paris: string;
let paieId: string;
const PAIE_MAIL = 'julien.bernard@horizon-demo.fr';
/** The audit page and a 16 KB signature (32 KB of hex) with room to spare; nothing proportional to the file. */
const GROWTH_BOUND = 200 * 1024;
const throwaway = {
  p12: createSelfSignedP12('Signataire jetable', 'jetable'),
  passphrase: 'jetable',
  source: 'file',
} as const;
const PDFSIG = spawnSync('pdfsig', ['-v']).error ? null : 'pdfsig';

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  paie = await login(app, 'paie');
  paris = await orgId(t.db, 'Horizon Services Paris');
  paieId = await userId(t.db, 'paie');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const upload = (name: string, bytes: Uint8Array) =>
  api.upload(paie, { name, organizationId: paris, steps: [{ signatories: [{ type: 'user', userId: paieId }] }] }, [
    { name: `${name}.pdf`, bytes },
  ]);

/** Signs the one-step signbook `id` with the code from the outbox: the signbook as the API answers it. */
async function signOnlyStep(id: string) {
  const asked = await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, paie, { mode: 'email' });
  expect(asked.statusCode, asked.body).toBe(200);
  const signed = await api.call('POST', `/sign-workflow/sign/${id}`, paie, {
    codeSignature: await lastCode(t.db, PAIE_MAIL),
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json();
}

/** A one-step signbook on `bytes`, signed: the sealed file. */
async function sealedThroughSignbook(name: string, bytes: Uint8Array): Promise<Buffer> {
  const created = await upload(name, bytes);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().signbook.id as string;
  expect(await signOnlyStep(id)).toMatchObject({ status: 'COMPLETE', seal: { error: null } });
  const res = await app.inject({
    method: 'GET',
    url: `/api/hrdesk/sign-workflow/${id}/document`,
    headers: authHeaders(paie),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

function withMupdf<T>(pdf: Uint8Array, read: (doc: mupdf.PDFDocument) => T): T {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    return read(doc);
  } finally {
    doc.destroy();
  }
}

const pageTexts = (pdf: Uint8Array): string[] =>
  withMupdf(pdf, (doc) =>
    Array.from({ length: doc.countPages() }, (_, i) =>
      doc.loadPage(i).toStructuredText('preserve-whitespace').asText(),
    ),
  );

/** The names of the signature fields, in the AcroForm's order. */
const signatureFieldNames = (pdf: Uint8Array): string[] =>
  withMupdf(pdf, (doc) => {
    const names: string[] = [];
    doc
      .getTrailer()
      .get('Root', 'AcroForm', 'Fields')
      .forEach((field) => {
        if (field.get('FT').asName() === 'Sig') names.push(field.get('T').asString());
      });
    return names;
  });

const resaved = (pdf: Uint8Array, options: string): Buffer =>
  withMupdf(pdf, (doc) => Buffer.from(doc.saveToBuffer(options).asUint8Array()));

/** What a reader sees first: the object `startxref` points at is an xref stream, or a classic table. */
const lastXrefIsStream = (pdf: Buffer): boolean => {
  const offset = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1', pdf.length - 64))![1]);
  return /^\d+\s+\d+\s+obj/.test(pdf.toString('latin1', offset, offset + 32));
};

/** A ~1.5 MB PDF: three text pages, one showing a noise image (incompressible). */
async function heavyPdf(): Promise<Buffer> {
  const base = await contractPdf('Contrat volumineux', 3);
  return withMupdf(base, (doc) => {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 700, 700], false);
    pixmap.getPixels().set(randomBytes(700 * 700 * 3));
    const page = doc.findPage(1);
    page.get('Resources').put('XObject', { Im0: doc.addImage(new mupdf.Image(pixmap)) });
    page.put('Contents', [page.get('Contents'), doc.addStream('q 400 0 0 400 100 200 cm /Im0 Do Q', {})]);
    return Buffer.from(doc.saveToBuffer('compress,garbage').asUint8Array());
  });
}

/** A PDF certified with DocMDP P=1 (no change allowed): the structure a certifying tool leaves. */
const certifiedPdf = (pdf: Uint8Array): Buffer =>
  withMupdf(pdf, (doc) => {
    const params = { Type: doc.newName('TransformParams'), P: 1, V: doc.newName('1.2') };
    const reference = { Type: doc.newName('SigRef'), TransformMethod: doc.newName('DocMDP'), TransformParams: params };
    const signature = doc.addObject({
      Type: doc.newName('Sig'),
      Filter: doc.newName('Adobe.PPKLite'),
      SubFilter: doc.newName('ETSI.CAdES.detached'),
      Reference: [reference],
    });
    doc.getTrailer().get('Root').put('Perms', { DocMDP: signature });
    return Buffer.from(doc.saveToBuffer('incremental').asUint8Array());
  });

/** Every signature of `pdf` as poppler's `pdfsig` reports it. */
function pdfsigReport(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdfsig-'));
  try {
    writeFileSync(join(dir, 'sealed.pdf'), pdf);
    return execFileSync(PDFSIG!, [join(dir, 'sealed.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectBothSignaturesKept(original: Buffer, sealed: Buffer, pages: number): void {
  expect(sealed.subarray(0, original.length).equals(original)).toBe(true);
  expect(sealed.length - original.length).toBeLessThan(GROWTH_BOUND);
  const [first, seal, ...more] = verifyEverySignature(sealed);
  expect(more).toHaveLength(0);
  expect(first!.signedLength).toBe(original.length);
  expect(first!.subject).toContain('Signataire jetable');
  expect(seal!.signedLength).toBe(sealed.length);
  expect(seal!.subject).toContain('Paie Docs - cachet electronique');
  const names = signatureFieldNames(sealed);
  expect(names).toHaveLength(2);
  expect(new Set(names).size).toBe(2);
  expect(names[1]).toMatch(/^PaieDocsSeal_\d+$/);
  const texts = pageTexts(sealed);
  expect(texts).toHaveLength(pages + 1);
  expect(texts.at(-1)).toContain("Piste d'audit de signature électronique");
}

/** A contract signed with the throwaway certificate through the product's own signing path, then sealed. */
let signedThenSealed: Promise<{ original: Buffer; sealed: Buffer }> | undefined;
const signedThenSealedOnce = () =>
  (signedThenSealed ??= (async () => {
    const original = await padesSign(
      await PDFDocument.load(await contractPdf('Contrat déjà signé', 2)),
      'Signature préalable',
      new Date(),
      throwaway,
    );
    return { original, sealed: await sealedThroughSignbook('Contrat déjà signé', original) };
  })());

describe('sealing appends an incremental update', () => {
  it('a PDF signed by a throwaway certificate keeps that signature valid next to the seal', async () => {
    const { original, sealed } = await signedThenSealedOnce();
    expect(verifyEverySignature(original)).toHaveLength(1);
    expectBothSignaturesKept(original, sealed, 2);
    expect(pageTexts(sealed)[0]).toContain('Contrat déjà signé');
  });

  it('a signed PDF whose objects sit in object streams behind an xref stream', async () => {
    const compressed = resaved(await contractPdf('Contrat compressé', 2), 'compress,garbage,objstms');
    expect(compressed.toString('latin1')).toContain('/ObjStm');
    expect(lastXrefIsStream(compressed)).toBe(true);
    const original = signIncrementally(compressed, {
      reason: 'Signature préalable',
      at: new Date(),
      material: throwaway,
    });
    const sealed = await sealedThroughSignbook('Contrat compressé', original);
    expectBothSignaturesKept(original, sealed, 2);
    expect(lastXrefIsStream(sealed)).toBe(true);
  });

  it('a 1.5 MB PDF grows by the audit page and the signature only, and pdf.js reads it', async () => {
    const original = await heavyPdf();
    expect(original.length).toBeGreaterThan(1_400_000);
    const { bytes } = await sealPdf(
      original,
      {
        signbookId: 'sb-1',
        signbookName: 'Contrat volumineux',
        organizationName: 'Horizon Services Paris',
        documentName: 'volumineux.pdf',
        sealedAt: new Date(),
        signatories: [{ step: 0, name: 'Zoé Lefèvre', email: null, signedAt: null, channel: null }],
      },
      {
        p12: createSelfSignedP12('Paie Docs - cachet electronique (essai)', 'essai'),
        passphrase: 'essai',
        source: 'file',
      },
    );
    expect(bytes.subarray(0, original.length).equals(original)).toBe(true);
    expect(bytes.length - original.length).toBeLessThan(GROWTH_BOUND);
    expect(verifyEverySignature(bytes)).toHaveLength(1);
    // pdf.js 6 expects Node 22's Promise.withResolvers; the browser has it.
    (Promise as unknown as { withResolvers?: unknown }).withResolvers ??= () => {
      let resolve: unknown;
      let reject: unknown;
      const promise = new Promise((yes, no) => {
        [resolve, reject] = [yes, no];
      });
      return { promise, resolve, reject };
    };
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const loading = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
    const doc = await loading.promise;
    try {
      expect(doc.numPages).toBe(4);
      const audit = await (await doc.getPage(4)).getTextContent();
      const text = audit.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      expect(text).toContain("Piste d'audit de signature électronique");
    } finally {
      await loading.destroy();
    }
  });

  it.skipIf(!PDFSIG)("poppler's pdfsig finds both signatures valid, under two field names", async () => {
    const report = pdfsigReport((await signedThenSealedOnce()).sealed);
    expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
    const fields = [...report.matchAll(/Signature Field Name: (\S+)/g)].map((m) => m[1]);
    expect(new Set(fields).size).toBe(2);
    expect(report).toMatch(/Total document signed/);
  });

  it('a certified PDF (DocMDP) is refused at upload: the seal would break its certification', async () => {
    const res = await upload('Contrat certifié', certifiedPdf(await contractPdf('Contrat certifié', 1)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key: 'error.upload.certified' });
    expect(res.json().message).toMatch(/^Ce PDF est certifié/);
  });

  it('a certified PDF stored before that check fails its seal with a French reason, never a broken seal', async () => {
    const created = await upload('Contrat certifié après coup', await contractPdf('Contrat certifié après coup', 1));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().signbook.id as string;
    const { rows } = await t.db.query<{ file_id: string }>(`SELECT file_id FROM dom_main.signbooks WHERE id = $1`, [
      id,
    ]);
    const certified = certifiedPdf(await contractPdf('Contrat certifié après coup', 1));
    await t.db.query(
      `UPDATE dom_main.files SET content = $2, size = $3, pack = NULL, pack_offset = NULL WHERE id = $1`,
      [rows[0]!.file_id, certified, certified.length],
    );
    const failed = await signOnlyStep(id);
    expect(failed.status).toBe('IN_ERROR');
    expect(failed.seal.error).toMatch(/^Le document est certifié/);
  });
});
