/**
 * Text objects of the fast zone reader (zone-scan-run.ts): the text matrices (BT, Tm, Td/TD/T*, advances) and the
 * showing of strings the way pdf-op-run.c places glyphs. A string is first measured (widths only), and not even
 * that when it is out of the zone's reach vertically (it is measured later only if a position after it is
 * needed). Only a string that can reach the zone has its glyphs placed one by one and boxed as
 * fz_glyph_entirely_outside_box does; the glyphs kept go to the TextSink.
 */
import { type ScanFont, UNPROBED, UNUSABLE, resolveCode, textOf } from './zone-scan-fonts.ts';
import { type Rect, setMatrix, toPage } from './zone-scan-geometry.ts';
import { type Lexer, T } from './zone-scan-lexer.ts';
import { TextSink } from './zone-scan-text.ts';

/** Closer than this (in points) to the zone's edge is too close to call. */
const EPS = 0.004;

/** What of the graphics state places text. */
export interface TextState {
  ctm: Float64Array;
  font: ScanFont | null;
  size: number;
  tc: number;
  tw: number;
  th: number;
  tl: number;
  rise: number;
  mode: number;
  clip: Rect;
}

/** Codes met near the zone that their font family does not know yet: to probe before reading the page again. */
export type Missing = Map<ScanFont, Set<number>>;

/** A reused rectangle (x0, y0, x1, y1). */
const box4 = new Float64Array(4);
let bytesBuffer = new Uint8Array(4096);
/** A reused byte buffer of at least `size` bytes (the reader is not re-entrant). */
function scratch(size: number): Uint8Array {
  if (bytesBuffer.length < size) bytesBuffer = new Uint8Array(size * 2);
  return bytesBuffer;
}

export class TextObjects {
  readonly sink = new TextSink();
  readonly missing: Missing = new Map();
  private readonly tm = new Float64Array([1, 0, 0, 1, 0, 0]);
  private readonly tlm = new Float64Array([1, 0, 0, 1, 0, 0]);
  private inText = false;
  /** A string shown out of the zone's reach, not measured yet (settle()), with the state it was shown in. */
  private pendingFont: ScanFont | null = null;
  private pendingKind = T.Str;
  private pendingStart = 0;
  private pendingEnd = 0;
  private pendingState: [number, number, number, number] = [0, 0, 0, 0];

  constructor(private readonly lex: Lexer) {}

  /** BT */
  begin(): void {
    this.pendingFont = null;
    setMatrix(this.tm, 1, 0, 0, 1, 0, 0);
    setMatrix(this.tlm, 1, 0, 0, 1, 0, 0);
    this.inText = true;
  }

  /** Tm */
  setMatrix(m: ArrayLike<number>): void {
    this.pendingFont = null;
    setMatrix(this.tm, m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!);
    setMatrix(this.tlm, m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!);
  }

  /** Td (and TD, T*, ', "): the line matrix moved, the text matrix set to it. */
  moveLine(tx: number, ty: number): void {
    this.pendingFont = null;
    const l = this.tlm;
    l[4] = tx * l[0]! + ty * l[2]! + l[4]!;
    l[5] = tx * l[1]! + ty * l[3]! + l[5]!;
    setMatrix(this.tm, l[0]!, l[1]!, l[2]!, l[3]!, l[4], l[5]);
  }

  /** A TJ number: the text matrix moved `tx` along the baseline (text space). */
  space(tx: number): void {
    this.settle();
    this.advance(tx);
  }

  private advance(tx: number): void {
    const tm = this.tm;
    tm[4] = tm[4]! + tx * tm[0]!;
    tm[5] = tm[5]! + tx * tm[1]!;
  }

  /** Moves the text matrix past the pending string (measured only now that something needs the position). */
  private settle(): void {
    const font = this.pendingFont;
    if (!font) return;
    this.pendingFont = null;
    const bytes = scratch(this.pendingEnd - this.pendingStart);
    const count = this.lex.decode(this.pendingKind, this.pendingStart, this.pendingEnd, bytes);
    const [k, tc, tw, th] = this.pendingState;
    const width = font.width;
    let t = 0;
    for (let i = 0; i < count; i += 1) {
      const code = bytes[i]!;
      t += (width[code]! * k + tc + (code === 32 ? tw : 0)) * th;
    }
    this.advance(t);
  }

