/**
 * Fonts for the fast zone reader (zone-scan.ts): what it needs to place and decode each glyph without running the
 * page. Widths (/Widths + /FirstChar + /MissingWidth, /W + /DW) and text (/ToUnicode, else /Encoding glyph names,
 * zone-scan-cmap.ts) are read in JavaScript; glyph boxes come from a mupdf probe (zone-scan-probe.ts), which
 * also checks our width and text of each probed code against mupdf's (a differing text makes the code UNUSABLE,
 * a differing width the whole font). Probes are shared: a font identical to one already probed (same family,
 * widths and text: the same standard font on every page of a merged file) copies its tables; the glyph boxes of a
 * family (fonts of the same type, base name without subset tag, font file kind and flags: the subsets of one font)
 * are shared by text and width, so another subset is probed only for glyphs not seen yet. Simple fonts are
 * probed whole (256 codes) the first time a family is met, then lazily, like Type0 fonts, code by code near zones.
 */
import type * as mupdf from 'mupdf';
import { type ToUnicode, encodingNames, readToUnicode } from './zone-scan-cmap.ts';
import { glyphUnicode } from './zone-scan-encodings.ts';
import { drop, numbers, printedArray } from './zone-scan-objects.ts';
import { type Probed, probeFont } from './zone-scan-probe.ts';

/** Code states. */
export const UNPROBED = 0;
export const READY = 1;
export const UNUSABLE = 2;

type Box = [number, number, number, number];

/** Glyph boxes shared by the fonts of a family, by text and width (`glyphKey`). */
export interface Family {
  boxes: Map<string, number[]>;
  /** Union of the family's known boxes. */
  union: Box;
}

export interface ScanFont {
  /** Object number of the font dictionary (for later probes). */
  ref: number;
  family: Family;
  /** Two-byte codes (Type0 Identity-H) or one-byte (simple fonts). */
  twoByte: boolean;
  /** Per code: UNPROBED, READY or UNUSABLE. */
  state: Uint8Array;
  /** Per code: advance width in thousandths of an em (codes past the end: `dw`). */
  width: Float64Array;
  dw: number;
  /** Per code met near a zone: the glyph's bounding box in em (x0, y0, x1, y1), as mupdf bounds it. */
  box: Map<number, number[]>;
  /** Per code: its text (code points as mupdf decodes them); more than one = mupdf adds glyph-less fillers. */
  text: Map<number, number[]>;
  /** Type0: where codes not in `text` yet find theirs. */
  toUnicode: ToUnicode | null;
  /** Some code's text has more than one character. */
  anyMulti: boolean;
  /** Bounds (em) of every glyph box of the font: exact once probed whole, generous otherwise. */
  ext: Box;
  /** mupdf's widths differ from ours: the font is not used. */
  broken: boolean;
}

/** What a document's fonts share. */
export interface FontCache {
  fonts: Map<number, ScanFont | null>;
  families: Map<string, Family>;
  /** Fully probed simple fonts by family, widths and text. */
  signatures: Map<string, ScanFont>;
  /**
   * Costly steps so far, each about what mupdf takes to read a page: probes, and Type0 fonts read (mupdf parses
   * their /W, often thousands of entries, and so do we).
   */
  costly: number;
}

/** pdf_to_int: mupdf rounds real widths. */
const int = (v: number): number => Math.floor(v + 0.5);
const REPLACEMENT = 0xfffd;
/** Until probed, a glyph may reach this far (em) around its origin and advance. */
const GENEROUS: Box = [-1, -1, 2, 2];

const union = (a: Box, b: ArrayLike<number>): Box => [
  Math.min(a[0], b[0]!),
  Math.min(a[1], b[1]!),
  Math.max(a[2], b[2]!),
  Math.max(a[3], b[3]!),
];

/** The text of `code` (Type0 fonts: looked up in the ToUnicode CMap on first use). */
export function textOf(font: ScanFont, code: number): number[] {
  let text = font.text.get(code);
  if (text === undefined) {
    const ucs = font.toUnicode?.get(code);
    text = !ucs?.length || (ucs.length === 1 && ucs[0] === 0) ? [REPLACEMENT] : ucs;
    font.text.set(code, text);
  }
  return text;
}

/** Key of a glyph within its family, or null when its text does not identify it. */
function glyphKey(font: ScanFont, code: number): string | null {
  const text = textOf(font, code);
  if (!text?.length || text.some((c) => c < 0 || c === REPLACEMENT)) return null;
  return `${text.join(',')}|${code < font.width.length ? font.width[code] : font.dw}`;
}

