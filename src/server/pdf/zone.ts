/**
 * Reading a mask zone. Zones are in PDF points with the PDF-native origin at the BOTTOM-LEFT of the
 * page ((x, y) = the zone's lower-left corner); mupdf works top-left, y down, so each page's own
 * height converts them. Only the zone is extracted (`clip-rect`), not the whole page's text.
 * `zoneReader` reads a document's pages with the fast reader (zone-scan.ts), mupdf being the reference:
 * it checks itself on the first pages and falls back to mupdf for a page (or the whole document) when needed.
 */
import type * as mupdf from 'mupdf';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { openPdf } from './open.ts';
import { PdfProblem } from './problem.ts';
import { scanZoneText } from './zone-scan.ts';

export interface Zone {
  /** 1-based page of the sample the zone was drawn on. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

type Rect = [number, number, number, number];
/** Rounding slack when checking a zone drawn to the page's very edge. */
const EDGE = 0.5;

export function zoneInside(bounds: Rect, zone: Zone): boolean {
  const w = bounds[2] - bounds[0];
  const h = bounds[3] - bounds[1];
  return (
    zone.width > 0 &&
    zone.height > 0 &&
    zone.x >= -EDGE &&
    zone.y >= -EDGE &&
    zone.x + zone.width <= w + EDGE &&
    zone.y + zone.height <= h + EDGE
  );
}

/** The zone in mupdf's page space (top-left origin) for a page of those bounds. */
export function zoneRect(bounds: Rect, zone: Zone): Rect {
  const h = bounds[3] - bounds[1];
  const x0 = bounds[0] + zone.x;
  const y0 = bounds[1] + h - (zone.y + zone.height);
  return [x0, y0, x0 + zone.width, y0 + zone.height];
}

/** Whitespace collapsed to single spaces, trimmed. */
const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Text inside `zone` on page `index` (0-based) of an open document. */
export function zoneTextOf(doc: mupdf.PDFDocument, index: number, zone: Zone): string {
  const page = doc.loadPage(index);
  try {
    const r = zoneRect(page.getBounds() as Rect, zone);
    const text = page.toStructuredText(`clip-rect=${r[0]}:${r[1]}:${r[2]}:${r[3]}`);
    try {
      return tidy(text.asText());
    } finally {
      text.destroy();
    }
  } finally {
    page.destroy();
  }
}

/** Whether page `index` (0-based) has any text at all (a scanned page has none: only an image). */
export function pageHasText(doc: mupdf.PDFDocument, index: number): boolean {
  const page = doc.loadPage(index);
  try {
    const text = page.toStructuredText('preserve-whitespace');
    try {
      return text.asText().trim() !== '';
    } finally {
      text.destroy();
    }
  } finally {
    page.destroy();
  }
}

/** A fast zone reader: the zone's text on a page, or null when mupdf must read that page. */
export type ZoneScanner = (doc: mupdf.PDFDocument, index: number, zone: Zone) => string | null;

/** Pages read both ways before trusting the fast reader on a document. */
export const VERIFIED_PAGES = 8;

/**
 * The text of `zone` on any page (0-based index) of an open document: the fast reader when it can read the
 * page, mupdf's `zoneTextOf` otherwise. On the first call it reads the first VERIFIED_PAGES pages (all of
 * them if fewer) both ways; if the fast reader disagrees with mupdf on any of them, or reads none of them,
 * mupdf reads the whole document. Those first pages then return mupdf's text.
 */
export function zoneReader(
  doc: mupdf.PDFDocument,
  zone: Zone,
  scanner: ZoneScanner = scanZoneText,
): (index: number) => string {
  let verified: string[] | null = null;
  let fast = true;
  const verify = (): string[] => {
    const texts: string[] = [];
    let read = 0;
    for (let i = 0; i < Math.min(VERIFIED_PAGES, doc.countPages()); i += 1) {
      const quick = scanner(doc, i, zone);
      const exact = zoneTextOf(doc, i, zone);
      if (quick !== null) read += 1;
      if (quick !== null && quick !== exact) fast = false;
      texts.push(exact);
    }
    if (read === 0) fast = false;
    return texts;
  };
  return (index) => {
    verified ??= verify();
    const known = verified[index];
    if (known !== undefined) return known;
    return (fast ? scanner(doc, index, zone) : null) ?? zoneTextOf(doc, index, zone);
  };
}

/** Throws `maskZoneOutsidePage` unless the zone lies inside its sample page `zone.page`. */
export function checkZone(doc: mupdf.PDFDocument, zone: Zone): void {
  const index = zone.page - 1;
  if (!Number.isInteger(zone.page) || index < 0 || index >= doc.countPages())
    throw new PdfProblem(ERROR_KEYS.maskZoneOutsidePage, `no page ${zone.page}`);
  const page = doc.loadPage(index);
  try {
    if (!zoneInside(page.getBounds() as Rect, zone)) throw new PdfProblem(ERROR_KEYS.maskZoneOutsidePage);
  } finally {
    page.destroy();
  }
}

/** The zone's text on every page (index 0 = page 1); throws `PdfProblem` for a bad PDF or zone. */
export function readZoneTexts(bytes: Uint8Array, zone: Zone): string[] {
  const doc = openPdf(bytes);
  try {
    checkZone(doc, zone);
    const read = zoneReader(doc, zone);
    const texts: string[] = [];
    const count = doc.countPages();
    for (let i = 0; i < count; i += 1) texts.push(read(i));
    return texts;
  } finally {
    doc.destroy();
  }
}
