/**
 * The campaign page's own workflow (issue 14: no workflow in component state). machines/campaign
 * says which actions the campaign allows; this machine runs the page around it, in three regions:
 *
 * - documents: waiting (no status known yet) → loading (the `readDocs` actor; a new query — filter,
 *   page, size from the URL, or the campaign's status — or an invalidation reads again, the running
 *   read aborted) → shown | failed (the alert said so; the rows read before stay). A pushed
 *   document replaces its row whatever the state.
 * - docAction: idle → running (`runDocAction`, one at a time) → idle: its alert, the row the server
 *   answered, the campaign read again.
 * - campaignAction: idle → confirming (the confirmation, or the refusal's reason) → running
 *   (`actionSent` right before the call: the outcome toast's race) → idle: ok re-reads the campaign
 *   and its documents and clears the selection; a failure keeps the page with its alert; a retry
 *   that went through leaves for the list (`left`). Retry needs no confirmation; refusing or deleting
 *   documents needs a checked one, refusing them a reason.
 *
 * Pure: the calls are injected actors, the alerts, the navigation, the campaign's re-read and the
 * scroll restoration are actions the view provides.
 */
import { assign, raise, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { createCampaignDocumentsActors } from './campaignDocuments.actors.ts';
import {
  NEEDS_SELECTION,
  type CampaignDocumentsContext,
  type CampaignDocumentsEvent,
  type CampaignDocumentsInput,
  type DocAlert,
  type DocsQuery,
  type PageAlert,
} from './campaignDocuments.types.ts';
import type { DispatchedDocPage } from '../../src/contract/dispatch.ts';
import type { DispatchedDocument } from '../../src/contract/entities.ts';

const unwired = createCampaignDocumentsActors({
  readDocs: () => Promise.reject(new Error('campaign-documents machine: readDocs not provided')),
  runAction: () => Promise.reject(new Error('campaign-documents machine: runAction not provided')),
  runDocAction: () => Promise.reject(new Error('campaign-documents machine: runDocAction not provided')),
});

const sameQuery = (a: DocsQuery | null, b: DocsQuery): boolean =>
  !!a && a.filter === b.filter && a.page === b.page && a.size === b.size && a.status === b.status;

const withRow = (docs: DispatchedDocPage | null, doc: DispatchedDocument): DispatchedDocPage | null =>
  docs ? { ...docs, items: docs.items.map((row) => (row.id === doc.id ? doc : row)) } : docs;

/**
 * Reading the page again, declared on each state of the documents region: between siblings, so only
 * that region is left and entered again. Declared once on the region with `reenter`, the transition's
 * domain would be the whole machine, and a new status arriving mid-action would restart the action's
 * region too (its call's answer lost: no alert, no navigation).
 */
const readAgain = {
  'docs.query': { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'storeQuery' },
  'docs.invalidate': { guard: 'hasQuery', target: 'loading', reenter: true },
} as const;

export const campaignDocumentsMachine = setup({
  types: {} as {
    context: CampaignDocumentsContext;
    events: CampaignDocumentsEvent;
    input: CampaignDocumentsInput;
  },
  actors: unwired,
  guards: {
    queryChanged: ({ context, event }) => event.type === 'docs.query' && !sameQuery(context.query, event),
    hasQuery: ({ context }) => context.query !== null,
    isRetry: ({ event }) => event.type === 'action.request' && event.action === 'retry',
    hasSelectionIfNeeded: ({ context, event }) =>
      event.type === 'action.request' && (!NEEDS_SELECTION.includes(event.action) || context.selected.length > 0),
    reasonIfNeeded: ({ context, event }) =>
      event.type === 'action.confirm' && (context.action !== 'refuseDocuments' || !!event.reason?.trim()),
    actionFailed: ({ event }) => event.type === 'xstate.done.actor.runAction' && !event.output.ok,
    wasRetry: ({ context }) => context.action === 'retry',
  },
  actions: {
    /** Provided by the view: pushes the alert. */
    alert: (_, _params: PageAlert) => {},
    /** Provided by the view: pushes a document action's alert, with the document's new status in words. */
    docAlert: (_, _params: DocAlert) => {},
    /** Provided by the view: rows are on screen (the step-backward scroll is restored then). */
    rowsShown: () => {},
    /** Provided by the view: an action is about to be sent (its pushed outcome may then come before its answer). */
    actionSent: () => {},
    /** Provided by the view: the campaign feed asks the server again. */
    rereadCampaign: () => {},
    /** Provided by the view: back to the campaign list. */
    goToList: () => {},
    storeQuery: assign({
      query: ({ context, event }) =>
        event.type === 'docs.query'
          ? { filter: event.filter, page: event.page, size: event.size, status: event.status }
          : context.query,
    }),
    replaceRow: assign({
      docs: ({ context, event }) => (event.type === 'docs.pushed' ? withRow(context.docs, event.doc) : context.docs),
    }),
    toggle: assign({
      selected: ({ context, event }) =>
        event.type !== 'selection.toggle'
          ? context.selected
          : context.selected.includes(event.id)
            ? context.selected.filter((id) => id !== event.id)
            : [...context.selected, event.id],
    }),
    selectAll: assign({
      selected: ({ context }) => [
        ...context.selected,
        ...(context.docs?.items ?? []).map((d) => d.id).filter((id) => !context.selected.includes(id)),
      ],
    }),
    clearSelection: assign({ selected: [] }),
    storeDocRun: assign({
      docRun: ({ context, event }) =>
        event.type === 'doc.run' ? { doc: event.doc, action: event.action } : context.docRun,
    }),
    storeAction: assign({
      action: ({ context, event }) => (event.type === 'action.request' ? event.action : context.action),
      reason: null,
    }),
    storeReason: assign({
      reason: ({ context, event }) =>
        event.type === 'action.confirm' ? (event.reason?.trim() ?? null) : context.reason,
    }),
    clearAction: assign({ action: null, reason: null }),
    invalidateDocs: raise({ type: 'docs.invalidate' }),
  },
}).createMachine({
  id: 'campaignDocuments',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    query: null,
    docs: null,
    selected: [],
    docRun: null,
    action: null,
    reason: null,
  }),
  type: 'parallel',
  on: {
    'docs.pushed': { actions: 'replaceRow' },
    'selection.toggle': { actions: 'toggle' },
    'selection.all': { actions: 'selectAll' },
    'selection.clear': { actions: 'clearSelection' },
  },
  states: {
    documents: {
      initial: 'waiting',
      states: {
        // Nothing to invalidate before the first query.
        waiting: { on: { 'docs.query': readAgain['docs.query'] } },
        loading: {
          on: readAgain,
          invoke: {
            id: 'readDocs',
            src: 'readDocs',
            input: ({ context }) => ({ campaignId: context.campaignId, query: context.query! }),
            onDone: {
              target: 'shown',
              actions: [assign({ docs: ({ event }) => event.output }), 'rowsShown'],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'alert',
                params: { message: ALERT_KEYS.campaigns.getDispatchedDocsFailure, type: 'error' },
              },
            },
          },
        },
        shown: { on: readAgain },
        failed: { on: readAgain },
      },
    },
    docAction: {
      initial: 'idle',
      states: {
        idle: { on: { 'doc.run': { target: 'running', actions: 'storeDocRun' } } },
        running: {
          invoke: {
            id: 'runDocAction',
            src: 'runDocAction',
            input: ({ context }) => context.docRun!,
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  docRun: null,
                  docs: ({ context, event }) =>
                    event.output.doc ? withRow(context.docs, event.output.doc) : context.docs,
                }),
                {
                  type: 'docAlert',
                  params: ({ event }) => ({ alert: event.output.alert, status: event.output.doc?.status ?? null }),
                },
                'rereadCampaign',
              ],
            },
          },
        },
      },
    },
    campaignAction: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'action.request': [
              { guard: 'isRetry', target: 'running', actions: 'storeAction' },
              { guard: 'hasSelectionIfNeeded', target: 'confirming', actions: 'storeAction' },
            ],
          },
        },
        confirming: {
          on: {
            'action.confirm': { guard: 'reasonIfNeeded', target: 'running', actions: 'storeReason' },
            'action.cancel': { target: 'idle', actions: 'clearAction' },
          },
        },
        running: {
          entry: 'actionSent',
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => ({
              campaignId: context.campaignId,
              action: context.action!,
              ids: context.selected,
              ...(context.reason ? { reason: context.reason } : {}),
            }),
            onDone: [
              {
                guard: 'actionFailed',
                target: 'idle',
                actions: [{ type: 'alert', params: ({ event }) => event.output.alert }, 'clearAction'],
              },
              {
                guard: 'wasRetry',
                target: 'left',
                actions: [{ type: 'alert', params: ({ event }) => event.output.alert }, 'goToList'],
              },
              {
                // Re-read rather than keep the action's answer: a push sent while the call ran may be newer.
                target: 'idle',
                actions: [
                  { type: 'alert', params: ({ event }) => event.output.alert },
                  'clearAction',
                  'rereadCampaign',
                  'clearSelection',
                  'invalidateDocs',
                ],
              },
            ],
          },
        },
        left: { type: 'final' },
      },
    },
  },
});

export type CampaignDocumentsMachine = typeof campaignDocumentsMachine;
