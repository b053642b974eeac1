export { createGroupFormActors, type GroupFormApiPort } from './groupForm.actors.ts';
export { groupFormMachine, type GroupFormMachine } from './groupForm.machine.ts';
export { selectGroupForm, type GroupFormSnapshot, type GroupFormView } from './groupForm.selectors.ts';
export * from './groupForm.types.ts';
