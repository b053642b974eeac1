/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { SignerEvent, SignerEventType, SignerInput } from './signer.types.ts';

type EventOf<T extends SignerEventType> = Extract<SignerEvent, { type: T }>;
type Fixtures = { readonly [T in SignerEventType]: readonly EventOf<T>[] };

export const signerInput = {
  signbookId: 'sb-1',
  email: 'lea.dupont@example.fr',
  phone: '06 12 34 56 78',
} as const satisfies SignerInput;

const IN_TEN_MINUTES = '2026-11-21T10:10:00.000Z';

export const signerFixtures = {
  'signer.read': [{ type: 'signer.read' }],
  'signer.back': [{ type: 'signer.back' }],
  'signer.code.request': [
    { type: 'signer.code.request', mode: 'email', email: 'lea.dupont@example.fr' },
    { type: 'signer.code.request', mode: 'sms', phone: '  ' },
  ],
  'signer.code.submit': [
    { type: 'signer.code.submit', code: '123 456' },
    { type: 'signer.code.submit', code: '12a' },
  ],
  'signer.code.renew': [{ type: 'signer.code.renew' }],
  'signer.code.expired': [{ type: 'signer.code.expired' }],
  'signer.refuse': [
    { type: 'signer.refuse', reason: 'Le salaire indiqué est faux' },
    { type: 'signer.refuse', reason: '   ' },
  ],
  'signer.resume': [
    { type: 'signer.resume', mode: 'sms', expiresAt: IN_TEN_MINUTES, triesLeft: 3, locked: false },
    { type: 'signer.resume', mode: 'email', expiresAt: IN_TEN_MINUTES, triesLeft: 0, locked: true },
  ],
  'xstate.done.actor.requestCode': [
    {
      type: 'xstate.done.actor.requestCode',
      actorId: 'requestCode',
      output: { mode: 'email', to: 'l•••@example.fr', expiresAt: IN_TEN_MINUTES, outbox: true },
    },
  ],
  'xstate.error.actor.requestCode': [
    {
      type: 'xstate.error.actor.requestCode',
      actorId: 'requestCode',
      error: { key: 'error.signature-code.no-phone', status: 400 },
    },
  ],
  'xstate.done.actor.submitCode': [{ type: 'xstate.done.actor.submitCode', actorId: 'submitCode', output: {} }],
  'xstate.error.actor.submitCode': [
    {
      type: 'xstate.error.actor.submitCode',
      actorId: 'submitCode',
      error: { key: 'error.signature-code.locked', status: 423 },
    },
    {
      type: 'xstate.error.actor.submitCode',
      actorId: 'submitCode',
      error: { key: 'signworkflow.signatureFrame.invalideCode', status: 400 },
    },
    {
      type: 'xstate.error.actor.submitCode',
      actorId: 'submitCode',
      error: { key: 'error.signature-code.expired', status: 400 },
    },
    { type: 'xstate.error.actor.submitCode', actorId: 'submitCode', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.submitRefusal': [
    { type: 'xstate.done.actor.submitRefusal', actorId: 'submitRefusal', output: {} },
  ],
  'xstate.error.actor.submitRefusal': [
    {
      type: 'xstate.error.actor.submitRefusal',
      actorId: 'submitRefusal',
      error: { key: 'error.signbook.not-your-turn', status: 409 },
    },
  ],
} satisfies Fixtures;
