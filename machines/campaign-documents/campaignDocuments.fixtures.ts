/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import type { DispatchedDocument } from '../../src/contract/entities.ts';
import type {
  CampaignDocumentsContext,
  CampaignDocumentsEvent,
  CampaignDocumentsEventType,
  CampaignDocumentsInput,
} from './campaignDocuments.types.ts';

export const CAMPAIGN_DOCUMENTS_INPUT: CampaignDocumentsInput = { campaignId: 'campaign-1' };

export const DOC_1: DispatchedDocument = {
  id: 'doc-1',
  campaignId: 'campaign-1',
  employeeId: 'emp-1',
  recipientName: 'Alice Durand',
  status: 'CANT_AUTO_ATTACH_EMP_TO_ORG',
  reason: null,
  failureCause: null,
  documentId: null,
  pages: [1],
  postal: null,
};
export const DOC_2: DispatchedDocument = {
  ...DOC_1,
  id: 'doc-2',
  employeeId: 'emp-2',
  recipientName: 'Bruno Petit',
  pages: [2],
};
export const DOC_1_SENT: DispatchedDocument = { ...DOC_1, status: 'DISPATCHED' };
export const PAGE: DispatchedDocPage = { count: 2, items: [DOC_1, DOC_2] };

type EventOf<T extends CampaignDocumentsEventType> = Extract<CampaignDocumentsEvent, { type: T }>;
type Fixtures = { readonly [T in CampaignDocumentsEventType]: readonly EventOf<T>[] };

export const campaignDocumentsFixtures = {
  'docs.query': [
    { type: 'docs.query', filter: 'ALL', page: 1, size: 20, status: 'NEEDS_VALIDATION' },
    // The status moved on (the page read again).
    { type: 'docs.query', filter: 'ALL', page: 1, size: 20, status: 'DISPATCHING' },
  ],
  'docs.invalidate': [{ type: 'docs.invalidate' }],
  'docs.pushed': [{ type: 'docs.pushed', doc: DOC_1_SENT }],
  'selection.toggle': [{ type: 'selection.toggle', id: DOC_1.id }],
  'selection.all': [{ type: 'selection.all' }],
  'selection.clear': [{ type: 'selection.clear' }],
  'doc.run': [{ type: 'doc.run', doc: DOC_1, action: 'send' }],
  'action.request': [
    { type: 'action.request', action: 'validate' },
    { type: 'action.request', action: 'refuseDocuments' },
    { type: 'action.request', action: 'retry' },
  ],
  'action.confirm': [{ type: 'action.confirm' }, { type: 'action.confirm', reason: 'Doublon' }],
  'action.cancel': [{ type: 'action.cancel' }],
  'xstate.done.actor.readDocs': [{ type: 'xstate.done.actor.readDocs', output: PAGE }],
  'xstate.error.actor.readDocs': [{ type: 'xstate.error.actor.readDocs', error: { key: 'error.network', status: 0 } }],
  'xstate.done.actor.runDocAction': [
    {
      type: 'xstate.done.actor.runDocAction',
      output: { doc: DOC_1_SENT, alert: { message: 'campaigns.docs.done', type: 'success' } },
    },
    {
      type: 'xstate.done.actor.runDocAction',
      output: { doc: null, alert: { message: 'error.workflow.illegal-transition', type: 'error' } },
    },
  ],
  'xstate.done.actor.runAction': [
    {
      type: 'xstate.done.actor.runAction',
      output: {
        ok: true,
        alert: { message: 'alert.campaign.refuse.success', type: 'success', topic: 'campaign:campaign-1' },
      },
    },
    {
      type: 'xstate.done.actor.runAction',
      output: { ok: false, alert: { message: 'alert.campaign.send.failure', type: 'error' } },
    },
  ],
} satisfies Fixtures;

/**
 * Snapshots are told apart by what the guards read (the query sent, a document checked, the action) and
 * the rows' states, not by which documents are checked or in what order: the traversal stays small.
 */
export const serializeCampaignDocuments = (s: AnyMachineSnapshot): string => {
  const c = s.context as CampaignDocumentsContext;
  return JSON.stringify({
    value: s.value,
    query: c.query?.status ?? null,
    rows: c.docs ? c.docs.items.map((d) => d.status) : null,
    selected: c.selected.length > 0,
    action: c.action,
  });
};
