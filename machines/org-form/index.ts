export { createOrgFormActors, type OrgFormApiPort } from './orgForm.actors.ts';
export { initialOrgFormContext, orgFormMachine, type OrgFormMachine } from './orgForm.machine.ts';
export * from './orgForm.model.ts';
export { selectOrgForm, type OrgFormSnapshot, type OrgFormView } from './orgForm.selectors.ts';
export * from './orgForm.types.ts';
