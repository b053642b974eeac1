export {
  signbookCreationMachine,
  initialSignbookCreationContext,
  type SignbookCreationMachine,
} from './signbookCreation.machine.ts';
export {
  createSignbookCreationActors,
  signTransfer,
  type SignbookCreationApiPort,
  type SignbookCreationDeps,
} from './signbookCreation.actors.ts';
export {
  selectSignbookCreation,
  type SignbookCreationSnapshot,
  type SignbookCreationView,
} from './signbookCreation.selectors.ts';
export * from './signbookCreation.model.ts';
export * from './signbookCreation.types.ts';
