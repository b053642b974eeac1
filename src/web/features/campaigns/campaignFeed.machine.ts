/**
 * What the campaign page knows of one campaign, fed only by the bus: the server's answers to
 * `campaigns.get` (`api.campaigns.get.succeeded | failed`) and the pushes of its room
 * (`push.campaign.updated`, `push.campaign.progressed`). The lifecycle itself is machines/campaign,
 * restored from what this holds (`useCampaignLive`): the same chart the server applies.
 *
 * open (facts invoked: the bus subscription and the room follow live exactly as long as it) →
 *   reading (the `read` actor asks; the answer comes back on the bus) → shown → reading again on
 *   `campaign.reread` (after an action); missing when the first read fails.
 * A read answered while the jobs ran may be older than a push that arrived meanwhile (the API answers
 * between documents): such an answer is read again (up to three times) rather than laid over the newer
 * pushed state — a page left « En distribution » after « Distribuée ».
 */
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { CampaignProgress } from '../../../contract/socket.ts';
import type { Campaign } from '../../../contract/entities.ts';
import type { ApiFailureFact, CallParams } from '../../bus/events.ts';

export type CampaignFeedFact =
  | { readonly type: 'api.campaigns.get.succeeded'; readonly params: CallParams; readonly result: Campaign }
  | { readonly type: 'api.campaigns.get.failed'; readonly params: CallParams; readonly failure: ApiFailureFact }
  | { readonly type: 'push.campaign.updated'; readonly payload: Campaign }
  | { readonly type: 'push.campaign.progressed'; readonly payload: CampaignProgress };

export type CampaignFeedEvent = CampaignFeedFact | { readonly type: 'campaign.reread' };

export interface CampaignFeedContext {
  readonly campaignId: string;
  readonly campaign: Campaign | null;
  /** Pushes applied so far. */
  readonly pushes: number;
  /** `pushes` when the current read was asked. */
  readonly readAt: number;
  /** Reads asked again because a push overtook their answer. */
  readonly retries: number;
}

const MAX_RETRIES = 3;

/** A push arrived after the read was asked, and something is shown: the answer may be older than it. */
const overtaken = (context: CampaignFeedContext): boolean => context.pushes !== context.readAt && !!context.campaign;

export const campaignFeedMachine = setup({
  types: {} as { context: CampaignFeedContext; events: CampaignFeedEvent; input: { campaignId: string } },
  actors: {
    /** Provided by the page: the bus facts of this campaign (and its push room followed meanwhile). */
    facts: fromEventObservable<CampaignFeedFact, { campaignId: string }>(() => ({
      subscribe: () => ({ unsubscribe: () => {} }),
    })),
    /** Provided by the page: asks the server; the answer arrives as a bus fact. */
    read: fromPromise<void, { campaignId: string }>(async () => {}),
  },
  guards: {
    mayReadAgain: ({ context }) => overtaken(context) && context.retries < MAX_RETRIES,
    overtaken: ({ context }) => overtaken(context),
    hasCampaign: ({ context }) => context.campaign !== null,
  },
  actions: {
    askRead: assign({ readAt: ({ context }) => context.pushes }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    resetRetries: assign({ retries: 0 }),
    storeRead: assign({
      campaign: ({ event, context }) =>
        event.type === 'api.campaigns.get.succeeded' ? event.result : context.campaign,
    }),
    storeUpdate: assign({
      campaign: ({ event, context }) => (event.type === 'push.campaign.updated' ? event.payload : context.campaign),
      pushes: ({ context }) => context.pushes + 1,
    }),
    storeProgress: assign({
      campaign: ({ event, context }) =>
        event.type === 'push.campaign.progressed' && context.campaign
          ? {
              ...context.campaign,
              status: event.payload.status,
              pagesTotal: event.payload.pagesTotal,
              pagesSplit: event.payload.pagesSplit,
              // The whole count set, not a patch: a status that dropped to none is absent from it (a stale
              // « À distribuer 1800 » kept beside « Distribués 1800 » would not add up).
              counts: { ...event.payload.counts },
            }
          : context.campaign,
      pushes: ({ context }) => context.pushes + 1,
    }),
  },
}).createMachine({
  id: 'campaignFeed',
  context: ({ input }) => ({ campaignId: input.campaignId, campaign: null, pushes: 0, readAt: 0, retries: 0 }),
  initial: 'open',
  states: {
    open: {
      invoke: { id: 'facts', src: 'facts', input: ({ context }) => ({ campaignId: context.campaignId }) },
      on: {
        'push.campaign.updated': { actions: 'storeUpdate' },
        'push.campaign.progressed': { actions: 'storeProgress' },
      },
      initial: 'reading',
      states: {
        reading: {
          entry: 'askRead',
          invoke: { id: 'read', src: 'read', input: ({ context }) => ({ campaignId: context.campaignId }) },
          on: {
            'api.campaigns.get.succeeded': [
              { guard: 'mayReadAgain', target: 'reading', reenter: true, actions: 'countRetry' },
              // Still racing pushes after a few reads: they keep the page current, keep theirs.
              { guard: 'overtaken', target: 'shown' },
              { target: 'shown', actions: 'storeRead' },
            ],
            'api.campaigns.get.failed': [
              { guard: 'hasCampaign', target: 'shown' },
              { target: '#campaignFeed.missing' },
            ],
          },
        },
        shown: {
          on: { 'campaign.reread': { target: 'reading', actions: 'resetRetries' } },
        },
      },
    },
    missing: {},
  },
});
