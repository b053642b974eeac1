import { describePathsSuite } from '../../tests/harness/suite.ts';
import { documentListFixtures, serializeDocumentList } from './documentList.fixtures.ts';
import { documentListMachine } from './documentList.machine.ts';

describePathsSuite(documentListMachine, {
  events: documentListFixtures,
  input: {},
  serializeState: serializeDocumentList,
});
