/**
 * The content-stream interpreter of the fast zone reader (zone-scan.ts): operands and operators, the graphics
 * state that places text (q/Q, cm, the clipping paths' boxes: m l c v y re h, W/W*, painting operators) and the
 * text state (Tf Tc Tw Tz TL Ts Tr), as mupdf's pdf-interpret.c / pdf-op-run.c follow them (in float64). Text
 * objects and strings are zone-scan-show.ts's; what it cannot follow (forms near the zone, soft masks, ActualText,
 * optional content, clipping text render modes, a malformed stream) makes it give way to mupdf.
 */
import type * as mupdf from 'mupdf';
import type { ScanFont } from './zone-scan-fonts.ts';
import { EMPTY, type Matrix, type Rect, intersect } from './zone-scan-geometry.ts';
import { Lexer, T } from './zone-scan-lexer.ts';
import { type DocCache, PageResources } from './zone-scan-resources.ts';
import { type Missing, type TextState, TextObjects } from './zone-scan-show.ts';

/** Operator codes (see `op` in zone-scan-lexer.ts: the operator's bytes, little-endian). */
const enum Op {
  q = 0x71,
  Q = 0x51,
  cm = 0x6d63,
  BT = 0x5442,
  ET = 0x5445,
  Tf = 0x6654,
  Tc = 0x6354,
  Tw = 0x7754,
  Tz = 0x7a54,
  TL = 0x4c54,
  Ts = 0x7354,
  Tr = 0x7254,
  Td = 0x6454,
  TD = 0x4454,
  Tm = 0x6d54,
  Tstar = 0x2a54,
  Tj = 0x6a54,
  TJ = 0x4a54,
  quote = 0x27,
  dquote = 0x22,
  m = 0x6d,
  l = 0x6c,
  c = 0x63,
  v = 0x76,
  y = 0x79,
  re = 0x6572,
  W = 0x57,
  Wstar = 0x2a57,
  n = 0x6e,
  S = 0x53,
  s = 0x73,
  f = 0x66,
  F = 0x46,
  fstar = 0x2a66,
  B = 0x42,
  Bstar = 0x2a42,
  b = 0x62,
  bstar = 0x2a62,
  Do = 0x6f44,
  gs = 0x7367,
  BI = 0x4942,
  BDC = 0x434442,
}
const MAX_OPERANDS = 48;
const MAX_DEPTH = 256;
/** The operand stack, shared: a page is read at a time. */
const OPERANDS = {
  kinds: new Uint8Array(MAX_OPERANDS),
  nums: new Float64Array(MAX_OPERANDS),
  starts: new Int32Array(MAX_OPERANDS),
  ends: new Int32Array(MAX_OPERANDS),
};
/** A dictionary operand that names ActualText (mupdf then replaces the text). */
const ACTUAL_TEXT = 1;

export class PageScan {
  private readonly lex: Lexer;
  private readonly text: TextObjects;
  private readonly resources: PageResources;
  // Operands: kind, number, byte range (strings, names) or flag (dictionaries).
  private top = 0;
  private readonly kinds = OPERANDS.kinds;
  private readonly nums = OPERANDS.nums;
  private readonly starts = OPERANDS.starts;
  private readonly ends = OPERANDS.ends;
  // The last array operand (TJ): its strings and numbers.
  private array: { kind: T; num: number; start: number; end: number }[] = [];
  private gs: TextState;
  private readonly stack: TextState[] = [];
  /** Byte range of the last Tf's font name, and its font. */
  private lastFontName = -1;
  private lastFontEnd = -1;
  private lastFont: ScanFont | null = null;
  /** The current path's box (page space), and whether it is to clip. */
  private path: Rect = EMPTY;
  private clipPending = false;

  constructor(cache: DocCache, resources: mupdf.PDFObject, data: Uint8Array, ctm: Matrix, clip: Rect) {
    this.lex = new Lexer(data);
    this.text = new TextObjects(this.lex);
    this.resources = new PageResources(cache, resources);
    const state = { ctm: Float64Array.from(ctm), font: null, size: 0, tc: 0, tw: 0, th: 1, tl: 0, rise: 0, mode: 0 };
    this.gs = { ...state, clip };
  }

