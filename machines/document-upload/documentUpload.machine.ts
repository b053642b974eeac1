/**
 * « Déposer des documents » (seed 000 §5; issue 14: no workflow in component state). Two regions side
 * by side: `drop` checks each dropped PDF (the web's `checkFiles` port: content and size, as the server
 * will), one drop after the other, each accepted file becoming a slip (or the file of the slip it was
 * dropped on); `run` sends. « Déposer » shows the slips' errors; it sends only when an organisation is
 * known, no slip before the last is incomplete and at least one is complete: the complete slips go one
 * after the other, each through the web's `sendSlip` port (the shared upload machine, progress and
 * cancel in the notifications panel), an incomplete last slip staying behind. A failed or canceled slip
 * is sent again alone (« Réessayer », on its own upload machine). A run that stored every slip it sent,
 * with none left behind, forgets the slips and asks the dialog to close. Invariants: at most `maxSlips`
 * slips; a slip being sent or stored is neither edited nor removed; one slip is sent at a time.
 */
import { and, assign, emit, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import { DOCUMENT_UPLOAD_MAX_SLIPS } from '../../src/contract/documents.ts';
import {
  isComplete,
  isLocked,
  orgOf,
  pendingOf,
  planOf,
  QUEUED,
  slipFor,
  TOO_MANY_SLIPS,
} from './documentUpload.model.ts';
import type {
  CheckFilesInput,
  DocumentUploadContext,
  DocumentUploadEmitted,
  DocumentUploadEvent,
  DocumentUploadInput,
  Refusal,
  SendSlipCommand,
  SendSlipInput,
  SlipDraft,
} from './documentUpload.types.ts';

/** Without provided actors the machine waits for the facts (tests and paths send them). */
const unwiredCheck = fromCallback<DocumentUploadEvent, CheckFilesInput>(() => undefined);
const unwiredSend = fromCallback<SendSlipCommand, SendSlipInput>(() => undefined);

export const initialDocumentUploadContext = (input: DocumentUploadInput = {}): DocumentUploadContext => ({
  maxSlips: input.maxSlips ?? DOCUMENT_UPLOAD_MAX_SLIPS,
  orgIds: input.orgIds ?? [],
  defaultOrgId: input.defaultOrgId ?? '',
  chosenOrg: null,
  knownTypes: [],
  slips: [],
  nextSlip: 1,
  refusals: [],
  drops: [],
  uploads: {},
  showErrors: false,
  queue: [],
  results: [],
  closeAfter: false,
});

type Ctx = DocumentUploadContext;
const slipOf = (c: Ctx, id: string): SlipDraft | undefined => c.slips.find((s) => s.id === id);
const slipIdOf = (e: DocumentUploadEvent): string | null => ('slipId' in e ? e.slipId : null);
const editable = (c: Ctx, id: string | null) => id !== null && slipOf(c, id) !== undefined && !isLocked(c.uploads[id]);
/** The run's slips after the head, still there. */
const restOf = (c: Ctx) => c.queue.slice(1).filter((id) => slipOf(c, id) !== undefined);

export const documentUploadMachine = setup({
  types: {} as {
    context: DocumentUploadContext;
    events: DocumentUploadEvent;
    input: DocumentUploadInput;
    emitted: DocumentUploadEmitted;
  },
  actors: { checkFiles: unwiredCheck, sendSlip: unwiredSend },
  guards: {
    hasRoom: ({ context }) => context.slips.length < context.maxSlips,
    isEditable: ({ context, event }) => editable(context, slipIdOf(event)),
    hasPending: ({ context }) => pendingOf(context).length > 0,
    canStart: ({ context }) => {
      const plan = planOf(context);
      return orgOf(context) !== '' && plan.blocking.length === 0 && plan.toSend.length > 0;
    },
    isRetryable: ({ context, event }) => {
      const id = slipIdOf(event);
      const status = id === null ? undefined : context.uploads[id]?.status;
      return (status === 'failed' || status === 'canceled') && slipOf(context, id ?? '') !== undefined;
    },
    isSendable: ({ context, event }) => {
      const slip = slipOf(context, slipIdOf(event) ?? '');
      return slip !== undefined && orgOf(context) !== '' && isComplete(slip, context.knownTypes);
    },
    moreDrops: ({ context }) => context.drops.length > 1,
    isHead: ({ context, event }) => slipIdOf(event) === context.queue[0],
    moreQueued: ({ context, event }) => slipIdOf(event) === context.queue[0] && restOf(context).length > 0,
    closesAfter: ({ context, event }) =>
      event.type === 'api.slip.ended' &&
      event.slipId === context.queue[0] &&
      context.closeAfter &&
      event.state.status === 'done' &&
      context.results.every((r) => r === 'done'),
    allStored: ({ context }) => Object.values(context.uploads).every((u) => u.status === 'done'),
  },
  actions: {
    storeOrgs: assign(({ event }) =>
      event.type === 'upload.orgs.known' ? { orgIds: event.orgIds, defaultOrgId: event.defaultOrgId } : {},
    ),
    storeTypes: assign(({ event }) => (event.type === 'upload.types.known' ? { knownTypes: event.codes } : {})),
    chooseOrg: assign(({ event }) => (event.type === 'upload.org.choose' ? { chosenOrg: event.orgId } : {})),
    enqueueDrop: assign(({ context, event }) =>
      event.type === 'upload.files.drop'
        ? { drops: [...context.drops, { files: event.files, into: null }] }
        : event.type === 'upload.slip.file.drop'
          ? { drops: [...context.drops, { files: [event.file], into: event.slipId }] }
          : {},
    ),
    /** The first drop's verdicts: refusals shown, accepted files made slips (as many as there is room for). */
    applyVerdicts: assign(({ context, event }) => {
      const drop = context.drops[0];
      if (event.type !== 'api.files.checked' || !drop) return {};
      const refused: Refusal[] = event.verdicts.flatMap((v) => (v.key ? [{ name: v.file.name, key: v.key }] : []));
      const accepted = event.verdicts.flatMap((v) => (v.key ? [] : [v.file]));
      const drops = context.drops.slice(1);
      if (drop.into !== null) {
        const file = accepted[0];
        const into = drop.into;
        return {
          drops,
          refusals: refused,
          slips:
            file && editable(context, into)
              ? context.slips.map((s) => (s.id === into ? { ...s, file } : s))
              : context.slips,
        };
      }
      const fitting = accepted.slice(0, Math.max(0, context.maxSlips - context.slips.length));
      const tooMany = accepted.slice(fitting.length).map((f) => ({ name: f.name, key: TOO_MANY_SLIPS }));
      return {
        drops,
        refusals: [...refused, ...tooMany],
        slips: [...context.slips, ...fitting.map((f, i) => slipFor(`slip-${context.nextSlip + i}`, f))],
        nextSlip: context.nextSlip + fitting.length,
      };
    }),
    addSlip: assign(({ context }) => ({
      slips: [...context.slips, slipFor(`slip-${context.nextSlip}`, null)],
      nextSlip: context.nextSlip + 1,
    })),
    changeSlip: assign(({ context, event }) =>
      event.type === 'upload.slip.change'
        ? {
            slips: context.slips.map((s) => (s.id === event.slipId ? { ...s, ...event.changes, id: s.id } : s)),
          }
        : {},
    ),
    removeSlip: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'upload.slip.remove') return;
      enqueue.assign({ slips: context.slips.filter((s) => s.id !== event.slipId) });
      enqueue.emit({ type: 'upload.slip.removed', slipId: event.slipId });
    }),
    showErrors: assign({ showErrors: true }),
    startRun: assign(({ context }) => {
      const plan = planOf(context);
      return { queue: plan.toSend.map((s) => s.id), results: [], closeAfter: plan.lastLeftBehind === null };
    }),
    startRetry: assign(({ event }) =>
      event.type === 'upload.slip.retry' ? { queue: [event.slipId], results: [], closeAfter: false } : {},
    ),
    markQueued: assign(({ context }) => {
      const head = context.queue[0];
      return head ? { uploads: { ...context.uploads, [head]: QUEUED } } : {};
    }),
    storeUpload: assign(({ context, event }) =>
      event.type === 'api.slip.progressed' || event.type === 'api.slip.ended'
        ? { uploads: { ...context.uploads, [event.slipId]: event.state } }
        : {},
    ),
    storeResult: assign(({ context, event }) =>
      event.type === 'api.slip.ended' ? { results: [...context.results, event.state.status] } : {},
    ),
    nextInQueue: assign(({ context }) => ({ queue: restOf(context) })),
    endRun: assign({ queue: [] }),
    /** After `storeResult`: the run's counts. */
    emitFinished: emit(({ context }) => ({
      type: 'upload.finished' as const,
      done: context.results.filter((r) => r === 'done').length,
      failed: context.results.filter((r) => r === 'failed').length,
    })),
    cancelHead: sendTo('sendSlip', { type: 'upload.slip.cancel' } satisfies SendSlipCommand),
    reset: assign({ slips: [], uploads: {}, refusals: [], showErrors: false, queue: [], results: [] }),
    emitReset: emit({ type: 'upload.reset' as const }),
    emitClosed: emit({ type: 'upload.closed' as const }),
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => initialDocumentUploadContext(input),
  type: 'parallel',
  on: {
    'upload.orgs.known': { actions: 'storeOrgs' },
    'upload.types.known': { actions: 'storeTypes' },
    'upload.slip.add': { guard: 'hasRoom', actions: 'addSlip' },
    'upload.slip.change': { guard: 'isEditable', actions: 'changeSlip' },
    'upload.slip.remove': { guard: 'isEditable', actions: 'removeSlip' },
  },
  states: {
    drop: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'upload.files.drop': { guard: 'hasRoom', target: 'checking', actions: 'enqueueDrop' },
            'upload.slip.file.drop': { guard: 'isEditable', target: 'checking', actions: 'enqueueDrop' },
          },
        },
        /** The first drop's files are checked; later drops wait their turn. */
        checking: {
          invoke: {
            id: 'checkFiles',
            src: 'checkFiles',
            input: ({ context }) => ({ files: context.drops[0]?.files ?? [] }),
          },
          on: {
            'upload.files.drop': { guard: 'hasRoom', actions: 'enqueueDrop' },
            'upload.slip.file.drop': { guard: 'isEditable', actions: 'enqueueDrop' },
            'api.files.checked': [
              { guard: 'moreDrops', target: 'checking', reenter: true, actions: 'applyVerdicts' },
              { target: 'idle', actions: 'applyVerdicts' },
            ],
          },
        },
      },
    },
    run: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'upload.org.choose': { actions: 'chooseOrg' },
            'upload.send': [
              { guard: 'canStart', target: 'sending', actions: ['showErrors', 'startRun'] },
              { guard: 'hasPending', actions: 'showErrors' },
            ],
            'upload.slip.retry': [
              { guard: and(['isRetryable', 'isSendable']), target: 'sending', actions: 'startRetry' },
              { guard: 'isRetryable', actions: 'showErrors' },
            ],
            'upload.close': [
              { guard: 'allStored', actions: ['reset', 'emitReset', 'emitClosed'] },
              { actions: 'emitClosed' },
            ],
          },
        },
        /** The run's first slip is sent; the others wait. Closing keeps the run going. */
        sending: {
          entry: 'markQueued',
          invoke: {
            id: 'sendSlip',
            src: 'sendSlip',
            input: ({ context }) => ({
              organizationId: orgOf(context),
              slip: slipOf(context, context.queue[0] ?? '') ?? slipFor(context.queue[0] ?? '', null),
            }),
          },
          on: {
            'api.slip.progressed': { guard: 'isHead', actions: 'storeUpload' },
            'api.slip.ended': [
              {
                guard: 'moreQueued',
                target: 'sending',
                reenter: true,
                actions: ['storeUpload', 'storeResult', 'nextInQueue'],
              },
              {
                guard: 'closesAfter',
                target: 'idle',
                actions: ['storeUpload', 'storeResult', 'emitFinished', 'reset', 'emitReset', 'emitClosed'],
              },
              { guard: 'isHead', target: 'idle', actions: ['storeUpload', 'storeResult', 'emitFinished', 'endRun'] },
            ],
            'upload.slip.cancel': { guard: 'isHead', actions: 'cancelHead' },
            'upload.close': { actions: 'emitClosed' },
          },
        },
      },
    },
  },
});

export type DocumentUploadMachine = typeof documentUploadMachine;
