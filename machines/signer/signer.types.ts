/** Context, input and events of one signatory's walk through a signbook step (seed 000 §3, issue 4 §6). */
import type { SignatureCodeMode } from '../../src/contract/enums.ts';

/** A failed call, as the web's API client reports it (translation key + HTTP status). */
export interface SignerFailure {
  readonly key: string;
  readonly status: number;
}

/** Where the last code went (`to` is masked by the server) and whether the demo outbox holds it. */
export interface SentCode {
  readonly mode: SignatureCodeMode;
  readonly to: string;
  readonly expiresAt: string;
  readonly outbox: boolean;
}

export interface SignerInput {
  readonly signbookId: string;
  /** The signatory's own e-mail and phone, offered as destinations (both may be changed). */
  readonly email: string | null;
  readonly phone: string | null;
}

export interface SignerContext {
  readonly signbookId: string;
  readonly mode: SignatureCodeMode;
  readonly email: string;
  readonly phone: string;
  readonly sent: SentCode | null;
  /** Wrong tries left before the code locks (the server's count when it tells, else counted here). */
  readonly triesLeft: number;
  /** Translation key of the last problem (wrong code, refused request…), cleared by the next step. */
  readonly errorKey: string | null;
  readonly code: string;
  readonly reason: string;
}

/** What the signatory does. */
export type SignerIntent =
  | { readonly type: 'signer.read' }
  | { readonly type: 'signer.back' }
  | {
      readonly type: 'signer.code.request';
      readonly mode: SignatureCodeMode;
      readonly email?: string;
      readonly phone?: string;
    }
  | { readonly type: 'signer.code.submit'; readonly code: string }
  | { readonly type: 'signer.code.renew' }
  | { readonly type: 'signer.refuse'; readonly reason: string }
  /** The view found a code already pending on the server (a reload mid-walk). */
  | {
      readonly type: 'signer.resume';
      readonly mode: SignatureCodeMode;
      readonly expiresAt: string;
      readonly triesLeft: number;
      readonly locked: boolean;
    };

/** Facts: the code's 10 minutes ran out while the screen was open. */
export type SignerFact = { readonly type: 'signer.code.expired' };

/** Outcomes of the three calls the walk invokes (provided by the web). */
export type SignerActorEvent =
  | { readonly type: 'xstate.done.actor.requestCode'; readonly actorId?: string; readonly output: SentCode }
  | { readonly type: 'xstate.error.actor.requestCode'; readonly actorId?: string; readonly error: SignerFailure }
  | { readonly type: 'xstate.done.actor.submitCode'; readonly actorId?: string; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.submitCode'; readonly actorId?: string; readonly error: SignerFailure }
  | { readonly type: 'xstate.done.actor.submitRefusal'; readonly actorId?: string; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.submitRefusal'; readonly actorId?: string; readonly error: SignerFailure };

export type SignerEvent = SignerIntent | SignerFact | SignerActorEvent;
export type SignerEventType = SignerEvent['type'];

/** What the invoked actors receive. */
export interface RequestCodeInput {
  readonly signbookId: string;
  readonly mode: SignatureCodeMode;
  readonly email?: string;
  readonly phone?: string;
}
export interface SubmitCodeInput {
  readonly signbookId: string;
  readonly code: string;
}
export interface SubmitRefusalInput {
  readonly signbookId: string;
  readonly reason: string;
}
