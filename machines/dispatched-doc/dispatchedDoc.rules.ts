/**
 * Per-document actions (seed 001 §7.2): retry a failed document, send a waiting one. Offered from
 * what the browser knows; the server has the last word (409 when the document's state forbids it,
 * e.g. the employee has still no safe). Shared by the campaign's table and the document's page.
 */
import type { DispatchedDocument } from '../../src/contract/entities.ts';
import type { CampaignStatus } from '../../src/contract/enums.ts';
import type { DocAction } from '../campaign-documents/campaignDocuments.types.ts';

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
