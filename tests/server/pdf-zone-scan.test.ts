/**
 * The fast zone reader (src/server/pdf/zone-scan*.ts) against mupdf's `clip-rect` structured text, its
 * reference: generated payrolls (embedded subset TrueType, Helvetica) with zones everywhere, PDFs built by hand
 * for each content-stream feature it follows, what it leaves to mupdf, and `zoneReader`'s self-check.
 */
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import {
  VERIFIED_PAGES,
  type Zone,
  payrollPdf,
  readZoneTexts,
  zoneReader,
  zoneTextOf,
} from '../../src/server/pdf/index.ts';
import { scanZoneText } from '../../src/server/pdf/zone-scan.ts';

const FONT = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BENCH_ZONE: Zone = { page: 1, x: 400, y: 760, width: 150, height: 24 };
const employees = Array.from({ length: 14 }, (_, i) => ({
  registrationNumber: `BEN-${String(i + 1).padStart(6, '0')}`,
  name: ['Lefèvre', 'Garçon', 'Dupont', 'Noël'][i % 4]!,
  firstName: ['Élodie', 'Zoé', 'François'][i % 3]!,
}));

const open = (bytes: Uint8Array): mupdf.PDFDocument => new mupdf.PDFDocument(bytes);

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomZones(count: number, seed: number): Zone[] {
  const r = random(seed);
  return Array.from({ length: count }, () => {
    const x = r() * 560;
    const y = r() * 830;
    return { page: 1, x, y, width: Math.min(595 - x, 1 + r() * 220), height: Math.min(842 - y, 1 + r() * 45) };
  });
}

/**
 * On every page of `doc`, for each zone: when the fast reader reads, it reads exactly mupdf's text. Returns
 * the share of (page, zone) it read (the rest went to mupdf).
 */
function agreement(doc: mupdf.PDFDocument, zones: Zone[], pages = doc.countPages()): number {
  let read = 0;
  for (const zone of zones) {
    for (let i = 0; i < pages; i += 1) {
      const fast = scanZoneText(doc, i, zone);
      if (fast === null) continue;
      read += 1;
      expect({ page: i, zone, text: fast }).toEqual({ page: i, zone, text: zoneTextOf(doc, i, zone) });
    }
  }
  return read / (zones.length * pages);
}

/** Zones the fast reader must read (never leave to mupdf), with mupdf's text. */
function reads(doc: mupdf.PDFDocument, zones: Zone[], pages = doc.countPages()): string[] {
  const texts: string[] = [];
  for (const zone of zones) {
    for (let i = 0; i < pages; i += 1) {
      const exact = zoneTextOf(doc, i, zone);
      expect({ page: i, zone, text: scanZoneText(doc, i, zone) }).toEqual({ page: i, zone, text: exact });
      texts.push(exact);
    }
  }
  return texts;
}

/** Around the seeded zone: shifted, cutting through words, through the line, empty. */
const ZONES: Zone[] = [
  BENCH_ZONE,
  { page: 1, x: 430, y: 760, width: 60, height: 24 }, // cuts "Matricule" and the number
  { page: 1, x: 400, y: 771, width: 150, height: 4 }, // a slice through the middle of the line
  { page: 1, x: 400, y: 774.5, width: 150, height: 20 }, // only the tops of the capitals
  { page: 1, x: 200, y: 640, width: 100, height: 20 }, // nothing there
  { page: 1, x: 50, y: 690, width: 300, height: 60 }, // three lines of the left block
  { page: 1, x: 240, y: 420, width: 200, height: 120 }, // table cells: several columns and lines
  { page: 1, x: 0, y: 0, width: 595, height: 842 }, // the whole page
];

