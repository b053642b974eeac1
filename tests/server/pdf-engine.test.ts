/** The PDF engine (src/server/pdf): what it refuses, what it reads in a zone, and the generated payroll. */
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import {
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import {
  PdfProblem,
  bakeAnnotations,
  composePdf,
  inspectPdf,
  openPdf,
  payrollPdf,
  readZoneTexts,
  storablePdf,
  writePart,
} from '../../src/server/pdf/index.ts';

const FONT = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const ZONE = { page: 1, x: 400, y: 760, width: 150, height: 24 };
const employees = Array.from({ length: 12 }, (_, i) => ({
  registrationNumber: `DEM-${String(i + 1).padStart(5, '0')}`,
  name: i % 2 ? 'Lefèvre' : 'Dupont',
  firstName: 'Élodie',
}));
const payroll = payrollPdf({ employees, twoPageShare: 0.25, unknownPages: 1, fontBytes: FONT });

const problemOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(PdfProblem);
    return (error as PdfProblem).key;
  }
};

/** The text a page shows (mupdf's structured text: page content, layers as set, no annotation). */
function pageText(pdf: Uint8Array, page = 0): string {
  const doc = openPdf(pdf);
  try {
    return doc.loadPage(page).toStructuredText('').asText();
  } finally {
    doc.destroy();
  }
}

function saved(doc: mupdf.PDFDocument, options: string): Uint8Array {
  const buffer = doc.saveToBuffer(options);
  const bytes = new Uint8Array(buffer.asUint8Array());
  buffer.destroy();
  return bytes;
}

describe('inspectPdf', () => {
  it('counts the pages and their sizes of a valid PDF', () => {
    const info = inspectPdf(payroll.bytes);
    expect(info.pages).toBe(payroll.pages.length);
    expect(info.pageSizes[0]).toEqual({ width: 595, height: 842 });
  });

  it('refuses a PNG or a text file named .pdf: not a PDF by its content (a file of no byte: empty)', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(problemOf(() => inspectPdf(png))).toBe(ERROR_KEYS.notPdf);
    expect(problemOf(() => inspectPdf(Buffer.from('Bonjour, ceci est un texte.\n')))).toBe(ERROR_KEYS.notPdf);
    expect(problemOf(() => inspectPdf(new Uint8Array()))).toBe(ERROR_KEYS.pdfEmpty);
  });

  it('refuses an encrypted PDF', () => {
    const doc = openPdf(payroll.bytes);
    const encrypted = saved(doc, 'encrypt=aes-256,user-password=x,owner-password=y');
    doc.destroy();
    expect(problemOf(() => inspectPdf(encrypted))).toBe(ERROR_KEYS.pdfEncrypted);
  });

  it('refuses a truncated PDF (its first 60 %) as damaged', () => {
    const truncated = payroll.bytes.slice(0, Math.floor(payroll.bytes.length * 0.6));
    expect(problemOf(() => inspectPdf(truncated))).toBe(ERROR_KEYS.pdfDamaged);
    // Even with an %%EOF appended, mupdf has to rebuild the cross-reference table: still damaged.
    const patched = Buffer.concat([truncated, Buffer.from('\n%%EOF\n')]);
    expect(problemOf(() => inspectPdf(patched))).toBe(ERROR_KEYS.pdfDamaged);
  });

  it('refuses a PDF with no page', () => {
    const empty = new mupdf.PDFDocument();
    const bytes = saved(empty, 'compress');
    empty.destroy();
    expect(problemOf(() => inspectPdf(bytes))).toBe(ERROR_KEYS.pdfEmpty);
  });
});

