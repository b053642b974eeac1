import { describePathsSuite } from '../../tests/harness/suite.ts';
import { orgFormFixtures, PATHS_INPUT, serializeOrgForm } from './orgForm.fixtures.ts';
import { orgFormMachine } from './orgForm.machine.ts';

describePathsSuite(orgFormMachine, {
  events: orgFormFixtures,
  input: PATHS_INPUT,
  serializeState: serializeOrgForm,
});
