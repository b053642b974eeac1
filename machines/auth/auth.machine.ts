/**
 * Authentication (seed 000 §4 "Authentication", seed 001 §4, §8.1, §8.3).
 * restoring → loggedOut | session; loggedOut → loggingIn → session (choosingDomain when the
 * user's root organisations span two domains, else loggedIn) → loggingOut → loggedOut. A session
 * restored before its domain was chosen (a reload on the choice page) goes back to choosingDomain.
 * Domain choice is its own machine (machines/domain-choice), invoked as a child while the session
 * is in `choosingDomain`: `auth.domain.choose` and `auth.domain.back` are forwarded to it, its moves are followed
 * (`onSnapshot`: switching, refusal) and its output ends the choice — the session in the chosen
 * domain (loggedIn), or null when abandoned (logout).
 * While a session is open the machine follows the bus (invoked `sessionFacts`): any 401 or a
 * pushed `session.expired` ends it with `expiredReason` and tells the app (`auth.session.expired`)
 * to clear alerts and notifications, wipe storage and show the expiry alert.
 * Views send the `auth.*` intents; the API client and the socket send the `api.*`/`push.*` facts.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { choosesDomain, createAuthActors } from './auth.actors.ts';
import { errorInfo } from './auth.errors.ts';
import type { DomainChoiceContext } from '../domain-choice/domain-choice.types.ts';
import type { AuthContext, AuthEmitted, AuthEvent, SessionView } from './auth.types.ts';

export { errorInfo } from './auth.errors.ts';

/** Default implementations refuse to run: the app provides real ones, tests provide stubs. */
const unwired = createAuthActors({
  api: { call: () => Promise.reject(new Error('auth machine: api not provided')) },
  sessionStore: {
    getSession: () => null,
    setSession: () => {},
    getToken: () => null,
    setDomains: () => {},
    clear: () => {},
  },
  sessionFacts: () => ({ subscribe: () => ({ unsubscribe: () => {} }) }),
});

/** The server's key behind an expiry, whichever fact carried it. */
const expiryKey = (event: AuthEvent): string => {
  if (event.type === 'push.session.expired') return event.payload.key;
  if (event.type === 'api.session.expired') return event.key;
  return errorInfo((event as { error?: unknown }).error, 'error.auth.invalid-token').key;
};

export const initialAuthContext: AuthContext = {
  session: null,
  loginError: null,
  blocked: false,
  expiredReason: null,
  loggedOutByUser: false,
  domainError: null,
  domainSwitching: null,
  orgSwitchError: null,
  signedInWith: null,
};

