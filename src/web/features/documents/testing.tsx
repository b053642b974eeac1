/** Renders a page (documents, campaign…) in a memory router with an API answering from a table (component tests only). */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import type { DocumentDetail } from '../../../contract/documents.ts';
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

/**
 * `paths`: the route patterns the page is mounted on (its params come from them). `loader`: a call the
 * routes load before the page shows, as the app's route does (the page reads it with `useLoaderData`).
 */
export const renderDocumentsPage = async (
  Page: FunctionComponent,
  path: string,
  answers: Answers,
  paths: readonly string[] = ['/documents', '/documents/$docId'],
  loader?: RouteId,
) => {
  const calls: ApiCall[] = [];
  const real = createServices({ storage: null, socket: false });
  const api: Services['api'] = {
    ...real.api,
    call: <T,>(
      routeId: RouteId,
      options: { body?: unknown; params?: Record<string, string | number>; request?: string; bytes?: boolean } = {},
    ) => {
      const call = {
        routeId,
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(options.params ? { params: options.params } : {}),
      };
      calls.push(call);
      // Like the real client, every outcome goes on the bus: the pages' machines read it there.
      const params = options.params ?? {};
      const tag = options.request === undefined ? {} : { request: options.request };
      const publish = (event: Record<string, unknown>) => real.bus.emit({ routeId, params, ...tag, ...event } as never);
      const answer = answers[routeId];
      // Answered on a later turn, as a real call is: the page has subscribed by then.
      return Promise.resolve().then(async () => {
        let result: T;
        try {
          if (!answer) throw { key: 'error.not-found', status: 404 };
          result = answer(call) as T;
          // A file asked as bytes is published as bytes, as the real client does.
          if (options.bytes && result instanceof Blob) result = new Uint8Array(await result.arrayBuffer()) as T;
        } catch (error) {
          const failure = error as { key?: string; status?: number };
          publish({
            type: `api.${routeId}.failed`,
            failure: { key: failure.key ?? 'error.internal', status: failure.status ?? 500 },
          });
          throw error;
        }
        publish({ type: `api.${routeId}.succeeded`, result });
        return result;
      });
    },
  };
  const services: Services = { ...real, api };
  const root = createRootRoute({ component: Outlet });
  const routes = paths.map((pattern) =>
    createRoute({
      getParentRoute: () => root,
      path: pattern,
      component: Page,
      ...(loader ? { loader: () => api.call(loader) } : {}),
    }),
  );
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

export const DOC: DocumentDetail = {
  id: '0195f3a2-0000-7000-8000-000000000001',
  description: 'Bulletin de paie mars 2026 — Durand Alice',
  typeCode: 'PAYSLIP',
  typeLabel: 'Bulletin de paie',
  metaDatas: [{ name: 'year', value: '2026' }],
  emissionDate: '2026-03-31',
  transmitter: null,
  employeeFirstName: 'Alice',
  employeeName: 'Durand',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  destination: 'EMPLOYEE_SAFE',
  depositedAt: '2026-04-02T09:15:00.000Z',
  keywords: ['paie'],
  additionalIndexes: [],
  path: null,
  organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
  employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
  sha256: 'a'.repeat(64),
  organizationName: 'Horizon Services Paris',
  fileName: 'bulletin-mars-2026.pdf',
  size: 48_213,
  readAt: null,
  origin: { source: 'upload', id: null, name: null, userId: 'u1', userName: 'Camille Martin' },
  pageCount: 1,
  employeeEmail: 'alice.durand@example.fr',
};
