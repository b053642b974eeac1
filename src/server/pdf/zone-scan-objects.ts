/**
 * PDF object helpers of the fast zone reader (zone-scan*.ts): every mupdf wrapper made is destroyed here, and
 * arrays of numbers are read from their printed form — one WASM call rather than a wrapper per item.
 */
import type * as mupdf from 'mupdf';

/** Destroys mupdf wrappers. */
export function drop(...objects: { destroy(): void }[]): void {
  for (const o of objects) o.destroy();
}

/**
 * A PDF array of numbers and arrays of numbers (/Widths, /W, /FontBBox…) read from its printed form in one call
 * rather than through a wrapper object per item; null when it holds anything else. `obj` is destroyed.
 */
export function printedArray(obj: mupdf.PDFObject): (number | number[])[] | null {
  try {
    if (!obj.isArray()) return [];
    const array = obj.resolve();
    const text = array.toString(true);
    array.destroy();
    const out: (number | number[])[] = [];
    let inner: number[] | null = null;
    for (const token of text.slice(1, -1).match(/\[|\]|[^\s[\]]+/g) ?? []) {
      if (token === '[') {
        if (inner) return null;
        out.push((inner = []));
      } else if (token === ']') {
        if (!inner) return null;
        inner = null;
      } else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) (inner ?? out).push(Number(token));
      else return null;
    }
    return text.startsWith('[') && !inner ? out : null;
  } finally {
    obj.destroy();
  }
}

/** The numbers of a PDF array (NaN for what is not a number); `obj` is destroyed. */
export function numbers(obj: mupdf.PDFObject): number[] {
  const printed = printedArray(obj.isArray() ? obj.resolve() : obj);
  if (printed?.every((v) => typeof v === 'number')) {
    obj.destroy();
    return printed as number[];
  }
  const out: number[] = [];
  for (let i = 0; obj.isArray() && i < obj.length; i += 1) {
    const item = obj.get(i);
    out.push(item.isNumber() ? item.asNumber() : NaN);
    item.destroy();
  }
  obj.destroy();
  return out;
}
