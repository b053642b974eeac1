/** Snapshot → what the campaign page needs. */
import type { SnapshotFrom } from 'xstate';
import type { CampaignDocumentsMachine } from './campaignDocuments.machine.ts';
import type { CampaignAction } from './campaignDocuments.types.ts';

export type CampaignDocumentsSnapshot = SnapshotFrom<CampaignDocumentsMachine>;

export const selectCampaignDocuments = (s: CampaignDocumentsSnapshot) => {
  const { action } = s.context;
  const confirming = s.matches({ campaignAction: 'confirming' }) ? action : null;
  return {
    rows: s.context.docs?.items ?? [],
    total: s.context.docs?.count ?? 0,
    /** While the page for the current query is awaited (not after a failed read: nothing is on its way then). */
    loading: s.matches({ documents: 'waiting' }) || s.matches({ documents: 'loading' }),
    /** The last read failed (the alert said so): the table says it too, rather than a loading look forever. */
    failed: s.matches({ documents: 'failed' }),
    selected: s.context.selected,
    busyDoc: s.context.docRun?.doc.id ?? null,
    /** The campaign action running (its button spins, the others wait). */
    busy: (s.matches({ campaignAction: 'running' }) ? action : null) satisfies CampaignAction | null,
    /** The dialog asking the reason for refusing the checked documents. */
    askingReason: confirming === 'refuseDocuments',
    /** The action whose confirmation is shown (refusing documents has its own dialog). */
    confirming: confirming === 'refuseDocuments' ? null : confirming,
  };
};
export type CampaignDocumentsView = ReturnType<typeof selectCampaignDocuments>;
