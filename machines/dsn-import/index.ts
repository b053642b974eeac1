export { dsnImportMachine, initialDsnImportContext, type DsnImportMachine } from './dsnImport.machine.ts';
export {
  createDsnImportActors,
  type DsnImportDeps,
  type DsnUploadEnd,
  type DsnUploadPort,
} from './dsnImport.actors.ts';
export { dsnFacts, failureOf } from './dsnImport.model.ts';
export { selectDsnImport, type DsnImportSnapshot, type DsnImportView } from './dsnImport.selectors.ts';
export * from './dsnImport.types.ts';
