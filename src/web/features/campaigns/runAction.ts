/**
 * Calls the API for one campaign action and says which alert follows (seed 001 §7.2 and §8): the
 * seed's success keys, the action's failure key, or the server's key for a 409 (state moved on).
 */
import type { ValidateAnswer } from '../../../contract/dispatch.ts';
import type { AlertType } from '../../../contract/enums.ts';
import type { Campaign } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { isApiFailure } from '../../api/index.ts';
import type { Services } from '../../app/index.ts';
import { campaignTopic } from '../../app/outcomes.ts';
import type { CampaignAction } from './CampaignActions.tsx';

const K = ALERT_KEYS.campaigns;
const SUCCESS: Record<CampaignAction, { message: string; type: AlertType }> = {
  validate: { message: K.validationInProgress, type: 'info' },
  refuseDispatch: { message: K.refuseSuccess, type: 'success' },
  refuseDocuments: { message: K.refuseSuccess, type: 'success' },
  cancel: { message: K.cancelSuccess, type: 'success' },
  retry: { message: K.retryInProgress, type: 'info' },
  deleteDocuments: { message: K.deleteSuccess, type: 'success' },
};
const FAILURE: Record<CampaignAction, string> = {
  validate: K.sendFailure,
  refuseDispatch: K.refuseDocumentsFailure,
  refuseDocuments: K.refuseDocumentsFailure,
  cancel: K.canceledFailure,
  retry: K.sendFailure,
  deleteDocuments: K.deleteCoupleFailure,
};

export interface ActionOutcome {
  readonly ok: boolean;
  readonly campaign: Campaign | null;
  readonly alert: { message: string; type: AlertType; topic?: string };
}

const call = async (
  api: Services['api'],
  c: Pick<Campaign, 'id'>,
  action: CampaignAction,
  input: { ids: readonly string[]; reason?: string },
): Promise<Campaign | null> => {
  const params = { id: c.id };
  switch (action) {
    case 'validate':
      return (await api.call<ValidateAnswer>('campaigns.validate', { params })).campaign;
    case 'refuseDispatch':
      return api.call<Campaign>('campaigns.refuseDispatch', { body: { id: c.id } });
    case 'refuseDocuments':
      await api.call('campaigns.refuseDocuments', { body: { ids: input.ids, reason: input.reason ?? '' } });
      return null;
    case 'cancel':
      return api.call<Campaign>('campaigns.cancel', { params });
    case 'retry':
      return api.call<Campaign>('campaigns.retry', { params });
    case 'deleteDocuments':
      return api.call<Campaign>('campaigns.deleteDispatchedDocs', { body: { dispatchedDocIds: input.ids } });
  }
};

export const runCampaignAction = async (
  api: Services['api'],
  campaign: Pick<Campaign, 'id'>,
  action: CampaignAction,
  input: { ids: readonly string[]; reason?: string },
): Promise<ActionOutcome> => {
  try {
    const updated = await call(api, campaign, action, input);
    // On the campaign's topic: its outcome, pushed later, replaces an « … en cours » message.
    return { ok: true, campaign: updated, alert: { ...SUCCESS[action], topic: campaignTopic(campaign.id) } };
  } catch (error) {
    // A 409 means the campaign moved on meanwhile: its own key says so better than a generic failure.
    const message = isApiFailure(error) && error.status === 409 ? error.key : FAILURE[action];
    return { ok: false, campaign: null, alert: { message, type: 'error' } };
  }
};
