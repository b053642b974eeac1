/**
 * Keeps an open campaign page current: follows the campaign's room while mounted and folds the
 * pushed facts (status, counters, one document) into the page's state, so nothing needs a reload.
 */
import { useEffect } from 'react';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import { useServices } from '../../app/index.ts';

export const useCampaignLive = (
  campaignId: string | undefined,
  on: {
    campaign: (update: (c: Campaign) => Campaign) => void;
    document: (doc: DispatchedDocument) => void;
  },
) => {
  const { bus, push } = useServices();
  useEffect(() => {
    if (!campaignId) return;
    push.follow('campaign', campaignId);
    const subs = [
      bus.ofType('push.campaign.updated').subscribe(({ payload }) => {
        if (payload.id === campaignId) on.campaign(() => payload);
      }),
      bus.ofType('push.campaign.progressed').subscribe(({ payload }) => {
        if (payload.campaignId !== campaignId) return;
        on.campaign((c) => ({
          ...c,
          status: payload.status,
          pagesTotal: payload.pagesTotal,
          pagesSplit: payload.pagesSplit,
          // The whole count set, not a patch: a status that dropped to none is absent from it (a stale
          // « À distribuer 1800 » kept beside « Distribués 1800 » would not add up).
          counts: { ...payload.counts },
        }));
      }),
      bus.ofType('push.dispatchedDoc.updated').subscribe(({ payload }) => {
        if (payload.campaignId === campaignId) on.document(payload);
      }),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
      push.unfollow('campaign', campaignId);
    };
  }, [bus, push, campaignId]); // eslint-disable-line react-hooks/exhaustive-deps -- handlers are state setters
};
