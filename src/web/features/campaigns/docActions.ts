/**
 * Per-document actions of the dispatched-documents table and the document page (seed 001 §7.2):
 * which one is offered is `docActionFor` (machines/dispatched-doc); running it is here, on the API.
 */
import type { AlertType } from '../../../contract/enums.ts';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { isApiFailure } from '../../api/index.ts';
import type { Services } from '../../app/index.ts';
import type { DocAction } from '../../../../machines/campaign-documents/index.ts';

export type { DocAction };
export { docActionFor } from '../../../../machines/dispatched-doc/index.ts';

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
