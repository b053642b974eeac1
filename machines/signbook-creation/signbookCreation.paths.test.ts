import { describePathsSuite } from '../../tests/harness/suite.ts';
import { PATHS_INPUT, serializeSignbookCreation, signbookCreationFixtures } from './signbookCreation.fixtures.ts';
import { signbookCreationMachine } from './signbookCreation.machine.ts';

describePathsSuite(signbookCreationMachine, {
  events: signbookCreationFixtures,
  input: PATHS_INPUT,
  serializeState: serializeSignbookCreation,
});
