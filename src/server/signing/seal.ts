/**
 * Sealing: the audit page, then a PAdES baseline B-B signature (SubFilter `ETSI.CAdES.detached`,
 * SHA-256, the certificate embedded, the signing time in /M; see `pades.ts`) over the whole file
 * but the signature itself.
 */
import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { type AuditTrail, appendAuditPage } from './audit.ts';
import type { SealingP12 } from './material.ts';
import { PadesSigner } from './pades.ts';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

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
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  await appendAuditPage(pdf, { ...audit, sha256Before });
  const bytes = await padesSign(pdf, `Scellement du parapheur ${audit.signbookId}`, audit.sealedAt, material);
  return { bytes, sha256Before, sha256After: sha256Hex(bytes) };
}

/**
 * Signs a whole PDF with the product's sealing certificate: PAdES B-B (see the header), `reason`
 * shown by readers. Signbooks' seals and the documents' deposit certificates both go through here.
 */
export async function padesSign(pdf: PDFDocument, reason: string, at: Date, material: SealingP12): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason,
    contactInfo: 'no-reply@paie-docs.local',
    name: 'Paie Docs',
    location: 'France',
    signingTime: at,
    signatureLength: 16_384,
    subFilter: 'ETSI.CAdES.detached',
  });
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const signer = new PadesSigner(material.p12, material.passphrase);
  return new SignPdf().sign(prepared, signer, at);
}
