/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { CampaignEvent, CampaignEventType } from './campaign.types.ts';

type EventOf<T extends CampaignEventType> = Extract<CampaignEvent, { type: T }>;
type Fixtures = { readonly [T in CampaignEventType]: readonly EventOf<T>[] };

export const campaignFixtures = {
  'campaign.validate': [{ type: 'campaign.validate' }],
  'campaign.refuse': [{ type: 'campaign.refuse' }],
  'campaign.cancel': [{ type: 'campaign.cancel' }],
  'campaign.retry': [{ type: 'campaign.retry' }],
  'campaign.deleteDocuments': [
    { type: 'campaign.deleteDocuments', remainingFailed: 0 },
    { type: 'campaign.deleteDocuments', remainingFailed: 2 },
  ],
  'campaign.update': [{ type: 'campaign.update' }],
  'campaign.document.refuse': [{ type: 'campaign.document.refuse', docId: 'doc-1', reason: 'Mauvais salarié' }],
  'campaign.document.send': [
    { type: 'campaign.document.send', failed: 0, retryable: 0 },
    { type: 'campaign.document.send', failed: 1, retryable: 1 },
    // Failures left that only a deletion ends (a document retried past the subscription's limit).
    { type: 'campaign.document.send', failed: 1, retryable: 0 },
  ],
  'job.split.completed': [
    { type: 'job.split.completed', review: true },
    { type: 'job.split.completed', review: false },
  ],
  'job.split.failed': [{ type: 'job.split.failed' }],
  'job.dispatch.progressed': [{ type: 'job.dispatch.progressed' }],
  'job.dispatch.completed': [
    { type: 'job.dispatch.completed', failed: 0, retryable: 0 },
    { type: 'job.dispatch.completed', failed: 3, retryable: 3 },
    { type: 'job.dispatch.completed', failed: 2, retryable: 0 },
  ],
  'job.dispatch.failed': [{ type: 'job.dispatch.failed' }],
} satisfies Fixtures;
