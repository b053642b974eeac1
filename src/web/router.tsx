/**
 * The route tree (code-based) and the router, registered once so every `Link` and `navigate`
 * is type-checked. The services travel in the router context for guards and loaders.
 */
import { createRouter } from '@tanstack/react-router';
import type { Services } from './app/index.ts';
import { DelayedLoader } from './components/DelayedLoader.tsx';
import { rememberCurrentRoute } from './features/shell/currentRoute.ts';
import { accessDeniedRoute, appLayoutRoute, dashboardRoute, homeRoute, profileRoute } from './routes/app.tsx';
import { publicRoutes } from './routes/public.tsx';
import { rootRoute, unknownRoute } from './routes/root.tsx';
import { sectionRoutes } from './routes/sections.tsx';
import './routes/staticData.ts';

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  appLayoutRoute.addChildren([homeRoute, dashboardRoute, profileRoute, accessDeniedRoute, ...sectionRoutes]),
  unknownRoute,
]);

export const createAppRouter = (services: Services, history?: Parameters<typeof createRouter>[0]['history']) => {
  const router = createRouter({
    routeTree,
    context: { services },
    history,
    defaultPendingComponent: () => <DelayedLoader />,
    // The DelayedLoader waits 300 ms itself; the router must not add its own delay or minimum.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    defaultPreload: false,
    scrollRestoration: true,
  });
  router.subscribe('onResolved', () => rememberCurrentRoute(router.state.matches));
  return router;
};

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
