import { describePathsSuite } from '../../tests/harness/suite.ts';
import { PATHS_INPUT, rightsFormFixtures, serializeRightsForm } from './rightsForm.fixtures.ts';
import { rightsFormMachine } from './rightsForm.machine.ts';

describePathsSuite(rightsFormMachine, {
  events: rightsFormFixtures,
  input: PATHS_INPUT,
  serializeState: serializeRightsForm,
});
