/** Snapshot → view model for the campaign page: which actions to offer and which step to light. */
import type { CampaignStatus } from '../../src/contract/enums.ts';
import { type CampaignSnapshot, statusOf } from './campaign.status.ts';

export interface CampaignView {
  readonly status: CampaignStatus;
  /** The top-level state, for lighting the lifecycle diagram. */
  readonly step: 'splitting' | 'awaitingValidation' | 'dispatching' | 'dispatched' | 'inError' | 'refused' | 'canceled';
  readonly isWorking: boolean;
  readonly isOver: boolean;
  readonly canValidate: boolean;
  readonly canRefuse: boolean;
  readonly canRefuseDocuments: boolean;
  readonly canCancel: boolean;
  readonly canRetry: boolean;
  readonly canDeleteDocuments: boolean;
  readonly canUpdate: boolean;
}

export function selectCampaign(snapshot: CampaignSnapshot): CampaignView {
  const value = snapshot.value;
  const step = (typeof value === 'string' ? value : Object.keys(value)[0]) as CampaignView['step'];
  return {
    status: statusOf(snapshot),
    step,
    isWorking: step === 'splitting' || step === 'dispatching',
    isOver: step === 'dispatched' || step === 'refused' || step === 'canceled',
    canValidate: snapshot.can({ type: 'campaign.validate' }),
    canRefuse: snapshot.can({ type: 'campaign.refuse' }),
    canRefuseDocuments: snapshot.can({ type: 'campaign.document.refuse', docId: '', reason: '' }),
    canCancel: snapshot.can({ type: 'campaign.cancel' }),
    canRetry: snapshot.can({ type: 'campaign.retry' }),
    // Deleting some (not all) failed documents is the weaker condition: it tells whether to offer it.
    canDeleteDocuments: snapshot.can({ type: 'campaign.deleteDocuments', remainingFailed: 1 }),
    canUpdate: snapshot.can({ type: 'campaign.update' }),
  };
}
