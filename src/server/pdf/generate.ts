/**
 * Realistic French payslips for tests, e2e, the bench and the demo: one employee box per page with
 * "Matricule : <registration number>" inside the seeded BULLETIN_PAIE zone ({x:400,y:760,w:150,h:24},
 * bottom-left origin, A4), name/address/salary lines; a share of employees on two consecutive pages;
 * optional pages for unknown registration numbers; an embedded TrueType font (subset) or Helvetica.
 */
import type * as mupdf from 'mupdf';
import { mupdfLib } from './mupdf.ts';

export interface PayrollEmployee {
  registrationNumber: string;
  name: string;
  firstName: string;
  address?: string;
  numSecu?: string;
  email?: string;
  /** yyyy-mm-dd */
  birthDate?: string;
}

export interface PayrollOptions {
  employees: readonly PayrollEmployee[];
  /** Share of employees whose payslip takes two consecutive pages (default 0.08). */
  twoPageShare?: number;
  /** Pages for registration numbers nobody has, spread through the file (default 0). */
  unknownPages?: number;
  /** TrueType bytes to embed (e.g. DejaVuSans.ttf); Helvetica (not embedded) otherwise. */
  fontBytes?: Uint8Array;
  /** Subset the embedded font to the glyphs used (default true, as payroll software does). */
  subsetFont?: boolean;
  /** What the identification zone holds (default "Matricule : <registration number>"). */
  zoneLine?: (e: PayrollEmployee) => string;
  /** Lower-left corner of the zone line (default the seeded mask zone: 404, 768). */
  zoneAt?: { x: number; y: number };
  company?: string;
  period?: string;
  /** Deterministic choice of the two-page employees (default 1). */
  seed?: number;
}

export interface PayrollPage {
  /** 1-based page number. */
  page: number;
  /** null for unknown pages. */
  employee: PayrollEmployee | null;
  registrationNumber: string;
}

export interface PayrollPdf {
  bytes: Uint8Array<ArrayBuffer>;
  pages: PayrollPage[];
  /** Employees and the 1-based pages of their payslip, in page order. */
  documents: { employee: PayrollEmployee; pages: number[] }[];
}

const A4: [number, number, number, number] = [0, 0, 595, 842];

const pdfString = (text: string): string =>
  `(${text
    .replace(/€/g, 'EUR')
    .replace(/—/g, '\x97')
    .replace(/’/g, '\x92')
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x20-\xff]/g, '?')})`;

const money = (n: number): string =>
  n
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Tiny deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RUBRIQUES = [
  'Salaire de base',
  "Prime d'ancienneté",
  'Heures supplémentaires 25 %',
  'Indemnité de transport',
  'Santé — Sécurité sociale maladie',
  'Complémentaire santé',
  'Prévoyance non cadre',
  'Accidents du travail — maladies pro.',
  'Retraite — Sécurité sociale plafonnée',
  'Retraite — Sécurité sociale déplafonnée',
  'Retraite complémentaire tranche 1',
  'Contribution d’équilibre général T1',
  'Famille',
  'Assurance chômage',
  'AGS',
  'Autres contributions dues par l’employeur',
  'Formation professionnelle',
  'Taxe d’apprentissage',
  'CSG déductible de l’impôt sur le revenu',
  'CSG/CRDS non déductible',
  'Réduction cotisations heures sup.',
  'Tickets restaurant — part salariale',
  'Acompte',
  'Impôt sur le revenu prélevé à la source',
];
/** Columns of the contributions table: rubric, base, employee rate and amount, employer rate and amount. */
const COLUMNS = [56, 250, 310, 365, 440, 500] as const;

