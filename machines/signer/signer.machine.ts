/**
 * One signatory's walk (issue 4 §6), pure: reading → choosingChannel → requestingCode → enteringCode →
 * signing → signed | refused. The three calls (ask for a code, sign with it, refuse with a reason) are
 * invoked actors the web provides; the server stays the authority and its answers drive the walk:
 * a wrong code comes back to the code screen with `signworkflow.signatureFrame.invalideCode` and one
 * try less, an expired or missing code and a locked one (423, the sixth try) leave only "new code"
 * (or refusal). Events a state does not accept are ignored, so a double click changes nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import { SIGNATURE_CODE } from '../../src/contract/signbook.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import type {
  RequestCodeInput,
  SentCode,
  SignerContext,
  SignerEvent,
  SignerFailure,
  SignerInput,
  SubmitCodeInput,
  SubmitRefusalInput,
} from './signer.types.ts';

/** Without provided calls the walk fails at once with a network key (the web and tests provide their own). */
const unwired = () =>
  fromPromise<never>(() => Promise.reject({ key: ERROR_KEYS.network, status: 0 } satisfies SignerFailure));

/** A code is digits only, at least `SIGNATURE_CODE.digits` of them (spaces typed in between are dropped). */
export const normalizeCode = (code: string): string => code.replace(/[\s.-]/g, '');
export const isWellFormedCode = (code: string): boolean =>
  new RegExp(`^\\d{${SIGNATURE_CODE.digits},}$`).test(normalizeCode(code));

/** Refusing is possible on every screen where the signatory is not waiting for an answer. */
const refuse = { 'signer.refuse': { guard: 'hasReason', target: 'refusing', actions: 'storeReason' } } as const;

const failureOf = (event: SignerEvent): SignerFailure | null =>
  'error' in event ? (event.error as SignerFailure | null) : null;
const keyOf = (event: SignerEvent): string => failureOf(event)?.key ?? ERROR_KEYS.internal;

