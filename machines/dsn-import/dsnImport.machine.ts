/**
 * DSN import (issue 5 §2; issue 14: no workflow in component state): idle → ready (a file chosen) →
 * sending (uploading with progress → importing once every byte is sent) → result | failed.
 * The bytes move in the invoked `importDsn` callback actor, which the web provides (the shared upload
 * machine with its XHR transport, shown in the notifications panel) and which answers with
 * `api.dsn.*` facts. Cancel is the notifications panel's (it comes back as `api.dsn.canceled`, the file
 * kept); closing the dialog while sending keeps the upload running, and the dialog shows its end when
 * opened again. Invariants: no upload without a file; a file over the size limit is refused before
 * upload; a refused file must be replaced (chosen again) before the next import; closing outside
 * `sending` forgets the file and the result. The machine emits `dsn.imported` with the server's answer.
 */
import { assign, emit, fromCallback, setup } from 'xstate';
import { LIMITS } from '../../src/contract/constants.ts';
import { failureOf, TOO_LARGE } from './dsnImport.model.ts';
import type {
  DsnImportContext,
  DsnImportEmitted,
  DsnImportEvent,
  DsnImportInput,
  ImportDsnInput,
} from './dsnImport.types.ts';

/** Without a provided import actor the import fails at once (tests and paths provide their own). */
const unwiredImport = fromCallback<DsnImportEvent, ImportDsnInput>(({ sendBack }) => {
  sendBack({ type: 'api.dsn.failed', error: { key: 'error.network', status: 0 } });
});

export const initialDsnImportContext = (input: DsnImportInput = {}): DsnImportContext => ({
  maxBytes: input.maxBytes ?? LIMITS.uploadMaxBytes,
  open: false,
  file: null,
  percentage: 0,
  uploadCompleted: false,
  result: null,
  failure: null,
});

export const dsnImportMachine = setup({
  types: {} as {
    context: DsnImportContext;
    events: DsnImportEvent;
    input: DsnImportInput;
    emitted: DsnImportEmitted;
  },
  actors: { importDsn: unwiredImport },
  guards: {
    isOpen: ({ context }) => context.open,
    isClosed: ({ context }) => !context.open,
    isTooLarge: ({ context }) => (context.file?.size ?? 0) > context.maxBytes,
    isAllSent: ({ event }) => event.type === 'api.dsn.progressed' && (event.uploadCompleted || event.percentage >= 100),
  },
  actions: {
    setOpen: assign({ open: true }),
    setClosed: assign({ open: false }),
    forget: assign({ file: null, percentage: 0, uploadCompleted: false, result: null, failure: null }),
    storeFile: assign({
      file: ({ context, event }) => (event.type === 'dsn.file.choose' ? event.file : context.file),
      failure: null,
    }),
    storeTooLarge: assign({ failure: TOO_LARGE }),
    clearSending: assign({ percentage: 0, uploadCompleted: false, result: null, failure: null }),
    storeProgress: assign(({ context, event }) =>
      event.type === 'api.dsn.progressed'
        ? {
            percentage: Math.max(context.percentage, Math.min(100, event.percentage)),
            uploadCompleted: context.uploadCompleted || event.uploadCompleted,
          }
        : {},
    ),
    setUploadCompleted: assign({ percentage: 100, uploadCompleted: true }),
    storeResult: assign({ result: ({ event }) => (event.type === 'api.dsn.succeeded' ? event.result : null) }),
    storeFailure: assign({ failure: ({ event }) => (event.type === 'api.dsn.failed' ? failureOf(event.error) : null) }),
    /** After `storeResult`: the answer just stored. */
    emitImported: emit(({ context }) => ({ type: 'dsn.imported' as const, result: context.result! })),
  },
}).createMachine({
  id: 'dsnImport',
  context: ({ input }) => initialDsnImportContext(input),
  initial: 'idle',
  on: { 'dsn.open': { guard: 'isClosed', actions: 'setOpen' } },
  states: {
    idle: {
      on: {
        'dsn.file.choose': { target: 'ready', actions: 'storeFile' },
        'dsn.close': { guard: 'isOpen', actions: 'setClosed' },
      },
    },
    ready: {
      on: {
        'dsn.file.choose': { actions: 'storeFile' },
        'dsn.file.remove': { target: 'idle', actions: 'forget' },
        'dsn.submit': [{ guard: 'isTooLarge', target: 'failed', actions: 'storeTooLarge' }, { target: 'sending' }],
        'dsn.close': { target: 'idle', actions: ['setClosed', 'forget'] },
      },
    },
    sending: {
      entry: 'clearSending',
      invoke: { id: 'importDsn', src: 'importDsn', input: ({ context }) => ({ file: context.file! }) },
      initial: 'uploading',
      on: {
        'api.dsn.succeeded': { target: 'result', actions: ['setUploadCompleted', 'storeResult', 'emitImported'] },
        'api.dsn.failed': { target: 'failed', actions: 'storeFailure' },
        'api.dsn.canceled': { target: 'ready' },
        // Closing does not cancel: the upload stays in the notifications panel, cancellable there.
        'dsn.close': { guard: 'isOpen', actions: 'setClosed' },
      },
      states: {
        uploading: {
          on: {
            'api.dsn.progressed': [
              { guard: 'isAllSent', target: 'importing', actions: 'setUploadCompleted' },
              { actions: 'storeProgress' },
            ],
          },
        },
        /** Every byte sent: the server reads and applies the file. */
        importing: {},
      },
    },
    failed: {
      on: {
        'dsn.file.choose': { target: 'ready', actions: 'storeFile' },
        'dsn.file.remove': { target: 'idle', actions: 'forget' },
        'dsn.close': { target: 'idle', actions: ['setClosed', 'forget'] },
      },
    },
    result: {
      on: {
        'dsn.reset': { target: 'idle', actions: 'forget' },
        'dsn.close': { target: 'idle', actions: ['setClosed', 'forget'] },
      },
    },
  },
});

export type DsnImportMachine = typeof dsnImportMachine;