  /** The page's zone text (not collapsed), null to give way to mupdf, or Type0 codes to probe first. */
  run(): string | null | Missing {
    const lex = this.lex;
    for (;;) {
      const t = lex.next();
      if (t === T.Eof) break;
      if (t === T.Op) {
        if (!this.exec(lex.op)) return null;
        this.top = 0;
        continue;
      }
      if (this.top >= MAX_OPERANDS) return null;
      const i = this.top++;
      this.kinds[i] = t;
      if (t === T.Num) this.nums[i] = lex.num;
      else if (t === T.Name || t === T.Str || t === T.Hex) {
        this.starts[i] = lex.start;
        this.ends[i] = lex.end;
      } else if (t === T.ArrayOpen) {
        if (!this.readArray()) return null;
      } else if (t === T.DictOpen) {
        const actualText = lex.skipDict(['ActualText']);
        if (actualText === null) return null;
        this.nums[i] = actualText ? ACTUAL_TEXT : 0;
      } else return null;
    }
    if (this.text.missing.size > 0) return this.text.missing;
    return this.text.sink.ambiguous ? null : this.text.sink.result();
  }

  private readArray(): boolean {
    const lex = this.lex;
    this.array = [];
    for (;;) {
      const t = lex.next();
      if (t === T.ArrayClose) return true;
      if (t === T.Num) this.array.push({ kind: t, num: lex.num, start: 0, end: 0 });
      else if (t === T.Str || t === T.Hex) this.array.push({ kind: t, num: 0, start: lex.start, end: lex.end });
      else return false;
    }
  }

  /** The first `count` operands are numbers. */
  private numbers(count: number): boolean {
    if (this.top < count) return false;
    for (let i = 0; i < count; i += 1) if (this.kinds[i] !== T.Num) return false;
    return true;
  }

  private name(i: number): string | null {
    if (this.top <= i || this.kinds[i] !== T.Name) return null;
    this.lex.start = this.starts[i]!;
    this.lex.end = this.ends[i]!;
    return this.lex.name();
  }

