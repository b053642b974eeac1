/**
 * The server's verdict on a PDF (src/server/pdf/open.ts: `openPdf`, `inspectPdf`, `storablePdf`), given in
 * the browser when the file is dropped, with the same error key, so a damaged file is refused at once
 * rather than at « Envoyer ». The server reads with mupdf; here pdf.js (already used for previews) opens
 * the file, and what pdf.js repairs silently — a cross-reference table mupdf would rebuild — is looked
 * for in the bytes first:
 *
 * - not `%PDF-` in the first KiB → `error.upload.not-pdf`;
 * - no `%%EOF` near the end, no `startxref` there, or one that points at neither a table (`xref`) nor a
 *   stream (`N G obj`), or a table whose `/Root` entry points elsewhere than at that object →
 *   `error.upload.damaged` (mupdf rebuilds the table: `wasRepaired`);
 * - a password is needed to open it → `error.upload.encrypted`;
 * - pdf.js cannot open it or one of its pages → `error.upload.damaged` (pdf.js failing to run at all —
 *   its worker not loaded — refuses nothing: the server still checks);
 * - no page → `error.upload.empty`;
 * - `decrypts` (campaign documents, a signbook's document: the server stores them decrypted,
 *   `storablePdf`): encrypted although it opens without a password, and signed (`/SigFlags` bit 1) →
 *   `error.upload.encrypted`, as decrypting would break its signatures. Mask samples and deposited
 *   documents are read as they are: an owner password alone is fine there, signed or not.
 * - `sealable` (a signbook's document: the seal appends the audit page and a signature, `assertSealable`):
 *   certified (/Perms /DocMDP) or locked by a signed field (/Lock /P 1) → `error.upload.certified`, read
 *   with pdf-lib (`certificationProblem`), which reads object streams where a byte scan could not.
 */
import { ERROR_KEYS } from '../../contract/keys.ts';

/** What is used of pdf.js (the browser's lazy import, or its legacy build in tests). */
export interface PdfjsLike {
  getDocument(source: { data: Uint8Array }): {
    readonly promise: Promise<PdfjsDocument>;
    destroy(): Promise<void>;
  };
}
interface PdfjsDocument {
  readonly numPages: number;
  getPage(pageNumber: number): Promise<unknown>;
  getMetadata(): Promise<{ info: object }>;
  getPermissions(): Promise<number[] | null>;
}

export interface PdfCheckOptions {
  /** The server stores the file decrypted (`storablePdf`): a signed and encrypted one is refused. */
  readonly decrypts?: boolean;
  /** A signbook's document: the seal appends to it, so a certified or locked one is refused. */
  readonly sealable?: boolean;
}

const HEAD_BYTES = 1024;
const TAIL_BYTES = 2048;

const latin1 = (bytes: Uint8Array, from: number, to: number): string => {
  let text = '';
  const end = Math.min(bytes.length, Math.max(from, to));
  for (let i = Math.max(0, from); i < end; i += 1) text += String.fromCharCode(bytes[i]!);
  return text;
};

export const looksLikePdf = (bytes: Uint8Array): boolean => latin1(bytes, 0, HEAD_BYTES).includes('%PDF-');

/** The offset the last `startxref` of the file's end gives, or null when there is none. */
const startXref = (bytes: Uint8Array): number | null => {
  const tail = latin1(bytes, bytes.length - TAIL_BYTES, bytes.length);
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const last = matches.at(-1);
  return last ? Number(last[1]) : null;
};

const objectAt = (bytes: Uint8Array, offset: number): string => latin1(bytes, offset, offset + 64).trimStart();

/**
 * The classic table's entry for object `num` (the text between `xref` and `trailer`, read as tokens:
 * subsections `first count` then `offset generation n|f` triples): its offset when in use, null when
 * free, undefined when the table does not list it or cannot be read.
 */
const tableOffsetOf = (table: string, num: number): number | null | undefined => {
  const tokens = table
    .slice(table.indexOf('xref') + 4)
    .trim()
    .split(/\s+/);
  for (let i = 0; i + 1 < tokens.length;) {
    const first = Number(tokens[i]);
    const count = Number(tokens[i + 1]);
    if (!Number.isInteger(first) || !Number.isInteger(count)) return undefined;
    const entries = i + 2;
    if (num >= first && num < first + count) {
      const at = entries + (num - first) * 3;
      const [offset, , kind] = tokens.slice(at, at + 3);
      if (kind !== 'n' && kind !== 'f') return undefined;
      return kind === 'n' ? Number(offset) : null;
    }
    i = entries + count * 3;
  }
  return undefined;
};

/** What mupdf would have to rebuild (it then calls the file damaged): null when the structure holds. */
export const structureProblem = (bytes: Uint8Array): string | null => {
  if (!looksLikePdf(bytes)) return ERROR_KEYS.notPdf;
  if (!latin1(bytes, bytes.length - TAIL_BYTES, bytes.length).includes('%%EOF')) return ERROR_KEYS.pdfDamaged;
  const offset = startXref(bytes);
  if (offset === null || offset >= bytes.length) return ERROR_KEYS.pdfDamaged;
  const target = objectAt(bytes, offset);
  if (/^\d+\s+\d+\s+obj\b/.test(target)) return null; // a cross-reference stream: pdf.js reads it as mupdf does
  if (!target.startsWith('xref')) return ERROR_KEYS.pdfDamaged;
  const table = latin1(bytes, offset, bytes.length);
  const trailer = table.indexOf('trailer');
  if (trailer < 0) return ERROR_KEYS.pdfDamaged;
  const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(table.slice(trailer));
  if (!root) return null; // an update whose /Root is in an earlier section: left to pdf.js
  const num = Number(root[1]);
  const rootOffset = tableOffsetOf(table.slice(0, trailer), num);
  if (rootOffset === undefined) return null;
  if (rootOffset === null || !new RegExp(`^${num}\\s+${root[2]}\\s+obj\\b`).test(objectAt(bytes, rootOffset)))
    return ERROR_KEYS.pdfDamaged;
  return null;
};