describe('scanZoneText on generated payrolls', () => {
  for (const [label, fontBytes] of [
    ['an embedded subset TrueType font', FONT],
    ['Helvetica, not embedded, WinAnsi', undefined],
  ] as const) {
    it(`reads exactly mupdf's text with ${label}`, () => {
      const payroll = payrollPdf({ employees, fontBytes, twoPageShare: 0.25, unknownPages: 1, seed: 3 });
      const doc = open(payroll.bytes);
      try {
        const texts = reads(doc, ZONES);
        expect(texts.slice(0, payroll.pages.length)).toEqual(
          payroll.pages.map((p) => `Matricule : ${p.registrationNumber}`),
        );
        expect(texts.filter((t) => t === '').length).toBeGreaterThanOrEqual(payroll.pages.length);
        // Random zones: when the fast reader reads, it agrees; it gives way on a rare too-close call only.
        expect(agreement(doc, randomZones(60, 11), 4)).toBeGreaterThan(0.95);
      } finally {
        doc.destroy();
      }
    });
  }

  it('reads names and birth dates in the zone (accents), and a full, not subset, embedded font', () => {
    const payroll = payrollPdf({
      employees: employees.map((e) => ({ ...e, birthDate: '1980-04-02' })),
      fontBytes: FONT,
      subsetFont: false,
      zoneLine: (e) => `${e.name.toUpperCase()} ${e.firstName} né(e) le ${e.birthDate}`,
      seed: 5,
    });
    const doc = open(payroll.bytes);
    try {
      expect(reads(doc, [{ page: 1, x: 400, y: 760, width: 190, height: 24 }], 4)).toEqual(
        payroll.pages
          .slice(0, 4)
          .map((p) => `${p.employee!.name.toUpperCase()} ${p.employee!.firstName} né(e) le 1980-04-02`),
      );
    } finally {
      doc.destroy();
    }
  });
});

/** A one-page PDF: fonts F1 (Helvetica, WinAnsi), F2 (DejaVu, simple), F3 (DejaVu, Type0 Identity-H), F4 (Helvetica with /Differences). */
function handMade(
  content: string | Uint8Array,
  options: {
    rotate?: mupdf.Rotate;
    extra?: (doc: mupdf.PDFDocument, f1: mupdf.PDFObject) => Record<string, unknown>;
  } = {},
): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('DejaVuSans', FONT);
  try {
    const f1 = doc.addObject({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
    const differences = doc.newArray();
    differences.push(1);
    for (const name of ['M', 'a', 't', 'r', 'i', 'c', 'u', 'l', 'e', 'space', 'eacute', 'fi', 'hyphen'])
      differences.push(doc.newName(name));
    const f4 = doc.addObject({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'Helvetica',
      Encoding: { Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences },
    });
    const resources = doc.addObject({
      Font: { F1: f1, F2: doc.addSimpleFont(font, 'Latin'), F3: doc.addFont(font), F4: f4 },
      ...options.extra?.(doc, f1),
    });
    const page = doc.addPage([0, 0, 595, 842], options.rotate ?? 0, resources, content);
    doc.insertPage(-1, page);
    const buffer = doc.saveToBuffer('compress');
    const bytes = new Uint8Array(buffer.asUint8Array());
    buffer.destroy();
    return bytes;
  } finally {
    font.destroy();
    doc.destroy();
  }
}

/** Identity-H codes (= DejaVu glyph ids) of `text`, as a hex string. */
function type0(text: string): string {
  const font = new mupdf.Font('DejaVuSans', FONT);
  const hex = [...text].map((c) => font.encodeCharacter(c).toString(16).padStart(4, '0')).join('');
  font.destroy();
  return `<${hex}>`;
}

/** Zones over the hand-made pages' text (at x 100–500, y 300–700), and random ones. */
const HAND_ZONES: Zone[] = [
  { page: 1, x: 0, y: 0, width: 595, height: 842 },
  { page: 1, x: 90, y: 290, width: 420, height: 420 },
  { page: 1, x: 150, y: 350, width: 120, height: 200 },
  { page: 1, x: 200, y: 500, width: 180, height: 14 },
  ...randomZones(40, 7).map((z) => ({ ...z, x: 80 + (z.x % 400), y: 280 + (z.y % 420) })),
];

type HandMadeOptions = Parameters<typeof handMade>[1];

/** A form XObject showing "In the form" in a 200 × 50 box. */
const withForm: HandMadeOptions = {
  extra: (doc, f1) => ({
    XObject: {
      Fm: doc.addStream('BT /F1 12 Tf 0 10 Td (In the form) Tj ET', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 200, 50],
        Resources: { Font: { F1: f1 } },
      }),
    },
  }),
};

