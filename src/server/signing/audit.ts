/**
 * The audit-trail page appended before sealing: the signbook, the document's SHA-256 before
 * sealing, and each signatory with step, time and channel of the code. In French (the product
 * language); Helvetica's WinAnsi covers French accents, other letters fall back to their base form.
 */
import { type PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import type { SignatureCodeMode } from '../../contract/enums.ts';

export interface AuditSignatory {
  readonly step: number;
  readonly name: string;
  readonly email: string | null;
  readonly signedAt: string | null;
  readonly channel: SignatureCodeMode | null;
}

export interface AuditTrail {
  readonly signbookId: string;
  readonly signbookName: string;
  readonly organizationName: string;
  readonly documentName: string;
  readonly sha256Before: string;
  readonly sealedAt: Date;
  readonly signatories: readonly AuditSignatory[];
}

const CHANNEL: Record<SignatureCodeMode, string> = { email: 'e-mail', sms: 'SMS', voicemail: 'message vocal' };
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Keeps what Helvetica (WinAnsi) can draw; other letters lose their accents, the rest becomes '?'. */
export const winAnsi = (text: string): string =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) return ch;
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base.length === 1 && base.charCodeAt(0) < 0x7f ? base : '?';
    })
    .join('');

export const frenchDateTime = (iso: string | Date): string => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC`;
};

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  // A single word wider than the line (a hash): cut it.
  return lines.flatMap((l) => (font.widthOfTextAtSize(l, size) <= width ? [l] : (l.match(/.{1,64}/g) ?? [l])));
}

export async function appendAuditPage(pdf: PDFDocument, audit: AuditTrail): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 50;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;
  const write = (text: string, size = 10, f: PDFFont = font, gap = 4): void => {
    for (const line of wrap(winAnsi(text), f, size, width)) {
      if (y < margin) return;
      page.drawText(line, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.15) });
      y -= size + gap;
    }
  };
  write("Piste d'audit de signature électronique", 16, bold, 10);
  write(`Parapheur : ${audit.signbookName}`);
  write(`Identifiant : ${audit.signbookId}`);
  write(`Organisation : ${audit.organizationName}`);
  write(`Document : ${audit.documentName}`);
  write(`Scellé le : ${frenchDateTime(audit.sealedAt)}`, 10, font, 12);
  write('Empreinte SHA-256 du document avant scellement :', 10, bold);
  write(audit.sha256Before, 9, font, 12);
  write('Signataires', 12, bold, 8);
  for (const s of audit.signatories) {
    const when = s.signedAt ? `signé le ${frenchDateTime(s.signedAt)}` : 'non signé';
    const channel = s.channel ? `code reçu par ${CHANNEL[s.channel]}` : 'code : canal inconnu';
    write(`Étape ${s.step + 1} — ${s.name}${s.email ? ` <${s.email}>` : ''}`, 10, bold, 2);
    write(`${when} — ${channel}`, 10, font, 8);
  }
  y -= 8;
  write(
    "L'empreinte SHA-256 du document scellé (après signature) est enregistrée dans le journal du parapheur : " +
      "elle ne peut pas figurer dans le document qu'elle décrit.",
    8,
  );
}
