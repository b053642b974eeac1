export { createEmployeeSheetActors, type EmployeeSheetApiPort } from './employeeSheet.actors.ts';
export { employeeSheetMachine, type EmployeeSheetMachine } from './employeeSheet.machine.ts';
export { selectEmployeeSheet, type EmployeeSheetSnapshot, type EmployeeSheetView } from './employeeSheet.selectors.ts';
export * from './employeeSheet.types.ts';