function handMadeAgreement(content: string | Uint8Array, fastShare = 0.9, options: HandMadeOptions = {}): string {
  const doc = open(handMade(content, options));
  try {
    expect(agreement(doc, HAND_ZONES)).toBeGreaterThanOrEqual(fastShare);
    return zoneTextOf(doc, 0, HAND_ZONES[0]!);
  } finally {
    doc.destroy();
  }
}

describe('scanZoneText on hand-made content streams', () => {
  it('follows TJ with kerning (tight, a space, a column jump)', () => {
    const text = handMadeAgreement(
      'BT /F1 14 Tf 100 600 Td [(Mat) -40 (ri) 120 (cule) -300 (:) -900 (A) 30 (B) -9000 (far)] TJ ET\n' +
        'BT /F2 11 Tf 100 560 Td [(W) 80 (A) 80 (V) -200 (E)] TJ ET',
    );
    expect(text).toBe('Matricule : AB far WAV E');
  });

  it('follows Tm and cm, with scaling, Tz, Tc, Tw, Ts and nested q/Q', () => {
    handMadeAgreement(
      'q 1.5 0 0 1.5 -50 -200 cm BT /F1 10 Tf 1 0 0 1 150 500 Tm (Scaled by cm) Tj ET Q\n' +
        'BT /F2 9 Tf 2 0 0 0.75 120 450 Tm (Tm stretched) Tj ET\n' +
        'q 0.8 0 0 0.8 20 30 cm q 1 0 0 1 10 10 cm BT /F1 12 Tf 150 420 Td 150 Tz (Horizontal scale) Tj ET Q\n' +
        'BT /F1 12 Tf 150 400 Td (Restored) Tj ET Q\n' +
        'BT /F1 10 Tf 100 380 Td 1.6 Tc (Spaced letters) Tj 0 Tc 4 Tw 0 -14 Td (Word spacing here) Tj ET\n' +
        'BT /F2 10 Tf 100 340 Td (Base) Tj 3 Ts (sup) Tj -2 Ts (sub) Tj 0 Ts 0 -30 Td 0 1 -1 0 0 0 cm (x) Tj ET\n' +
        'BT /F1 10 Tf 0.9 0.3 -0.3 0.9 300 330 Tm (Slanted line of text) Tj ET',
    );
  });

  it('follows T*, \' and " with TL and TD', () => {
    const text = handMadeAgreement(
      'BT /F2 10 Tf 14 TL 120 650 Td (First line) Tj T* (Second line) Tj (Third) \' 2 1 (Fourth, spaced) " ET\n' +
        'BT /F1 10 Tf 300 650 Td 0 -20 TD (TD sets the leading) Tj T* (so T* follows) Tj ET',
    );
    expect(text).toContain('Fourth');
  });

  it('reads a Type0 Identity-H font with a ToUnicode CMap', () => {
    const text = handMadeAgreement(
      `BT /F3 12 Tf 100 600 Td ${type0('Matricule : Ω-4521 Élodie')} Tj ET\n` +
        `BT /F3 9 Tf 150 520 Td [${type0('Kern')} -500 ${type0('ing')}] TJ ET`,
    );
    expect(text).toBe('Matricule : Ω-4521 Élodie Kern ing');
  });

  it('decodes a /Differences encoding (glyph names), ligature included', () => {
    const text = handMadeAgreement('BT /F4 12 Tf 100 600 Td <010203040506070809 0a 0b 0c 0d 09> Tj ET');
    expect(text).toBe('Matricule éfi-e');
  });

  it('skips an inline image, even one whose data looks like operators', () => {
    const image = Buffer.concat([
      Buffer.from('BT /F1 12 Tf 100 600 Td (Before) Tj ET\nq 40 0 0 20 100 560 cm BI /W 4 /H 2 /CS /G /BPC 8 ID '),
      Buffer.from([0x20, 0x45, 0x49, 0x20, 0x28, 0x29, 0x3c, 0x0a]),
      Buffer.from(' EI Q\nBT /F1 12 Tf 100 540 Td (After) Tj ET'),
    ]);
    expect(handMadeAgreement(image)).toBe('Before After');
  });

  it('follows a clipping path that hides part of the text', () => {
    handMadeAgreement(
      'q 100 590 60 30 re W n BT /F1 14 Tf 100 600 Td (Partly clipped text) Tj ET Q\n' +
        'BT /F1 14 Tf 100 560 Td (Not clipped) Tj ET\n' +
        'q 0 0 50 50 re W n BT /F1 14 Tf 300 500 Td (Entirely clipped) Tj ET Q\n' +
        'q 90 300 400 60 re W n 150 330 m 400 340 l 420 420 300 450 130 380 c h W* n BT /F2 60 Tf 120 320 Td (Big) Tj ET Q',
    );
    // A zone above the clip, glyphs spanning both: mupdf intersects rectangles axis by axis (without making a
    // disjoint intersection empty), so the tall glyphs are kept ("a" does not reach the zone) — and so here.
    const doc = open(handMade('q 100 300 300 40 re W n BT /F1 60 Tf 110 310 Td (Tall) Tj ET Q'));
    try {
      expect(reads(doc, [{ page: 1, x: 100, y: 345, width: 300, height: 20 }])).toEqual(['T ll']);
    } finally {
      doc.destroy();
    }
  });

  it("reads around a form XObject out of the zone's reach (mupdf clips a form to its box)", () => {
    const doc = open(
      handMade('q 1 0 0 1 100 100 cm /Fm Do Q BT /F1 12 Tf 100 600 Td (Above the form) Tj ET', withForm),
    );
    try {
      expect(reads(doc, [{ page: 1, x: 90, y: 590, width: 200, height: 30 }])).toEqual(['Above the form']);
      expect(scanZoneText(doc, 0, { page: 1, x: 90, y: 90, width: 200, height: 60 })).toBeNull();
    } finally {
      doc.destroy();
    }
  });

  it('reads invisible text (render mode 3) as mupdf does, and skips image XObjects', () => {
    const text = handMadeAgreement(
      'BT 3 Tr /F1 12 Tf 100 600 Td (Invisible OCR) Tj ET q 50 0 0 50 100 500 cm /Im Do Q',
      0.9,
      {
        extra: (doc: mupdf.PDFDocument) => ({
          XObject: {
            Im: doc.addStream(Buffer.from([0, 255, 255, 0]), {
              Type: 'XObject',
              Subtype: 'Image',
              Width: 2,
              Height: 2,
              ColorSpace: 'DeviceGray',
              BitsPerComponent: 8,
            }),
          },
        }),
      },
    );
    expect(text).toBe('Invisible OCR');
  });
});

