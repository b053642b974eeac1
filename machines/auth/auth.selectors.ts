/** Snapshot → view model: the only way views and route guards read the auth machine. */
import { DOMAINS, type DomainId } from '../../src/contract/constants.ts';
import type { SnapshotFrom } from 'xstate';
import type { Feature } from '../../src/contract/features.ts';
import type { UserRootOrgs } from '../../src/contract/entities.ts';
import type { authMachine } from './auth.machine.ts';
import type { ErrorInfo, SessionView } from './auth.types.ts';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;
export type AuthStatus =
  'restoring' | 'loggedOut' | 'loggingIn' | 'choosingDomain' | 'switchingDomain' | 'loggedIn' | 'loggingOut';

export interface AuthView {
  readonly status: AuthStatus;
  readonly isRestoring: boolean;
  readonly isLoggedIn: boolean;
  readonly isLoggedOut: boolean;
  readonly isChoosingDomain: boolean;
  readonly isBusy: boolean;
  readonly isSwitchingOrg: boolean;
  readonly isChangingDomain: boolean;
  readonly session: SessionView | null;
  readonly features: readonly Feature[];
  hasFeature(feature: Feature): boolean;
  readonly loginError: ErrorInfo | null;
  readonly isBlocked: boolean;
  readonly expiredReason: string | null;
  /** The user logged out (not an expiry): the login keeps no page to go back to. */
  readonly loggedOutByUser: boolean;
  readonly domainError: ErrorInfo | null;
  /** The domain being entered from domain choice (its switch running), else null. */
  readonly domainSwitching: DomainId | null;
  readonly orgSwitchError: ErrorInfo | null;
  readonly domains: readonly UserRootOrgs[];
  readonly isOnBaseOrg: boolean;
  readonly can: {
    readonly login: boolean;
    readonly chooseDomain: boolean;
    readonly switchOrg: boolean;
    readonly resetOrg: boolean;
    readonly logout: boolean;
  };
}

export const selectAuthStatus = (s: AuthSnapshot): AuthStatus => {
  if (s.matches('restoring')) return 'restoring';
  if (s.matches('loggingIn') || s.matches('loggingInSso')) return 'loggingIn';
  if (s.matches('loggingOut')) return 'loggingOut';
  // Domain choice runs as a child machine: auth follows whether it is switching.
  if (s.matches({ session: 'choosingDomain' })) return s.context.domainSwitching ? 'switchingDomain' : 'choosingDomain';
  if (s.matches({ session: 'loggedIn' })) return 'loggedIn';
  return 'loggedOut';
};

export const selectAuth = (s: AuthSnapshot): AuthView => {
  const status = selectAuthStatus(s);
  const { session } = s.context;
  const features = session?.features ?? [];
  return {
    status,
    isRestoring: status === 'restoring',
    isLoggedIn: status === 'loggedIn',
    isLoggedOut: status === 'loggedOut',
    isChoosingDomain: status === 'choosingDomain',
    isBusy: status === 'loggingIn' || status === 'switchingDomain' || status === 'loggingOut',
    isSwitchingOrg: s.matches({ session: { loggedIn: 'switchingOrg' } }),
    isChangingDomain: s.matches({ session: { loggedIn: 'changingDomain' } }),
    session,
    features,
    hasFeature: (feature) => features.includes(feature),
    loginError: s.context.loginError,
    isBlocked: s.context.blocked,
    expiredReason: s.context.expiredReason,
    loggedOutByUser: s.context.loggedOutByUser,
    domainError: s.context.domainError,
    domainSwitching: s.context.domainSwitching,
    orgSwitchError: s.context.orgSwitchError,
    domains: session?.domains ?? [],
    isOnBaseOrg: session !== null && session.orgId === session.baseOrgId,
    can: {
      login: status === 'loggedOut',
      chooseDomain: DOMAINS.some((domain) => s.can({ type: 'auth.domain.choose', domain })),
      switchOrg: s.matches({ session: 'loggedIn' }) && !s.matches({ session: { loggedIn: 'switchingOrg' } }),
      resetOrg: s.can({ type: 'auth.org.reset' }),
      logout: s.can({ type: 'auth.logout' }),
    },
  };
};
