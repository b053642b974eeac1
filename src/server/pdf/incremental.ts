/**
 * The seal's incremental update (ISO 32000-1 §7.5.6): the stored bytes stay the prefix of the sealed
 * file byte for byte — so every earlier signature still covers exactly what it signed — and mupdf
 * appends after them the pages given (the audit page), an invisible signature field whose name no
 * other field has, the AcroForm listing it (SigFlags 3), and a signature dictionary whose /ByteRange
 * and /Contents are placeholders; then a cross-reference section of the original's own kind (a table,
 * or a stream when the original ends with one) chained by /Prev. The signing module fills the
 * placeholders.
 */
import type * as mupdf from 'mupdf';
import { mupdfLib } from './mupdf.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { openPdf } from './open.ts';
import { PdfProblem } from './problem.ts';

export interface SignatureRevisionInput {
  /** Room for the DER of the CMS, in bytes (the hex string holds twice as many characters). */
  readonly contentsBytes: number;
  readonly signedAt: Date;
  readonly reason: string;
  readonly name: string;
  readonly location: string;
  readonly contactInfo: string;
  /** A PDF whose pages are appended to the document before the signature (the audit page). */
  readonly appendPages?: Uint8Array;
  /** Field names are `<prefix>_<n>`, the first n no field of the document uses. */
  readonly fieldPrefix: string;
}

export interface SignatureRevision {
  /** The original bytes, then the update; /ByteRange and /Contents still placeholders. */
  readonly bytes: Buffer;
  /** Where the /ByteRange array is (from `[` to `]`), and the /Contents hex string (`<` to `>`). */
  readonly byteRange: { readonly start: number; readonly end: number };
  readonly contents: { readonly start: number; readonly end: number };
  readonly fieldName: string;
}

/** Nine digits: the widest offset a ByteRange may need (files up to 1 GB), rewritten in place. */
const RANGE_PLACEHOLDER = 999_999_999;
const MAX_FIELD_DEPTH = 32;

