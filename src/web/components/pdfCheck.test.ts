/**
 * The check of a dropped PDF gives the server's verdict: every file below goes through the browser's
 * check (pdf.js, its Node build) and through the server's own functions (mupdf), and both must answer the
 * same key — for campaign and signbook documents (stored decrypted: `storablePdf` then `inspectPdf`) and
 * for mask samples and deposited documents (`inspectPdf` alone).
 */
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/keys.ts';
import * as pdflib from 'pdf-lib';
import { PdfProblem, assertSealable, inspectPdf, loadMupdf, payrollPdf, storablePdf } from '../../server/pdf/index.ts';
import { type PdfjsLike, pdfProblemOf, structureProblem } from './pdfCheck.ts';
import { minimalPdf } from '../testing/minimalPdf.ts';
import { refusalOf } from './pdfFile.ts';

let pdfjs: PdfjsLike;
beforeAll(async () => {
  // The worker's code runs in this thread (pdf.js looks for `globalThis.pdfjsWorker`).
  await import('pdfjs-dist/legacy/build/pdf.worker.mjs' as string);
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  await loadMupdf();
});

const serverVerdict = (bytes: Uint8Array, decrypts: boolean): string | null => {
  try {
    inspectPdf(decrypts ? storablePdf(bytes) : bytes);
    return null;
  } catch (error) {
    if (error instanceof PdfProblem) return error.key;
    throw error;
  }
};

function saved(doc: mupdf.PDFDocument, options: string): Uint8Array<ArrayBuffer> {
  const buffer = doc.saveToBuffer(options);
  const bytes = new Uint8Array(buffer.asUint8Array());
  buffer.destroy();
  return bytes;
}

const encode = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);
const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const payroll = payrollPdf({
  employees: [1, 2, 3].map((i) => ({ registrationNumber: `DEM-0000${i}`, name: 'Dupont', firstName: 'Élodie' })),
}).bytes;

/** The payroll with one of mupdf's save options and, optionally, signed (AcroForm /SigFlags 3). */
function variant(options: string, signed = false): Uint8Array<ArrayBuffer> {
  const doc = mupdf.PDFDocument.openDocument(payroll, 'application/pdf').asPDF()!;
  if (signed) {
    const form = doc.newDictionary();
    form.put('Fields', doc.newArray());
    form.put('SigFlags', 3);
    doc.getTrailer().get('Root').put('AcroForm', doc.addObject(form));
  }
  const bytes = saved(doc, options);
  doc.destroy();
  return bytes;
}

