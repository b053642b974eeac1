/**
 * The machine's states in the seed's status vocabulary, both ways. `statusOf` is what the server
 * stores in `campaigns.status`; `snapshotFor` restores a campaign stored without a snapshot (the
 * demo seed's rows, or rows written before the machine). Statuses this increment does not model
 * (DRAFT, NEEDS_CLIENT_VALIDATION, DISPATCHED_WAIT_CUSTOMER_DISPATCHING, EDITIQUE_ERROR) restore to
 * the nearest state; the stored status only changes when an event is accepted.
 */
import type { SnapshotFrom, StateValue } from 'xstate';
import type { CampaignStatus } from '../../src/contract/enums.ts';
import { campaignMachine, initialCampaignContext } from './campaign.machine.ts';
import type { CampaignContext } from './campaign.types.ts';

export type CampaignSnapshot = SnapshotFrom<typeof campaignMachine>;

/** What `campaigns.machine_state` holds. */
export interface PersistedCampaignState {
  readonly value: StateValue;
  readonly context: CampaignContext;
}

const VALUE_OF: Record<CampaignStatus, StateValue> = {
  SPLITTING: 'splitting',
  NEEDS_VALIDATION: 'awaitingValidation',
  NEEDS_CLIENT_VALIDATION: 'awaitingValidation',
  DRAFT: 'awaitingValidation',
  NEEDS_DISPATCHING: { dispatching: 'queued' },
  DISPATCHING: { dispatching: 'running' },
  DISPATCHED: 'dispatched',
  DISPATCHED_WAIT_CUSTOMER_DISPATCHING: 'dispatched',
  IN_ERROR: 'inError',
  EDITIQUE_ERROR: 'inError',
  REFUSED: 'refused',
  CANCELED: 'canceled',
};

export function statusOf(snapshot: Pick<CampaignSnapshot, 'matches'>): CampaignStatus {
  if (snapshot.matches('splitting')) return 'SPLITTING';
  if (snapshot.matches('awaitingValidation')) return 'NEEDS_VALIDATION';
  if (snapshot.matches({ dispatching: 'queued' })) return 'NEEDS_DISPATCHING';
  if (snapshot.matches('dispatching')) return 'DISPATCHING';
  if (snapshot.matches('dispatched')) return 'DISPATCHED';
  if (snapshot.matches('inError')) return 'IN_ERROR';
  if (snapshot.matches('refused')) return 'REFUSED';
  return 'CANCELED';
}

/** The snapshot of a campaign known only by its status (and its failure flags). */
export function snapshotFor(status: CampaignStatus, context: Partial<CampaignContext> = {}): CampaignSnapshot {
  const value = VALUE_OF[status];
  const inError = value === 'inError';
  return campaignMachine.resolveState({
    value,
    context: {
      canRetry: inError && (context.canRetry ?? initialCampaignContext.canRetry),
      canDelete: inError && (context.canDelete ?? initialCampaignContext.canDelete),
    },
  });
}

export const restoreSnapshot = (persisted: PersistedCampaignState): CampaignSnapshot =>
  campaignMachine.resolveState({ value: persisted.value, context: persisted.context });

export const persist = (snapshot: CampaignSnapshot): PersistedCampaignState => ({
  value: snapshot.value,
  context: snapshot.context,
});