  /** Shows the string operand (`kind` Str or Hex, bytes start..end) with the current font. */
  show(g: TextState, kind: T, start: number, end: number): boolean {
    const font = g.font;
    if ((kind !== T.Str && kind !== T.Hex) || !font || font.broken || g.mode > 3 || !this.inText) return false;
    this.settle();
    const tm = this.tm;
    const ctm = g.ctm;
    const clip = g.clip;
    if (tm[1] === 0 && ctm[1] === 0 && !font.twoByte) {
      // The glyphs' height on the page does not depend on how far along the line they are: a string out of the
      // zone's reach vertically is not even measured, unless something later needs the position after it.
      const sd = g.size * tm[3]!;
      const grow = font.anyMulti ? 2 : 0;
      const y = tm[5]! + g.rise * tm[3]!;
      const y0 = y + Math.min((font.ext[1] - grow) * sd, (font.ext[3] + grow) * sd);
      const y1 = y + Math.max((font.ext[1] - grow) * sd, (font.ext[3] + grow) * sd);
      const top = Math.min(y0 * ctm[3]!, y1 * ctm[3]!) + ctm[5]!;
      const bottom = Math.max(y0 * ctm[3]!, y1 * ctm[3]!) + ctm[5]!;
      if (!(bottom > clip[1] - 1 && top < clip[3] + 1)) {
        this.pendingFont = font;
        this.pendingKind = kind;
        this.pendingStart = start;
        this.pendingEnd = end;
        this.pendingState = [0.001 * g.size, g.tc, g.tw, g.th];
        return true;
      }
    }
    const bytes = scratch(end - start);
    const n = this.lex.decode(kind, start, end, bytes);
    const two = font.twoByte;
    if (two && n % 2 === 1) return false;
    const count = two ? n >> 1 : n;
    const { width, dw } = font;
    const widths = width.length;
    const k = 0.001 * g.size;
    const { tc, tw, th } = g;
    // Measure: where the glyph origins go along the baseline (t, text space).
    let t = 0;
    let tmin = 0;
    let tmax = 0;
    for (let i = 0; i < count; i += 1) {
      const code = two ? (bytes[2 * i]! << 8) | bytes[2 * i + 1]! : bytes[i]!;
      if (t < tmin) tmin = t;
      else if (t > tmax) tmax = t;
      t += ((code < widths ? width[code]! : dw) * k + tc + (!two && code === 32 ? tw : 0)) * th;
    }
    // Can any of its glyphs reach the zone? The origins' segment, widened by the font's glyph extent.
    const sa = g.size * th * tm[0]!;
    const sb = g.size * th * tm[1]!;
    const sc = g.size * tm[2]!;
    const sd = g.size * tm[3]!;
    const ox = tm[4]! + g.rise * tm[2]!;
    const oy = tm[5]! + g.rise * tm[3]!;
    // A code decoded to several characters gets glyph-less fillers bounded by the font's box: farther reach.
    const grow = font.anyMulti ? 2 : 0;
    const [e0, e1, e2, e3] = font.ext;
    const xa = ox + tmin * tm[0]!;
    const xb = ox + tmax * tm[0]!;
    const ya = oy + tmin * tm[1]!;
    const yb = oy + tmax * tm[1]!;
    box4[0] =
      Math.min(xa, xb) + Math.min((e0 - grow) * sa, (e2 + grow) * sa) + Math.min((e1 - grow) * sc, (e3 + grow) * sc);
    box4[1] =
      Math.min(ya, yb) + Math.min((e0 - grow) * sb, (e2 + grow) * sb) + Math.min((e1 - grow) * sd, (e3 + grow) * sd);
    box4[2] =
      Math.max(xa, xb) + Math.max((e0 - grow) * sa, (e2 + grow) * sa) + Math.max((e1 - grow) * sc, (e3 + grow) * sc);
    box4[3] =
      Math.max(ya, yb) + Math.max((e0 - grow) * sb, (e2 + grow) * sb) + Math.max((e1 - grow) * sd, (e3 + grow) * sd);
    toPage(box4, ctm);
    if (!(box4[2] > clip[0] - 1 && box4[3] > clip[1] - 1 && box4[0] < clip[2] + 1 && box4[1] < clip[3] + 1)) {
      this.advance(t);
      return true;
    }
    const state = font.state;
    t = 0;
    for (let i = 0; i < count; i += 1) {
      const code = two ? (bytes[2 * i]! << 8) | bytes[2 * i + 1]! : bytes[i]!;
      const w = code < widths ? width[code]! : dw;
      const text = textOf(font, code);
      // Several characters: mupdf adds glyph-less fillers, kept or not by the font's box. Give way.
      if (text.length > 1) return false;
      let codeState = state[code]!;
      if (codeState === UNPROBED) codeState = resolveCode(font, code);
      if (codeState === UNPROBED) {
        let codes = this.missing.get(font);
        if (!codes) this.missing.set(font, (codes = new Set()));
        codes.add(code);
      } else {
        // As fz_glyph_entirely_outside_box: the glyph box through the span's matrix, moved to the glyph's
        // origin, then through the CTM (two bounding boxes, as mupdf).
        const x = ox + t * tm[0]!;
        const y = oy + t * tm[1]!;
        const [b0, b1, b2, b3] = font.box.get(code) as [number, number, number, number];
        box4[0] = Math.min(b0 * sa, b2 * sa) + Math.min(b1 * sc, b3 * sc) + x;
        box4[1] = Math.min(b0 * sb, b2 * sb) + Math.min(b1 * sd, b3 * sd) + y;
        box4[2] = Math.max(b0 * sa, b2 * sa) + Math.max(b1 * sc, b3 * sc) + x;
        box4[3] = Math.max(b0 * sb, b2 * sb) + Math.max(b1 * sd, b3 * sd) + y;
        toPage(box4, ctm);
        const inside = Math.min(box4[2]! - clip[0], box4[3]! - clip[1], clip[2] - box4[0]!, clip[3] - box4[1]!);
        if (inside > -EPS && inside <= EPS) return false;
        if (inside > EPS) {
          if (codeState === UNUSABLE) return false;
          this.sink.add(
            text[0]!,
            sa * ctm[0]! + sb * ctm[2]!,
            sa * ctm[1]! + sb * ctm[3]!,
            sc * ctm[0]! + sd * ctm[2]!,
            sc * ctm[1]! + sd * ctm[3]!,
            x * ctm[0]! + y * ctm[2]! + ctm[4]!,
            x * ctm[1]! + y * ctm[3]! + ctm[5]!,
            w * 0.001,
          );
        }
      }
      t += (w * k + tc + (!two && code === 32 ? tw : 0)) * th;
    }
    this.advance(t);
    return true;
  }
}