function fixtures(): Record<string, Uint8Array<ArrayBuffer>> {
  const text = decode(payroll);
  const truncated = payroll.slice(0, Math.floor(payroll.length * 0.6));
  const startxref = /startxref\s+(\d+)/.exec(text.slice(-2048))!;
  const wrongStart = text.slice(0, text.length - 2048) + text.slice(-2048).replace(startxref[0], 'startxref\n17');
  // The table gives /Root the offset of another object: mupdf rebuilds the table.
  const root = Number(/\/Root\s+(\d+)\s+0\s+R/.exec(text.slice(-2048))![1]);
  const offsetOf = (num: number): number => {
    const found = new RegExp(`(?:^|[\\r\\n])(${num} 0 obj)`).exec(text)!;
    return found.index + found[0].length - found[1]!.length;
  };
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n`;
  const wrongRoot = text.replace(entry(offsetOf(root)), entry(offsetOf(root === 1 ? 2 : 1)));
  expect(wrongRoot).not.toBe(text);
  const empty = new mupdf.PDFDocument();
  const noPage = saved(empty, 'compress');
  empty.destroy();
  return {
    valid: own(payroll),
    'written by hand (the component tests’ files)': minimalPdf(2),
    'not a PDF': encode('Bonjour, ceci est un texte.\n'),
    'PDF header then nothing readable': encode('%PDF-1.7\nrien de lisible\n%%EOF\n'),
    'truncated (60 %)': own(truncated),
    'truncated, %%EOF appended': new Uint8Array([...truncated, ...encode('\n%%EOF\n')]),
    'startxref pointing nowhere': encode(wrongStart),
    '/Root entry pointing at another object': encode(wrongRoot),
    'no page': noPage,
    'user password': variant('encrypt=aes-256,user-password=x,owner-password=y'),
    'owner password only': variant('encrypt=aes-128,owner-password=y'),
    'owner password only, signed': variant('encrypt=aes-128,owner-password=y', true),
    'signed, not encrypted': variant('compress', true),
  };
}

describe('a dropped PDF gets the server’s verdict', () => {
  it.each([true, false])('the same key as the server (stored decrypted: %s)', async (decrypts) => {
    const verdicts: Record<string, { browser: string | null; server: string | null }> = {};
    for (const [name, bytes] of Object.entries(fixtures())) {
      verdicts[name] = {
        browser: await pdfProblemOf(bytes, pdfjs, { decrypts }),
        server: serverVerdict(bytes, decrypts),
      };
    }
    for (const [name, { browser, server }] of Object.entries(verdicts)) expect(browser, name).toBe(server);
    // What the fixtures are for: each refusal is met at least once.
    const keys = new Set(Object.values(verdicts).map((v) => v.browser));
    expect(keys).toEqual(
      new Set([null, ERROR_KEYS.notPdf, ERROR_KEYS.pdfDamaged, ERROR_KEYS.pdfEmpty, ERROR_KEYS.pdfEncrypted]),
    );
  });

  it('refuses the signed and encrypted file only where the server stores files decrypted', async () => {
    const bytes = fixtures()['owner password only, signed']!;
    expect(await pdfProblemOf(bytes, pdfjs, { decrypts: true })).toBe(ERROR_KEYS.pdfEncrypted);
    expect(await pdfProblemOf(bytes, pdfjs)).toBeNull();
  });

  it('calls a truncated file damaged from its bytes alone, before pdf.js repairs it', () => {
    const all = fixtures();
    expect(structureProblem(all['truncated, %%EOF appended']!)).toBe(ERROR_KEYS.pdfDamaged);
    expect(structureProblem(all['startxref pointing nowhere']!)).toBe(ERROR_KEYS.pdfDamaged);
    expect(structureProblem(all['/Root entry pointing at another object']!)).toBe(ERROR_KEYS.pdfDamaged);
    expect(structureProblem(all.valid!)).toBeNull();
  });
});

describe('refusalOf (what the drop zones call)', () => {
  const load = () => Promise.resolve(pdfjs);

  it('refuses by size and first bytes without opening the file', async () => {
    let opened = false;
    const never = () => {
      opened = true;
      return Promise.resolve(pdfjs);
    };
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
    expect(await refusalOf(png, { pdfjs: never })).toBe(ERROR_KEYS.notPdf);
    expect(await refusalOf(new Blob([]), { pdfjs: never })).toBe(ERROR_KEYS.pdfEmpty);
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    expect(await refusalOf(big, { pdfjs: never })).toBe(ERROR_KEYS.payloadTooLarge);
    expect(opened).toBe(false);
  });

  it('opens a PDF: a valid one passes, a damaged one is refused with the server’s key', async () => {
    const all = fixtures();
    expect(await refusalOf(new Blob([all.valid!]), { pdfjs: load })).toBeNull();
    expect(await refusalOf(new Blob([all['truncated (60 %)']!]), { pdfjs: load })).toBe(ERROR_KEYS.pdfDamaged);
    expect(await refusalOf(new Blob([all['user password']!]), { pdfjs: load })).toBe(ERROR_KEYS.pdfEncrypted);
  });

  it('without pdf.js (not loaded) refuses what the bytes show and leaves the rest to the server', async () => {
    const offline = () => Promise.reject(new Error('chunk load failed'));
    const all = fixtures();
    expect(await refusalOf(new Blob([all['truncated (60 %)']!]), { pdfjs: offline })).toBe(ERROR_KEYS.pdfDamaged);
    expect(await refusalOf(new Blob([all['user password']!]), { pdfjs: offline })).toBeNull();
  });
});

/** The signbook upload's verdict (src/server/modules/signbook/upload.ts): stored decrypted, inspected, sealable. */
const signbookVerdict = (bytes: Uint8Array): string | null => {
  try {
    const stored = storablePdf(bytes);
    inspectPdf(stored);
    assertSealable(stored);
    return null;
  } catch (error) {
    if (error instanceof PdfProblem) return error.key;
    throw error;
  }
};

/**
 * A one-page document written by pdf-lib (object streams by default: the catalog is compressed, where a
 * byte scan would not see /Perms), changed by `touch` before it is saved.
 */
async function generated(
  touch: (doc: pdflib.PDFDocument) => void,
  options: { useObjectStreams?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await pdflib.PDFDocument.create();
  doc.addPage([595, 842]).drawText('Avenant au contrat', { x: 72, y: 760 });
  touch(doc);
  return own(await doc.save(options));
}

const { PDFName } = pdflib;
const signature = (doc: pdflib.PDFDocument): pdflib.PDFRef =>
  doc.context.register(
    doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: 'adbe.pkcs7.detached', M: 'D:20260101' }),
  );
const certify = (doc: pdflib.PDFDocument, what: 'DocMDP' | 'UR3' = 'DocMDP') =>
  doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ [what]: signature(doc) }));
/** A signature field with a /Lock dictionary, signed (/V) or not, under a parent field when `nested`. */
const lockingField = (doc: pdflib.PDFDocument, p: number, signed: boolean, nested = false) => {
  const field = doc.context.obj({
    FT: 'Sig',
    T: pdflib.PDFString.of('Signature1'),
    Lock: { Type: 'SigFieldLock', Action: 'All', P: p },
    ...(signed ? { V: signature(doc) } : {}),
  });
  const ref = doc.context.register(field);
  const top = nested ? doc.context.register(doc.context.obj({ T: pdflib.PDFString.of('Parent'), Kids: [ref] })) : ref;
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [top], SigFlags: 3 }));
};

describe('a signbook’s document is refused at drop as the seal would refuse it', () => {
  it('the same key as the signbook upload, on generated PDFs', async () => {
    const certified: Record<string, Uint8Array<ArrayBuffer>> = {
      'generated, plain': await generated(() => undefined),
      'certified (/Perms /DocMDP), compressed catalog': await generated((doc) => certify(doc)),
      'certified, plain catalog': await generated((doc) => certify(doc), { useObjectStreams: false }),
      'usage rights only (/Perms /UR3)': await generated((doc) => certify(doc, 'UR3')),
      'signed field locking the document (/Lock /P 1)': await generated((doc) => lockingField(doc, 1, true)),
      'the same, nested under a parent field': await generated((doc) => lockingField(doc, 1, true, true)),
      'unsigned field with /Lock /P 1': await generated((doc) => lockingField(doc, 1, false)),
      'signed field with /Lock /P 2 (form filling allowed)': await generated((doc) => lockingField(doc, 2, true)),
    };
    const all = { ...fixtures(), ...certified };
    const verdicts: Record<string, { browser: string | null; server: string | null }> = {};
    for (const [name, bytes] of Object.entries(all)) {
      verdicts[name] = {
        browser: await refusalOf(new Blob([bytes]), {
          decrypts: true,
          sealable: true,
          pdfjs: () => Promise.resolve(pdfjs),
          pdflib: () => Promise.resolve(pdflib),
        }),
        server: signbookVerdict(bytes),
      };
    }
    for (const [name, { browser, server }] of Object.entries(verdicts)) expect(browser, name).toBe(server);
    expect(verdicts['certified (/Perms /DocMDP), compressed catalog']!.browser).toBe(ERROR_KEYS.pdfCertified);
    expect(verdicts['signed field locking the document (/Lock /P 1)']!.browser).toBe(ERROR_KEYS.pdfCertified);
    expect(verdicts['generated, plain']!.browser).toBeNull();
  });

  it('campaign documents are not held to the seal: a certified PDF passes there', async () => {
    const bytes = await generated((doc) => certify(doc));
    expect(await refusalOf(new Blob([bytes]), { decrypts: true, pdfjs: () => Promise.resolve(pdfjs) })).toBeNull();
  });
});