/** `D:YYYYMMDDHHmmSSZ`, the PDF date of /M (UTC). */
export const pdfDate = (at: Date): string => `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * Why an incremental seal of `doc` would break what it carries, or null. A certified document
 * (/Perms /DocMDP, whatever its P: none of the three levels lets pages be added, and the seal adds
 * the audit page) or a signature field locking the whole document (/Lock /P 1) forbids it; mupdf
 * cannot append to a file whose cross-reference it had to rebuild.
 */
export function incrementalSealProblem(doc: mupdf.PDFDocument): PdfProblem | null {
  if (doc.wasRepaired() || !doc.canBeSavedIncrementally())
    return new PdfProblem(ERROR_KEYS.pdfDamaged, 'cannot be updated incrementally');
  // Uploads store such files decrypted (`storablePdf`); one stored before that is refused, not half-encrypted.
  if (!doc.getTrailer().get('Encrypt').isNull()) return new PdfProblem(ERROR_KEYS.pdfEncrypted, 'stored encrypted');
  // `get` with a path: a missing link answers null instead of throwing.
  const root = doc.getTrailer().get('Root');
  if (!root.get('Perms', 'DocMDP').isNull()) return new PdfProblem(ERROR_KEYS.pdfCertified, 'DocMDP');
  let locked = false;
  walkFields(root.get('AcroForm', 'Fields'), (field) => {
    const lock = field.get('Lock');
    if (!lock.isNull() && !field.get('V').isNull() && lock.get('P').asNumber() === 1) locked = true;
  });
  return locked ? new PdfProblem(ERROR_KEYS.pdfCertified, 'signature field locks the document') : null;
}

/** Throws the `PdfProblem` of `incrementalSealProblem` (upload: refuse now what the seal could not do). */
export function assertSealable(bytes: Uint8Array): void {
  const doc = openPdf(bytes);
  try {
    const problem = incrementalSealProblem(doc);
    if (problem) throw problem;
  } finally {
    doc.destroy();
  }
}

function walkFields(fields: mupdf.PDFObject, visit: (field: mupdf.PDFObject, name: string) => void): void {
  const seen = new Set<number>();
  const walk = (list: mupdf.PDFObject, parent: string, depth: number): void => {
    if (!list.isArray() || depth > MAX_FIELD_DEPTH) return;
    list.forEach((field) => {
      if (field.isIndirect()) {
        if (seen.has(field.asIndirect())) return;
        seen.add(field.asIndirect());
      }
      const t = field.get('T');
      const name = t.isString() ? (parent ? `${parent}.${t.asString()}` : t.asString()) : parent;
      visit(field, name);
      walk(field.get('Kids'), name, depth + 1);
    });
  };
  walk(fields, '', 0);
}

/** Every field name the document uses: the AcroForm's tree, and widgets on pages it forgot to list. */
function fieldNames(doc: mupdf.PDFDocument): Set<string> {
  const names = new Set<string>();
  walkFields(doc.getTrailer().get('Root', 'AcroForm', 'Fields'), (_, name) => names.add(name));
  for (let i = 0; i < doc.countPages(); i += 1) {
    doc
      .findPage(i)
      .get('Annots')
      .forEach((annot) => {
        const t = annot.get('T');
        if (t.isString()) names.add(t.asString());
      });
  }
  return names;
}

function uniqueFieldName(doc: mupdf.PDFDocument, prefix: string): string {
  const taken = fieldNames(doc);
  let n = 1;
  while (taken.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}

function appendPages(doc: mupdf.PDFDocument, pages: Uint8Array): void {
  const source = mupdfLib().Document.openDocument(pages, 'application/pdf').asPDF();
  if (!source) throw new Error('appended pages are not a PDF');
  try {
    const map = doc.newGraftMap();
    for (let i = 0; i < source.countPages(); i += 1) map.graftPage(-1, source, i);
  } finally {
    source.destroy();
  }
}

/** Adds the signature field (on the last page, invisible) and its dictionary; returns the field's name. */
function addSignatureField(doc: mupdf.PDFDocument, input: SignatureRevisionInput): string {
  const fieldName = uniqueFieldName(doc, input.fieldPrefix);
  const signature = doc.addObject({
    Type: doc.newName('Sig'),
    Filter: doc.newName('Adobe.PPKLite'),
    SubFilter: doc.newName('ETSI.CAdES.detached'),
    ByteRange: [0, RANGE_PLACEHOLDER, RANGE_PLACEHOLDER, RANGE_PLACEHOLDER],
    Contents: doc.newByteString(new Uint8Array(input.contentsBytes)),
    M: doc.newString(pdfDate(input.signedAt)),
    Reason: doc.newString(input.reason),
    Name: doc.newString(input.name),
    Location: doc.newString(input.location),
    ContactInfo: doc.newString(input.contactInfo),
  });
  const page = doc.findPage(doc.countPages() - 1);
  const widget = doc.addObject({
    Type: doc.newName('Annot'),
    Subtype: doc.newName('Widget'),
    FT: doc.newName('Sig'),
    T: doc.newString(fieldName),
    V: signature,
    Rect: [0, 0, 0, 0],
    F: 132, // Print + Locked
    P: page,
  });
  const annots = page.get('Annots');
  if (annots.isArray()) annots.push(widget);
  else page.put('Annots', [widget]);

  const root = doc.getTrailer().get('Root');
  let form = root.get('AcroForm');
  if (form.isNull()) {
    form = doc.addObject({ Fields: [] });
    root.put('AcroForm', form);
  }
  const fields = form.get('Fields');
  if (fields.isArray()) fields.push(widget);
  else form.put('Fields', [widget]);
  const flags = form.get('SigFlags');
  // SignaturesExist | AppendOnly (ISO 32000-1, 12.7.2).
  form.put('SigFlags', (flags.isNumber() ? flags.asNumber() : 0) | 3);
  return fieldName;
}

/** Finds `pattern` in the update only (the original may hold other signatures' dictionaries). */
function locate(bytes: Buffer, from: number, pattern: RegExp, what: string): { start: number; end: number } {
  const tail = bytes.toString('latin1', from);
  const found = [...tail.matchAll(pattern)];
  if (found.length !== 1 || found[0]!.index === undefined) throw new Error(`signature placeholder: ${what}`);
  const inner = found[0]![1]!;
  const start = from + found[0]!.index + found[0]![0].indexOf(inner);
  return { start, end: start + inner.length };
}

/**
 * The original bytes with the update appended: `appendPages`' pages, then the signature field and
 * dictionary with placeholders. Throws `PdfProblem` when the document cannot take an incremental
 * update without breaking what it carries (`incrementalSealProblem`).
 */
export function appendSignatureRevision(original: Uint8Array, input: SignatureRevisionInput): SignatureRevision {
  const doc = openPdf(original);
  try {
    const problem = incrementalSealProblem(doc);
    if (problem) throw problem;
    if (input.appendPages) appendPages(doc, input.appendPages);
    const fieldName = addSignatureField(doc, input);
    const bytes = Buffer.from(doc.saveToBuffer('incremental').asUint8Array());
    if (!bytes.subarray(0, original.length).equals(Buffer.from(original)))
      throw new Error('incremental update changed the original bytes');
    const range = String(RANGE_PLACEHOLDER);
    const byteRange = locate(
      bytes,
      original.length,
      new RegExp(`/ByteRange\\s*(\\[\\s*0\\s+${range}\\s+${range}\\s+${range}\\s*\\])`, 'g'),
      'ByteRange',
    );
    const contents = locate(
      bytes,
      original.length,
      new RegExp(`/Contents\\s*(<(?:00){${input.contentsBytes}}>)`, 'g'),
      'Contents',
    );
    return { bytes, byteRange, contents, fieldName };
  } finally {
    doc.destroy();
  }
}
