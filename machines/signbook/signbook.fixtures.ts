/** One fixture (or more, for guarded variants) per event, typed exhaustively, for a two-step signbook. */
import type { SignbookEvent, SignbookEventType, SignbookInput } from './signbook.types.ts';

type EventOf<T extends SignbookEventType> = Extract<SignbookEvent, { type: T }>;
type Fixtures = { readonly [T in SignbookEventType]: readonly EventOf<T>[] };

/** Step 1: the HR officer `hr`; step 2: the employee `emp` and the manager `mgr`. */
export const signbookInput = { steps: [['hr'], ['emp', 'mgr']] } as const satisfies SignbookInput;

export const signbookFixtures = {
  'signbook.start': [{ type: 'signbook.start' }],
  'signbook.update': [{ type: 'signbook.update' }],
  'signbook.delete': [{ type: 'signbook.delete' }],
  'signbook.retrySeal': [{ type: 'signbook.retrySeal' }],
  'signatory.sign': [
    { type: 'signatory.sign', signatoryId: 'hr' },
    { type: 'signatory.sign', signatoryId: 'emp' },
    { type: 'signatory.sign', signatoryId: 'mgr' },
  ],
  'signatory.refuse': [{ type: 'signatory.refuse', signatoryId: 'emp', reason: 'Clause de mobilité à revoir' }],
  'job.seal.completed': [{ type: 'job.seal.completed' }],
  'job.seal.failed': [{ type: 'job.seal.failed' }],
} satisfies Fixtures;