function pageContent(
  o: PayrollOptions,
  e: PayrollEmployee,
  registration: string,
  part: 1 | 2,
  of: 1 | 2,
  r: () => number,
): string {
  const lines: string[] = [];
  const text = (size: number, x: number, y: number, value: string): void => {
    lines.push(`BT /F1 ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`);
  };
  const amount = (max: number): string => money(Math.round(r() * max * 100) / 100);
  const zone = o.zoneAt ?? { x: 404, y: 768 };
  lines.push('0.6 w 400 760 150 24 re S');
  text(16, 56, 790, 'BULLETIN DE PAIE');
  text(10, 56, 774, `${o.company ?? 'Société Démo SAS'} — Période : ${o.period ?? 'novembre 2026'}`);
  text(7, 56, 762, 'SIRET 123 456 789 00012 — Code NAF 6201Z — URSSAF de Paris 750 123456789');
  text(7, 56, 752, 'Convention collective : Bureaux d’études techniques (Syntec) — IDCC 1486');
  text(
    9,
    zone.x,
    zone.y,
    (o.zoneLine ?? ((x) => `Matricule : ${x.registrationNumber}`))({ ...e, registrationNumber: registration }),
  );
  text(11, 372, 728, `${e.firstName} ${e.name.toUpperCase()}`);
  text(9, 372, 715, e.address ?? '12 rue des Lilas');
  text(9, 372, 703, '75011 Paris');
  text(8, 56, 728, 'Période du 01/11/2026 au 30/11/2026 — Paiement le 30/11/2026 par virement');
  text(8, 56, 716, `Emploi : Technicien — Coefficient 250 — Entrée le 01/0${1 + Math.floor(r() * 9)}/2019`);
  text(8, 56, 704, `Page ${part}/${of}${e.numSecu ? ` — N° SS ${e.numSecu}` : ''}`);
  // (y 638–662 on the left is left free: the seeded ATTESTATION_EMPLOYEUR zone.)
  lines.push('0.4 w 56 616 m 550 616 l S');
  ['Rubrique', 'Base', 'Taux sal.', 'Montant sal.', 'Taux pat.', 'Montant pat.'].forEach((h, i) =>
    text(7, COLUMNS[i]!, 620, h),
  );
  const rows = part === 1 ? RUBRIQUES.slice(0, of === 1 ? RUBRIQUES.length : 14) : RUBRIQUES.slice(14);
  let y = 604;
  for (const label of rows) {
    text(7, COLUMNS[0], y, label);
    text(7, COLUMNS[1], y, amount(4000));
    text(7, COLUMNS[2], y, `${(r() * 10).toFixed(3).replace('.', ',')}`);
    text(7, COLUMNS[3], y, amount(300));
    text(7, COLUMNS[4], y, `${(r() * 15).toFixed(3).replace('.', ',')}`);
    text(7, COLUMNS[5], y, amount(450));
    y -= 13;
  }
  lines.push(`0.4 w 56 ${y + 6} m 550 ${y + 6} l S`);
  if (part === of) {
    const gross = 2000 + r() * 3000;
    text(8, 56, y - 8, `Total brut : ${money(gross)} EUR — Total des cotisations : ${money(gross * 0.22)} EUR`);
    text(8, 56, y - 20, `Net imposable : ${money(gross * 0.8)} EUR — Net social : ${money(gross * 0.79)} EUR`);
    text(11, 56, y - 38, `Net à payer avant impôt : ${money(gross * 0.78)} EUR`);
    text(
      7,
      56,
      y - 56,
      `Cumuls annuels — Brut : ${amount(50000)} — Net imposable : ${amount(40000)} — Heures : 1 600,00`,
    );
    text(7, 56, y - 68, `Congés payés — Acquis N-1 : 25,00 — Pris : ${(r() * 10).toFixed(2)} — Acquis N : 20,83`);
    text(7, 56, y - 86, 'Dans votre intérêt, et pour vous aider à faire valoir vos droits, conservez ce bulletin');
    text(
      7,
      56,
      y - 96,
      'sans limitation de durée. Rubrique dédiée au bulletin de paie sur le portail service-public.fr',
    );
  } else text(8, 56, y - 10, 'Suite page suivante');
  return lines.join('\n');
}

export function payrollPdf(options: PayrollOptions): PayrollPdf {
  const r = random(options.seed ?? 1);
  const share = options.twoPageShare ?? 0.08;
  const doc = new (mupdfLib().PDFDocument)();
  const created: { destroy(): void }[] = [doc];
  try {
    let fontRef: mupdf.PDFObject;
    if (options.fontBytes) {
      const font = new (mupdfLib().Font)('DejaVuSans', options.fontBytes);
      created.push(font);
      fontRef = doc.addSimpleFont(font, 'Latin');
    } else {
      fontRef = doc.addObject({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
    }
    const resources = doc.addObject({ Font: { F1: fontRef } });
    const pages: PayrollPage[] = [];
    const documents: PayrollPdf['documents'] = [];
    const unknown = options.unknownPages ?? 0;
    const n = options.employees.length;
    const unknownAfter = new Set(Array.from({ length: unknown }, (_, i) => Math.floor(((i + 1) * n) / (unknown + 1))));
    const addPage = (content: string): void => {
      const page = doc.addPage(A4, 0, resources, Buffer.from(content, 'latin1'));
      doc.insertPage(-1, page);
      page.destroy();
    };
    options.employees.forEach((e, i) => {
      if (unknownAfter.has(i)) {
        const ghost = { ...e, name: 'INCONNU', firstName: 'Salarié', registrationNumber: `ZZ-${90000 + i}` };
        addPage(pageContent(options, ghost, ghost.registrationNumber, 1, 1, r));
        pages.push({ page: pages.length + 1, employee: null, registrationNumber: ghost.registrationNumber });
      }
      const of: 1 | 2 = r() < share ? 2 : 1;
      const numbers: number[] = [];
      for (let part = 1 as 1 | 2; part <= of; part += 1) {
        addPage(pageContent(options, e, e.registrationNumber, part, of, r));
        pages.push({ page: pages.length + 1, employee: e, registrationNumber: e.registrationNumber });
        numbers.push(pages.length);
      }
      documents.push({ employee: e, pages: numbers });
    });
    if (options.fontBytes && options.subsetFont !== false) doc.subsetFonts();
    const saved = doc.saveToBuffer('compress,garbage');
    const bytes = new Uint8Array(saved.asUint8Array());
    saved.destroy();
    resources.destroy();
    fontRef.destroy();
    return { bytes, pages, documents };
  } finally {
    for (const c of created.reverse()) c.destroy();
  }
}
