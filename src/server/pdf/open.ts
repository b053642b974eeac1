/**
 * Opening a PDF with mupdf, refusing what the product must not accept: not a PDF by content,
 * encrypted, damaged/truncated (mupdf had to rebuild it, no `%%EOF`, or a page that fails to load), empty.
 * Every opened document must be `.destroy()`ed by the caller to keep the WASM heap flat.
 */
import type * as mupdf from 'mupdf';
import { mupdfLib } from './mupdf.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { PdfProblem } from './problem.ts';

export interface PageSize {
  width: number;
  height: number;
}
export interface PdfInfo {
  pages: number;
  pageSizes: PageSize[];
}

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/** `%PDF-` within the first KiB (the specification tolerates leading garbage). */
export const looksLikePdf = (bytes: Uint8Array): boolean =>
  ascii(bytes, 0, Math.min(1024, bytes.length)).includes('%PDF-');

/** A complete PDF ends with `%%EOF` (possibly followed by a few line ends or padding). */
const hasEof = (bytes: Uint8Array): boolean =>
  ascii(bytes, Math.max(0, bytes.length - 2048), bytes.length).includes('%%EOF');

/** Opens `bytes` as a PDF or throws `PdfProblem`. Pages are not loaded. */
export function openPdf(bytes: Uint8Array): mupdf.PDFDocument {
  if (!looksLikePdf(bytes)) throw new PdfProblem(ERROR_KEYS.notPdf);
  if (!hasEof(bytes)) throw new PdfProblem(ERROR_KEYS.pdfDamaged, 'no %%EOF: truncated');
  let doc: mupdf.Document;
  try {
    doc = mupdfLib().Document.openDocument(bytes, 'application/pdf');
  } catch (error) {
    throw new PdfProblem(ERROR_KEYS.pdfDamaged, String(error));
  }
  const pdf = doc.asPDF();
  if (!pdf) {
    doc.destroy();
    throw new PdfProblem(ERROR_KEYS.notPdf);
  }
  try {
    if (pdf.needsPassword()) throw new PdfProblem(ERROR_KEYS.pdfEncrypted);
    const pages = pdf.countPages();
    // mupdf rebuilds a broken cross-reference table silently: a rebuilt file is a damaged file.
    if (pdf.wasRepaired()) throw new PdfProblem(ERROR_KEYS.pdfDamaged, 'cross-reference table rebuilt');
    if (pages === 0) throw new PdfProblem(ERROR_KEYS.pdfEmpty);
  } catch (error) {
    pdf.destroy();
    if (error instanceof PdfProblem) throw error;
    throw new PdfProblem(ERROR_KEYS.pdfDamaged, String(error));
  }
  return pdf;
}

/**
 * The bytes the product stores for an uploaded PDF. An encrypted PDF that opens without a password
 * (an owner password only, as payroll software writes to forbid editing) is stored decrypted, so
 * that splitting, masks and the seal read it like any other: its text and pages are unchanged, its
 * restrictions go (the product never lets anyone edit a deposited document anyway). A signed one is
 * refused instead (`error.upload.encrypted`): rewriting it would break the signatures it carries.
 * Anything else comes back as it was. Throws `PdfProblem` like `openPdf`.
 */
export function storablePdf(bytes: Uint8Array): Uint8Array {
  const doc = openPdf(bytes);
  try {
    if (doc.getTrailer().get('Encrypt').isNull()) return bytes;
    const form = doc.getTrailer().get('Root').get('AcroForm');
    // SigFlags bit 1: "SignaturesExist" (ISO 32000-1, 12.7.2).
    const signed = !form.isNull() && (form.get('SigFlags').asNumber() & 1) === 1;
    if (signed) throw new PdfProblem(ERROR_KEYS.pdfEncrypted, 'signed and encrypted');
    return doc.saveToBuffer('encrypt=none').asUint8Array().slice();
  } finally {
    doc.destroy();
  }
}

/** Page size in points, as mupdf bounds it (top-left origin). */
export function pageBounds(doc: mupdf.PDFDocument, index: number): [number, number, number, number] {
  const page = doc.loadPage(index);
  try {
    return page.getBounds() as [number, number, number, number];
  } finally {
    page.destroy();
  }
}

function pageSizeOf(doc: mupdf.PDFDocument, index: number): PageSize {
  let b: [number, number, number, number];
  try {
    b = pageBounds(doc, index);
  } catch (error) {
    throw new PdfProblem(ERROR_KEYS.pdfDamaged, `page ${index + 1}: ${String(error)}`);
  }
  return { width: b[2] - b[0], height: b[3] - b[1] };
}

/** Checks every page loads; returns the page count and sizes, or throws `PdfProblem`. */
export function inspectPdf(bytes: Uint8Array): PdfInfo {
  const doc = openPdf(bytes);
  try {
    const pageSizes: PageSize[] = [];
    const count = doc.countPages();
    for (let i = 0; i < count; i += 1) pageSizes.push(pageSizeOf(doc, i));
    return { pages: count, pageSizes };
  } finally {
    doc.destroy();
  }
}