  private exec(code: number): boolean {
    const g = this.gs;
    const n = this.nums;
    switch (code) {
      case Op.BT:
        this.text.begin();
        return true;
      case Op.ET:
        return true;
      case Op.Tf:
        if (this.top < 2 || this.kinds[0] !== T.Name || this.kinds[1] !== T.Num) return false;
        g.font = this.font();
        g.size = n[1]!;
        return true;
      case Op.Td:
      case Op.TD:
        if (!this.numbers(2)) return false;
        if (code === Op.TD) g.tl = -n[1]!;
        this.text.moveLine(n[0]!, n[1]!);
        return true;
      case Op.Tj:
        return this.top >= 1 && this.text.show(g, this.kinds[0] as T, this.starts[0]!, this.ends[0]!);
      case Op.TJ:
        if (this.top < 1 || this.kinds[0] !== T.ArrayOpen) return false;
        for (const item of this.array) {
          if (item.kind === T.Num) this.text.space(-item.num * 0.001 * g.size * g.th);
          else if (!this.text.show(g, item.kind, item.start, item.end)) return false;
        }
        return true;
      case Op.Tm:
        if (!this.numbers(6)) return false;
        this.text.setMatrix(n);
        return true;
      case Op.Tstar:
        this.text.moveLine(0, -g.tl);
        return true;
      case Op.quote:
        this.text.moveLine(0, -g.tl);
        return this.top >= 1 && this.text.show(g, this.kinds[0] as T, this.starts[0]!, this.ends[0]!);
      case Op.dquote:
        if (!this.numbers(2) || this.top < 3) return false;
        g.tw = n[0]!;
        g.tc = n[1]!;
        this.text.moveLine(0, -g.tl);
        return this.text.show(g, this.kinds[2] as T, this.starts[2]!, this.ends[2]!);
      case Op.Tc:
      case Op.Tw:
      case Op.Tz:
      case Op.TL:
      case Op.Ts:
      case Op.Tr:
        if (!this.numbers(1)) return false;
        if (code === Op.Tc) g.tc = n[0]!;
        else if (code === Op.Tw) g.tw = n[0]!;
        else if (code === Op.Tz) g.th = n[0]! / 100;
        else if (code === Op.TL) g.tl = n[0]!;
        else if (code === Op.Ts) g.rise = n[0]!;
        else g.mode = n[0]!;
        return true;
      case Op.q:
        if (this.stack.length >= MAX_DEPTH) return false;
        this.stack.push({ ...g, ctm: g.ctm.slice(), clip: [...g.clip] });
        return true;
      case Op.Q:
        this.gs = this.stack.pop() ?? g;
        return true;
      case Op.cm: {
        if (!this.numbers(6) || this.path !== EMPTY) return false;
        const m = g.ctm;
        const [a, b, c, d, e, f] = [n[0]!, n[1]!, n[2]!, n[3]!, n[4]!, n[5]!];
        g.ctm = new Float64Array([
          a * m[0]! + b * m[2]!,
          a * m[1]! + b * m[3]!,
          c * m[0]! + d * m[2]!,
          c * m[1]! + d * m[3]!,
          e * m[0]! + f * m[2]! + m[4]!,
          e * m[1]! + f * m[3]! + m[5]!,
        ]);
        return true;
      }
      case Op.m:
      case Op.l:
        return this.points(2);
      case Op.c:
        return this.points(6);
      case Op.v:
      case Op.y:
        return this.points(4);
      case Op.re: {
        if (!this.numbers(4)) return false;
        const [x, y, w, h] = [n[0]!, n[1]!, n[2]!, n[3]!];
        n.set([x, y, x + w, y, x + w, y + h, x, y + h]);
        this.kinds.fill(T.Num, 0, 8);
        this.top = 8;
        return this.points(8);
      }
      case Op.W:
      case Op.Wstar:
        this.clipPending = true;
        return true;
      case Op.Do: {
        const name = this.name(0);
        return name !== null && this.resources.xobject(name, g.ctm, g.clip);
      }
      case Op.gs: {
        const name = this.name(0);
        return name !== null && this.resources.harmless('G', name);
      }
      case Op.BDC: {
        const [tag, props] = [this.name(0), this.name(1)];
        if (tag === null || tag === 'OC' || this.top < 2) return false;
        if (this.kinds[1] === T.DictOpen) return n[1] !== ACTUAL_TEXT;
        return props !== null && this.resources.harmless('P', props);
      }
      case Op.BI:
        return this.lex.skipInlineImage();
      case Op.n:
      case Op.S:
      case Op.s:
      case Op.f:
      case Op.F:
      case Op.fstar:
      case Op.B:
      case Op.Bstar:
      case Op.b:
      case Op.bstar:
        if (this.clipPending) g.clip = intersect(g.clip, this.path);
        this.clipPending = false;
        this.path = EMPTY;
        return true;
      default:
        return true;
    }
  }

  /** Adds the operands' points (user space) to the current path's box (page space). */
  private points(count: number): boolean {
    if (!this.numbers(count)) return false;
    const m = this.gs.ctm;
    const p = this.path === EMPTY ? ([...EMPTY] as Rect) : this.path;
    for (let i = 0; i < count; i += 2) {
      const x = this.nums[i]!;
      const y = this.nums[i + 1]!;
      const px = x * m[0]! + y * m[2]! + m[4]!;
      const py = x * m[1]! + y * m[3]! + m[5]!;
      p[0] = Math.min(p[0], px);
      p[1] = Math.min(p[1], py);
      p[2] = Math.max(p[2], px);
      p[3] = Math.max(p[3], py);
    }
    this.path = p;
    return true;
  }

  /** The font named by operand 0 (the same name as the last Tf's is not looked up again). */
  private font(): ScanFont | null {
    const d = this.lex.data;
    const [start, end, last] = [this.starts[0]!, this.ends[0]!, this.lastFontName];
    let same = last >= 0 && end - start === this.lastFontEnd - last;
    for (let i = 0; same && i < end - start; i += 1) same = d[start + i] === d[last + i];
    if (!same) {
      this.lastFontName = start;
      this.lastFontEnd = end;
      this.lastFont = this.resources.font(this.name(0)!);
    }
    return this.lastFont;
  }
}
