/**
 * The document page's effects, built from ports so the machine imports nothing from the web app:
 * the API client (its signal aborts a read when the page goes) and the document action, which
 * answers an outcome and never rejects (the campaign's table runs the same one).
 */
import { fromPromise } from 'xstate';
import type { DispatchedDocDetail } from '../../src/contract/dispatch.ts';
import type { Campaign } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { DocActionOutcome, RunDocActionInput } from './dispatchedDoc.types.ts';

export interface DispatchedDocPorts {
  readonly api: {
    call<T>(routeId: RouteId, options?: { params?: Record<string, string | number>; signal?: AbortSignal }): Promise<T>;
  };
  runDocAction(input: RunDocActionInput): Promise<DocActionOutcome>;
}

export const createDispatchedDocActors = ({ api, runDocAction }: DispatchedDocPorts) => ({
  loadDoc: fromPromise<DispatchedDocDetail, { docId: string }>(({ input, signal }) =>
    api.call<DispatchedDocDetail>('campaigns.dispatchedDoc', { params: { id: input.docId }, signal }),
  ),
  loadFile: fromPromise<Uint8Array, { docId: string }>(async ({ input, signal }) => {
    const blob = await api.call<Blob>('campaigns.dispatchedDocFile', { params: { id: input.docId }, signal });
    return new Uint8Array(await blob.arrayBuffer());
  }),
  loadCampaign: fromPromise<Campaign, { campaignId: string }>(({ input, signal }) =>
    api.call<Campaign>('campaigns.get', { params: { id: input.campaignId }, signal }),
  ),
  runDocAction: fromPromise<DocActionOutcome, RunDocActionInput>(({ input }) => runDocAction(input)),
});
