/**
 * For the machines' behaviour tests: an API port answering from a table (route id → answer), that
 * records every call the machine makes. A route without an answer rejects (« unexpected call »); an
 * answer that throws rejects with what it threw, as a failed call would.
 */
import type { RouteId } from '../../src/contract/routes.ts';

export interface ApiCall {
  readonly routeId: RouteId;
  readonly body?: unknown;
  readonly params?: Record<string, string | number>;
  readonly formData?: FormData;
}

export type Answer = (call: ApiCall) => unknown;

export const tableApi = (answers: Partial<Record<RouteId, Answer>>) => {
  const calls: ApiCall[] = [];
  const api = {
    call: <T>(routeId: RouteId, options: Omit<ApiCall, 'routeId'> = {}): Promise<T> => {
      const call: ApiCall = { routeId, ...options };
      calls.push(call);
      const answer = answers[routeId];
      if (!answer) return Promise.reject(new Error(`unexpected call ${routeId}`));
      try {
        return Promise.resolve(answer(call) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  return { api, calls };
};
