/** What the campaign pages hear: the campaign after each change, and coalesced progress while a job runs. */
import type { DomainId } from '../../../contract/constants.ts';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import type { Queryable } from '../../db/db.ts';
import type { Push } from '../../push/push.ts';
import { campaignById } from './campaign.repo.ts';

/** At most this many progress pushes per second per campaign. */
const PUSHES_PER_SECOND = 4;
/** Past this many changed rows in one interval, only the counts go out: the page refetches its rows. */
export const ROOM_DOC_LIMIT = 50;

export async function publishCampaign(
  deps: { db: Queryable; push: Push },
  domain: DomainId,
  campaignId: string,
): Promise<void> {
  const campaign = await campaignById(deps.db, domain, campaignId);
  if (!campaign) return;
  // The badges are counted first and leave with the campaign (same turn of the event loop): the side
  // navigation moves with the list instead of a query later (issue 15 §5).
  const sendBadges = await deps.push.prepareBadges({ domain, orgId: campaign.organizationId });
  deps.push.publishToOrg(domain, campaign.organizationId, 'campaign.updated', campaign);
  sendBadges();
}

/**
 * Coalesced progress of one campaign's job. `heard`, when given, gets the campaign read for each push
 * (the split job's entry in its creator's panel moves with it, at the same pace).
 */
export function progressPublisher(
  deps: { db: Queryable; push: Push },
  domain: DomainId,
  orgId: string,
  campaignId: string,
  heard?: (campaign: Campaign) => void,
) {
  let changed: DispatchedDocument[] = [];
  let last = 0;
  /** The status the last push carried: a new one moves the badges too, in the same push. */
  let pushedStatus: string | null = null;
  const flush = async (): Promise<void> => {
    last = Date.now();
    const docs = changed;
    changed = [];
    const campaign = await campaignById(deps.db, domain, campaignId);
    if (!campaign) return;
    const sendBadges = campaign.status === pushedStatus ? null : await deps.push.prepareBadges({ domain, orgId });
    pushedStatus = campaign.status;
    if (docs.length <= ROOM_DOC_LIMIT)
      for (const doc of docs) deps.push.publishToOrg(domain, orgId, 'dispatchedDoc.updated', doc);
    deps.push.publishToOrg(domain, orgId, 'campaign.progressed', {
      campaignId,
      organizationId: orgId,
      status: campaign.status,
      pagesTotal: campaign.pagesTotal,
      pagesSplit: campaign.pagesSplit,
      counts: campaign.counts,
    });
    sendBadges?.();
    heard?.(campaign);
  };
  return {
    documentChanged(doc: DispatchedDocument): void {
      changed.push(doc);
      if (Date.now() - last >= 1000 / PUSHES_PER_SECOND) void flush().catch(() => undefined);
    },
    flush: () => (changed.length ? flush() : Promise.resolve()),
    /** Pages or counts moved without a row to send (split job): a coalesced `campaign.progressed`. */
    tick(): void {
      if (Date.now() - last >= 1000 / PUSHES_PER_SECOND) void flush().catch(() => undefined);
    },
    /** The current counts now, whatever was sent before (end of a split source). */
    flushNow: () => flush(),
  };
}
