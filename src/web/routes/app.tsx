/** The authenticated area: the shell layout, home, dashboard and profile. */
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { CurrentUser, DashboardData } from '../../contract/entities.ts';
import { isFeature } from '../../contract/features.ts';
import { RouteError } from '../components/RouteError.tsx';
import { requireSession, safeRedirect } from './guards.ts';
import { rootRoute } from './root.tsx';

export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireSession,
  // The shell (menus, drawers, popovers) stays out of the login page's bundle.
  component: lazyRouteComponent(() => import('../features/shell/AppShell.tsx'), 'AppShell'),
});

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

export interface DashboardSearch {
  firstSteps?: 1;
}

export const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'dashboard',
  staticData: { title: 'sections.dashboard' },
  validateSearch: (search: Record<string, unknown>): DashboardSearch =>
    search.firstSteps === 1 || search.firstSteps === '1' ? { firstSteps: 1 } : {},
  loader: ({ context }) => context.services.api.call<DashboardData>('shell.dashboard'),
  errorComponent: ({ error }) => <RouteError error={error} fallbackKey="dashboard.loadError" />,
  component: lazyRouteComponent(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
});

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'profile',
  staticData: { title: 'sections.profile', section: 'profile' },
  loader: ({ context }) => context.services.api.call<CurrentUser>('users.current'),
  errorComponent: ({ error }) => <RouteError error={error} />,
  component: lazyRouteComponent(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
});

export interface AccessDeniedSearch {
  right?: string;
  from?: string;
}

/** Where `requireFeature` sends a page the session's rights do not open: it says which right is missing. */
export const accessDeniedRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'access-denied',
  staticData: { title: 'shell.accessDenied.title' },
  validateSearch: (search: Record<string, unknown>): AccessDeniedSearch => {
    const right = typeof search.right === 'string' && isFeature(search.right) ? search.right : undefined;
    const from = safeRedirect(search.from);
    return { ...(right ? { right } : {}), ...(from ? { from } : {}) };
  },
  component: lazyRouteComponent(() => import('../features/shell/AccessDeniedRoutePage.tsx'), 'AccessDeniedRoutePage'),
});
