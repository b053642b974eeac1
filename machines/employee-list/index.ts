export { employeeListMachine, type EmployeeListMachine } from './employeeList.machine.ts';
export { createEmployeeListActors, type EmployeeListApiPort } from './employeeList.actors.ts';
export { selectEmployeeList, type EmployeeListSnapshot, type EmployeeListView } from './employeeList.selectors.ts';
export * from './employeeList.types.ts';
