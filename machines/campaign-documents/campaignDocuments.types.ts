/** Context, events and input of the campaign page's own workflow (its documents table and its actions). */
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import type { DispatchedDocument } from '../../src/contract/entities.ts';
import type { AlertType, CampaignStatus, DispatchedDocStatus } from '../../src/contract/enums.ts';

/** The campaign actions the page offers (machines/campaign decides which, this machine runs them). */
export type CampaignAction = 'validate' | 'refuseDispatch' | 'refuseDocuments' | 'cancel' | 'retry' | 'deleteDocuments';
/** Per-document actions of the table: retry a failed document, send a waiting one. */
export type DocAction = 'retry' | 'send';

/** Actions asked for checked documents: not offered, nor run, without one. */
export const NEEDS_SELECTION: readonly CampaignAction[] = ['refuseDocuments', 'deleteDocuments'];

/**
 * What the table shows: filter, page and size live in the URL (the view sends them); the campaign's
 * status is part of it, so a new status (the split's end, the dispatch's end) reads the page again.
 */
export interface DocsQuery {
  readonly filter: string;
  readonly page: number;
  readonly size: number;
  readonly status: CampaignStatus;
}

/** An alert for the view to push: a translation key and its type (topic: replaced by a later outcome). */
export interface PageAlert {
  readonly message: string;
  readonly type: AlertType;
  readonly topic?: string;
}

/** What a campaign action's actor answers; it never rejects (a failure is `ok: false` with its alert). */
export interface ActionOutcome {
  readonly ok: boolean;
  readonly alert: PageAlert;
}

/** What a document action's actor answers; `doc` is the document as the server left it, when it answered. */
export interface DocActionOutcome {
  readonly doc: DispatchedDocument | null;
  readonly alert: PageAlert;
}

export interface CampaignDocumentsInput {
  readonly campaignId: string;
}

export interface ReadDocsInput {
  readonly campaignId: string;
  readonly query: DocsQuery;
}
export interface RunActionInput {
  readonly campaignId: string;
  readonly action: CampaignAction;
  readonly ids: readonly string[];
  readonly reason?: string;
}
export interface RunDocActionInput {
  readonly doc: DispatchedDocument;
  readonly action: DocAction;
}

export interface CampaignDocumentsContext {
  readonly campaignId: string;
  /** The last query the view sent; `null` until the campaign's status is known. */
  readonly query: DocsQuery | null;
  /** The page last read (kept while the next one loads, rows replaced by pushes). */
  readonly docs: DispatchedDocPage | null;
  /** Checked documents (ids; may span pages). */
  readonly selected: readonly string[];
  /** The document action running (one at a time). */
  readonly docRun: RunDocActionInput | null;
  /** The campaign action being confirmed or run. */
  readonly action: CampaignAction | null;
  /** The refusal's reason, once confirmed. */
  readonly reason: string | null;
}

export type CampaignDocumentsEvent =
  | ({ readonly type: 'docs.query' } & DocsQuery)
  | { readonly type: 'docs.invalidate' }
  | { readonly type: 'docs.pushed'; readonly doc: DispatchedDocument }
  | { readonly type: 'selection.toggle'; readonly id: string }
  | { readonly type: 'selection.all' }
  | { readonly type: 'selection.clear' }
  | { readonly type: 'doc.run'; readonly doc: DispatchedDocument; readonly action: DocAction }
  | { readonly type: 'action.request'; readonly action: CampaignAction }
  | { readonly type: 'action.confirm'; readonly reason?: string }
  | { readonly type: 'action.cancel' }
  | { readonly type: 'xstate.done.actor.readDocs'; readonly output: DispatchedDocPage }
  | { readonly type: 'xstate.error.actor.readDocs'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.runDocAction'; readonly output: DocActionOutcome }
  | { readonly type: 'xstate.done.actor.runAction'; readonly output: ActionOutcome };
export type CampaignDocumentsEventType = CampaignDocumentsEvent['type'];

/** The document alert's parameters: the view shows the document's new status in words. */
export interface DocAlert {
  readonly alert: PageAlert;
  readonly status: DispatchedDocStatus | null;
}
