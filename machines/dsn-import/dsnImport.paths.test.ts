import { describePathsSuite } from '../../tests/harness/suite.ts';
import { dsnImportFixtures, PATHS_INPUT, serializeDsnImport } from './dsnImport.fixtures.ts';
import { dsnImportMachine } from './dsnImport.machine.ts';

describePathsSuite(dsnImportMachine, {
  events: dsnImportFixtures,
  input: PATHS_INPUT,
  serializeState: serializeDsnImport,
});
