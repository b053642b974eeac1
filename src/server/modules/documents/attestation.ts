/**
 * The deposit certificate (`GET doc/attestation/{id}` → `attestation_{fileName}`): one A4 page
 * naming the document, its type, size and SHA-256, who deposited it, into which safe, for which
 * organisation and when — sealed with the product's signing certificate exactly as signbooks are
 * (PAdES B-B, src/server/signing/seal.ts), so any PDF reader or validator checks that it is genuine,
 * and `sha256sum` on the file one holds checks that it names that very file.
 */
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import type { DomainId } from '../../../contract/constants.ts';
import type { Queryable } from '../../db/db.ts';
import { frenchDateTime, winAnsi, wrap } from '../../signing/audit.ts';
import { sealingP12 } from '../../signing/material.ts';
import { padesSign } from '../../signing/seal.ts';
import type { DocumentRow } from './read.service.ts';

const SOURCE: Record<DocumentRow['source'], string> = {
  campaign: 'campagne',
  signbook: 'parapheur scellé',
  upload: 'dépôt manuel',
};

const bytesFr = (n: number): string => `${n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')} octets`;

/** `attestation_{fileName}`, always ending in `.pdf`. */
export const attestationName = (fileName: string): string =>
  `attestation_${/\.pdf$/i.test(fileName) ? fileName : `${fileName}.pdf`}`;

export async function attestationPdf(
  q: Queryable,
  domain: DomainId,
  row: DocumentRow,
  now = new Date(),
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`Attestation de dépôt — ${row.description}`));
  pdf.setProducer('Paie Docs');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 56;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;
  const write = (text: string, size = 10, f: PDFFont = font, gap = 4): void => {
    for (const line of wrap(winAnsi(text), f, size, width)) {
      page.drawText(line, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.15) });
      y -= size + gap;
    }
  };
  const field = (label: string, value: string): void => {
    write(label, 9, bold, 2);
    write(value, 10, font, 10);
  };
  const employee = [row.employee_first_name, row.employee_name].filter(Boolean).join(' ');
  const safe =
    row.destination === 'EMPLOYEE_SAFE'
      ? `Coffre-fort numérique du salarié${employee ? ` ${employee}` : ''}`
      : "Coffre-fort de l'employeur";
  const depositor = [row.depositor_name, `${SOURCE[row.source]}${row.source_name ? ` « ${row.source_name} »` : ''}`]
    .filter(Boolean)
    .join(' — ');

  write('Attestation de dépôt', 20, bold, 14);
  write(
    'Paie Docs atteste que le document décrit ci-dessous a été déposé dans le coffre-fort indiqué, ' +
      'à la date et à l’heure indiquées, et que son contenu a l’empreinte SHA-256 ci-dessous.',
    10,
    font,
    16,
  );
  field('Document', row.description);
  field('Nom du fichier', row.file_name ?? `${row.description}.pdf`);
  field('Type de document', row.type_label ? `${row.type_label} (${row.type_code})` : row.type_code);
  field('Taille', bytesFr(row.size ?? 0));
  field('Empreinte SHA-256 du fichier', row.sha256 ?? '');
  field('Déposé par', depositor);
  field('Coffre-fort destinataire', safe);
  field('Organisation', row.organization_name);
  field('Date et heure du dépôt', frenchDateTime(row.deposited_at));
  field('Identifiant du document', row.id);
  y -= 8;
  write(
    'Pour vérifier : la signature électronique de cette attestation (PAdES) se contrôle dans tout lecteur PDF ' +
      'ou validateur de signatures ; l’empreinte du fichier que vous détenez se calcule par exemple avec ' +
      '« sha256sum » (Linux), « shasum -a 256 » (macOS) ou « certutil -hashfile fichier SHA256 » (Windows) ' +
      'et doit être identique à celle indiquée ci-dessus.',
    8,
  );
  write(`Attestation émise le ${frenchDateTime(now)}.`, 8);
  return padesSign(pdf, `Attestation de dépôt du document ${row.id}`, now, await sealingP12(q, domain));
}
