/**
 * One upload with progress (seed 000 §4 "Progress and alerts"): idle → uploading (0..100 %) →
 * completed | failed | canceled. The bytes move in the invoked `transfer` callback actor, which the
 * web provides (XMLHttpRequest reports upload progress; fetch does not) and which reports
 * `transfer.*` facts. Leaving `uploading` stops that actor, which aborts the request: that is cancel.
 * Invariant: uploadCompleted is set when every byte is sent (100 %), and stays set once completed.
 * A failed or canceled upload starts again on the same machine (`upload.start`, with the request as it
 * now reads when it changed): the screens' « Réessayer ».
 */
import { assign, fromCallback, setup } from 'xstate';
import type { TransferFact, UploadContext, UploadEvent, UploadInput } from './upload.types.ts';

/** Without a provided transport the upload fails at once (tests and paths provide their own). */
const unwiredTransfer = fromCallback<UploadEvent, UploadInput>(({ sendBack }) => {
  sendBack({ type: 'transfer.failed', failure: { key: 'error.network', status: 0 } } satisfies TransferFact);
});

const percentOf = (loaded: number, total: number): number =>
  total > 0 ? Math.max(0, Math.min(100, Math.floor((loaded / total) * 100))) : 0;

export const uploadMachine = setup({
  types: {} as { context: UploadContext; events: UploadEvent; input: UploadInput },
  actors: { transfer: unwiredTransfer },
  guards: {
    isAllSent: ({ event }) => event.type === 'transfer.progressed' && percentOf(event.loaded, event.total) >= 100,
  },
  actions: {
    clearProgress: assign({ percentage: 0, uploadCompleted: false, result: null, failure: null }),
    storeProgress: assign({
      percentage: ({ context, event }) =>
        event.type === 'transfer.progressed'
          ? Math.max(context.percentage, percentOf(event.loaded, event.total))
          : context.percentage,
    }),
    setUploadCompleted: assign({ percentage: 100, uploadCompleted: true }),
    storeResult: assign({ result: ({ event }) => (event.type === 'transfer.succeeded' ? event.result : null) }),
    storeFailure: assign({ failure: ({ event }) => (event.type === 'transfer.failed' ? event.failure : null) }),
    storeRequest: assign({
      request: ({ context, event }) =>
        event.type === 'upload.start' && event.request !== undefined ? event.request : context.request,
    }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    request: input.request,
    percentage: 0,
    uploadCompleted: false,
    result: null,
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'upload.start': { target: 'uploading', actions: 'storeRequest' } } },
    uploading: {
      entry: 'clearProgress',
      invoke: { id: 'transfer', src: 'transfer', input: ({ context }) => ({ request: context.request }) },
      on: {
        'transfer.progressed': [{ guard: 'isAllSent', actions: 'setUploadCompleted' }, { actions: 'storeProgress' }],
        'transfer.succeeded': { target: 'completed', actions: ['setUploadCompleted', 'storeResult'] },
        'transfer.failed': { target: 'failed', actions: 'storeFailure' },
        'upload.cancel': { target: 'canceled' },
      },
    },
    completed: { type: 'final' },
    failed: { on: { 'upload.start': { target: 'uploading', actions: 'storeRequest' } } },
    canceled: { on: { 'upload.start': { target: 'uploading', actions: 'storeRequest' } } },
  },
});

export type UploadMachine = typeof uploadMachine;
