/**
 * The employee list's effects, built from an API port so the machine imports nothing from the web app:
 * reading a page of employees and the statistics (their signal aborts when the machine moves on), and a
 * bulk action on the checked employees (validation in one call, deactivation one employee after another).
 */
import { fromPromise } from 'xstate';
import type { EmployeePage, EmployeeStats } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { ReadListInput, RunBulkInput } from './employeeList.types.ts';

export interface EmployeeListApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export const createEmployeeListActors = (api: EmployeeListApiPort) => ({
  readList: fromPromise<EmployeePage, ReadListInput>(({ input, signal }) =>
    api.call<EmployeePage>('employees.list', { body: input.query, signal }),
  ),
  readStats: fromPromise<EmployeeStats>(({ signal }) =>
    api.call<EmployeeStats>('employees.stats', { body: {}, signal }),
  ),
  runBulk: fromPromise<void, RunBulkInput>(async ({ input }) => {
    if (input.action === 'validate') {
      await api.call('employees.validate', { body: { ids: input.ids } });
      return;
    }
    for (const id of input.ids) await api.call('employees.deactivate', { params: { id } });
  }),
});
