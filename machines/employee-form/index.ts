export { employeeFormMachine, initialEmployeeFormContext, type EmployeeFormEmitted } from './employeeForm.machine.ts';
export { createEmployeeFormActors, type EmployeeFormApiPort, type EmployeeFormDeps } from './employeeForm.actors.ts';
export { selectEmployeeForm, type EmployeeFormSnapshot, type EmployeeFormView } from './employeeForm.selectors.ts';
export { toEmployeeInput } from './employeeForm.model.ts';
export * from './employeeForm.types.ts';
