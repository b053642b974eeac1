/**
 * The content-stream tokenizer of the fast zone reader (zone-scan.ts), working on bytes: numbers, names,
 * literal and hex strings (kept as byte ranges, decoded only when shown), arrays, dictionaries, comments,
 * operators (packed into a small integer) and inline images (BI … ID … EI, skipped). It never throws:
 * anything it cannot follow comes back as `T.Error`, and the reader gives way to mupdf.
 */

/** Token kinds. */
export const enum T {
  Eof,
  Error,
  Num,
  Name,
  Str,
  Hex,
  ArrayOpen,
  ArrayClose,
  DictOpen,
  DictClose,
  Op,
}

const WS = 1;
const DELIM = 2;
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = WS;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = DELIM;

/** An operator's code: its bytes little-endian (operators longer than 3 bytes get -1). */
export const op = (name: string): number =>
  name.length > 3 ? -1 : [...name].reduceRight((code, c) => (code << 8) | c.charCodeAt(0), 0);

const COMPONENTS: Record<string, number> = { G: 1, DeviceGray: 1, RGB: 3, DeviceRGB: 3, CMYK: 4, DeviceCMYK: 4 };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

export class Lexer {
  pos = 0;
  /** Value of the last `T.Num`. */
  num = 0;
  /** Byte range of the last name (after `/`), string (inside the delimiters) or operator. */
  start = 0;
  end = 0;
  /** Code of the last `T.Op` (see `op`). */
  op = 0;

  constructor(readonly data: Uint8Array) {}

  next(): T {
    const d = this.data;
    const n = d.length;
    let p = this.pos;
    for (;;) {
      while (p < n && CLASS[d[p]!] === WS) p += 1;
      if (p >= n) {
        this.pos = p;
        return T.Eof;
      }
      if (d[p] !== 37) break; // %
      while (p < n && d[p] !== 10 && d[p] !== 13) p += 1;
    }
    const c = d[p]!;
    if (isDigit(c) || c === 45 || c === 43 || c === 46) return this.number(p);
    if (c === 47) {
      let q = p + 1;
      while (q < n && CLASS[d[q]!] === 0) q += 1;
      this.start = p + 1;
      this.end = q;
      this.pos = q;
      return T.Name;
    }
    if (c === 40) return this.literal(p);
    if (c === 60) {
      if (d[p + 1] === 60) {
        this.pos = p + 2;
        return T.DictOpen;
      }
      let q = p + 1;
      while (q < n && d[q] !== 62) q += 1;
      if (q >= n) return T.Error;
      this.start = p + 1;
      this.end = q;
      this.pos = q + 1;
      return T.Hex;
    }
    if (c === 62) {
      if (d[p + 1] !== 62) return T.Error;
      this.pos = p + 2;
      return T.DictClose;
    }
    if (c === 91 || c === 93) {
      this.pos = p + 1;
      return c === 91 ? T.ArrayOpen : T.ArrayClose;
    }
    if (CLASS[c] === DELIM) return T.Error; // ) { }
    let q = p;
    while (q < n && CLASS[d[q]!] === 0) q += 1;
    this.start = p;
    this.end = q;
    this.pos = q;
    this.op = q - p > 3 ? -1 : d[p]! | (q - p > 1 ? d[p + 1]! << 8 : 0) | (q - p > 2 ? d[p + 2]! << 16 : 0);
    return T.Op;
  }

  private number(p: number): T {
    const d = this.data;
    const n = d.length;
    let sign = 1;
    while (p < n && (d[p] === 45 || d[p] === 43)) {
      if (d[p] === 45) sign = -sign;
      p += 1;
    }
    let value = 0;
    let digits = 0;
    while (p < n && isDigit(d[p]!)) {
      value = value * 10 + d[p]! - 48;
      p += 1;
      digits += 1;
    }
    if (p < n && d[p] === 46) {
      p += 1;
      let scale = 1;
      while (p < n && isDigit(d[p]!)) {
        value = value * 10 + d[p]! - 48;
        scale *= 10;
        p += 1;
        digits += 1;
      }
      value /= scale;
    }
    // "1.2.3", "5-3", a lone sign or dot: mupdf's reading of these is its own — give way.
    if (digits === 0 || (p < n && CLASS[d[p]!] === 0)) return T.Error;
    this.num = sign * value;
    this.pos = p;
    return T.Num;
  }

  private literal(p: number): T {
    const d = this.data;
    const n = d.length;
    let depth = 1;
    let q = p + 1;
    while (q < n) {
      const c = d[q]!;
      if (c === 92) q += 2;
      else {
        if (c === 40) depth += 1;
        else if (c === 41 && --depth === 0) break;
        q += 1;
      }
    }
    if (q >= n) return T.Error;
    this.start = p + 1;
    this.end = q;
    this.pos = q + 1;
    return T.Str;
  }

