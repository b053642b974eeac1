export { uploadMachine, type UploadMachine } from './upload.machine.ts';
export { selectUpload, type UploadSnapshot, type UploadView } from './upload.selectors.ts';
export * from './upload.types.ts';
