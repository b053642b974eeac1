/** Context, events and ports' inputs of the documents archive list's workflow (its table, selection and zip). */
import type { DocumentArchiveBody, DocumentPage, DocumentSearchBody } from '../../src/contract/documents.ts';
import type { AlertType } from '../../src/contract/enums.ts';

/**
 * What the table shows: the full-text search, the filters, sort and paging live in the URL; the view
 * sends them as the body of `documents.list`.
 */
export type DocumentQuery = DocumentSearchBody;

/** Which documents a zip takes: the checked ones, or everything the filter finds. */
export type ArchiveScope = 'selection' | 'filter';

/** A checked document: its id, and its size for the zip's progress (the selection spans pages). */
export interface SelectedDocument {
  readonly id: string;
  readonly size: number;
}

/** The employee the filter names, with the name the view shows on the filter's line. */
export interface EmployeeName {
  readonly id: string;
  /** `null` when it could not be read (the filter's line then shows the id's chip without a name). */
  readonly label: string | null;
}

/** An alert for the view to push: translation keys only (`detailKey`: the failure's own key). */
export interface PageAlert {
  readonly message: string;
  readonly type: AlertType;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly detailKey?: string;
}

export interface ReadListInput {
  readonly query: DocumentQuery;
  /** The filter's employee name already read (not asked for again). */
  readonly known: EmployeeName | null;
}
/** A page of documents, and the name of the filter's employee when none of the rows is theirs. */
export interface ReadListOutput {
  readonly page: DocumentPage;
  readonly employee: EmployeeName | null;
}

export interface ArchiveInput {
  readonly body: DocumentArchiveBody;
  /** How many documents the zip takes (the notification's text). */
  readonly count: number;
  /** The checked rows' sizes added up, for the progress when the server does not say it; null for a filter. */
  readonly expectedBytes: number | null;
  /** `count` is the list's cap: the filter finds more (« plus de »). */
  readonly atLeast: boolean;
}
/** A zip ends saved, or canceled from the notifications panel; a failure rejects. */
export type ArchiveOutcome = 'saved' | 'canceled';

export interface DocumentListContext {
  /** The last query the view sent; `null` until the first one. */
  readonly query: DocumentQuery | null;
  /** The page last read (kept while the next one loads; `null` after a failed read). */
  readonly page: DocumentPage | null;
  /** The filter's employee name, once read. */
  readonly employee: EmployeeName | null;
  /** Checked documents, across pages; a new filter or search starts it empty. */
  readonly selected: readonly SelectedDocument[];
  /** The zip being made. */
  readonly archive: ArchiveInput | null;
}

export type DocumentListEvent =
  | { readonly type: 'list.query'; readonly query: DocumentQuery }
  | { readonly type: 'list.reload' }
  | { readonly type: 'selection.change'; readonly ids: readonly string[] }
  | { readonly type: 'archive.start'; readonly scope: ArchiveScope }
  | { readonly type: 'xstate.done.actor.readList'; readonly output: ReadListOutput }
  | { readonly type: 'xstate.error.actor.readList'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.downloadArchive'; readonly output: ArchiveOutcome }
  | { readonly type: 'xstate.error.actor.downloadArchive'; readonly error: unknown };
export type DocumentListEventType = DocumentListEvent['type'];

/** What the deposits actor emits: documents were deposited (or pushes were lost), the list is read again. */
export type DepositFact = Extract<DocumentListEvent, { type: 'list.reload' }>;
