/**
 * Rectangles and matrices of the fast zone reader (zone-scan*.ts), computed as mupdf computes them (fz_rect,
 * fz_matrix): bounding boxes of transformed rectangles, and intersections made axis by axis.
 */

export type Rect = [number, number, number, number];
export type Matrix = [number, number, number, number, number, number];

export const EMPTY: Rect = [Infinity, Infinity, -Infinity, -Infinity];
/** A form or annotation this far (points) from the zone cannot put a glyph in it. */
export const FAR = 24;

/**
 * fz_intersect_rect: componentwise, without making disjoint rectangles "empty" — a glyph then counts as in the
 * zone when, on each axis, it spans the gap between the zone and the clip (mupdf's test is axis by axis).
 */
export function intersect(a: Rect, b: Rect): Rect {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** Bounding box of `r` transformed by `m` (fz_transform_rect). */
export function transformRect(r: Rect, m: ArrayLike<number>): Rect {
  const [a, b, c, d, e, f] = [m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!];
  return [
    Math.min(r[0] * a, r[2] * a) + Math.min(r[1] * c, r[3] * c) + e,
    Math.min(r[0] * b, r[2] * b) + Math.min(r[1] * d, r[3] * d) + f,
    Math.max(r[0] * a, r[2] * a) + Math.max(r[1] * c, r[3] * c) + e,
    Math.max(r[0] * b, r[2] * b) + Math.max(r[1] * d, r[3] * d) + f,
  ];
}

export const touches = (r: Rect, clip: Rect, margin: number): boolean =>
  r[2] > clip[0] - margin && r[3] > clip[1] - margin && r[0] < clip[2] + margin && r[1] < clip[3] + margin;

export function setMatrix(m: Float64Array, a: number, b: number, c: number, d: number, e: number, f: number): void {
  m[0] = a;
  m[1] = b;
  m[2] = c;
  m[3] = d;
  m[4] = e;
  m[5] = f;
}

/** `r` ← the bounding box of `r` transformed by `m` (fz_transform_rect). */
export function toPage(r: Float64Array, m: Float64Array): void {
  const [x0, y0, x1, y1] = [r[0]!, r[1]!, r[2]!, r[3]!];
  const [a, b, c, d, e, f] = [m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!];
  r[0] = Math.min(x0 * a, x1 * a) + Math.min(y0 * c, y1 * c) + e;
  r[1] = Math.min(x0 * b, x1 * b) + Math.min(y0 * d, y1 * d) + f;
  r[2] = Math.max(x0 * a, x1 * a) + Math.max(y0 * c, y1 * c) + e;
  r[3] = Math.max(x0 * b, x1 * b) + Math.max(y0 * d, y1 * d) + f;
}
