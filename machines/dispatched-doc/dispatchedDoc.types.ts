/** Context, events, input and emitted facts of one dispatched document's page (`/campaigns/…/{docId}`). */
import type { DispatchedDocDetail } from '../../src/contract/dispatch.ts';
import type { Campaign, DispatchedDocument } from '../../src/contract/entities.ts';
import type { DocAction, DocActionOutcome, RunDocActionInput } from '../campaign-documents/campaignDocuments.types.ts';

export type { DocAction, DocActionOutcome, RunDocActionInput };

export interface DispatchedDocInput {
  readonly campaignId: string;
  readonly docId: string;
}

export interface DispatchedDocContext {
  readonly campaignId: string;
  readonly docId: string;
  readonly doc: DispatchedDocDetail | null;
  /** Its campaign, whose status decides which action the page offers; stays null when it cannot be read. */
  readonly campaign: Campaign | null;
  /** The part's PDF, once read. */
  readonly file: Uint8Array | null;
  /** Translation key of why the document, or its file, could not be read. */
  readonly problem: string | null;
}

export type DispatchedDocEvent =
  | { readonly type: 'doc.action.run' }
  | { readonly type: 'xstate.done.actor.loadDoc'; readonly output: DispatchedDocDetail }
  | { readonly type: 'xstate.error.actor.loadDoc'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.loadFile'; readonly output: Uint8Array }
  | { readonly type: 'xstate.error.actor.loadFile'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.loadCampaign'; readonly output: Campaign }
  | { readonly type: 'xstate.error.actor.loadCampaign'; readonly error: unknown }
  /** Never rejects: a failure is an outcome with its alert and no document. */
  | { readonly type: 'xstate.done.actor.runDocAction'; readonly output: DocActionOutcome };
export type DispatchedDocEventType = DispatchedDocEvent['type'];

/** The action's outcome for the view to announce; `status`: the document's new status, when the server answered. */
export type DispatchedDocEmitted = {
  readonly type: 'doc.alert';
  readonly alert: DocActionOutcome['alert'];
  readonly status: DispatchedDocument['status'] | null;
};