export const signerMachine = setup({
  types: {} as { context: SignerContext; events: SignerEvent; input: SignerInput },
  actors: {
    requestCode: unwired() as unknown as ReturnType<typeof fromPromise<SentCode, RequestCodeInput>>,
    submitCode: unwired() as unknown as ReturnType<typeof fromPromise<unknown, SubmitCodeInput>>,
    submitRefusal: unwired() as unknown as ReturnType<typeof fromPromise<unknown, SubmitRefusalInput>>,
  },
  guards: {
    hasDestination: ({ event }) =>
      event.type === 'signer.code.request' &&
      (event.mode === 'email' ? Boolean(event.email?.trim()) : Boolean(event.phone?.trim())),
    isWellFormed: ({ event }) => event.type === 'signer.code.submit' && isWellFormedCode(event.code),
    hasReason: ({ event }) => event.type === 'signer.refuse' && event.reason.trim() !== '',
    resumesLocked: ({ event }) => event.type === 'signer.resume' && (event.locked || event.triesLeft <= 0),
    isWrongCode: ({ event }) => keyOf(event) === ALERT_KEYS.signature.invalidCode,
    isLocked: ({ event }) => failureOf(event)?.status === 423 || keyOf(event) === ERROR_KEYS.signatureCodeLocked,
    isExpired: ({ event }) =>
      keyOf(event) === ERROR_KEYS.signatureCodeExpired || keyOf(event) === ERROR_KEYS.signatureCodeMissing,
  },
  actions: {
    clearError: assign({ errorKey: null }),
    storeError: assign({ errorKey: ({ event }) => keyOf(event) }),
    storeRequest: assign(({ context, event }) =>
      event.type === 'signer.code.request'
        ? {
            mode: event.mode,
            email: event.email?.trim() ?? context.email,
            phone: event.phone?.trim() ?? context.phone,
            errorKey: null,
          }
        : {},
    ),
    missingDestination: assign({
      errorKey: ({ event }) =>
        event.type === 'signer.code.request' && event.mode === 'email'
          ? ERROR_KEYS.signbookSignatoryWithoutEmail
          : ERROR_KEYS.signatureCodeNoPhone,
    }),
    storeSent: assign(({ event }) =>
      event.type === 'xstate.done.actor.requestCode'
        ? { sent: event.output, triesLeft: SIGNATURE_CODE.maxTries, errorKey: null, code: '' }
        : {},
    ),
    storeResume: assign(({ context, event }) =>
      event.type === 'signer.resume'
        ? {
            mode: event.mode,
            sent: { mode: event.mode, to: '', expiresAt: event.expiresAt, outbox: context.sent?.outbox ?? false },
            triesLeft: event.triesLeft,
          }
        : {},
    ),
    storeCode: assign({ code: ({ event }) => (event.type === 'signer.code.submit' ? normalizeCode(event.code) : '') }),
    malformedCode: assign({ errorKey: VALIDATION_KEYS.validationCode }),
    countWrongTry: assign({
      triesLeft: ({ context }) => Math.max(0, context.triesLeft - 1),
      errorKey: ALERT_KEYS.signature.invalidCode,
      code: '',
    }),
    noTriesLeft: assign({ triesLeft: 0, errorKey: ERROR_KEYS.signatureCodeLocked, code: '' }),
    storeReason: assign({ reason: ({ event }) => (event.type === 'signer.refuse' ? event.reason.trim() : '') }),
  },
}).createMachine({
  id: 'signer',
  context: ({ input }) => ({
    signbookId: input.signbookId,
    mode: 'email',
    email: input.email ?? '',
    phone: input.phone ?? '',
    sent: null,
    triesLeft: SIGNATURE_CODE.maxTries,
    errorKey: null,
    code: '',
    reason: '',
  }),
  initial: 'reading',
  states: {
    reading: {
      on: {
        ...refuse,
        'signer.read': { target: 'choosingChannel', actions: 'clearError' },
        'signer.resume': [
          { guard: 'resumesLocked', target: 'locked', actions: 'storeResume' },
          { target: 'enteringCode', actions: 'storeResume' },
        ],
      },
    },
    choosingChannel: {
      on: {
        ...refuse,
        'signer.code.request': [
          { guard: 'hasDestination', target: 'requestingCode', actions: 'storeRequest' },
          { actions: 'missingDestination' },
        ],
        'signer.back': { target: 'reading', actions: 'clearError' },
      },
    },
    requestingCode: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }): RequestCodeInput => ({
          signbookId: context.signbookId,
          mode: context.mode,
          ...(context.mode === 'email' ? { email: context.email } : { phone: context.phone }),
        }),
        onDone: { target: 'enteringCode', actions: 'storeSent' },
        onError: { target: 'choosingChannel', actions: 'storeError' },
      },
    },
    enteringCode: {
      on: {
        ...refuse,
        'signer.code.submit': [
          { guard: 'isWellFormed', target: 'signing', actions: ['storeCode', 'clearError'] },
          { actions: 'malformedCode' },
        ],
        'signer.code.renew': { target: 'requestingCode', actions: 'clearError' },
        'signer.code.expired': { target: 'expired' },
        'signer.back': { target: 'choosingChannel', actions: 'clearError' },
      },
    },
    signing: {
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ context }): SubmitCodeInput => ({ signbookId: context.signbookId, code: context.code }),
        onDone: { target: 'signed' },
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'noTriesLeft' },
          { guard: 'isWrongCode', target: 'enteringCode', actions: 'countWrongTry' },
          { guard: 'isExpired', target: 'expired', actions: 'storeError' },
          { target: 'enteringCode', actions: 'storeError' },
        ],
      },
    },
    expired: {
      on: {
        ...refuse,
        'signer.code.renew': { target: 'requestingCode', actions: 'clearError' },
        'signer.back': { target: 'choosingChannel', actions: 'clearError' },
      },
    },
    locked: {
      on: {
        ...refuse,
        'signer.code.renew': { target: 'requestingCode', actions: 'clearError' },
        'signer.back': { target: 'choosingChannel', actions: 'clearError' },
      },
    },
    refusing: {
      invoke: {
        id: 'submitRefusal',
        src: 'submitRefusal',
        input: ({ context }): SubmitRefusalInput => ({ signbookId: context.signbookId, reason: context.reason }),
        onDone: { target: 'refused' },
        onError: { target: 'reading', actions: 'storeError' },
      },
    },
    signed: { type: 'final' },
    refused: { type: 'final' },
  },
});

export type SignerMachine = typeof signerMachine;
