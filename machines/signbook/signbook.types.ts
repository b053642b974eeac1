/** Context and events of the signbook lifecycle (seed 000 §3–§5). Intents come from the API, facts from the seal job. */

export interface SignbookContext {
  /** Signatory ids per step, in order: step N+1 only after every signatory of step N signed. */
  readonly steps: readonly (readonly string[])[];
  /** Signatory ids that signed, in signing order. */
  readonly signed: readonly string[];
  /** Index of the step awaiting signatures (the last step once every step is signed). */
  readonly currentStep: number;
  /** The signatory who refused, when one did. */
  readonly refusedBy: string | null;
}

export interface SignbookInput {
  readonly steps: readonly (readonly string[])[];
}

/** Intents: what a creator or a signatory asks through the API. */
export type SignbookIntent =
  | { readonly type: 'signbook.start' }
  | { readonly type: 'signbook.update' }
  | { readonly type: 'signbook.delete' }
  | { readonly type: 'signbook.retrySeal' }
  | { readonly type: 'signatory.sign'; readonly signatoryId: string }
  | { readonly type: 'signatory.refuse'; readonly signatoryId: string; readonly reason: string };

/** Facts: what the `signbook.seal` job reports. */
export type SignbookFact = { readonly type: 'job.seal.completed' } | { readonly type: 'job.seal.failed' };

export type SignbookEvent = SignbookIntent | SignbookFact;
export type SignbookEventType = SignbookEvent['type'];

/** Announced by transitions (the server publishes and notifies). */
export type SignbookEmitted =
  | { readonly type: 'signbook.updated' }
  /** A step completed: its successor's signatories are to be asked. */
  | { readonly type: 'signbook.stepStarted'; readonly step: number }
  | { readonly type: 'signbook.refused'; readonly signatoryId: string; readonly reason: string };

/** Why a signatory's signature (or refusal) is refused, for a precise API key. */
export type SignRefusal = 'not-in-progress' | 'not-signatory' | 'already-signed' | 'not-your-turn';
