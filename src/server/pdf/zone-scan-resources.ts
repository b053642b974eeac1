/**
 * A page's resources as the fast zone reader (zone-scan.ts) needs them: fonts (read once per document,
 * zone-scan-fonts.ts), and whether an XObject, an ExtGState or marked-content properties let it go on — an image,
 * a form out of the zone's reach, a graphics state without font or soft mask, properties without ActualText —
 * remembered per document by resources object and name.
 */
import type * as mupdf from 'mupdf';
import { type FontCache, type ScanFont, loadFont } from './zone-scan-fonts.ts';
import { numbers } from './zone-scan-objects.ts';
import { FAR, type Rect, touches, transformRect } from './zone-scan-geometry.ts';

export interface DocCache extends FontCache {
  /**
   * "resources object:kind:name" → a font's object number; whether a resource is harmless; a form XObject's
   * box in the user space of the page that shows it.
   */
  names: Map<string, number | boolean | Rect>;
  /** Pages read so far. */
  pages: Set<number>;
}

const MAX_FONTS = 64;

export class PageResources {
  private readonly key: number;

  constructor(
    private readonly cache: DocCache,
    private readonly resources: mupdf.PDFObject,
  ) {
    this.key = resources.asIndirect();
  }

  /** The font named `name`; null when missing or not supported. */
  font(name: string): ScanFont | null {
    const key = `${this.key}:F:${name}`;
    const known = this.key > 0 ? this.cache.names.get(key) : undefined;
    const fonts = this.cache.fonts;
    if (typeof known === 'number' && fonts.has(known)) return fonts.get(known) ?? null;
    const ref = this.resources.get('Font', name);
    const num = ref.isIndirect() ? ref.asIndirect() : 0;
    if (num > 0 && !fonts.has(num)) {
      fonts.set(num, loadFont(ref, this.cache));
      // Fonts may differ on every page (a merged file): keep the last ones only.
      if (fonts.size > MAX_FONTS) fonts.delete(fonts.keys().next().value!);
    }
    ref.destroy();
    if (this.key > 0) this.cache.names.set(key, num);
    return fonts.get(num) ?? null;
  }

  /**
   * Whether the XObject named `name` is harmless: an image (no text), or a form whose box — mupdf clips
   * what it draws to it — is out of the zone's reach. A form that may reach the zone: give way.
   */
  xobject(name: string, ctm: ArrayLike<number>, clip: Rect): boolean {
    const key = `${this.key}:X:${name}`;
    let known = this.key > 0 ? this.cache.names.get(key) : undefined;
    if (known === undefined) {
      const subtype = this.resources.get('XObject', name, 'Subtype');
      const bbox = numbers(this.resources.get('XObject', name, 'BBox'));
      const matrix = numbers(this.resources.get('XObject', name, 'Matrix'));
      const kind = subtype.isName() ? subtype.asName() : '';
      subtype.destroy();
      if (kind === 'Image') known = true;
      else if (kind !== 'Form' || bbox.length !== 4 || ![0, 6].includes(matrix.length)) known = false;
      else {
        const box: Rect = [
          Math.min(bbox[0]!, bbox[2]!),
          Math.min(bbox[1]!, bbox[3]!),
          Math.max(bbox[0]!, bbox[2]!),
          Math.max(bbox[1]!, bbox[3]!),
        ];
        known = transformRect(box, matrix.length ? matrix : [1, 0, 0, 1, 0, 0]);
        if (known.some((v) => !Number.isFinite(v))) known = false;
      }
      if (this.key > 0) this.cache.names.set(key, known);
    }
    if (typeof known !== 'object') return known === true;
    return !touches(transformRect(known, ctm), clip, FAR);
  }

  /** Whether the ExtGState (G) or marked-content properties (P) named `name` are harmless. */
  harmless(kind: 'G' | 'P', name: string): boolean {
    const key = `${this.key}:${kind}:${name}`;
    const known = this.key > 0 ? this.cache.names.get(key) : undefined;
    if (typeof known === 'boolean') return known;
    const dict = kind === 'G' ? 'ExtGState' : 'Properties';
    const [exists, font, mask, actualText] = [[], ['Font'], ['SMask'], ['ActualText']].map((path) =>
      this.resources.get(dict, name, ...path),
    ) as [mupdf.PDFObject, mupdf.PDFObject, mupdf.PDFObject, mupdf.PDFObject];
    // ExtGState: a font set by the graphics state, or a soft mask (which clips), gives way; properties: ActualText.
    const ok =
      kind === 'G'
        ? exists.isDictionary() && font.isNull() && (mask.isNull() || (mask.isName() && mask.asName() === 'None'))
        : actualText.isNull();
    for (const o of [exists, font, mask, actualText]) o.destroy();
    if (this.key > 0) this.cache.names.set(key, ok);
    return ok;
  }
}
