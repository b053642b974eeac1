/** What screens read from a signbook snapshot (the same chart the server applies). */
import type { SignbookStatus } from '../../src/contract/enums.ts';
import type { SignbookSnapshot } from './signbook.status.ts';
import { statusOf } from './signbook.status.ts';

export interface SignbookMachineView {
  readonly status: SignbookStatus | null;
  readonly currentStep: number;
  readonly stepCount: number;
  readonly signedCount: number;
  /** A draft with signatories: « Envoyer aux signataires ». */
  readonly canStart: boolean;
  readonly canRetrySeal: boolean;
  readonly canDelete: boolean;
}

export const selectSignbook = (snapshot: SignbookSnapshot): SignbookMachineView => ({
  status: statusOf(snapshot),
  currentStep: snapshot.context.currentStep,
  stepCount: snapshot.context.steps.length,
  signedCount: snapshot.context.signed.length,
  canStart: snapshot.can({ type: 'signbook.start' }),
  canRetrySeal: snapshot.can({ type: 'signbook.retrySeal' }),
  canDelete: snapshot.can({ type: 'signbook.delete' }),
});
