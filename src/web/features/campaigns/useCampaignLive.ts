/**
 * The campaign page's feed: `campaignFeed` holds the campaign as the server last said it (its
 * answers and its room's pushes, both read from the bus through an invoked observable that also
 * follows the room while it lives). The lifecycle is `CampaignLifecycle`, an actor of
 * machines/campaign restored from that server snapshot.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Observable, filter, merge } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useServices, type Services } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';
import { campaignFeedMachine, type CampaignFeedFact } from './campaignFeed.machine.ts';

/** The bus facts of one campaign, its push room followed for as long as someone listens. */
export const campaignFacts = (services: Pick<Services, 'bus' | 'push'>, id: string): Observable<CampaignFeedFact> =>
  new Observable<CampaignFeedFact>((subscriber) => {
    const { bus, push } = services;
    push.follow('campaign', id);
    const sub = merge(
      bus
        .ofType('api.campaigns.get.succeeded', 'api.campaigns.get.failed')
        // A read the page abandoned (it asked again, or left) is no answer.
        .pipe(filter((e) => e.params.id === id && !('failure' in e && e.failure.key === ERROR_KEYS.aborted))),
      bus.ofType('push.campaign.updated').pipe(filter((e) => e.payload.id === id)),
      bus.ofType('push.campaign.progressed').pipe(filter((e) => e.payload.campaignId === id)),
    ).subscribe(subscriber);
    return () => {
      sub.unsubscribe();
      push.unfollow('campaign', id);
    };
  });

export interface CampaignLive {
  readonly campaign: Campaign | null;
  readonly missing: boolean;
  /** Ask the server again (after an action: a push sent while it ran may be newer than its answer). */
  readonly reread: () => void;
}

/** Mount once per campaign (the page keys it by id). */
export const useCampaignLive = (campaignId: string): CampaignLive => {
  const services = useServices();
  const logic = useMemo(
    () =>
      campaignFeedMachine.provide({
        actors: {
          facts: fromEventObservable(({ input }: { input: { campaignId: string } }) =>
            campaignFacts(services, input.campaignId),
          ),
          read: fromPromise(async ({ input, signal }: { input: { campaignId: string }; signal: AbortSignal }) => {
            // The answer, good or bad, reaches the feed through the bus.
            await services.api
              .call('campaigns.get', { params: { id: input.campaignId }, signal })
              .catch(() => undefined);
          }),
        },
      }),
    [services],
  );
  const feed = useActorRef(logic, { input: { campaignId } });
  const campaign = useSelector(feed, (s) => s.context.campaign);
  const missing = useSelector(feed, (s) => s.matches('missing'));
  const reread = useMemo(() => () => feed.send({ type: 'campaign.reread' }), [feed]);
  // Back from a reconnection that lost pushes: the follow sent again answers with the campaign too,
  // but its counts and progress are read again all the same.
  useEffect(() => {
    const sub = missedPushes(services.bus).subscribe(() => feed.send({ type: 'campaign.reread' }));
    return () => sub.unsubscribe();
  }, [services.bus, feed]);
  return { campaign, missing, reread };
};

/**
 * The pushed documents of an open campaign (the page's table folds them in); `onMissed` after a
 * reconnection that lost pushes (the table reads its page again).
 */
export const useCampaignDocumentPushes = (
  campaignId: string,
  onDocument: (doc: DispatchedDocument) => void,
  onMissed?: () => void,
) => {
  const { bus } = useServices();
  useEffect(() => {
    const sub = bus
      .ofType('push.dispatchedDoc.updated')
      .pipe(filter((e) => e.payload.campaignId === campaignId))
      .subscribe((e) => onDocument(e.payload));
    const missed = missedPushes(bus).subscribe(() => onMissed?.());
    return () => {
      sub.unsubscribe();
      missed.unsubscribe();
    };
  }, [bus, campaignId]); // eslint-disable-line react-hooks/exhaustive-deps -- the handlers are state setters
};