/** The family of the font `dict` (for Type0: of its descendant), as "type|name|file|flags". */
function familyKey(dict: mupdf.PDFObject, type: string): string {
  // Path gets only: a missing entry is PDFObject.Null, which has no document to get from.
  const name = dict.get('BaseFont');
  const files = ['FontFile', 'FontFile2', 'FontFile3'].map((k) => dict.get('FontDescriptor', k));
  const flags = dict.get('FontDescriptor', 'Flags');
  const subtype = dict.get('FontDescriptor', 'FontFile3', 'Subtype');
  const key = [
    type,
    name.isName() ? name.asName().replace(/^[A-Z]{6}\+/, '') : '',
    files.map((f) => (f.isStream() ? 1 : 0)).join('') + (subtype.isName() ? subtype.asName() : ''),
    flags.isNumber() ? flags.asNumber() : '',
  ].join('|');
  drop(name, ...files, flags, subtype);
  return key;
}

function emptyFont(ref: number, twoByte: boolean, family: Family, widths: number): ScanFont {
  return {
    ref,
    family,
    twoByte,
    state: new Uint8Array(twoByte ? 65536 : 256),
    width: new Float64Array(widths),
    dw: 0,
    box: new Map(),
    text: new Map(),
    toUnicode: null,
    anyMulti: false,
    ext: [Infinity, Infinity, -Infinity, -Infinity],
    broken: false,
  };
}

function setText(font: ScanFont, code: number, ucs: number[]): void {
  const text = ucs.length === 1 && ucs[0] === 0 ? [REPLACEMENT] : ucs;
  font.text.set(code, text);
  if (text.length > 1) font.anyMulti = true;
}

function family(cache: FontCache, key: string): Family {
  let f = cache.families.get(key);
  if (!f) cache.families.set(key, (f = { boxes: new Map(), union: [Infinity, Infinity, -Infinity, -Infinity] }));
  return f;
}

/** Records probe results: boxes (shared with the family), checks of our widths and text against mupdf's. */
function apply(font: ScanFont, probed: Map<number, Probed>, codes: number[], takeWidths: boolean): void {
  for (const code of codes) {
    const got = probed.get(code);
    if (!got || Number.isNaN(got.width)) {
      font.state[code] = UNUSABLE;
      continue;
    }
    if (takeWidths) font.width[code] = got.width;
    else if (got.width !== (code < font.width.length ? font.width[code] : font.dw)) font.broken = true;
    const ours = textOf(font, code);
    const same = ours.length === got.ucs.length && ours.every((c, i) => c === got.ucs[i]);
    font.state[code] = same ? READY : UNUSABLE;
    font.box.set(code, got.box);
    const key = same ? glyphKey(font, code) : null;
    if (key !== null) {
      font.family.boxes.set(key, got.box);
      font.family.union = union(font.family.union, got.box);
    }
  }
}

function loadSimple(dict: mupdf.PDFObject, ref: number, cache: FontCache): ScanFont | null {
  const key = familyKey(dict, 'simple');
  const font = emptyFont(ref, false, family(cache, key), 256);
  const missing = dict.get('FontDescriptor', 'MissingWidth');
  const [firstChar, lastChar, widths] = [dict.get('FirstChar'), dict.get('LastChar'), dict.get('Widths')];
  const [desc, base] = [dict.get('FontDescriptor'), dict.get('BaseFont')];
  const standard = !desc.isDictionary() && base.isName();
  const hasWidths = widths.isArray();
  font.width.fill(missing.isNumber() ? int(missing.asNumber()) : 0);
  if (hasWidths) {
    // As pdf_load_simple_font: /FirstChar../LastChar, entries missing from /Widths are 0.
    const list = numbers(widths);
    let first = firstChar.isNumber() ? firstChar.asNumber() : 0;
    let last = lastChar.isNumber() ? lastChar.asNumber() : 0;
    if (first < 0 || last > 255 || first > last) first = last = 0;
    for (let code = first; code <= last; code += 1) font.width[code] = int(list[code - first] || 0);
  }
  const bbox = numbers(dict.get('FontDescriptor', 'FontBBox')).map((v) => v / 1000);
  drop(missing, firstChar, lastChar, widths, desc, base);
  const toUnicode = readToUnicode(dict);
  if (toUnicode === null) return null;
  const names = encodingNames(dict, standard);
  for (let code = 0; code < 256; code += 1) {
    const mapped = toUnicode?.get(code);
    const name = names?.[code];
    setText(font, code, mapped?.length ? mapped : [name ? (glyphUnicode(name) ?? -1) : REPLACEMENT]);
  }
  const signature = `${key}#${[...font.text.values()].join(';')}#${hasWidths ? font.width.join(',') : ''}`;
  const twin = cache.signatures.get(signature);
  if (twin) {
    font.state.set(twin.state);
    font.width.set(twin.width);
    font.box = new Map(twin.box);
    font.ext = twin.ext;
    return font;
  }
  if (hasWidths && font.family.boxes.size > 0) {
    // Another subset of a font already met: its glyph boxes come from the family, or from a probe when needed.
    font.ext = union(union(font.family.union, GENEROUS), bbox.length === 4 ? bbox : GENEROUS);
    return font;
  }
  // The family's first font (or a standard font without /Widths: mupdf takes the font program's advances).
  const all = Array.from({ length: 256 }, (_, i) => i);
  const probed = probeFont(dict, all, false);
  cache.costly += 1;
  if (!probed) return null;
  apply(font, probed, all, !hasWidths);
  if (font.broken) return null;
  for (const box of font.box.values()) font.ext = union(font.ext, box);
  cache.signatures.set(signature, font);
  return font;
}

