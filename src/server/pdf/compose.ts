/**
 * Builds one PDF from pages of other PDFs with mupdf (`graftPage`), one source open at a time:
 * each source is destroyed as soon as its pages are copied, so a merge of thousands of parts
 * holds only the output and the current part in memory. Used by the campaign downloads (merged
 * documents, ignored pages). mupdf is AGPL-3.0 (see docs): server side only.
 */
import { loadMupdf, mupdfLib } from './mupdf.ts';
import { bakeAnnotations, graftLayers } from './part.ts';

/** One source: its bytes, and the 1-based pages to take (absent: every page). */
export interface ComposePart {
  readonly bytes: Uint8Array;
  readonly pages?: readonly number[];
}

export async function composePdf(parts: AsyncIterable<ComposePart> | Iterable<ComposePart>): Promise<Uint8Array> {
  await loadMupdf();
  const out = new (mupdfLib().PDFDocument)();
  try {
    for await (const part of parts) {
      const src = new (mupdfLib().PDFDocument)(part.bytes);
      const map = out.newGraftMap();
      try {
        // A campaign's source keeps its form fields (its parts were cut baked): its ignored pages too.
        bakeAnnotations(src);
        const count = src.countPages();
        const pages = part.pages ?? Array.from({ length: count }, (_, i) => i + 1);
        for (const page of pages) if (page >= 1 && page <= count) map.graftPage(-1, src, page - 1);
        graftLayers(out, src, map);
      } finally {
        map.destroy();
        src.destroy();
      }
    }
    const buffer = out.saveToBuffer('compress');
    try {
      return buffer.asUint8Array().slice();
    } finally {
      buffer.destroy();
    }
  } finally {
    out.destroy();
  }
}
