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
  let some = false;
  for (let i = 0; i < count; i += 1) {
    const page = doc.findPage(i);
    const annots = page.get('Annots');
    if (annots.isArray()) {
      dropUnseen(annots);
      some ||= annots.length > 0;
    }
    annots.destroy();
    page.destroy();
  }
  if (some) doc.bake(true, true);
  return some;
}

/** Annotation flags (ISO 32000-1, 12.5.3): Hidden (2) and NoView (32) are never shown on screen. */
const UNSEEN = 2 | 32;

/**
 * Removes from a page's annotations those a viewer never shows (Hidden, NoView): baked, they would
 * appear in the part — a note the source kept out of sight, another employee's figures in it.
 */
function dropUnseen(annots: mupdf.PDFObject): void {
  for (let k = annots.length - 1; k >= 0; k -= 1) {
    const annot = annots.get(k);
    const flags = annot.get('F');
    const unseen = flags.isNumber() && (flags.asNumber() & UNSEEN) !== 0;
    flags.destroy();
    annot.destroy();
    if (unseen) annots.delete(k);
  }
}

/**
 * Gives `out` the source's optional-content settings (`/OCProperties`: its layers, which are off),
 * grafted through the pages' map so the layers their content names are the same objects; a second
 * source's (a merged download) join the first's. Without them every layer shows: content the source
 * kept hidden — another employee's registration number on a layer switched off — became visible.
 */
export function graftLayers(out: mupdf.PDFDocument, source: mupdf.PDFDocument, map: mupdf.PDFGraftMap): void {
  const layers = source.getTrailer().get('Root', 'OCProperties');
  if (layers.isNull()) return;
  const grafted = map.graftObject(layers);
  const root = out.getTrailer().get('Root');
  const mine = root.get('OCProperties');
  if (mine.isNull()) {
    root.put('OCProperties', grafted);
    return;
  }
  append(out, mine, 'OCGs', grafted.get('OCGs'));
  const config = mine.get('D');
  for (const key of ['OFF', 'ON']) append(out, config, key, grafted.get('D', key));
}

/** Appends the items of `from` (an array, else nothing) to `dict[key]`, made an array if it was not one. */
function append(out: mupdf.PDFDocument, dict: mupdf.PDFObject, key: string, from: mupdf.PDFObject): void {
  if (!from.isArray() || !dict.isDictionary()) return;
  if (!dict.get(key).isArray()) dict.put(key, out.newArray());
  const to = dict.get(key);
  from.forEach((item) => void to.push(item));
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
    graftLayers(out, source, map);
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
