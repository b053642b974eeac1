/**
 * Per-document actions of the dispatched-documents table (seed 001 §7.2): retry a failed document,
 * send a waiting one. Offered from what the browser knows; the server has the last word (409 when
 * the document's state forbids it, e.g. the employee has still no safe).
 */
import type { AlertType, CampaignStatus } from '../../../contract/enums.ts';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { isApiFailure } from '../../api/index.ts';
import type { Services } from '../../app/index.ts';
import type { DocAction } from '../../../../machines/campaign-documents/index.ts';

export type { DocAction };

const AFTER_DISTRIBUTION: readonly CampaignStatus[] = ['DISPATCHED', 'IN_ERROR'];
const IN_DISTRIBUTION: readonly CampaignStatus[] = ['NEEDS_DISPATCHING', 'DISPATCHING'];

export const docActionFor = (doc: DispatchedDocument, campaign: CampaignStatus): DocAction | null => {
  if (AFTER_DISTRIBUTION.includes(campaign)) {
    // WAITING_FOR_USER_REGISTRATION is retried through the API once the safe is finalised; the browser
    // cannot tell when, so the table does not offer it on every waiting row.
    if (doc.status === 'CANT_CREATE_DOC_ERROR') return 'retry';
    if (doc.status === 'NOT_DISPATCHED' && doc.failureCause === 'EDOCPERSO_ERROR') return 'retry';
  }
  if (doc.status === 'CANT_AUTO_ATTACH_EMP_TO_ORG' && [...AFTER_DISTRIBUTION, ...IN_DISTRIBUTION].includes(campaign))
    return 'send';
  if (doc.status === 'NEEDS_DISPATCHING' && IN_DISTRIBUTION.includes(campaign)) return 'send';
  return null;
};

/** Still failed after the attempt: the seed's failure alert, with the document's new state shown in the table. */
const STILL_FAILED = ['NOT_DISPATCHED', 'CANT_CREATE_DOC_ERROR', 'CANT_CREATE_EMP_ERROR'];
const FAILURE: Record<DocAction, string> = {
  retry: ALERT_KEYS.campaigns.dispatchedDocRetryFailure,
  send: ALERT_KEYS.campaigns.dispatchedDocSendFailure,
};

export interface DocActionOutcome {
  readonly doc: DispatchedDocument | null;
  readonly alert: { message: string; type: AlertType };
}

export const runDocAction = async (
  api: Services['api'],
  doc: DispatchedDocument,
  action: DocAction,
): Promise<DocActionOutcome> => {
  try {
    const updated =
      action === 'retry'
        ? await api.call<DispatchedDocument>('campaigns.retryDispatchedDoc', { params: { id: doc.id } })
        : await api.call<DispatchedDocument>('campaigns.sendDispatchedDoc', { params: { id: doc.id } });
    if (STILL_FAILED.includes(updated.status))
      return { doc: updated, alert: { message: FAILURE[action], type: 'error' } };
    return { doc: updated, alert: { message: 'campaigns.docs.done', type: 'success' } };
  } catch (error) {
    const message = isApiFailure(error) && error.status === 409 ? error.key : FAILURE[action];
    return { doc: null, alert: { message, type: 'error' } };
  }
};
