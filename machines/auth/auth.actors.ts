/**
 * The auth machine's effects. Each factory takes its dependencies (the API client, the session
 * store, the bus facts) as ports typed here, so the machine imports nothing from the web app.
 */
import { fromEventObservable, fromPromise, type Subscribable } from 'xstate';
import { PRODUCT, sortDomains, type DomainId } from '../../src/contract/constants.ts';
import type { CurrentUser, LoginResponse, Session, UserRootOrgs } from '../../src/contract/entities.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { domainChoiceMachine } from '../domain-choice/domain-choice.machine.ts';
import type { AuthInputEvent, LoginInput, SessionView, SsoLoginInput, SsoVia } from './auth.types.ts';

export interface AuthApiPort {
  call<T>(routeId: RouteId, options?: { body?: unknown; params?: Record<string, string | number> }): Promise<T>;
}

export interface AuthSessionPort {
  getSession(): Session | null;
  setSession(session: Session): void;
  getToken(): string | null;
  setDomains(domains: readonly UserRootOrgs[]): void;
  clear(): void;
}

export type AuthFact = Extract<
  AuthInputEvent,
  { type: 'api.session.expired' | 'api.token.rotated' | 'push.session.expired' }
>;

export interface AuthDeps {
  readonly api: AuthApiPort;
  readonly sessionStore: AuthSessionPort;
  /** The bus facts the machine follows while a session is open. */
  readonly sessionFacts: () => Subscribable<AuthFact>;
  readonly appVersion?: string;
  /** Leaves the app for `url` (the identity provider's logout page, RP-initiated logout). */
  readonly leave?: (url: string) => void;
}

const SSO_ROUTES: Record<SsoVia, RouteId> = {
  microsoft: 'auth.loginMicrosoft',
  cas: 'auth.loginCas',
  edoc: 'auth.loginEdoc',
};

export const toView = ({ token: _token, ...view }: Session): SessionView => view;

/** Organisations in several domains: the user chooses one after login (seed 000, domain choice). */
export const choosesDomain = (domains: readonly UserRootOrgs[]): boolean =>
  new Set(domains.map((d) => d.domain)).size >= 2;

export const sessionFromLogin = (answer: LoginResponse, token: string, version: string): Session => ({
  token,
  login: answer.login,
  userId: answer.userId,
  orgId: answer.userOrgId,
  baseOrgId: answer.userOrgId,
  orgName: answer.userOrgName,
  baseOrgName: answer.userOrgName,
  fullName: `${answer.firstName} ${answer.name}`.trim(),
  email: answer.email,
  features: answer.features,
  isFreeTrial: answer.isFreeTrial,
  signatureV3: answer.signatureV3,
  domain: answer.domain,
  domains: sortDomains(answer.userRootOrgs),
  app: PRODUCT,
  version,
});

export const sessionFromCurrent = (user: CurrentUser, token: string, version: string): Session => ({
  token,
  login: user.login,
  userId: user.userId,
  orgId: user.orgId,
  baseOrgId: user.baseOrgId,
  orgName: user.orgName,
  baseOrgName: user.baseOrgName,
  fullName: `${user.firstName} ${user.name}`.trim(),
  email: user.email,
  features: user.features,
  isFreeTrial: user.isFreeTrial,
  signatureV3: user.signatureV3,
  domain: user.domain,
  domains: sortDomains(user.userRootOrgs),
  app: PRODUCT,
  version,
});

export const createAuthActors = ({ api, sessionStore, sessionFacts, appVersion = '0.1.0', leave }: AuthDeps) => {
  /** Keeps the store in step with the server's view of the session and hands the machine its part. */
  const remember = (session: Session): SessionView => {
    sessionStore.setSession(session);
    sessionStore.setDomains(session.domains);
    return toView(session);
  };
  /** Marks the stored session as waiting for its domain choice (kept until a domain is entered). */
  const pendingChoice = (view: SessionView): SessionView => {
    const stored = sessionStore.getSession();
    if (stored) sessionStore.setSession({ ...stored, domainChoicePending: true });
    return { ...view, domainChoicePending: true };
  };
  const chooseAfterLogin = (view: SessionView): SessionView =>
    choosesDomain(view.domains) ? pendingChoice(view) : view;
  const currentToken = (): string => {
    const token = sessionStore.getToken();
    if (!token) throw { key: 'error.auth.missing-token' };
    return token;
  };
  const fromCurrent = async (routeId: RouteId, body?: unknown): Promise<SessionView> => {
    const user = await api.call<CurrentUser>(routeId, body === undefined ? {} : { body });
    return remember(sessionFromCurrent(user, currentToken(), appVersion));
  };

  const switchDomain = fromPromise<SessionView, { domain: DomainId; microsoft?: boolean }>(({ input }) =>
    fromCurrent(input.microsoft ? 'auth.switchDomainMicrosoft' : 'auth.switchDomain', { domain: input.domain }),
  );

  return {
    restoreSession: fromPromise<SessionView | null>(async () => {
      const stored = sessionStore.getSession();
      if (!stored || !sessionStore.getToken()) return null;
      try {
        const view = await fromCurrent('users.current');
        // Reloaded before choosing: the choice is still to make (entering a domain clears the mark).
        return stored.domainChoicePending ? pendingChoice(view) : view;
      } catch (error) {
        sessionStore.clear();
        throw error;
      }
    }),
    login: fromPromise<SessionView, LoginInput>(async ({ input }) => {
      sessionStore.clear();
      const answer = await api.call<LoginResponse>('auth.login', { body: input });
      return chooseAfterLogin(remember(sessionFromLogin(answer, currentToken(), appVersion)));
    }),
    /** Single sign-on: the provider's answer goes to the server, which answers like a password login. */
    ssoLogin: fromPromise<SessionView, SsoLoginInput>(async ({ input }) => {
      sessionStore.clear();
      const answer = await api.call<LoginResponse>(SSO_ROUTES[input.via], { body: input.body });
      return chooseAfterLogin(remember(sessionFromLogin(answer, currentToken(), appVersion)));
    }),
    /** The dashboard's domain selector, from a session already in a domain. */
    switchDomain,
    /** Domain choice after login: its own machine, whose switch is this same call. */
    domainChoice: domainChoiceMachine.provide({ actors: { switchDomain } }),
    switchOrg: fromPromise<SessionView, { orgId: string }>(({ input }) =>
      fromCurrent('auth.currentOrg', { currentOrgId: input.orgId }),
    ),
    refreshSession: fromPromise<SessionView>(() => fromCurrent('users.current')),
    logout: fromPromise<void>(async () => {
      let endSessionUrl: string | null = null;
      try {
        const answer = await api.call<{ endSessionUrl?: string | null } | undefined>('auth.logout');
        endSessionUrl = answer?.endSessionUrl ?? null;
      } catch {
        // The session ends locally whatever the server says (it may already be gone).
      } finally {
        sessionStore.clear();
      }
      // A session opened at an OpenID provider ends there too (it sends the browser back to /login).
      if (endSessionUrl && leave) leave(endSessionUrl);
    }),
    sessionFacts: fromEventObservable<AuthFact, void>(() => sessionFacts()),
  };
};

export type AuthActors = ReturnType<typeof createAuthActors>;
