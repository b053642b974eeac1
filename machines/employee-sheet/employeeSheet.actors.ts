/** The employee sheet's effects, built from an API port so the machine imports nothing from the web app. */
import { fromPromise } from 'xstate';
import type { Employee } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';

export interface EmployeeSheetApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

interface Input {
  readonly employeeId: string;
}

export const createEmployeeSheetActors = (api: EmployeeSheetApiPort) => ({
  loadEmployee: fromPromise<Employee, Input>(({ input, signal }) =>
    api.call<Employee>('employees.get', { params: { id: input.employeeId }, signal }),
  ),
  createSafe: fromPromise<{ accountCreated: boolean }, Input>(({ input }) =>
    api.call<{ accountCreated: boolean }>('employees.createEDocPerso', { body: { id: input.employeeId } }),
  ),
  sendReminder: fromPromise<unknown, Input>(({ input }) =>
    api.call('employees.reminder', { body: { id: input.employeeId } }),
  ),
  // A 204 (no letter possible) arrives as an empty body: null, which the machine reports as an error.
  fetchLetter: fromPromise<Blob | null, Input>(async ({ input }) => {
    const blob = await api.call<Blob | undefined>('employees.activationMail', { body: { id: input.employeeId } });
    return blob && blob.size > 0 ? blob : null;
  }),
  deactivate: fromPromise<unknown, Input>(({ input }) =>
    api.call('employees.deactivate', { params: { id: input.employeeId } }),
  ),
});
