/** Public routes of seed 000 §2: reachable without a session. */
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { leaveLoginWhenAuthenticated, redirectSearch, requireDomainChoice } from './guards.ts';
import { rootRoute } from './root.tsx';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: redirectSearch,
  beforeLoad: leaveLoginWhenAuthenticated,
  component: LoginPage,
});

/** The special login of one customer host: same form, same logic. */
export const loginAmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'Login-am',
  validateSearch: redirectSearch,
  beforeLoad: leaveLoginWhenAuthenticated,
  component: LoginPage,
});

export const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'maintenance',
  component: lazyRouteComponent(() => import('../features/system/MaintenancePage.tsx'), 'MaintenancePage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'token-reinitialization/$token',
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});

/** Extension: the one-time link mailed to the owner of a blocked account. */
export const unlockAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-unlock/$token',
  component: lazyRouteComponent(() => import('../features/auth/UnlockAccountPage.tsx'), 'UnlockAccountPage'),
});

export const accountChoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-choice',
  component: lazyRouteComponent(() => import('../features/auth/AccountChoicePage.tsx'), 'AccountChoicePage'),
});

export const domainChoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'domain-choice',
  validateSearch: redirectSearch,
  beforeLoad: requireDomainChoice,
  component: lazyRouteComponent(() => import('../features/auth/DomainChoicePage.tsx'), 'DomainChoicePage'),
});

/**
 * Single sign-on entry: with an `authorization` parameter it would log in through CAS; no CAS is
 * configured here, so the page says so. Without the parameter it goes to login, as the seed says.
 */
export const autologinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'autologin',
  validateSearch: (search: Record<string, unknown>): { authorization?: string } =>
    typeof search.authorization === 'string' ? { authorization: search.authorization } : {},
  beforeLoad: ({ search }) => {
    if (!search.authorization) throw redirect({ to: '/login' });
  },
  component: lazyRouteComponent(() => import('../features/auth/ExternalLoginPage.tsx'), 'SsoLoginPage'),
});

export const autoLoginEdocRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auto-Login-edoc',
  component: lazyRouteComponent(() => import('../features/auth/ExternalLoginPage.tsx'), 'EdocLoginPage'),
});

export const autoLoginMsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auto-login-ms',
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' ? { code: search.code } : {},
  component: lazyRouteComponent(() => import('../features/auth/ExternalLoginPage.tsx'), 'MicrosoftLoginPage'),
});

/** A guest signatory's signing link (no session, no back-office menu): src/web/features/signbooks. */
export const guestSignRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signworkflows/guest/$token',
  component: lazyRouteComponent(() => import('../features/signbooks/GuestSignPage.tsx'), 'GuestSignPage'),
});

export const publicRoutes = [
  loginRoute,
  loginAmRoute,
  maintenanceRoute,
  resetPasswordRoute,
  unlockAccountRoute,
  accountChoiceRoute,
  domainChoiceRoute,
  autologinRoute,
  autoLoginEdocRoute,
  autoLoginMsRoute,
  guestSignRoute,
] as const;
