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
    /** Until the page for the current query is shown (a failed read leaves it so, as before). */
    loading: !s.matches({ documents: 'shown' }),
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
