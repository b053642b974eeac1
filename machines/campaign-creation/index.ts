export { campaignCreationMachine, initialCreationContext, type CampaignCreationMachine } from './creation.machine.ts';
export { creationFacts, creationJson, recipientMode, submitInput, type RecipientMode } from './creation.model.ts';
export { selectCreation, type CreationSnapshot, type CreationView } from './creation.selectors.ts';
export * from './creation.types.ts';
