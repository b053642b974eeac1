/**
 * Sealing: the audit page, then a PAdES baseline B-B signature (SubFilter `ETSI.CAdES.detached`,
 * SHA-256, the certificate embedded, the signing time in /M; see `pades.ts`) over the whole file
 * but the signature itself — appended as an incremental update (`pdf/incremental.ts`), so the
 * document's own bytes, and every signature it already carries, stay as they were.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { appendSignatureRevision, loadMupdf } from '../pdf/index.ts';
import { type AuditTrail, appendAuditPage } from './audit.ts';
import type { SealingP12 } from './material.ts';
import { identityFromP12, padesCms } from './pades.ts';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Room for the CMS: a 2048–4096-bit RSA signature, a chain of a few certificates, and later a timestamp. */
export const SIGNATURE_BYTES = 16_384;

export interface Sealed {
  readonly bytes: Buffer;
  readonly sha256Before: string;
  readonly sha256After: string;
}

export async function sealPdf(
  original: Uint8Array,
  audit: Omit<AuditTrail, 'sha256Before'>,
  material: SealingP12,
): Promise<Sealed> {
  const sha256Before = sha256Hex(original);
  await loadMupdf();
  const page = await PDFDocument.create();
  await appendAuditPage(page, { ...audit, sha256Before });
  const bytes = signIncrementally(original, {
    reason: `Scellement du parapheur ${audit.signbookId}`,
    at: audit.sealedAt,
    material,
    appendPages: await page.save(),
  });
  return { bytes, sha256Before, sha256After: sha256Hex(bytes) };
}

/**
 * Signs a PDF built by the product (the documents' deposit certificate) with the sealing
 * certificate: PAdES B-B (see the header), `reason` shown by readers.
 */
export async function padesSign(pdf: PDFDocument, reason: string, at: Date, material: SealingP12): Promise<Buffer> {
  const bytes = await pdf.save({ useObjectStreams: false });
  await loadMupdf();
  return signIncrementally(bytes, { reason, at, material });
}

export interface SignOptions {
  readonly reason: string;
  readonly at: Date;
  readonly material: SealingP12;
  /** A PDF whose pages go at the end of the document, inside the signed update. */
  readonly appendPages?: Uint8Array;
}

/**
 * `original` followed by an incremental update holding the signature (and `appendPages`' pages): the
 * /ByteRange covers the whole file but the /Contents hex string, which receives the CMS.
 */
export function signIncrementally(original: Uint8Array, options: SignOptions): Buffer {
  const revision = appendSignatureRevision(original, {
    contentsBytes: SIGNATURE_BYTES,
    signedAt: options.at,
    reason: options.reason,
    name: 'Paie Docs',
    location: 'France',
    contactInfo: 'no-reply@paie-docs.local',
    appendPages: options.appendPages,
    fieldPrefix: 'PaieDocsSeal',
  });
  const { bytes, byteRange, contents } = revision;
  const ranges = [0, contents.start, contents.end, bytes.length - contents.end];
  const width = byteRange.end - byteRange.start;
  const written = `[${ranges.join(' ')}`;
  if (written.length >= width) throw new Error('file too large for its byte range');
  // The array keeps its width (no offset after it moves): spaces pad it before the `]`.
  bytes.write(`${written.padEnd(width - 1, ' ')}]`, byteRange.start, 'latin1');
  const signed = Buffer.concat([bytes.subarray(0, contents.start), bytes.subarray(contents.end)]);
  const cms = padesCms(signed, identityFromP12(options.material.p12, options.material.passphrase));
  if (cms.length > SIGNATURE_BYTES) throw new Error(`signature of ${cms.length} bytes exceeds its room`);
  bytes.write(cms.toString('hex'), contents.start + 1, 'latin1');
  return bytes;
}
