import { describePathsSuite } from '../../tests/harness/suite.ts';
import { employeeFormFixtures, PATHS_INPUT, serializeEmployeeForm } from './employeeForm.fixtures.ts';
import { employeeFormMachine } from './employeeForm.machine.ts';

describePathsSuite(employeeFormMachine, {
  events: employeeFormFixtures,
  input: PATHS_INPUT,
  serializeState: serializeEmployeeForm,
});
