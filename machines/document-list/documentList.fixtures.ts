/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { DocumentPage, DocumentSummary } from '../../src/contract/documents.ts';
import type {
  DocumentListContext,
  DocumentListEvent,
  DocumentListEventType,
  DocumentQuery,
} from './documentList.types.ts';

export const DOC_1: DocumentSummary = {
  id: '0195f3a2-0000-7000-8000-000000000001',
  description: 'Bulletin de paie mars 2026 — Durand Alice',
  typeCode: 'PAYSLIP',
  typeLabel: 'Bulletin de paie',
  metaDatas: [],
  emissionDate: '2026-03-31',
  transmitter: null,
  employeeFirstName: 'Alice',
  employeeName: 'Durand',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  destination: 'EMPLOYEE_SAFE',
  depositedAt: '2026-04-02T09:15:00.000Z',
  keywords: [],
  additionalIndexes: [],
  path: null,
  organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
  employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
  sha256: 'a'.repeat(64),
  organizationName: 'Horizon Services Paris',
  fileName: 'bulletin-mars-2026.pdf',
  size: 48_213,
  readAt: null,
  origin: { source: 'upload', id: null, name: null, userId: 'u1', userName: 'Camille Martin' },
};
export const DOC_2: DocumentSummary = {
  ...DOC_1,
  id: '0195f3a2-0000-7000-8000-000000000002',
  description: 'Contrat Martin',
  typeCode: 'CONTRACT',
  employeeId: '0195f3a2-0000-7000-8000-0000000000e2',
  employeeName: 'Martin',
  employeeFirstName: 'Paul',
  size: 10_000,
};
export const PAGE: DocumentPage = { count: 2, countCapped: false, items: [DOC_1, DOC_2] };

/** The whole archive, first page, as the URL gives it by default. */
export const QUERY_ALL: DocumentQuery = { offset: 0, limit: 20, order: { field: 'depositedAt', sens: 'desc' } };
/** A full-text search: another filter, so a selection made before starts empty. */
export const QUERY_SEARCH: DocumentQuery = { ...QUERY_ALL, search: 'mars' };

type EventOf<T extends DocumentListEventType> = Extract<DocumentListEvent, { type: T }>;
type Fixtures = { readonly [T in DocumentListEventType]: readonly EventOf<T>[] };

export const documentListFixtures = {
  'list.query': [
    { type: 'list.query', query: QUERY_ALL },
    { type: 'list.query', query: QUERY_SEARCH },
  ],
  'list.reload': [{ type: 'list.reload' }],
  'selection.change': [
    { type: 'selection.change', ids: [DOC_1.id] },
    { type: 'selection.change', ids: [] },
  ],
  'archive.start': [
    { type: 'archive.start', scope: 'selection' },
    { type: 'archive.start', scope: 'filter' },
  ],
  'xstate.done.actor.readList': [{ type: 'xstate.done.actor.readList', output: { page: PAGE, employee: null } }],
  'xstate.error.actor.readList': [{ type: 'xstate.error.actor.readList', error: { key: 'error.network', status: 0 } }],
  'xstate.done.actor.downloadArchive': [
    { type: 'xstate.done.actor.downloadArchive', output: 'saved' },
    { type: 'xstate.done.actor.downloadArchive', output: 'canceled' },
  ],
  'xstate.error.actor.downloadArchive': [
    { type: 'xstate.error.actor.downloadArchive', error: { key: 'error.internal', status: 500 } },
  ],
} satisfies Fixtures;

/**
 * Snapshots are told apart by what the guards read (a query, its filter, a page with something to zip,
 * something checked, the zip's scope), not by which documents are checked: the traversal stays small.
 */
export const serializeDocumentList = (s: AnyMachineSnapshot): string => {
  const c = s.context as DocumentListContext;
  return JSON.stringify({
    value: s.value,
    query: c.query ? (c.query.search ?? 'all') : null,
    page: c.page ? c.page.count : null,
    selected: c.selected.length > 0,
    archive: c.archive ? ('ids' in c.archive.body ? 'selection' : 'filter') : null,
  });
};
