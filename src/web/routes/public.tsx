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
 * Single sign-on returns (src/web/features/auth/ExternalLoginPage.tsx). `/autologin`: CAS sends the
 * browser back with `ticket` (the seed names it `authorization`); without either it goes to login.
 */
const stringsOf = <K extends string>(search: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> =>
  Object.fromEntries(keys.flatMap((k) => (typeof search[k] === 'string' ? [[k, search[k]]] : []))) as Partial<
    Record<K, string>
  >;

export const autologinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'autologin',
  validateSearch: (search: Record<string, unknown>) => stringsOf(search, ['authorization', 'ticket'] as const),
  beforeLoad: ({ search }) => {
    if (!search.authorization && !search.ticket) throw redirect({ to: '/login' });
  },
  component: lazyRouteComponent(() => import('../features/auth/ExternalLoginPage.tsx'), 'SsoLoginPage'),
});

export const autoLoginEdocRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auto-Login-edoc',
  component: lazyRouteComponent(() => import('../features/auth/ExternalLoginPage.tsx'), 'EdocLoginPage'),
});

/** The OpenID provider's answer: `code` and `state` (and `iss`, `session_state`), or `error`. */
export const autoLoginMsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auto-login-ms',
  validateSearch: (search: Record<string, unknown>) =>
    stringsOf(search, ['code', 'state', 'iss', 'session_state', 'error'] as const),
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
