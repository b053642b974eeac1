/**
 * The page's effects, built from ports so the machine imports nothing from the web app: reading a
 * page of documents (its signal aborts when the machine moves on), running a campaign action, running
 * a document action. The two action ports answer an outcome and never reject (a refusal, the
 * connection dropped: each is an outcome with its alert); should one throw all the same, the actor
 * makes it the outcome of an internal error, so the chart has no transition nothing can take.
 */
import { fromPromise } from 'xstate';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type {
  ActionOutcome,
  DocActionOutcome,
  ReadDocsInput,
  RunActionInput,
  RunDocActionInput,
} from './campaignDocuments.types.ts';

export interface CampaignDocumentsPorts {
  readDocs(input: ReadDocsInput, signal: AbortSignal): Promise<DispatchedDocPage>;
  runAction(input: RunActionInput): Promise<ActionOutcome>;
  runDocAction(input: RunDocActionInput): Promise<DocActionOutcome>;
}

const INTERNAL = { message: ERROR_KEYS.internal, type: 'error' } as const;

export const createCampaignDocumentsActors = (ports: CampaignDocumentsPorts) => ({
  readDocs: fromPromise<DispatchedDocPage, ReadDocsInput>(({ input, signal }) => ports.readDocs(input, signal)),
  runAction: fromPromise<ActionOutcome, RunActionInput>(({ input }) =>
    ports.runAction(input).catch(() => ({ ok: false, alert: INTERNAL })),
  ),
  runDocAction: fromPromise<DocActionOutcome, RunDocActionInput>(({ input }) =>
    ports.runDocAction(input).catch(() => ({ doc: null, alert: INTERNAL })),
  ),
});
