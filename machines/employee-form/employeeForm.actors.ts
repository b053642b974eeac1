/**
 * The employee form's effects, built from an API port so the machine imports nothing from the web
 * app. The e-mail lookup waits `debounceMs` first: typing restarts the state, which cancels the
 * running lookup (its signal aborts), so only the last address reaches the server.
 */
import { fromPromise } from 'xstate';
import type { Employee, EmployeeInput } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import type { FormMode, ImportCandidate } from './employeeForm.types.ts';

export interface EmployeeFormApiPort {
  call<T>(
    routeId: RouteId,
    options?: { body?: unknown; params?: Record<string, string | number>; signal?: AbortSignal },
  ): Promise<T>;
}

export interface EmployeeFormDeps {
  readonly api: EmployeeFormApiPort;
  readonly debounceMs?: number;
}

export interface LookupInput {
  readonly email: string;
  readonly orgId: string | null;
}
export interface ImportInput {
  readonly empId: string;
  readonly orgId: string;
  readonly registrationNumber: string;
}
export interface SaveInput {
  readonly mode: FormMode;
  readonly employeeId: string | null;
  readonly body: EmployeeInput;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

export const createEmployeeFormActors = (deps: EmployeeFormDeps) => ({
  lookupEmail: fromPromise<ImportCandidate | null, LookupInput>(async ({ input, signal }) => {
    await wait(deps.debounceMs ?? 400, signal);
    const answer = await deps.api.call<{ items: readonly ImportCandidate[] }>('employees.importSearch', {
      body: { email: input.email, ...(input.orgId ? { orgId: input.orgId } : {}) },
      signal,
    });
    return answer.items[0] ?? null;
  }),
  importEmployee: fromPromise<Employee, ImportInput>(({ input }) =>
    deps.api.call<Employee>('employees.import', {
      body: {
        empId: input.empId,
        orgId: input.orgId,
        ...(input.registrationNumber ? { registrationNumber: input.registrationNumber } : {}),
      },
    }),
  ),
  saveEmployee: fromPromise<Employee, SaveInput>(({ input }) =>
    input.mode === 'create' || !input.employeeId
      ? deps.api.call<Employee>('employees.create', { body: input.body })
      : deps.api.call<Employee>('employees.update', { params: { id: input.employeeId }, body: input.body }),
  ),
});