export const authMachine = setup({
  types: {} as { context: AuthContext; events: AuthEvent; emitted: AuthEmitted },
  actors: unwired,
  guards: {
    hasCredentials: ({ event }) => event.type === 'auth.login' && event.login.trim() !== '' && event.password !== '',
    hasRestoredSession: ({ event }) => event.type === 'xstate.done.actor.restoreSession' && event.output !== null,
    hasRootOrgsInSeveralDomains: ({ event }) =>
      (event.type === 'xstate.done.actor.login' || event.type === 'xstate.done.actor.ssoLogin') &&
      choosesDomain(event.output.domains),
    hasRestoredPendingChoice: ({ event }) =>
      event.type === 'xstate.done.actor.restoreSession' && event.output?.domainChoicePending === true,
    hasSsoAnswer: ({ event }) => event.type === 'auth.sso' && Object.keys(event.body).length > 0,
    isOtherOrg: ({ context, event }) => event.type === 'auth.org.switch' && event.orgId !== context.session?.orgId,
    isOtherDomain: ({ context, event }) =>
      event.type === 'auth.domain.choose' && event.domain !== context.session?.domain,
    hasEnteredDomain: ({ event }) => event.type === 'xstate.done.actor.domainChoice' && event.output !== null,
    isUnauthorized: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 401,
    isAwayFromBaseOrg: ({ context }) => context.session !== null && context.session.orgId !== context.session.baseOrgId,
  },
  actions: {
    storeSession: assign({
      session: ({ event }) => (event as { output: SessionView }).output,
      loginError: null,
      blocked: false,
      domainError: null,
      orgSwitchError: null,
    }),
    endUserSession: assign({ ...initialAuthContext, loggedOutByUser: true }),
    clearLoginState: assign({ loginError: null, expiredReason: null, loggedOutByUser: false }),
    rememberSso: assign({ signedInWith: ({ event }) => (event.type === 'auth.sso' ? event.via : null) }),
    forgetSso: assign({ signedInWith: null }),
    storeSsoError: assign(({ context, event }) => ({
      loginError: errorInfo(
        (event as { error?: unknown }).error,
        context.signedInWith === 'microsoft' ? ALERT_KEYS.login.microsoftFailure : ALERT_KEYS.login.failure,
      ),
      blocked: false,
      signedInWith: null,
    })),
    storeLoginError: assign(({ event }) => {
      const info = errorInfo((event as { error?: unknown }).error, ALERT_KEYS.login.failure);
      return { loginError: info, blocked: info.key === 'error.auth.blocked' };
    }),
    storeDomainError: assign({
      domainError: ({ event }) => errorInfo((event as { error?: unknown }).error, ALERT_KEYS.login.domainFailure),
    }),
    clearDomainError: assign({ domainError: null }),
    forwardDomainChoice: sendTo('domainChoice', ({ event }) => ({
      type: 'domain.choose' as const,
      domain: (event as Extract<AuthEvent, { type: 'auth.domain.choose' }>).domain,
    })),
    followDomainChoice: assign(({ event }) => {
      if (event.type !== 'xstate.snapshot.domainChoice') return {};
      // Only the domain-choice machine's snapshots carry a choice (a stand-in actor's do not).
      const { value, context } = event.snapshot as { value?: unknown; context?: DomainChoiceContext };
      if (!context) return {};
      return { domainError: context.error, domainSwitching: value === 'switching' ? context.chosen : null };
    }),
    abandonDomainChoice: sendTo('domainChoice', { type: 'domain.back' as const }),
    leaveDomainChoice: assign({ domainSwitching: null }),
    storeOrgSwitchError: assign({
      orgSwitchError: ({ event }) =>
        errorInfo((event as { error?: unknown }).error, ALERT_KEYS.organizations.switchFailure),
    }),
    clearOrgSwitchError: assign({ orgSwitchError: null }),
    endExpiredSession: assign({ ...initialAuthContext, expiredReason: ALERT_KEYS.sessionExpired }),
    emitSessionExpired: emit(({ event }) => ({
      type: 'auth.session.expired' as const,
      reason: ALERT_KEYS.sessionExpired,
      key: expiryKey(event),
    })),
    emitTokenRotated: emit({ type: 'auth.token.rotated' as const }),
    emitOrgSwitchFailed: emit(({ context }) => ({
      type: 'auth.org.switch.failed' as const,
      error: context.orgSwitchError ?? { key: ALERT_KEYS.organizations.switchFailure },
    })),
  },
}).createMachine({
  id: 'auth',
  context: initialAuthContext,
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          // Reloaded on the domain choice (or another address typed) before a domain was chosen.
          { guard: 'hasRestoredPendingChoice', target: 'session.choosingDomain', actions: 'storeSession' },
          { guard: 'hasRestoredSession', target: 'session.loggedIn', actions: 'storeSession' },
          { target: 'loggedOut' },
        ],
        onError: [
          // A stored session the server no longer honours has expired: say so, as for any 401.
          { guard: 'isUnauthorized', target: 'loggedOut', actions: ['endExpiredSession', 'emitSessionExpired'] },
          { target: 'loggedOut' },
        ],
      },
    },
    loggedOut: {
      on: {
        'auth.login': { guard: 'hasCredentials', target: 'loggingIn', actions: ['clearLoginState', 'forgetSso'] },
        // Back from an identity provider (Microsoft, CAS, the safe portal) with its answer.
        'auth.sso': { guard: 'hasSsoAnswer', target: 'loggingInSso', actions: ['clearLoginState', 'rememberSso'] },
      },
    },
    loggingInSso: {
      invoke: {
        id: 'ssoLogin',
        src: 'ssoLogin',
        input: ({ event }) => {
          const { via, body } = event as Extract<AuthEvent, { type: 'auth.sso' }>;
          return { via, body };
        },
        onDone: [
          { guard: 'hasRootOrgsInSeveralDomains', target: 'session.choosingDomain', actions: 'storeSession' },
          { target: 'session.loggedIn', actions: 'storeSession' },
        ],
        onError: { target: 'loggedOut', actions: 'storeSsoError' },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          const { login, password } = event as { login: string; password: string };
          return { login: login.trim(), password };
        },
        onDone: [
          { guard: 'hasRootOrgsInSeveralDomains', target: 'session.choosingDomain', actions: 'storeSession' },
          { target: 'session.loggedIn', actions: 'storeSession' },
        ],
        onError: { target: 'loggedOut', actions: 'storeLoginError' },
      },
    },
    session: {
      invoke: { id: 'sessionFacts', src: 'sessionFacts' },
      on: {
        'api.session.expired': { target: 'loggedOut', actions: ['endExpiredSession', 'emitSessionExpired'] },
        'push.session.expired': { target: 'loggedOut', actions: ['endExpiredSession', 'emitSessionExpired'] },
        'api.token.rotated': { actions: 'emitTokenRotated' },
        'auth.logout': { target: 'loggingOut' },
      },
      initial: 'loggedIn',
      states: {
        choosingDomain: {
          invoke: {
            id: 'domainChoice',
            src: 'domainChoice',
            input: ({ context }) => ({
              domains: [...new Set((context.session?.domains ?? []).map((d) => d.domain))],
              microsoft: context.signedInWith === 'microsoft',
            }),
            onSnapshot: { actions: 'followDomainChoice' },
            onDone: [
              { guard: 'hasEnteredDomain', target: 'loggedIn', actions: ['leaveDomainChoice', 'storeSession'] },
              // Abandoned: no domain entered, the session ends.
              { target: '#auth.loggingOut', actions: 'leaveDomainChoice' },
            ],
          },
          on: {
            'auth.domain.choose': { actions: 'forwardDomainChoice' },
            'auth.domain.back': { actions: 'abandonDomainChoice' },
          },
        },
        loggedIn: {
          initial: 'idle',
          on: {
            'auth.org.switch': { guard: 'isOtherOrg', target: '.switchingOrg', actions: 'clearOrgSwitchError' },
            'auth.org.reset': { guard: 'isAwayFromBaseOrg', target: '.switchingOrg', actions: 'clearOrgSwitchError' },
          },
          states: {
            idle: {
              on: {
                'auth.session.refresh': 'refreshing',
                // The dashboard's domain selector: enter the other domain without leaving the shell.
                'auth.domain.choose': { guard: 'isOtherDomain', target: 'changingDomain', actions: 'clearDomainError' },
              },
            },
            changingDomain: {
              invoke: {
                id: 'changeDomain',
                src: 'switchDomain',
                input: ({ context, event }) => ({
                  domain: (event as Extract<AuthEvent, { type: 'auth.domain.choose' }>).domain,
                  microsoft: context.signedInWith === 'microsoft',
                }),
                onDone: { target: 'idle', actions: 'storeSession' },
                onError: { target: 'idle', actions: 'storeDomainError' },
              },
            },
            switchingOrg: {
              invoke: {
                id: 'switchOrg',
                src: 'switchOrg',
                input: ({ context, event }) => ({
                  orgId: event.type === 'auth.org.switch' ? event.orgId : (context.session?.baseOrgId ?? ''),
                }),
                onDone: { target: 'idle', actions: 'storeSession' },
                onError: { target: 'orgSwitchFailed', actions: ['storeOrgSwitchError', 'emitOrgSwitchFailed'] },
              },
            },
            orgSwitchFailed: { on: { 'auth.session.refresh': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                onDone: { target: 'idle', actions: 'storeSession' },
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: 'endUserSession' },
        onError: { target: 'loggedOut', actions: 'endUserSession' },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
