/**
 * The page's effects, built from ports so the machine imports nothing from the web app: reading a
 * page of documents (its signal aborts when the machine moves on), running a campaign action, running
 * a document action. The two action ports answer an outcome and never reject.
 */
import { fromPromise } from 'xstate';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
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

export const createCampaignDocumentsActors = (ports: CampaignDocumentsPorts) => ({
  readDocs: fromPromise<DispatchedDocPage, ReadDocsInput>(({ input, signal }) => ports.readDocs(input, signal)),
  runAction: fromPromise<ActionOutcome, RunActionInput>(({ input }) => ports.runAction(input)),
  runDocAction: fromPromise<DocActionOutcome, RunDocActionInput>(({ input }) => ports.runDocAction(input)),
});
