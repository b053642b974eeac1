/**
 * Splits one source of an automatic campaign: opened once, read page by page, each group written as a
 * part with mupdf and stored in batches of PARTS_PER_TX.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { Db } from '../../db/db.ts';
import { type EmployeeLookup, openPdf, writePart } from '../../pdf/index.ts';
import { splitPages } from './split.pages.ts';
import type { SplitMask } from './split.mask.ts';
import { type IgnoredPage, PARTS_PER_TX, type SplitPart, storeBatch } from './split.store.ts';
import { timeSlicer, yieldNow } from '../../jobs/slice.ts';

export interface SourceRow {
  id: string;
  position: number;
  name: string;
  doc_type_code: string;
  file_id: string;
  pages: number;
}

export interface SourceRun {
  db: Db;
  domain: DomainId;
  campaignId: string;
  source: SourceRow;
  bytes: Uint8Array;
  /** Pages of the campaign's sources already split before this one. */
  pagesBefore: number;
  /** Called after each stored batch (coalesced progress). */
  progressed: () => void;
  /** Called once the source is open, with its page count (the campaign's pages_total follows). */
  opened: (pages: number) => Promise<void>;
}

const baseName = (name: string): string => name.replace(/\.pdf$/i, '').replace(/[^\p{L}\p{N}._-]+/gu, '_');

/** Returns the pages of the source and how many of them found an employee. */
export async function splitAutomaticSource(
  run: SourceRun,
  mask: SplitMask,
  lookup: EmployeeLookup,
): Promise<{ pages: number; matched: number }> {
  const doc = openPdf(run.bytes);
  let matched = 0;
  const slicer = timeSlicer();
  try {
    await run.opened(doc.countPages());
    // Opening the source and, next, the zone reader's warm-up (~90 ms) each hold the thread: a turn between them.
    await yieldNow();
    let parts: SplitPart[] = [];
    let ignored: IgnoredPage[] = [];
    let decided = 0;
    const flush = async (): Promise<void> => {
      await storeBatch(run.db, run.domain, run.campaignId, run.source.id, parts, ignored, run.pagesBefore + decided);
      parts = [];
      ignored = [];
      run.progressed();
    };
    for (const event of splitPages(doc, mask, lookup)) {
      // mupdf works synchronously: let HTTP calls and pushes through every few milliseconds, or a
      // 10,000-page source would hold the event loop (and, on PGlite, the database) for seconds.
      await slicer.pause();
      decided = event.lastPage;
      if (event.kind === 'ignored') ignored.push({ page: event.page, text: event.text });
      if (event.kind === 'group') {
        matched += event.pages.length;
        parts.push({
          employeeId: event.employeeId,
          pages: event.pages,
          identifier: event.identifier,
          name: `${baseName(run.source.name)}_${event.identifier.replace(/[^\p{L}\p{N}._-]+/gu, '_')}_p${event.pages[0]}.pdf`,
          bytes: writePart(
            doc,
            event.pages.map((p) => p - 1),
          ),
        });
      }
      if (parts.length >= PARTS_PER_TX || ignored.length >= PARTS_PER_TX) await flush();
    }
    await flush();
    return { pages: doc.countPages(), matched };
  } finally {
    doc.destroy();
  }
}
