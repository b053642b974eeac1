/**
 * Zone geometry of the mask editor, pure. A mask zone is in PDF points with the PDF-native origin at
 * the BOTTOM-LEFT of the page ((x, y) = the zone's lower-left corner); the canvas shows the page
 * top-left, y down, in CSS pixels. `PageFrame` says how big the page is on both sides.
 */
import type { Mask } from '../../../contract/entities.ts';

export type Zone = Mask['zone'];

export interface PageFrame {
  /** Page size in PDF points. */
  readonly pageWidth: number;
  readonly pageHeight: number;
  /** Size the page is shown at, in CSS pixels. */
  readonly cssWidth: number;
  readonly cssHeight: number;
}

/** A rectangle on the canvas, CSS pixels, top-left origin. */
export interface CssRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
/** Points to one decimal: precise enough for a zone, readable in the inputs. */
const round = (v: number): number => Math.round(v * 10) / 10;

/** The zone a drag from `a` to `b` (CSS px, any direction) draws on page `page`, clamped to the page. */
export function dragToZone(a: Point, b: Point, frame: PageFrame, page: number): Zone {
  const sx = frame.pageWidth / frame.cssWidth;
  const sy = frame.pageHeight / frame.cssHeight;
  const left = clamp(Math.min(a.x, b.x), 0, frame.cssWidth);
  const right = clamp(Math.max(a.x, b.x), 0, frame.cssWidth);
  const top = clamp(Math.min(a.y, b.y), 0, frame.cssHeight);
  const bottom = clamp(Math.max(a.y, b.y), 0, frame.cssHeight);
  return {
    page,
    x: round(left * sx),
    // The lower-left corner: the drag's bottom edge, measured from the page's bottom.
    y: round((frame.cssHeight - bottom) * sy),
    width: round((right - left) * sx),
    height: round((bottom - top) * sy),
  };
}

/** Where a zone shows on the canvas (CSS px, top-left origin). */
export function zoneToCss(zone: Zone, frame: PageFrame): CssRect {
  const sx = frame.cssWidth / frame.pageWidth;
  const sy = frame.cssHeight / frame.pageHeight;
  return {
    left: zone.x * sx,
    top: (frame.pageHeight - zone.y - zone.height) * sy,
    width: zone.width * sx,
    height: zone.height * sy,
  };
}

/** The same rule as the server: a size, and inside the page (the mask editor's machine holds it). */
export { zoneFits } from '../../../../machines/mask-editor/maskEditor.rules.ts';

/** A drag shorter than this (CSS px) is a click, not a zone. */
export const MIN_DRAG_PX = 4;
