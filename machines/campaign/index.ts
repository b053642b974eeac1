export { campaignMachine, initialCampaignContext } from './campaign.machine.ts';
export {
  type CampaignSnapshot,
  type PersistedCampaignState,
  persist,
  restoreSnapshot,
  snapshotFor,
  statusOf,
} from './campaign.status.ts';
export { selectCampaign, type CampaignView } from './campaign.selectors.ts';
export * from './campaign.types.ts';
