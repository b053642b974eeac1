/** What a campaign action's confirmation must add: validating leaves the pages no employee was given undistributed. */
import type { CampaignAction } from '../../../../machines/campaign-documents/index.ts';
import type { Campaign } from '../../../contract/entities.ts';

export const confirmWarning = (
  action: CampaignAction,
  campaign: Pick<Campaign, 'ignoredPages'> | null | undefined,
): { readonly key: string; readonly values: { readonly count: number } } | null => {
  const count = campaign?.ignoredPages ?? 0;
  return action === 'validate' && count > 0 ? { key: 'campaigns.confirm.validate.ignored', values: { count } } : null;
};
