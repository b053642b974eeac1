/** Snapshot → what the documents list page needs; a zip button is enabled exactly when the machine takes its event. */
import type { SnapshotFrom } from 'xstate';
import { DOCUMENT_ARCHIVE_MAX_DOCUMENTS } from '../../src/contract/documents.ts';
import type { DocumentListMachine } from './documentList.machine.ts';

export type DocumentListSnapshot = SnapshotFrom<DocumentListMachine>;

export const selectDocumentList = (s: DocumentListSnapshot) => {
  const { page, selected, archive } = s.context;
  return {
    rows: page?.items ?? [],
    /** `null` until a page was read (and after a failed read). */
    count: page ? page.count : null,
    capped: page?.countCapped === true,
    /** While the page for the current query is awaited (not after a failed read). */
    loading: s.matches({ list: 'waiting' }) || s.matches({ list: 'loading' }),
    /** The last read failed (the alert said so). */
    failed: s.matches({ list: 'failed' }),
    selected: selected.map((d) => d.id),
    employee: s.context.employee,
    /** What the running zip takes. */
    zipping: s.matches({ archive: 'zipping' }) ? ('ids' in (archive?.body ?? {}) ? 'selection' : 'filter') : null,
    /** More documents than one zip may take: the filter's zip says to narrow it. */
    tooManyToZip: (page?.count ?? 0) > DOCUMENT_ARCHIVE_MAX_DOCUMENTS,
    canZipSelection: s.can({ type: 'archive.start', scope: 'selection' }),
    canZipFilter: s.can({ type: 'archive.start', scope: 'filter' }),
  };
};
export type DocumentListView = ReturnType<typeof selectDocumentList>;