describe('what the fast reader leaves to mupdf', () => {
  const whole: Zone = { page: 1, x: 0, y: 0, width: 842, height: 842 };
  const fastOf = (bytes: Uint8Array): { fast: string | null; exact: string } => {
    const doc = open(bytes);
    try {
      return { fast: scanZoneText(doc, 0, whole), exact: zoneTextOf(doc, 0, whole) };
    } finally {
      doc.destroy();
    }
  };

  it('a form XObject (text could be inside)', () => {
    const bytes = handMade('BT /F1 12 Tf 100 600 Td (Page) Tj ET q 1 0 0 1 100 500 cm /Fm Do Q', withForm);
    expect(fastOf(bytes)).toEqual({ fast: null, exact: 'Page In the form' });
  });

  it('a rotated page', () => {
    expect(fastOf(handMade('BT /F1 12 Tf 100 600 Td (Rotated) Tj ET', { rotate: 90 }))).toEqual({
      fast: null,
      exact: 'Rotated',
    });
  });

  it('text render modes that clip (4–7), ActualText, optional content', () => {
    for (const content of [
      'BT 7 Tr /F1 12 Tf 100 600 Td (Clip) Tj ET',
      'BT /Span <</ActualText (Replaced)>> BDC /F1 12 Tf 100 600 Td (Shown) Tj EMC ET',
      '/OC /L1 BDC BT /F1 12 Tf 100 600 Td (Layer) Tj ET EMC',
    ])
      expect(fastOf(handMade(content)).fast).toBeNull();
  });

  it('a truncated or garbage content stream: null, never a throw', () => {
    for (const content of [
      'BT /F1 12 Tf 100 600 Td (Unterminated',
      'BT /F1 12 Tf 100 600 Td <4142',
      'BT /F1 12 Tf 100 600 Td (ok) Tj ET ) ] >> }',
      'BT /F9 12 Tf 100 600 Td (no such font) Tj ET',
      'BT /F1 Tf 100 Td (missing operands) Tj ET',
      'q q q 1 2 3 4 5 cm Q BT /F1 12 Tf 1.2.3 600 Td (bad number) Tj ET',
      'BT /F1 12 Tf 100 600 Td (inline) Tj ET BI /W 4 /H 4 /F /Fl ID xx',
      Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)),
    ]) {
      const doc = open(handMade(content));
      try {
        expect(scanZoneText(doc, 0, whole)).toBeNull();
      } finally {
        doc.destroy();
      }
    }
  });
});

