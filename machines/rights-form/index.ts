export { initialRightsFormContext, rightsFormMachine, type RightsFormMachine } from './rightsForm.machine.ts';
export {
  createRightsFormActors,
  employeeRef,
  type RightsFormApiPort,
  type RightsFormDeps,
  userRef,
} from './rightsForm.actors.ts';
export { selectRightsForm, type RightsFormSnapshot, type RightsFormView } from './rightsForm.selectors.ts';
export { draftErrors, fingerprint, RIGHTS_VALIDATION_KEYS, toInput } from './rightsForm.model.ts';
export * from './rightsForm.types.ts';
