/**
 * mupdf's view of a font's glyphs, for the fast zone reader (zone-scan-fonts.ts). mupdf keeps a glyph in a zone
 * from its outline's bounding box, which only the font program knows (TrueType, CFF, Type 1, or the substitute
 * mupdf picks for a font that is not embedded, stretched to the PDF widths). So the font dictionary is grafted
 * into a scratch document whose one page shows each code twice, the page is run through a device, and each
 * glyph's box (fz_bound_glyph, via Text.getBounds), width (the second glyph's position) and text (Unicode) are
 * read back. About a millisecond a probe: done once per font family of a document (see zone-scan-fonts.ts).
 */
import type * as mupdf from 'mupdf';
import { mupdfLib } from './mupdf.ts';

export interface Probed {
  /** Glyph box in em (x0, y0, x1, y1). */
  box: number[];
  /** mupdf's Unicode text of the code (glyph-less fillers included). */
  ucs: number[];
  /** Advance width in thousandths of an em. */
  width: number;
}

const SIZE = 1000;
const STEP = 8;
const BOX_SCALE = 1024;

/** What mupdf makes of each of `codes` in the font `fontObj` (2-byte codes for Type0); null when it fails. */
export function probeFont(fontObj: mupdf.PDFObject, codes: number[], twoByte: boolean): Map<number, Probed> | null {
  const seen = new Map<number, Probed>();
  const scratch = new (mupdfLib().PDFDocument)();
  const made: { destroy(): void }[] = [];
  try {
    const grafted = scratch.graftObject(fontObj);
    made.push(grafted);
    const resources = scratch.addObject({ Font: { F: grafted } });
    made.push(resources);
    const hex = (c: number): string => c.toString(16).padStart(twoByte ? 4 : 2, '0');
    const lines = codes.map((c, i) => `1 0 0 1 0 ${i * STEP} Tm <${hex(c)}${hex(c)}> Tj`);
    const pageObj = scratch.addPage([0, 0, 100, 100], 0, resources, `BT /F ${SIZE} Tf\n${lines.join('\n')}\nET`);
    made.push(pageObj);
    scratch.insertPage(-1, pageObj);
    const page = scratch.loadPage(0);
    made.push(page);
    let current: Probed | null = null;
    let index = -1;
    const device = new (mupdfLib().Device)({
      fillText(text: mupdf.Text, _ctm: mupdf.Matrix, colorspace: mupdf.ColorSpace) {
        const fonts = new Set<mupdf.Font>();
        text.walk({
          showGlyph(font, trm, gid, ucs) {
            fonts.add(font);
            const at = Math.round(trm[5] / STEP);
            if (gid >= 0 && at !== index) {
              // The first glyph of a code: its box.
              index = at;
              const one = new (mupdfLib().Text)();
              one.showGlyph(font, [1, 0, 0, 1, 0, 0], gid, ucs);
              const r = one.getBounds(null as unknown as mupdf.StrokeState, [BOX_SCALE, 0, 0, BOX_SCALE, 0, 0]);
              one.destroy();
              // fz_bound_text pads a non-empty box by 1 (device unit).
              const box =
                r[0] > r[2] ? [0, 0, 0, 0] : [r[0] + 1, r[1] + 1, r[2] - 1, r[3] - 1].map((v) => v / BOX_SCALE);
              current = { box, ucs: [ucs], width: NaN };
              if (codes[at] !== undefined) seen.set(codes[at], current);
            } else if (current && at === index && Number.isNaN(current.width)) {
              // Glyph-less fillers (one code, several characters), then the second glyph: the width.
              if (gid >= 0) current.width = Math.round(trm[4]);
              else current.ucs.push(ucs);
            }
          },
        });
        text.destroy();
        colorspace.destroy();
        for (const f of fonts) f.destroy();
      },
    });
    try {
      page.run(device, [1, 0, 0, 1, 0, 0]);
      device.close();
    } finally {
      device.destroy();
    }
    return seen;
  } catch (_error) {
    return null;
  } finally {
    for (const m of made.reverse()) m.destroy();
    scratch.destroy();
  }
}
