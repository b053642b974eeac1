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

/** `indexes` are 0-based page indexes of `source`. */
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
