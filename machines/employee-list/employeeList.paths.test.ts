import { describePathsSuite } from '../../tests/harness/suite.ts';
import { employeeListFixtures, serializeEmployeeList } from './employeeList.fixtures.ts';
import { employeeListMachine } from './employeeList.machine.ts';

describePathsSuite(employeeListMachine, {
  events: employeeListFixtures,
  input: {},
  serializeState: serializeEmployeeList,
});
