/**
 * « … en cours » gives way to its outcome (issue 15 §8): a campaign action's in-progress message
 * carries the topic `campaign:<id>`; when that campaign's push says where it ended up, the outcome
 * is pushed on the same topic, which replaces the in-progress message (machines/alerts). Pure, so it
 * reads and tests on its own; services.ts wires it to the bus and the alerts actor.
 */
import type { AlertInput } from '../../../machines/alerts/alerts.types.ts';
import type { Campaign } from '../../contract/entities.ts';
import { CAMPAIGN_URL_STATUSES, type CampaignStatus } from '../../contract/enums.ts';
import { ALERT_KEYS } from '../../contract/keys.ts';

const TOPIC = 'campaign:';
export const campaignTopic = (campaignId: string): string => `${TOPIC}${campaignId}`;
/** The campaign an alert's topic names, if any. */
export const campaignOfTopic = (topic: string | undefined): string | null =>
  topic?.startsWith(TOPIC) ? topic.slice(TOPIC.length) : null;

const among = (statuses: readonly CampaignStatus[], status: CampaignStatus) => statuses.includes(status);

/** The alert that says where the campaign ended up, or null while it is still on its way. */
export const campaignOutcome = (campaign: Pick<Campaign, 'id' | 'name' | 'status'>): AlertInput | null => {
  const K = ALERT_KEYS.campaigns.outcome;
  const values = { name: campaign.name };
  const topic = campaignTopic(campaign.id);
  if (among(CAMPAIGN_URL_STATUSES.finalized, campaign.status))
    return { message: K.dispatched, type: 'success', values, topic };
  if (among(CAMPAIGN_URL_STATUSES.error, campaign.status))
    return { message: K.error, type: 'error', mode: 'manual', values, topic };
  if (among(CAMPAIGN_URL_STATUSES.refused, campaign.status)) return { message: K.refused, type: 'info', values, topic };
  return null;
};
