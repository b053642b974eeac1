/**
 * One split part: the given pages of an open source copied into a new PDF (one graft map per part,
 * so the pages of a part share their fonts and images), saved compressed. Every mupdf object made
 * here is destroyed before returning, so splitting thousands of parts keeps the WASM heap flat.
 */
import type * as mupdf from 'mupdf';
import { mupdfLib } from './mupdf.ts';

export interface PartOptions {
  /** Save options (default 'compress': grafting copies only what the pages use; 'garbage' doubled the time for no byte saved). */
  save?: string;
  /** Subset the part's embedded fonts to the glyphs its pages use (default false: measured in the bench). */
  subsetFonts?: boolean;
}

/**
 * Bakes the pages' annotations — filled form fields, stamps, comments — into their content, when any
 * page has some: grafting a page copies its content and resources, not its annotations, so a part cut
 * from a payslip whose amounts sit in filled form fields would reach the employee without them (and a
 * field's widget cannot be grafted alone: its form's tree reaches every other page's fields). mupdf's
 * `bake` draws each appearance into the page, as printing would. Returns whether anything was baked.
 */
export function bakeAnnotations(doc: mupdf.PDFDocument): boolean {
  const count = doc.countPages();
  for (let i = 0; i < count; i += 1) {
    const page = doc.findPage(i);
    const annots = page.get('Annots');
    const some = annots.isArray() && annots.length > 0;
    annots.destroy();
    page.destroy();
    if (some) {
      doc.bake(true, true);
      return true;
    }
  }
  return false;
}

/** `indexes` are 0-based page indexes of `source` (whose annotations were baked: `bakeAnnotations`). */
export function writePart(
  source: mupdf.PDFDocument,
  indexes: readonly number[],
  options: PartOptions = {},
): Uint8Array<ArrayBuffer> {
  const out = new (mupdfLib().PDFDocument)();
  const map = out.newGraftMap();
  try {
    for (const i of indexes) map.graftPage(-1, source, i);
    if (options.subsetFonts) out.subsetFonts();
    const saved = out.saveToBuffer(options.save ?? 'compress');
    try {
      return new Uint8Array(saved.asUint8Array());
    } finally {
      saved.destroy();
    }
  } finally {
    map.destroy();
    out.destroy();
  }
}