  /** The last name as a string (`#xx` escapes decoded). */
  name(): string {
    let s = '';
    for (let i = this.start; i < this.end; i += 1) {
      const c = this.data[i]!;
      if (c === 35 && i + 2 < this.end) {
        const v = (hexValue(this.data[i + 1]!) << 4) | hexValue(this.data[i + 2]!);
        if (v >= 0) {
          s += String.fromCharCode(v);
          i += 2;
          continue;
        }
      }
      s += String.fromCharCode(c);
    }
    return s;
  }

  /** Decodes the string token `kind` spanning start..end into `out` (bytes); returns the byte count. */
  decode(kind: T, start: number, end: number, out: Uint8Array): number {
    const d = this.data;
    let k = 0;
    if (kind === T.Hex) {
      let high = -1;
      for (let i = start; i < end; i += 1) {
        const v = hexValue(d[i]!);
        if (v < 0) continue;
        if (high < 0) high = v;
        else {
          out[k++] = (high << 4) | v;
          high = -1;
        }
      }
      if (high >= 0) out[k++] = high << 4;
      return k;
    }
    for (let i = start; i < end; i += 1) {
      let c = d[i]!;
      if (c === 13) {
        // An end of line in a literal string reads as \n.
        if (d[i + 1] === 10) i += 1;
        c = 10;
      } else if (c === 92) {
        i += 1;
        c = d[i]!;
        if (c >= 48 && c <= 55) {
          let v = c - 48;
          for (let j = 0; j < 2 && d[i + 1]! >= 48 && d[i + 1]! <= 55; j += 1) v = v * 8 + d[++i]! - 48;
          c = v & 255;
        } else if (c === 110) c = 10;
        else if (c === 114) c = 13;
        else if (c === 116) c = 9;
        else if (c === 98) c = 8;
        else if (c === 102) c = 12;
        else if (c === 10 || c === 13) {
          if (c === 13 && d[i + 1] === 10) i += 1;
          continue;
        }
      }
      out[k++] = c;
    }
    return k;
  }

  /**
   * Skips a dictionary whose `<<` was just read (nested ones too). Returns whether one of `keys` appears
   * as a name in it, or null when it does not parse.
   */
  skipDict(keys: readonly string[]): boolean | null {
    let depth = 1;
    let found = false;
    while (depth > 0) {
      const t = this.next();
      if (t === T.Eof || t === T.Error || t === T.Op) return null;
      if (t === T.DictOpen) depth += 1;
      else if (t === T.DictClose) depth -= 1;
      else if (t === T.Name && keys.includes(this.name())) found = true;
    }
    return found;
  }

  /** Skips one value (any object) whose first token `t` was just read; false when it does not parse. */
  private skipValue(t: T): boolean {
    if (t === T.DictOpen) return this.skipDict([]) !== null;
    if (t !== T.ArrayOpen) return t === T.Num || t === T.Name || t === T.Str || t === T.Hex || t === T.Op;
    for (;;) {
      const u = this.next();
      if (u === T.ArrayClose) return true;
      if (u === T.Eof || u === T.Error || u === T.DictClose || !this.skipValue(u)) return false;
    }
  }

  /** Skips an inline image after its `BI`; false when its end cannot be found with confidence. */
  skipInlineImage(): boolean {
    const d = this.data;
    let filtered = false;
    let width = 0;
    let height = 0;
    let bpc = 8;
    let comps = 0;
    for (;;) {
      let t = this.next();
      if (t === T.Op && this.op === op('ID')) break;
      if (t !== T.Name) return false;
      const key = this.name();
      t = this.next();
      const at = this.start;
      if (key === 'F' || key === 'Filter') filtered = true;
      else if (t === T.Num && (key === 'W' || key === 'Width')) width = this.num;
      else if (t === T.Num && (key === 'H' || key === 'Height')) height = this.num;
      else if (t === T.Num && (key === 'BPC' || key === 'BitsPerComponent')) bpc = this.num;
      else if (key === 'CS' || key === 'ColorSpace')
        comps = t === T.ArrayOpen ? 1 : t === T.Name ? (COMPONENTS[this.name()] ?? 0) : 0;
      else if ((key === 'IM' || key === 'ImageMask') && t === T.Op && d[at] === 116) {
        comps = 1;
        bpc = 1;
      }
      if (!this.skipValue(t)) return false;
    }
    // One white-space byte after ID, then the data.
    let p = this.pos + 1;
    const endsAt = (q: number): boolean =>
      d[q] === 69 && d[q + 1] === 73 && (q + 2 >= d.length || CLASS[d[q + 2]!] !== 0);
    if (!filtered && comps > 0 && width > 0 && height > 0) {
      p += Math.ceil((width * comps * bpc) / 8) * height;
      while (p < d.length && CLASS[d[p]!] === WS) p += 1;
      if (!endsAt(p)) return false;
      this.pos = p + 2;
      return true;
    }
    for (; p + 1 < d.length; p += 1) {
      if (CLASS[d[p - 1]!] === WS && endsAt(p)) {
        this.pos = p + 2;
        return true;
      }
    }
    return false;
  }
}
