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

/**
 * How far from the end `%%EOF` may sit: a complete PDF ends with it, possibly followed by line ends or
 * what a transfer appended (a mail gateway's footer, block padding). A truncated file has none there —
 * or an earlier revision's, and then mupdf has to rebuild its cross-references, which refuses it too.
 */
const EOF_WINDOW = 64 * 1024;
const lastEof = (bytes: Uint8Array): number => {
  const from = Math.max(0, bytes.length - EOF_WINDOW);
  const at = ascii(bytes, from, bytes.length).lastIndexOf('%%EOF');
  return at < 0 ? -1 : from + at;
};

/** Where `%PDF-` starts (0 for a file that begins with it; the first KiB is searched). */
const headerAt = (bytes: Uint8Array): number => ascii(bytes, 0, Math.min(1024, bytes.length)).indexOf('%PDF-');

/** Opens `bytes` as a PDF or throws `PdfProblem`. Pages are not loaded. */
export function openPdf(bytes: Uint8Array): mupdf.PDFDocument {
  // A file of no byte at all is empty, not « not a PDF ».
  if (bytes.length === 0) throw new PdfProblem(ERROR_KEYS.pdfEmpty);
  if (!looksLikePdf(bytes)) throw new PdfProblem(ERROR_KEYS.notPdf);
  if (lastEof(bytes) < 0) throw new PdfProblem(ERROR_KEYS.pdfDamaged, 'no %%EOF: truncated');
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
 * What a transfer put around the PDF is cut (`pdfSpan`). Anything else comes back as it was. Throws
 * `PdfProblem` like `openPdf`.
 */
export function storablePdf(sent: Uint8Array): Uint8Array {
  const cut = pdfSpan(sent);
  const [bytes, doc] = openFirst(cut, sent);
  try {
    if (doc.getTrailer().get('Encrypt').isNull()) return bytes === sent && cut !== sent ? rewritten(doc, '') : bytes;
    const form = doc.getTrailer().get('Root').get('AcroForm');
    // SigFlags bit 1: "SignaturesExist" (ISO 32000-1, 12.7.2).
    const signed = !form.isNull() && (form.get('SigFlags').asNumber() & 1) === 1;
    if (signed) throw new PdfProblem(ERROR_KEYS.pdfEncrypted, 'signed and encrypted');
    return rewritten(doc, 'encrypt=none');
  } finally {
    doc.destroy();
  }
}

/**
 * The file from `%PDF-` to its last `%%EOF`: what a transfer put before (a mail header) or after it (a
 * gateway's footer, padding) goes. Kept, bytes before the header make the file damaged once sealed: the
 * update the seal appends counts its offsets from the file's first byte, the original's count from
 * `%PDF-` (qpdf: « xref not found »; mupdf already rebuilds such a file's cross-references on opening).
 * `bytes` itself when there is nothing around (or no header or end to cut at: `openPdf` says why).
 */
function pdfSpan(bytes: Uint8Array): Uint8Array {
  const start = headerAt(bytes);
  const eof = lastEof(bytes);
  if (start < 0 || eof < 0) return bytes;
  let end = eof + '%%EOF'.length;
  while (end < bytes.length && end - eof < 7 && (bytes[end] === 0x0d || bytes[end] === 0x0a)) end += 1;
  return start === 0 && end === bytes.length ? bytes : bytes.slice(start, end);
}

/**
 * The cut file when it opens cleanly; else the file as sent (its offsets counted the bytes before its
 * header: it opens cleanly as it is, and is then stored rewritten). Throws `PdfProblem` like `openPdf`.
 */
function openFirst(cut: Uint8Array, sent: Uint8Array): [Uint8Array, mupdf.PDFDocument] {
  if (cut !== sent) {
    try {
      return [cut, openPdf(cut)];
    } catch {
      // The file as sent decides.
    }
  }
  return [sent, openPdf(sent)];
}

/** The document saved anew by mupdf (`options`: its save options). */
function rewritten(doc: mupdf.PDFDocument, options: string): Uint8Array {
  const buffer = doc.saveToBuffer(options);
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
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
