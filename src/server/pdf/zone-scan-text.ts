/**
 * Lines and words of the fast zone reader (zone-scan.ts): the characters kept in the zone are assembled the way
 * mupdf's structured-text device does (source/fitz/stext-device.c, fz_add_stext_char): a new line when the
 * direction changes or the glyph leaves the baseline (≥ 0.8 em) or jumps along it (≥ 0.8 em), a synthetic space
 * for a gap of 0.15–0.8 em, a character drawn twice in place ("fake bold") kept once, ligatures expanded, the
 * Unicode spaces read as spaces. Only what survives whitespace collapsing matters, so a line break is written
 * as "\n". A measurement too close to one of those thresholds to be sure mupdf (computing in float32) lands on the
 * same side sets `ambiguous`: the caller then gives way to mupdf.
 */

const SPACE_DIST = 0.15;
const SPACE_MAX_DIST = 0.8;
const BASE_MAX_DIST = 0.8;
const FAKE_BOLD_MAX_DIST = 0.1;
/** Closer than this (in em) to a threshold is too close to call. */
const EPS = 5e-4;

const LIGATURES: Record<number, string> = {
  0xfb00: 'ff',
  0xfb01: 'fi',
  0xfb02: 'fl',
  0xfb03: 'ffi',
  0xfb04: 'ffl',
  0xfb05: 'st',
  0xfb06: 'st',
};
const SPACES = new Set([
  0x09, 0x20, 0xa0, 0x1680, 0x180e, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
  0x200a, 0x202f, 0x205f, 0x3000,
]);

const mayAddSpace = (c: number): boolean => c !== 32 && (c < 0x700 || (c >= 0x2000 && c <= 0x20cf));
const near = (value: number, threshold: number): boolean => Math.abs(value - threshold) < EPS;

export class TextSink {
  private text = '';
  private hasLine = false;
  private penX = 0;
  private penY = 0;
  private lastChar = 0;
  private dirX = 0;
  private dirY = 0;
  ambiguous = false;

  /** One shown character `c` (a code point) whose glyph matrix in page space is a…f, advancing `adv` em. */
  add(c: number, a: number, b: number, cc: number, d: number, e: number, f: number, adv: number): void {
    const ligature = LIGATURES[c];
    if (ligature !== undefined) {
      this.char(ligature.charCodeAt(0), true, a, b, cc, d, e, f, adv);
      for (let i = 1; i < ligature.length; i += 1) this.char(ligature.charCodeAt(i), false, a, b, cc, d, e, f, 0);
      return;
    }
    this.char(SPACES.has(c) ? 32 : c, true, a, b, cc, d, e, f, adv);
  }

  result(): string {
    return this.text;
  }

  private char(
    c: number,
    glyph: boolean,
    a: number,
    b: number,
    cc: number,
    d: number,
    e: number,
    f: number,
    adv: number,
  ) {
    if (this.hasLine && !glyph) {
      // No-glyph characters of a cluster go at the pen, without moving it.
      this.text += String.fromCodePoint(c);
      this.lastChar = c;
      return;
    }
    const length = Math.hypot(a, b);
    const nx = a / length;
    const ny = b / length;
    const size = Math.sqrt(Math.abs(a * d - b * cc));
    const qx = e + adv * a;
    const qy = f + adv * b;
    let newLine = true;
    let addSpace = false;
    const dot = this.hasLine ? nx * this.dirX + ny * this.dirY : 0;
    if (this.hasLine && near(dot, 0.999)) this.ambiguous = true;
    if (this.hasLine && dot >= 0.999) {
      const dist = Math.hypot(qx - this.penX, qy - this.penY) / size;
      if (c === this.lastChar) {
        if (near(dist, FAKE_BOLD_MAX_DIST)) this.ambiguous = true;
        if (dist < FAKE_BOLD_MAX_DIST) return;
      }
      const dx = e - this.penX;
      const dy = f - this.penY;
      const spacing = (nx * dx + ny * dy) / size;
      const base = Math.abs(-ny * dx + nx * dy) / size;
      const abs = Math.abs(spacing);
      if (near(base, BASE_MAX_DIST)) this.ambiguous = true;
      if (base < BASE_MAX_DIST) {
        if (near(abs, SPACE_DIST) || near(abs, SPACE_MAX_DIST)) this.ambiguous = true;
        if (abs < SPACE_DIST || (spacing < 0 && spacing > -SPACE_MAX_DIST)) newLine = false;
        else if (spacing > 0 && spacing < SPACE_MAX_DIST) {
          addSpace = mayAddSpace(this.lastChar);
          newLine = false;
        }
      }
    }
    if (newLine) {
      if (this.hasLine) this.text += '\n';
      this.hasLine = true;
      this.dirX = nx;
      this.dirY = ny;
    }
    if (addSpace) this.text += ' ';
    this.text += String.fromCodePoint(c);
    this.lastChar = c;
    this.penX = qx;
    this.penY = qy;
  }
}
