import { describePathsSuite } from '../../tests/harness/suite.ts';
import { employeeSheetFixtures, serializeEmployeeSheet, SHEET_INPUT } from './employeeSheet.fixtures.ts';
import { employeeSheetMachine } from './employeeSheet.machine.ts';

describePathsSuite(employeeSheetMachine, {
  events: employeeSheetFixtures,
  input: SHEET_INPUT,
  serializeState: serializeEmployeeSheet,
});