describe('storablePdf', () => {
  const wrapped = (before: string, after: string) =>
    new Uint8Array([...Buffer.from(before, 'latin1'), ...payroll.bytes, ...Buffer.from(after, 'latin1')]);
  const startsAndEnds = (bytes: Uint8Array) => [
    Buffer.from(bytes.subarray(0, 5)).toString('latin1'),
    Buffer.from(bytes.subarray(-8)).toString('latin1').trim().endsWith('%%EOF'),
  ];

  it('keeps a clean file as it is, byte for byte', () => {
    expect(storablePdf(payroll.bytes)).toBe(payroll.bytes);
  });

  it('cuts what a transfer put before %PDF- and after %%EOF (4 KiB of footer included), pages unchanged', () => {
    const stored = storablePdf(wrapped('Content-Type: application/pdf\r\n\r\n', `\r\n${'x'.repeat(4096)}`));
    expect(startsAndEnds(stored)).toEqual(['%PDF-', true]);
    expect(stored.length).toBeLessThanOrEqual(payroll.bytes.length + 2);
    expect(inspectPdf(stored).pages).toBe(payroll.pages.length);
  });

  it('answers an empty file as empty, not as « not a PDF »', () => {
    expect(problemOf(() => storablePdf(new Uint8Array()))).toBe(ERROR_KEYS.pdfEmpty);
  });
});

describe('readZoneTexts', () => {
  it('reads the registration number inside the seeded BULLETIN_PAIE zone on every page', () => {
    const texts = readZoneTexts(payroll.bytes, ZONE);
    expect(texts).toHaveLength(payroll.pages.length);
    texts.forEach((text, i) => expect(text).toBe(`Matricule : ${payroll.pages[i]!.registrationNumber}`));
  });

  it('reads nothing but the zone (the name below it is not read)', () => {
    const [first] = readZoneTexts(payroll.bytes, { page: 1, x: 300, y: 700, width: 250, height: 30 });
    expect(first).toContain('Élodie');
    expect(first).not.toContain('Matricule');
  });

  it('refuses a zone outside its sample page, or on a page the sample does not have', () => {
    for (const zone of [
      { ...ZONE, x: 500 },
      { ...ZONE, y: 830 },
      { ...ZONE, x: -10 },
      { ...ZONE, width: 0 },
      { ...ZONE, page: payroll.pages.length + 1 },
    ])
      expect(problemOf(() => readZoneTexts(payroll.bytes, zone))).toBe(ERROR_KEYS.maskZoneOutsidePage);
  });

  it('refuses a bad PDF before looking at the zone', () => {
    expect(problemOf(() => readZoneTexts(Buffer.from('pas un pdf'), ZONE))).toBe(ERROR_KEYS.notPdf);
  });
});