describe('zoneReader', () => {
  const payroll = payrollPdf({ employees, fontBytes: FONT, twoPageShare: 0.25, seed: 9 });

  it('reads every page as mupdf does, and readZoneTexts uses it', () => {
    const doc = open(payroll.bytes);
    try {
      const read = zoneReader(doc, BENCH_ZONE);
      const pages = Array.from({ length: doc.countPages() }, (_, i) => i);
      expect(pages.map(read)).toEqual(pages.map((i) => zoneTextOf(doc, i, BENCH_ZONE)));
      expect(readZoneTexts(payroll.bytes, BENCH_ZONE)).toEqual(pages.map(read));
    } finally {
      doc.destroy();
    }
  });

  it('uses the fast reader after its first pages agree with mupdf', () => {
    const doc = open(payroll.bytes);
    try {
      const calls: number[] = [];
      const read = zoneReader(doc, BENCH_ZONE, (d, i, z) => (calls.push(i), scanZoneText(d, i, z)));
      for (let i = 0; i < doc.countPages(); i += 1) read(i);
      expect(calls).toEqual(Array.from({ length: doc.countPages() }, (_, i) => i));
    } finally {
      doc.destroy();
    }
  });

  it('switches the whole document to mupdf when the fast reader disagrees on a first page', () => {
    const doc = open(payroll.bytes);
    try {
      const calls: number[] = [];
      const wrong = (d: mupdf.PDFDocument, i: number, z: Zone): string | null => {
        calls.push(i);
        return i === 3 ? 'Matricule : SOMEONE-ELSE' : scanZoneText(d, i, z);
      };
      const read = zoneReader(doc, BENCH_ZONE, wrong);
      const pages = Array.from({ length: doc.countPages() }, (_, i) => i);
      expect(pages.map(read)).toEqual(pages.map((i) => zoneTextOf(doc, i, BENCH_ZONE)));
      expect(calls).toEqual(Array.from({ length: VERIFIED_PAGES }, (_, i) => i));
    } finally {
      doc.destroy();
    }
  });

  it('uses mupdf for a page the fast reader leaves, and for all when it reads none of the first pages', () => {
    const doc = open(payroll.bytes);
    try {
      const pages = Array.from({ length: doc.countPages() }, (_, i) => i);
      const exact = pages.map((i) => zoneTextOf(doc, i, BENCH_ZONE));
      const some = zoneReader(doc, BENCH_ZONE, (d, i, z) => (i % 3 === 0 ? null : scanZoneText(d, i, z)));
      expect(pages.map(some)).toEqual(exact);
      const calls: number[] = [];
      const none = zoneReader(doc, BENCH_ZONE, (_d, i) => (calls.push(i), null));
      expect(pages.map(none)).toEqual(exact);
      expect(calls).toHaveLength(VERIFIED_PAGES);
    } finally {
      doc.destroy();
    }
  });
});
