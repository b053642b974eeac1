/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const list = lazyRouteComponent(() => import('./CampaignListPage.tsx'), 'CampaignListPage');
const campaign = lazyRouteComponent(() => import('./CampaignPage.tsx'), 'CampaignPage');
const document = lazyRouteComponent(() => import('./DocumentPage.tsx'), 'DocumentPage');

export const campaignsPages: SectionPages = {
  campaigns: list,
  'campaigns/status/$status': list,
  'campaigns/status/$status/subStatus/$subStatus': list,
  'campaigns/$campaignId': campaign,
  'campaigns/status/$status/$campaignId': campaign,
  'campaigns/status/$status/subStatus/$subStatus/$campaignId': campaign,
  'campaigns/$campaignId/$docId': document,
  'campaigns/status/$status/$campaignId/$docId': document,
  'campaigns/status/$status/subStatus/$subStatus/$campaignId/$docId': document,
};