describe('payrollPdf and writePart', () => {
  it('puts some employees on two consecutive pages and the unknown pages between them', () => {
    const twoPages = payroll.documents.filter((d) => d.pages.length === 2);
    expect(twoPages.length).toBeGreaterThan(0);
    for (const d of twoPages) expect(d.pages[1]).toBe(d.pages[0]! + 1);
    expect(payroll.pages.filter((p) => p.employee === null)).toHaveLength(1);
    expect(payroll.documents).toHaveLength(employees.length);
  });

  it('writes a part holding exactly the chosen pages, readable on its own', () => {
    const d = payroll.documents.find((x) => x.pages.length === 2)!;
    const doc = openPdf(payroll.bytes);
    const part = writePart(
      doc,
      d.pages.map((p) => p - 1),
    );
    doc.destroy();
    expect(inspectPdf(part).pages).toBe(2);
    expect(readZoneTexts(part, ZONE)).toEqual([
      `Matricule : ${d.employee.registrationNumber}`,
      `Matricule : ${d.employee.registrationNumber}`,
    ]);
  });

  it('keeps filled form fields: a part and the composed pages show what the source page shows', async () => {
    // A payroll package that types the amounts into form fields (pdf-lib writes their appearances).
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    const form = source.getForm();
    for (const [i, employee] of employees.slice(0, 3).entries()) {
      const page = source.addPage([595, 842]);
      page.drawText(`Matricule : ${employee.registrationNumber}`, { x: 405, y: 770, size: 10, font });
      const net = form.createTextField(`net.${i}`);
      net.setText(`NET ${i + 1} 234,56 EUR`);
      net.addToPage(page, { x: 60, y: 600, width: 200, height: 20, font });
      const matricule = form.createTextField(`field-id.${i}`);
      matricule.setText(`Champ ${employee.registrationNumber}`);
      matricule.addToPage(page, { x: 400, y: 740, width: 150, height: 18, font });
    }
    const bytes = await source.save();
    // The amounts are in the fields only, not in the pages' content.
    expect(pageText(bytes, 1)).not.toContain('NET 2 234,56 EUR');

    const doc = openPdf(bytes);
    expect(bakeAnnotations(doc)).toBe(true);
    const part = writePart(doc, [1]);
    doc.destroy();
    expect(inspectPdf(part).pages).toBe(1);
    expect(pageText(part)).toContain('NET 2 234,56 EUR');
    expect(pageText(part)).toContain(`Champ ${employees[1]!.registrationNumber}`);
    // Only its own page's fields: no other employee's amounts ride along.
    expect(pageText(part)).not.toContain('NET 1 234,56 EUR');
    expect(pageText(part)).not.toContain('NET 3 234,56 EUR');
    // Ignored pages are composed from the stored source: the same.
    const ignored = await composePdf([{ bytes, pages: [3] }]);
    expect(pageText(ignored)).toContain('NET 3 234,56 EUR');
    // A document without annotations is left as it is.
    const plain = openPdf(payroll.bytes);
    expect(bakeAnnotations(plain)).toBe(false);
    plain.destroy();
  });

  it('keeps hidden what the source hides: a layer switched off, an annotation never shown on screen', async () => {
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    const layer = source.context.register(source.context.obj({ Type: 'OCG', Name: PDFString.of('Calque') }));
    source.catalog.set(
      PDFName.of('OCProperties'),
      source.context.obj({ OCGs: [layer], D: { OFF: [layer], Order: [layer] } }),
    );
    for (const [i, employee] of employees.slice(0, 2).entries()) {
      const page = source.addPage([595, 842]);
      page.drawText(`Matricule : ${employee.registrationNumber}`, { x: 405, y: 770, size: 10, font });
      page.node.Resources()!.set(PDFName.of('Properties'), source.context.obj({ L0: layer }));
      page.pushOperators(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('OC'), PDFName.of('L0')]));
      page.drawText(`CALQUE-CACHE-${i}`, { x: 60, y: 500, size: 10, font });
      page.pushOperators(PDFOperator.of(Ops.EndMarkedContent));
      const note = source.getForm().createTextField(`note.${i}`);
      note.setText(`NOTE-INVISIBLE-${i}`);
      note.addToPage(page, { x: 60, y: 400, width: 200, height: 20, font });
      // NoView (32): never shown on screen.
      note.acroField.getWidgets()[0]!.dict.set(PDFName.of('F'), PDFNumber.of(32));
    }
    const bytes = await source.save();
    expect(pageText(bytes, 1)).not.toContain('CALQUE-CACHE-1');
    const doc = openPdf(bytes);
    bakeAnnotations(doc);
    const parts = [writePart(doc, [0]), writePart(doc, [1])];
    doc.destroy();
    for (const [i, part] of parts.entries()) {
      expect(pageText(part)).toContain(employees[i]!.registrationNumber);
      expect(pageText(part)).not.toContain('CALQUE-CACHE');
      expect(pageText(part)).not.toContain('NOTE-INVISIBLE');
    }
    // A merged download of both parts, and the source's pages composed (the ignored-pages download).
    for (const composed of [await composePdf(parts.map((b) => ({ bytes: b }))), await composePdf([{ bytes }])]) {
      for (const page of [0, 1]) {
        expect(pageText(composed, page)).not.toContain('CALQUE-CACHE');
        expect(pageText(composed, page)).not.toContain('NOTE-INVISIBLE');
      }
    }
  });

  it('uses Helvetica when no font is given', () => {
    const plain = payrollPdf({ employees: employees.slice(0, 2) });
    expect(readZoneTexts(plain.bytes, ZONE)[0]).toBe('Matricule : DEM-00001');
    expect(plain.bytes.length).toBeLessThan(payroll.bytes.length);
  });
});
