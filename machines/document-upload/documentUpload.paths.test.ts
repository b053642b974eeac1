import { describePathsSuite } from '../../tests/harness/suite.ts';
import { documentUploadFixtures, PATHS_INPUT, serializeDocumentUpload } from './documentUpload.fixtures.ts';
import { documentUploadMachine } from './documentUpload.machine.ts';

describePathsSuite(documentUploadMachine, {
  events: documentUploadFixtures,
  input: PATHS_INPUT,
  serializeState: serializeDocumentUpload,
});
