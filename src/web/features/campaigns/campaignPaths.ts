/**
 * The list a campaign page was opened from: its URL status and sub-status, kept when a row opens
 * the campaign and when the page goes back, so the side navigation stays on the same entry.
 */
import { CAMPAIGN_URL_STATUSES, type CampaignStatus, type CampaignUrlStatus } from '../../../contract/enums.ts';

export interface ListScope {
  readonly status?: string;
  readonly subStatus?: string;
}

/** Which campaign statuses a URL status lists; `error-retry` used as a status means the error list. */
export const statusesForScope = (scope: ListScope): readonly CampaignStatus[] | undefined => {
  if (!scope.status) return undefined;
  const key = (scope.status === 'error-retry' ? 'error' : scope.status) as CampaignUrlStatus;
  return CAMPAIGN_URL_STATUSES[key];
};

export const subStatusForScope = (scope: ListScope): string | undefined =>
  scope.subStatus ?? (scope.status === 'error-retry' ? 'error-retry' : undefined);

export const listLocation = (scope: ListScope) =>
  scope.status && scope.subStatus
    ? ({
        to: '/campaigns/status/$status/subStatus/$subStatus',
        params: { status: scope.status, subStatus: scope.subStatus },
      } as const)
    : scope.status
      ? ({ to: '/campaigns/status/$status', params: { status: scope.status } } as const)
      : ({ to: '/campaigns' } as const);

export const campaignLocation = (scope: ListScope, campaignId: string) =>
  scope.status && scope.subStatus
    ? ({
        to: '/campaigns/status/$status/subStatus/$subStatus/$campaignId',
        params: { status: scope.status, subStatus: scope.subStatus, campaignId },
      } as const)
    : scope.status
      ? ({ to: '/campaigns/status/$status/$campaignId', params: { status: scope.status, campaignId } } as const)
      : ({ to: '/campaigns/$campaignId', params: { campaignId } } as const);

/** The campaign page's concrete path in its list scope. */
export const campaignHref = (scope: ListScope, campaignId: string): string =>
  scope.status && scope.subStatus
    ? `/campaigns/status/${scope.status}/subStatus/${scope.subStatus}/${campaignId}`
    : scope.status
      ? `/campaigns/status/${scope.status}/${campaignId}`
      : `/campaigns/${campaignId}`;

/** A document page (`/campaigns/{campaignId}/{docId}` and its status variants, seed 000 §2). */
export const documentHref = (scope: ListScope, campaignId: string, docId: string): string =>
  `${campaignHref(scope, campaignId)}/${docId}`;

/**
 * The step-backward flag (seed 000 §2): returning from a document page to its campaign carries
 * `?back=1`, and the campaign page then restores the table filter, page, size and scroll it had.
 */
export const STEP_BACK_SEARCH = { back: 1 } as const;
export const isStepBack = (search: Record<string, unknown>): boolean => search.back === 1 || search.back === '1';
