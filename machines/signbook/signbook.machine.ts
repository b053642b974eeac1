/**
 * The signbook lifecycle, pure: no invoked actors and no timers, because the server applies it with
 * `transition` to the snapshot persisted in `signbooks.machine_state` (like the campaign lifecycle).
 * draft → inProgress (steps strictly in order; within a step every signatory signs) → sealing →
 * completed | sealFailed (retry → sealing); a refusal ends it (refused); deleted ends it too.
 * Events a state ignores or a guard refuses are refused (`snapshot.can` is false): the API answers 409.
 */
import { assign, emit, setup } from 'xstate';
import type { SignbookContext, SignbookEmitted, SignbookEvent, SignbookInput } from './signbook.types.ts';

const signerOf = (event: SignbookEvent): string | null =>
  event.type === 'signatory.sign' || event.type === 'signatory.refuse' ? event.signatoryId : null;

/** The signatory may act now: in the current step and not signed yet. */
export const isCurrentUnsigned = (context: SignbookContext, signatoryId: string | null): boolean =>
  signatoryId !== null &&
  (context.steps[context.currentStep] ?? []).includes(signatoryId) &&
  !context.signed.includes(signatoryId);

/** After `signatoryId` signs, is the current step complete? */
const completesStep = (context: SignbookContext, signatoryId: string | null): boolean =>
  (context.steps[context.currentStep] ?? []).every((id) => id === signatoryId || context.signed.includes(id));

export const signbookMachine = setup({
  types: {} as {
    context: SignbookContext;
    events: SignbookEvent;
    emitted: SignbookEmitted;
    input: SignbookInput;
  },
  guards: {
    mayAct: ({ context, event }) => isCurrentUnsigned(context, signerOf(event)),
    completesLastStep: ({ context, event }) =>
      isCurrentUnsigned(context, signerOf(event)) &&
      completesStep(context, signerOf(event)) &&
      context.currentStep === context.steps.length - 1,
    completesStep: ({ context, event }) =>
      isCurrentUnsigned(context, signerOf(event)) && completesStep(context, signerOf(event)),
    hasSignatories: ({ context }) => context.steps.length > 0 && context.steps.every((s) => s.length > 0),
  },
  actions: {
    recordSignature: assign({
      signed: ({ context, event }) => [...context.signed, signerOf(event) ?? ''],
    }),
    nextStep: assign({ currentStep: ({ context }) => context.currentStep + 1 }),
    recordRefusal: assign({ refusedBy: ({ event }) => signerOf(event) }),
    emitUpdated: emit({ type: 'signbook.updated' } as const),
    emitStepStarted: emit(({ context }) => ({ type: 'signbook.stepStarted' as const, step: context.currentStep })),
    emitRefused: emit(({ event }) => ({
      type: 'signbook.refused' as const,
      signatoryId: signerOf(event) ?? '',
      reason: event.type === 'signatory.refuse' ? event.reason : '',
    })),
  },
}).createMachine({
  id: 'signbook',
  context: ({ input }) => ({ steps: input.steps, signed: [], currentStep: 0, refusedBy: null }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'signbook.start': { guard: 'hasSignatories', target: 'inProgress', actions: 'emitStepStarted' },
        'signbook.update': { actions: 'emitUpdated' },
        'signbook.delete': { target: 'deleted' },
      },
    },
    inProgress: {
      on: {
        'signatory.sign': [
          { guard: 'completesLastStep', target: 'sealing', actions: 'recordSignature' },
          { guard: 'completesStep', actions: ['recordSignature', 'nextStep', 'emitStepStarted'] },
          { guard: 'mayAct', actions: ['recordSignature', 'emitUpdated'] },
        ],
        'signatory.refuse': { guard: 'mayAct', target: 'refused', actions: ['recordRefusal', 'emitRefused'] },
        'signbook.update': { actions: 'emitUpdated' },
        'signbook.delete': { target: 'deleted' },
      },
    },
    sealing: {
      on: {
        'job.seal.completed': { target: 'completed' },
        'job.seal.failed': { target: 'sealFailed' },
      },
    },
    sealFailed: {
      on: {
        'signbook.retrySeal': { target: 'sealing' },
        'signbook.delete': { target: 'deleted' },
      },
    },
    completed: { on: { 'signbook.delete': { target: 'deleted' } } },
    refused: { on: { 'signbook.delete': { target: 'deleted' } } },
    deleted: { type: 'final' },
  },
});
