/**
 * Text of font codes for the fast zone reader (zone-scan-fonts.ts): a font's /ToUnicode CMap (bfchar and bfrange
 * mappings) and its /Encoding glyph names (a base encoding, or /BaseEncoding + /Differences), read in JavaScript.
 */
import type * as mupdf from 'mupdf';
import { baseEncoding, glyphUnicode } from './zone-scan-encodings.ts';
import { Lexer, T } from './zone-scan-lexer.ts';

/** UTF-16BE bytes → code points. */
function utf16(bytes: Uint8Array, length: number): number[] {
  const units: number[] = [];
  for (let i = 0; i + 1 < length; i += 2) units.push((bytes[i]! << 8) | bytes[i + 1]!);
  return [...String.fromCharCode(...units)].map((c) => c.codePointAt(0)!);
}

/** A ToUnicode CMap's mappings: single codes (bfchar, bfrange with an array), and ranges kept as ranges. */
export class ToUnicode {
  readonly chars = new Map<number, number[]>();
  readonly ranges: { lo: number; hi: number; first: number[] }[] = [];
  /** Some code maps to more than one character. */
  multi = false;

  set(code: number, ucs: number[]): void {
    this.chars.set(code, ucs);
    if (ucs.length > 1) this.multi = true;
  }

  get(code: number): number[] | undefined {
    const one = this.chars.get(code);
    if (one !== undefined) return one;
    for (let i = this.ranges.length - 1; i >= 0; i -= 1) {
      const { lo, hi, first } = this.ranges[i]!;
      // bfrange: the last character is incremented along the range.
      if (code >= lo && code <= hi) return [...first.slice(0, -1), first[first.length - 1]! + code - lo];
    }
    return undefined;
  }
}

/** bfchar / bfrange mappings of a ToUnicode CMap; null when it uses what this reader does not follow. */
export function parseToUnicode(data: Uint8Array): ToUnicode | null {
  const lex = new Lexer(data);
  const map = new ToUnicode();
  const buf = new Uint8Array(data.length);
  const operands: { kind: T; start: number; end: number; name?: string }[] = [];
  let mode = '';
  const value = (o: { kind: T; start: number; end: number }): number => {
    const n = lex.decode(o.kind, o.start, o.end, buf);
    let v = 0;
    for (let i = 0; i < n; i += 1) v = v * 256 + buf[i]!;
    return v;
  };
  const text = (o: { kind: T; start: number; end: number }): number[] =>
    utf16(buf, lex.decode(o.kind, o.start, o.end, buf));
  for (;;) {
    const t = lex.next();
    if (t === T.Eof) break;
    if (t === T.Error) return null;
    if (t === T.Hex || t === T.Str) operands.push({ kind: t, start: lex.start, end: lex.end });
    else if (t === T.Name) operands.push({ kind: t, start: 0, end: 0, name: lex.name() });
    else if (t === T.ArrayOpen || t === T.ArrayClose) operands.push({ kind: t, start: 0, end: 0 });
    else if (t === T.Op) {
      const word = String.fromCharCode(...data.subarray(lex.start, lex.end));
      if (word === 'usecmap') return null;
      if (word === 'beginbfchar' || word === 'beginbfrange') mode = word;
      else if (word === 'endbfchar') {
        for (let i = 0; i + 1 < operands.length; i += 2) {
          const dst = operands[i + 1]!;
          const named = dst.name === undefined ? undefined : glyphUnicode(dst.name);
          if (named !== undefined) map.set(value(operands[i]!), named === null ? [] : [named]);
          else if (dst.kind === T.Hex) map.set(value(operands[i]!), text(dst));
        }
        mode = '';
      } else if (word === 'endbfrange') {
        let i = 0;
        while (i + 2 < operands.length) {
          const lo = value(operands[i]!);
          const hi = value(operands[i + 1]!);
          if (operands[i + 2]!.kind === T.ArrayOpen) {
            let j = i + 3;
            for (let code = lo; j < operands.length && operands[j]!.kind !== T.ArrayClose; code += 1, j += 1)
              if (code <= hi) map.set(code, text(operands[j]!));
            i = j + 1;
          } else {
            const first = text(operands[i + 2]!);
            if (hi < lo || hi - lo > 0xffff || first.length === 0) return null;
            map.ranges.push({ lo, hi, first });
            if (first.length > 1) map.multi = true;
            i += 3;
          }
        }
        mode = '';
      }
      if (!mode.startsWith('begin') || word === mode) operands.length = 0;
    } else if (t === T.DictOpen) {
      if (lex.skipDict([]) === null) return null;
    }
  }
  return map;
}

/** The font's /ToUnicode mappings: undefined without one, null when it cannot be read. */
export function readToUnicode(dict: mupdf.PDFObject): ToUnicode | null | undefined {
  const stream = dict.get('ToUnicode');
  try {
    if (!stream.isStream()) return undefined;
    const buffer = stream.readStream();
    try {
      return parseToUnicode(buffer.asUint8Array().slice());
    } finally {
      buffer.destroy();
    }
  } finally {
    stream.destroy();
  }
}

/** Glyph names by code from /Encoding (a base encoding name, or a dictionary with /BaseEncoding + /Differences). */
export function encodingNames(dict: mupdf.PDFObject, standard: boolean): (string | null)[] | null {
  const enc = dict.get('Encoding');
  try {
    if (enc.isName()) return baseEncoding(enc.asName());
    const base = enc.isDictionary() ? enc.get('BaseEncoding') : null;
    const names = base?.isName() ? baseEncoding(base.asName()) : standard ? baseEncoding('StandardEncoding') : null;
    base?.destroy();
    if (!names || !enc.isDictionary()) return names;
    const diffs = enc.get('Differences');
    let code = 0;
    for (let i = 0; diffs.isArray() && i < diffs.length; i += 1) {
      const item = diffs.get(i);
      if (item.isNumber()) code = item.asNumber();
      else if (item.isName() && code >= 0 && code < 256) names[code++] = item.asName();
      item.destroy();
    }
    diffs.destroy();
    return names;
  } finally {
    enc.destroy();
  }
}
