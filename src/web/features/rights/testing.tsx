/** Renders a rights page in a memory router with an API answering from a table (component tests only). */
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import type { RouteId } from '../../../contract/routes.ts';
import { AppProvider } from '../../app/context.tsx';
import { createServices, type Services } from '../../app/services.ts';
import { renderWithProviders } from '../../testing/render.tsx';

export interface ApiCall {
  readonly routeId: RouteId;
  readonly body?: unknown;
  readonly params?: Record<string, string | number>;
}
export type Answers = Partial<Record<RouteId, (call: ApiCall) => unknown>>;

export const renderRightsPage = async (
  base: '/users' | '/user-groups' | '/rules',
  Page: FunctionComponent,
  path: string,
  answers: Answers,
) => {
  const calls: ApiCall[] = [];
  const real = createServices({ storage: null, socket: false });
  const api: Services['api'] = {
    ...real.api,
    call: <T,>(
      routeId: RouteId,
      options: {
        body?: unknown;
        params?: Record<string, string | number>;
        request?: string;
        signal?: AbortSignal;
      } = {},
    ) => {
      const { request, signal: _signal, ...sent } = options;
      const call = { routeId, ...sent };
      calls.push(call);
      // Like the real client, every outcome goes on the bus too: the pickers' reads take it there.
      const publish = (event: Record<string, unknown>) =>
        real.bus.emit({ routeId, params: sent.params ?? {}, ...(request ? { request } : {}), ...event } as never);
      const answer = answers[routeId];
      try {
        if (!answer) throw { key: 'error.not-found', status: 404 };
        const result = answer(call) as T;
        // On a later turn, as a real call answers.
        void Promise.resolve().then(() => publish({ type: `api.${routeId}.succeeded`, result }));
        return Promise.resolve(result);
      } catch (error) {
        const failure = error as { key?: string; status?: number };
        void Promise.resolve().then(() =>
          publish({
            type: `api.${routeId}.failed`,
            failure: { key: failure.key ?? 'error.internal', status: failure.status ?? 500 },
          }),
        );
        return Promise.reject(error);
      }
    },
  };
  const services: Services = { ...real, api };
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => root, path: base, component: () => <p>Liste</p> }),
    createRoute({ getParentRoute: () => root, path: `${base}/create`, component: Page }),
    createRoute({ getParentRoute: () => root, path: `${base}/$id`, component: Page }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const view = renderWithProviders(
    <AppProvider services={services}>
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { router, calls, services, view, stop: () => real.stop() };
};
