/**
 * One dispatched document's page (`/campaigns/{campaignId}/{docId}` and its status variants, seed
 * 000 §2), two parallel regions:
 * - document: read it, then its part's PDF when it has one; a failure of either is kept as a
 *   translation key (the server's key, else the viewer's generic one). Once read, the action its
 *   status and its campaign's allow (retry a failed document, send a waiting one) runs one at a
 *   time; its outcome is announced, and the document as the server left it replaces the shown one.
 * - campaign: read alongside; it only decides which action is offered, so its failure is silent.
 * The view leaves when the route's document changes (a new machine per document).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { DispatchedDocDetail } from '../../src/contract/dispatch.ts';
import type { Campaign } from '../../src/contract/entities.ts';
import { docActionFor } from './dispatchedDoc.rules.ts';
import type {
  DispatchedDocContext,
  DispatchedDocEmitted,
  DispatchedDocEvent,
  DispatchedDocInput,
  DocActionOutcome,
  RunDocActionInput,
} from './dispatchedDoc.types.ts';

const unwired = <T, I>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name}: no actor provided`)));

const VIEWER_ERROR = 'pdfViewer.error';
const problemOf = (error: unknown): string => {
  const key = (error as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : VIEWER_ERROR;
};

/** The action the page offers: none until both the document and its campaign are read. */
export const offeredAction = (c: Pick<DispatchedDocContext, 'doc' | 'campaign'>) =>
  c.doc && c.campaign ? docActionFor(c.doc, c.campaign.status) : null;

export const dispatchedDocMachine = setup({
  types: {} as {
    context: DispatchedDocContext;
    events: DispatchedDocEvent;
    input: DispatchedDocInput;
    emitted: DispatchedDocEmitted;
  },
  actors: {
    loadDoc: unwired<DispatchedDocDetail, { docId: string }>('loadDoc'),
    loadFile: unwired<Uint8Array, { docId: string }>('loadFile'),
    loadCampaign: unwired<Campaign, { campaignId: string }>('loadCampaign'),
    runDocAction: unwired<DocActionOutcome, RunDocActionInput>('runDocAction'),
  },
  guards: {
    hasFile: ({ event }) => event.type === 'xstate.done.actor.loadDoc' && event.output.hasFile,
    hasAction: ({ context }) => offeredAction(context) !== null,
  },
  actions: {
    storeDoc: assign({
      doc: ({ context, event }) => (event.type === 'xstate.done.actor.loadDoc' ? event.output : context.doc),
    }),
    storeFile: assign({
      file: ({ context, event }) => (event.type === 'xstate.done.actor.loadFile' ? event.output : context.file),
    }),
    storeProblem: assign({
      problem: ({ event }) =>
        event.type === 'xstate.error.actor.loadDoc' || event.type === 'xstate.error.actor.loadFile'
          ? problemOf(event.error)
          : null,
    }),
    storeCampaign: assign({
      campaign: ({ context, event }) =>
        event.type === 'xstate.done.actor.loadCampaign' ? event.output : context.campaign,
    }),
    storeUpdatedDoc: assign({
      doc: ({ context, event }) =>
        event.type === 'xstate.done.actor.runDocAction' && event.output.doc && context.doc
          ? { ...context.doc, ...event.output.doc }
          : context.doc,
    }),
    notifyOutcome: emit(({ event }) => {
      if (event.type !== 'xstate.done.actor.runDocAction') throw new Error('no outcome');
      return { type: 'doc.alert' as const, alert: event.output.alert, status: event.output.doc?.status ?? null };
    }),
  },
}).createMachine({
  id: 'dispatchedDoc',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    docId: input.docId,
    doc: null,
    campaign: null,
    file: null,
    problem: null,
  }),
  type: 'parallel',
  states: {
    document: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDoc',
            src: 'loadDoc',
            input: ({ context }) => ({ docId: context.docId }),
            onDone: [
              { guard: 'hasFile', target: 'ready.file.loadingFile', actions: 'storeDoc' },
              { target: 'ready', actions: 'storeDoc' },
            ],
            onError: { target: 'failed', actions: 'storeProblem' },
          },
        },
        /** The document could not be read: the page says why. */
        failed: { type: 'final' },
        ready: {
          type: 'parallel',
          states: {
            file: {
              initial: 'none',
              states: {
                /** No file to read, or done reading it (or failing to). */
                none: {},
                loadingFile: {
                  invoke: {
                    id: 'loadFile',
                    src: 'loadFile',
                    input: ({ context }) => ({ docId: context.docId }),
                    onDone: { target: 'none', actions: 'storeFile' },
                    onError: { target: 'none', actions: 'storeProblem' },
                  },
                },
              },
            },
            action: {
              initial: 'idle',
              states: {
                idle: { on: { 'doc.action.run': { guard: 'hasAction', target: 'running' } } },
                running: {
                  invoke: {
                    id: 'runDocAction',
                    src: 'runDocAction',
                    input: ({ context }) => {
                      const action = offeredAction(context);
                      if (!context.doc || !action) throw new Error('no action to run');
                      return { doc: context.doc, action };
                    },
                    onDone: { target: 'idle', actions: ['storeUpdatedDoc', 'notifyOutcome'] },
                  },
                },
              },
            },
          },
        },
      },
    },
    campaign: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCampaign',
            src: 'loadCampaign',
            input: ({ context }) => ({ campaignId: context.campaignId }),
            onDone: { target: 'loaded', actions: 'storeCampaign' },
            // Silent: without its campaign the page shows the document and offers no action.
            onError: { target: 'unavailable' },
          },
        },
        loaded: {},
        unavailable: {},
      },
    },
  },
});

export type DispatchedDocMachine = typeof dispatchedDocMachine;
