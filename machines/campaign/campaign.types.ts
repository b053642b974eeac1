/** Context and events of the campaign lifecycle (seed 000 §4). Facts come from the jobs, intents from the API. */

export interface CampaignContext {
  /** Some documents failed for a reason a new attempt can fix (the safe was unavailable). */
  readonly canRetry: boolean;
  /** Some documents failed for good (limit reached, no document): the operator may delete them. */
  readonly canDelete: boolean;
}

/** Intents: what an operator asks through the API. */
export type CampaignIntent =
  | { readonly type: 'campaign.validate' }
  | { readonly type: 'campaign.refuse' }
  | { readonly type: 'campaign.cancel' }
  | { readonly type: 'campaign.retry' }
  /** `remainingFailed`: failed documents left after the deletion; none left → the campaign is dispatched. */
  | { readonly type: 'campaign.deleteDocuments'; readonly remainingFailed: number }
  | { readonly type: 'campaign.update' }
  | { readonly type: 'campaign.document.refuse'; readonly docId: string; readonly reason: string }
  /**
   * One document deposited now (a failed one retried, a waiting one sent), with the campaign's failures
   * left after it: `failed` documents still in error or never distributed, `retryable` among them those
   * a retry may fix. The API sends it after the deposit, in the same transaction.
   */
  | { readonly type: 'campaign.document.send'; readonly failed: number; readonly retryable: number };

/** Facts: what the split and dispatch jobs report. */
export type CampaignFact =
  | { readonly type: 'job.split.completed'; readonly review: boolean }
  | { readonly type: 'job.split.failed' }
  | { readonly type: 'job.dispatch.progressed' }
  /** `failed`: documents in error; `retryable`: among them, those a retry may fix. */
  | { readonly type: 'job.dispatch.completed'; readonly failed: number; readonly retryable: number }
  | { readonly type: 'job.dispatch.failed' };

export type CampaignEvent = CampaignIntent | CampaignFact;
export type CampaignEventType = CampaignEvent['type'];

/** Announced by transitions that change no state (the server publishes them). */
export type CampaignEmitted =
  | { readonly type: 'campaign.updated' }
  | { readonly type: 'campaign.document.refused'; readonly docId: string }
  | { readonly type: 'campaign.progressed' };
