/**
 * The fast zone reader: the text of a page's mask zone read straight from the page's content stream, without
 * mupdf interpreting the page (mupdf's `clip-rect` structured text bounds every glyph of the page: ~0.85 ms a
 * page; this reads the bytes, follows positions and decodes only what can reach the zone: ~0.1 ms). mupdf only
 * hands over objects (the page's bounds and transform, /Contents, /Resources, fonts). A glyph is kept as mupdf's
 * structured-text device keeps it with `clip-rect` (stext-device.c do_extract → fz_glyph_entirely_outside_box):
 * unless its outline's bounding box (zone-scan-probe.ts), in page space, is entirely outside the zone ∩ the page
 * bounds ∩ the clipping paths' boxes — dropped when x1 ≤ zx0, y1 ≤ zy0, x0 ≥ zx1 or y0 ≥ zy1. Kept characters
 * become lines and words in zone-scan-text.ts. See README.md for what it follows and when it returns null — the
 * caller then reads the page with mupdf. Never throws.
 */
import type * as mupdf from 'mupdf';
import { probeCodes } from './zone-scan-fonts.ts';
import { numbers } from './zone-scan-objects.ts';
import { FAR, type Matrix, type Rect, intersect, touches, transformRect } from './zone-scan-geometry.ts';
import type { DocCache } from './zone-scan-resources.ts';
import { PageScan } from './zone-scan-run.ts';
import type { Missing } from './zone-scan-show.ts';
import type { Zone } from './zone.ts';

const caches = new WeakMap<mupdf.PDFDocument, DocCache>();

/** The zone in page space, as zoneRect (zone.ts) computes it, cut to the page's bounds. */
export function zoneClip(bounds: Rect, zone: Zone): Rect {
  const h = bounds[3] - bounds[1];
  const x0 = bounds[0] + zone.x;
  const y0 = bounds[1] + h - (zone.y + zone.height);
  return intersect([x0, y0, x0 + zone.width, y0 + zone.height], bounds);
}

/** Whitespace collapsed to single spaces, trimmed (as zone.ts tidies mupdf's text). */
const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Text inside `zone` on page `index` (0-based), whitespace collapsed; null when mupdf must read this page. */
export function scanZoneText(doc: mupdf.PDFDocument, index: number, zone: Zone): string | null {
  let cache = caches.get(doc);
  if (!cache)
    caches.set(
      doc,
      (cache = {
        fonts: new Map(),
        names: new Map(),
        families: new Map(),
        signatures: new Map(),
        costly: 0,
        pages: new Set(),
      }),
    );
  // A document that keeps needing costly steps (probes, Type0 fonts that differ on every page) is left to mupdf.
  cache.pages.add(index);
  if (cache.pages.size > 16 && cache.costly * 8 > cache.pages.size) return null;
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const scan = scanPage(cache, doc, index, zone);
      if (scan === null) return null;
      if (typeof scan === 'string') return tidy(scan);
      // Glyphs met near the zone that their font family does not know yet: probe them, read the page again.
      for (const [font, codes] of scan) if (!probeCodes(doc, cache, font, [...codes])) return null;
    }
    return null;
  } catch (_error) {
    return null;
  }
}

function scanPage(cache: DocCache, doc: mupdf.PDFDocument, index: number, zone: Zone): string | null | Missing {
  const page = doc.loadPage(index);
  const made: { destroy(): void }[] = [page];
  try {
    const pageObj = page.getObject();
    made.push(pageObj);
    const rotate = pageObj.getInheritable('Rotate');
    made.push(rotate);
    if (rotate.isNumber() && rotate.asNumber() % 360 !== 0) return null;
    const bounds = page.getBounds() as Rect;
    const ctm = page.getTransform() as Matrix;
    const clip = zoneClip(bounds, zone);
    if (annotationsNear(pageObj, ctm, clip)) return null;
    const contents = pageObj.get('Contents');
    made.push(contents);
    const data = readContents(contents);
    if (!data) return null;
    const resources = pageObj.getInheritable('Resources');
    made.push(resources);
    return new PageScan(cache, resources, data, ctm, clip).run();
  } finally {
    for (const m of made.reverse()) m.destroy();
  }
}

/** mupdf also runs annotations (and makes appearances for some): any but links over the zone → mupdf. */
function annotationsNear(pageObj: mupdf.PDFObject, ctm: Matrix, clip: Rect): boolean {
  const annots = pageObj.get('Annots');
  try {
    for (let i = 0; annots.isArray() && i < annots.length; i += 1) {
      const subtype = annots.get(i, 'Subtype');
      const kind = subtype.isName() ? subtype.asName() : '';
      subtype.destroy();
      if (kind === 'Link' || kind === 'Popup') continue;
      const r = numbers(annots.get(i, 'Rect'));
      const box: Rect = [
        Math.min(r[0]!, r[2]!),
        Math.min(r[1]!, r[3]!),
        Math.max(r[0]!, r[2]!),
        Math.max(r[1]!, r[3]!),
      ];
      if (r.length !== 4 || box.some((v) => !Number.isFinite(v)) || touches(transformRect(box, ctm), clip, FAR))
        return true;
    }
    return false;
  } finally {
    annots.destroy();
  }
}

/** The page's content bytes (the streams of an array joined by a newline), or null. */
function readContents(contents: mupdf.PDFObject): Uint8Array | null {
  const parts: Uint8Array[] = [];
  const read = (stream: mupdf.PDFObject): boolean => {
    if (!stream.isStream()) return false;
    const buffer = stream.readStream();
    parts.push(buffer.asUint8Array().slice());
    buffer.destroy();
    return true;
  };
  if (contents.isArray()) {
    for (let i = 0; i < contents.length; i += 1) {
      const item = contents.get(i);
      const ok = read(item);
      item.destroy();
      if (!ok) return null;
    }
  } else if (!read(contents)) return null;
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    out[at + p.length] = 10;
    at += p.length + 1;
  }
  return out;
}
