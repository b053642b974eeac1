export { campaignDocumentsMachine, type CampaignDocumentsMachine } from './campaignDocuments.machine.ts';
export { createCampaignDocumentsActors, type CampaignDocumentsPorts } from './campaignDocuments.actors.ts';
export {
  selectCampaignDocuments,
  type CampaignDocumentsSnapshot,
  type CampaignDocumentsView,
} from './campaignDocuments.selectors.ts';
export * from './campaignDocuments.types.ts';