function loadType0(dict: mupdf.PDFObject, ref: number, cache: FontCache): ScanFont | null {
  const enc = dict.get('Encoding');
  const cid = dict.get('DescendantFonts', 0);
  const [dw, w] = [dict.get('DescendantFonts', 0, 'DW'), dict.get('DescendantFonts', 0, 'W')];
  try {
    if (!enc.isName() || enc.asName() !== 'Identity-H' || !cid.isDictionary()) return null;
    const subtype = dict.get('DescendantFonts', 0, 'Subtype');
    const kind = subtype.isName() ? subtype.asName() : '';
    subtype.destroy();
    // /W: "c [w1 w2 …]" or "c_first c_last w".
    let list = printedArray(w.resolve());
    if (!list) {
      list = [];
      for (let i = 0; w.isArray() && i < w.length; i += 1) {
        const item = w.get(i);
        list.push(item.isArray() ? numbers(item) : item.isNumber() ? item.asNumber() : NaN);
        item.destroy();
      }
    }
    let size = 0;
    for (let i = 0; i + 1 < list.length; i += 1) {
      const [c0, next] = [list[i], list[i + 1]];
      if (typeof c0 === 'number' && Array.isArray(next)) size = Math.max(size, c0 + next.length);
      else if (typeof c0 === 'number' && typeof next === 'number') size = Math.max(size, next + 1);
    }
    const font = emptyFont(ref, true, family(cache, familyKey(cid, kind)), Math.min(65536, size));
    font.dw = dw.isNumber() ? int(dw.asNumber()) : 1000;
    font.width.fill(font.dw);
    for (let i = 0; i < list.length;) {
      const [c0, next, v] = [list[i], list[i + 1], list[i + 2]];
      if (typeof c0 !== 'number' || !(c0 >= 0) || next === undefined) return null;
      if (Array.isArray(next)) {
        for (let k = 0; k < next.length && c0 + k < 65536; k += 1) font.width[c0 + k] = int(next[k]!);
        i += 2;
      } else {
        if (typeof v !== 'number' || !(next >= c0)) return null;
        for (let c = c0; c <= next && c < 65536; c += 1) font.width[c] = int(v);
        i += 3;
      }
    }
    font.toUnicode = readToUnicode(dict) ?? null;
    if (!font.toUnicode) return null;
    font.anyMulti = font.toUnicode.multi;
    const bbox = numbers(dict.get('DescendantFonts', 0, 'FontDescriptor', 'FontBBox')).map((v) => v / 1000);
    font.ext = union(union(font.family.union, GENEROUS), bbox.length === 4 ? bbox : GENEROUS);
    return font;
  } finally {
    drop(enc, cid, dw, w);
  }
}

/** Reads the font `ref` (an indirect font dictionary); null when this reader does not support it. */
export function loadFont(ref: mupdf.PDFObject, cache: FontCache): ScanFont | null {
  const num = ref.asIndirect();
  const subtype = ref.get('Subtype');
  try {
    if (num <= 0 || !subtype.isName()) return null;
    const kind = subtype.asName();
    if (kind === 'Type0') {
      cache.costly += 1;
      return loadType0(ref, num, cache);
    }
    if (kind === 'Type1' || kind === 'TrueType' || kind === 'MMType1') return loadSimple(ref, num, cache);
    return null;
  } catch (_error) {
    return null;
  } finally {
    subtype.destroy();
  }
}

/** A code met near the zone: READY from its family's boxes, or still UNPROBED (it needs a probe). */
export function resolveCode(font: ScanFont, code: number): number {
  const key = glyphKey(font, code);
  const box = key === null ? undefined : font.family.boxes.get(key);
  if (box === undefined) return UNPROBED;
  font.box.set(code, box);
  return (font.state[code] = READY);
}

/** Probes `codes` of `font` (met near the zone, unknown to its family); false when the probe fails. */
export function probeCodes(doc: mupdf.PDFDocument, cache: FontCache, font: ScanFont, codes: number[]): boolean {
  const ref = doc.newIndirect(font.ref);
  try {
    const probed = probeFont(ref, codes, font.twoByte);
    cache.costly += 1;
    if (probed) apply(font, probed, codes, false);
    return probed !== null;
  } finally {
    ref.destroy();
  }
}
