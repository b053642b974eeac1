export {
  documentUploadMachine,
  initialDocumentUploadContext,
  type DocumentUploadMachine,
} from './documentUpload.machine.ts';
export {
  createDocumentUploadActors,
  type DocumentUploadDeps,
  type SlipRefusalPort,
  type SlipUploadPort,
} from './documentUpload.actors.ts';
export {
  isComplete,
  isLocked,
  orgOf,
  planUpload,
  SLIP_ERROR_KEYS,
  slipErrors,
  slipFor,
  TOO_MANY_SLIPS,
  type UploadPlan,
} from './documentUpload.model.ts';
export {
  selectDocumentUpload,
  type DocumentUploadSnapshot,
  type DocumentUploadView,
  type SlipView,
} from './documentUpload.selectors.ts';
export * from './documentUpload.types.ts';