/** pdf.js's verdicts on the file, as its worker names them; anything else is pdf.js failing to run. */
const FILE_ERRORS = new Set(['InvalidPDFException', 'UnknownErrorException', 'FormatError']);
const nameOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
/**
 * The key for an error of pdf.js: a password asked, a file it cannot read; `undefined` when pdf.js itself
 * failed (its worker did not start, the check was cancelled): the file is then left to the server.
 */
const keyOfError = (error: unknown): string | undefined => {
  const name = nameOf(error);
  if (name === 'PasswordException') return ERROR_KEYS.pdfEncrypted;
  return typeof name === 'string' && FILE_ERRORS.has(name) ? ERROR_KEYS.pdfDamaged : undefined;
};

/** Past this, pdf.js is taken not to answer (a worker that never started): the server decides. */
export const CHECK_TIMEOUT_MS = 20_000;

/** `null` when the server would accept `bytes` (or pdf.js could not say), else the key it would refuse them with. */
export async function pdfProblemOf(
  bytes: Uint8Array,
  pdfjs: PdfjsLike,
  options: PdfCheckOptions = {},
): Promise<string | null> {
  const structure = structureProblem(bytes);
  if (structure) return structure;
  // pdf.js takes the buffer it is given to its worker: a copy keeps the caller's bytes.
  const task = pdfjs.getDocument({ data: bytes.slice() });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([verdict(task.promise, options), timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

async function verdict(opening: Promise<PdfjsDocument>, options: PdfCheckOptions): Promise<string | null> {
  let doc: PdfjsDocument;
  try {
    doc = await opening;
  } catch (error) {
    return keyOfError(error) ?? null;
  }
  try {
    if (doc.numPages === 0) return ERROR_KEYS.pdfEmpty;
    if (options.decrypts) {
      const [{ info }, permissions] = await Promise.all([doc.getMetadata(), doc.getPermissions()]);
      const facts = info as { EncryptFilterName?: string | null; IsSignaturesPresent?: boolean };
      const encrypted = Boolean(facts.EncryptFilterName) || permissions !== null;
      if (encrypted && facts.IsSignaturesPresent) return ERROR_KEYS.pdfEncrypted;
    }
    // The server loads every page (`inspectPdf`): one that does not load makes the file damaged.
    for (let page = 1; page <= doc.numPages; page += 1) await doc.getPage(page);
    return null;
  } catch (error) {
    return keyOfError(error) ?? null;
  }
}

/** What is used of pdf-lib: it reads the catalog and the form fields, object streams included. */
export type PdfLibLike = Pick<
  typeof import('pdf-lib'),
  'PDFDocument' | 'PDFName' | 'PDFDict' | 'PDFArray' | 'PDFNumber' | 'PDFNull' | 'PDFRef'
>;

const MAX_FIELD_DEPTH = 32;

/**
 * The seal's refusal (`assertSealable`, src/server/pdf/incremental.ts) read in the browser: a certified
 * document (/Root /Perms /DocMDP) or a signed signature field locking the whole document (/Lock /P 1
 * with a /V) → `error.upload.certified`; `null` when neither, or when pdf-lib cannot read the file (an
 * encrypted object stream: the server decides).
 */
export async function certificationProblem(bytes: Uint8Array, lib: PdfLibLike): Promise<string | null> {
  const { PDFDocument, PDFName, PDFDict, PDFArray, PDFNumber, PDFNull, PDFRef } = lib;
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    doc = await PDFDocument.load(bytes.slice(), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return null;
  }
  // pdf-lib's PDFNull is the null object itself, not a class.
  const present = (value: unknown): boolean => value !== undefined && value !== PDFNull;
  try {
    const perms = doc.catalog.lookup(PDFName.of('Perms'));
    if (perms instanceof PDFDict && present(perms.lookup(PDFName.of('DocMDP')))) return ERROR_KEYS.pdfCertified;
    const form = doc.catalog.lookup(PDFName.of('AcroForm'));
    if (!(form instanceof PDFDict)) return null;
    const seen = new Set<string>();
    const locks = (list: unknown, depth: number): boolean => {
      if (!(list instanceof PDFArray) || depth > MAX_FIELD_DEPTH) return false;
      for (let i = 0; i < list.size(); i += 1) {
        const raw = list.get(i);
        if (raw instanceof PDFRef) {
          if (seen.has(raw.tag)) continue;
          seen.add(raw.tag);
        }
        const field = list.lookup(i);
        if (!(field instanceof PDFDict)) continue;
        const lock = field.lookup(PDFName.of('Lock'));
        if (lock instanceof PDFDict && present(field.lookup(PDFName.of('V')))) {
          const p = lock.lookup(PDFName.of('P'));
          if (p instanceof PDFNumber && p.asNumber() === 1) return true;
        }
        if (locks(field.lookup(PDFName.of('Kids')), depth + 1)) return true;
      }
      return false;
    };
    return locks(form.lookup(PDFName.of('Fields')), 0) ? ERROR_KEYS.pdfCertified : null;
  } catch {
    return null;
  }
}
