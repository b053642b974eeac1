/**
 * Splits one source of an automatic campaign: opened once (in the PDF worker), read page by page, each
 * group written as a part with mupdf and stored in batches of PARTS_PER_TX.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { Db } from '../../db/db.ts';
import type { EmployeeRow } from '../../pdf/employee-index.ts';
import { splitInWorker } from '../../pdf/worker/calls.ts';
import type { SplitMask } from './split.mask.ts';
import { PARTS_PER_TX, type SplitPart, storeBatch } from './split.store.ts';

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

/**
 * Returns the pages of the source and how many of them found an employee. The PDF work (opening, zone
 * reading, identifying, writing each part, hashing it) runs in the PDF worker thread
 * (`src/server/pdf/worker`); this thread only stores each batch, in the same transactions as before.
 * `run.bytes` is moved to the worker.
 */
export async function splitAutomaticSource(
  run: SourceRun,
  mask: SplitMask,
  employees: readonly EmployeeRow[],
  orgIds: readonly string[],
): Promise<{ pages: number; matched: number; textless: number }> {
  const name = baseName(run.source.name);
  const events = splitInWorker({ bytes: run.bytes, mask, employees, orgIds, batch: PARTS_PER_TX });
  for (;;) {
    const next = await events.next();
    if (next.done) return { pages: next.value.pages, matched: next.value.matched, textless: next.value.textless };
    const event = next.value;
    if (event.kind === 'opened') {
      await run.opened(event.pages);
      continue;
    }
    const parts: SplitPart[] = event.parts.map((part) => ({
      employeeId: part.employeeId,
      pages: part.pages,
      identifier: part.identifier,
      name: `${name}_${part.identifier.replace(/[^\p{L}\p{N}._-]+/gu, '_')}_p${part.pages[0]}.pdf`,
      bytes: part.bytes,
      sha256: part.sha256,
    }));
    try {
      await storeBatch(
        run.db,
        run.domain,
        run.campaignId,
        run.source.id,
        parts,
        event.ignored,
        run.pagesBefore + event.decided,
      );
    } catch (error) {
      // The worker stops too (the campaign was canceled, or the database failed).
      await events.return({ pages: 0, matched: 0, textless: 0, cancelled: true });
      throw error;
    }
    run.progressed();
  }
}
