/**
 * The split's core, page by page (a generator: nothing but the current group is held): read the
 * mask zone, identify, group. onePerPage → one document per identified page; consecutivePages →
 * consecutive pages identified as the same employee form one document. Unidentified pages are ignored.
 * The zone is read by `zoneReader` (the fast reader, checked against mupdf); a page whose text designates
 * nobody is read again by mupdf before being ignored.
 */
import type * as mupdf from 'mupdf';
// Specific modules, not pdf/index.ts: this runs in the PDF worker thread, which must not load the database.
import type { EmployeeLookup } from '../../pdf/employee-index.ts';
import { identifyText } from '../../pdf/identify.ts';
import { zoneReader, zoneTextOf } from '../../pdf/zone.ts';
import type { SplitMask } from './split.mask.ts';

export type SplitEvent =
  | { kind: 'group'; employeeId: string; identifier: string; pages: number[]; lastPage: number }
  | { kind: 'ignored'; page: number; text: string; lastPage: number }
  | { kind: 'page'; lastPage: number };

/** Pages are 1-based in events; `lastPage` is the last page fully decided when the event is emitted. */
export function* splitPages(doc: mupdf.PDFDocument, mask: SplitMask, lookup: EmployeeLookup): Generator<SplitEvent> {
  const count = doc.countPages();
  let open: { employeeId: string; identifier: string; pages: number[] } | null = null;
  const read = zoneReader(doc, mask.zone);
  for (let i = 0; i < count; i += 1) {
    const page = i + 1;
    let text = read(i);
    let found = lookup(identifyText(mask.identifier, text));
    if (!found) {
      // Ignored pages are rare: make sure with mupdf's own reading.
      const exact = zoneTextOf(doc, i, mask.zone);
      if (exact !== text) {
        text = exact;
        found = lookup(identifyText(mask.identifier, text));
      }
    }
    if (open && (!found || found.employeeId !== open.employeeId || mask.grouping === 'onePerPage')) {
      yield { kind: 'group', ...open, lastPage: page - 1 };
      open = null;
    }
    if (!found) {
      yield { kind: 'ignored', page, text, lastPage: page };
      continue;
    }
    if (open) open.pages.push(page);
    else open = { employeeId: found.employeeId, identifier: found.key, pages: [page] };
    yield { kind: 'page', lastPage: page - 1 };
  }
  if (open) yield { kind: 'group', ...open, lastPage: count };
}
