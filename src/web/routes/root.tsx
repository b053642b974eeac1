import { Outlet, createRootRouteWithContext, createRoute, redirect } from '@tanstack/react-router';
import { AlertsStack } from '../features/shell/AlertsStack.tsx';
import { BusyMask } from '../features/shell/BusyMask.tsx';
import type { RouterContext } from './guards.ts';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <AlertsStack />
      <BusyMask />
    </>
  ),
});

/** Unknown paths go to the root (seed 000 §2). */
export const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
