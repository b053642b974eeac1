/**
 * The machine's states in the seed's status vocabulary, both ways, and the persisted form.
 * `statusOf` is what the server stores in `signbooks.status` (null once deleted: the row goes);
 * `snapshotFor` restores a signbook stored without a snapshot (the demo seed's rows) from its
 * status and signatories. `signRefusal` says why the machine refuses a signatory's act.
 */
import type { SnapshotFrom, StateValue } from 'xstate';
import type { SignbookStatus } from '../../src/contract/enums.ts';
import { isCurrentUnsigned, signbookMachine } from './signbook.machine.ts';
import type { SignbookContext, SignRefusal } from './signbook.types.ts';

export type SignbookSnapshot = SnapshotFrom<typeof signbookMachine>;

/** What `signbooks.machine_state` holds. */
export interface PersistedSignbookState {
  readonly value: StateValue;
  readonly context: SignbookContext;
}

const VALUE_OF: Record<SignbookStatus, string> = {
  DRAFT: 'draft',
  IN_PROGRESS: 'inProgress',
  SEALING: 'sealing',
  COMPLETE: 'completed',
  IN_ERROR: 'sealFailed',
  REFUSED: 'refused',
};

export function statusOf(snapshot: Pick<SignbookSnapshot, 'value'>): SignbookStatus | null {
  const entry = Object.entries(VALUE_OF).find(([, value]) => value === snapshot.value);
  return entry ? (entry[0] as SignbookStatus) : null;
}

/** Restores from rows: `steps` are signatory ids per step, `signed` those who signed, `refusedBy` a refuser. */
export function snapshotFor(
  status: SignbookStatus,
  context: Pick<SignbookContext, 'steps' | 'signed'> & Partial<Pick<SignbookContext, 'refusedBy'>>,
): SignbookSnapshot {
  const firstOpen = context.steps.findIndex((ids) => ids.some((id) => !context.signed.includes(id)));
  const currentStep = firstOpen === -1 ? Math.max(0, context.steps.length - 1) : firstOpen;
  return signbookMachine.resolveState({
    value: VALUE_OF[status],
    context: { steps: context.steps, signed: context.signed, currentStep, refusedBy: context.refusedBy ?? null },
  });
}

export const restoreSnapshot = (persisted: PersistedSignbookState): SignbookSnapshot =>
  signbookMachine.resolveState({ value: persisted.value, context: persisted.context });

export const persist = (snapshot: SignbookSnapshot): PersistedSignbookState => ({
  value: snapshot.value,
  context: snapshot.context,
});

/** Why `signatoryId` may not sign or refuse now; null when they may. */
export function signRefusal(snapshot: SignbookSnapshot, signatoryId: string | null): SignRefusal | null {
  const { context } = snapshot;
  if (signatoryId === null || !context.steps.some((ids) => ids.includes(signatoryId))) return 'not-signatory';
  if (context.signed.includes(signatoryId)) return 'already-signed';
  if (snapshot.value !== 'inProgress') return 'not-in-progress';
  return isCurrentUnsigned(context, signatoryId) ? null : 'not-your-turn';
}

/** The step a signatory belongs to (-1 when none). */
export const stepOf = (context: SignbookContext, signatoryId: string): number =>
  context.steps.findIndex((ids) => ids.includes(signatoryId));
