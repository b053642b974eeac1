import { describePathsSuite } from '../../tests/harness/suite.ts';
import {
  CAMPAIGN_DOCUMENTS_INPUT,
  campaignDocumentsFixtures,
  serializeCampaignDocuments,
} from './campaignDocuments.fixtures.ts';
import { campaignDocumentsMachine } from './campaignDocuments.machine.ts';

describePathsSuite(campaignDocumentsMachine, {
  events: campaignDocumentsFixtures,
  input: CAMPAIGN_DOCUMENTS_INPUT,
  serializeState: serializeCampaignDocuments,
});
