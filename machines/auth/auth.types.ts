import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import type { Session } from '../../src/contract/entities.ts';
import type { DomainChoiceContext } from '../domain-choice/domain-choice.types.ts';

/** The session as the machine holds it: the token never enters context (it lives in the session store). */
export type SessionView = Omit<Session, 'token'>;

export interface ErrorInfo {
  readonly key: string;
  readonly message?: string;
}

export interface AuthContext {
  readonly session: SessionView | null;
  readonly loginError: ErrorInfo | null;
  /** The last login answered `error.auth.blocked` (5 failures → 30 minutes). */
  readonly blocked: boolean;
  /** Why the last session ended on its own (`alert.login.warning.session-expired`). */
  readonly expiredReason: string | null;
  /** The last session ended by the user's own logout: the next login starts at home, not on their last page. */
  readonly loggedOutByUser: boolean;
  readonly domainError: ErrorInfo | null;
  /** While in domain choice (its child machine): the domain being entered, null while the user chooses. */
  readonly domainSwitching: DomainId | null;
  readonly orgSwitchError: ErrorInfo | null;
  /** How this session was opened when by single sign-on (a Microsoft session switches domain by its own call). */
  readonly signedInWith: SsoVia | null;
}

/** Single sign-on entries: Microsoft (OpenID Connect), CAS, the safe portal's token. */
export type SsoVia = 'microsoft' | 'cas' | 'edoc';

/** What the provider sent the browser back with: `auth.loginMicrosoft`, `auth.loginCas`, `auth.loginEdoc` bodies. */
export interface SsoLoginInput {
  readonly via: SsoVia;
  readonly body: Readonly<Record<string, string>>;
}

/** Intents from the views, and facts from the bus. */
export type AuthInputEvent =
  | { readonly type: 'auth.login'; readonly login: string; readonly password: string }
  | { readonly type: 'auth.sso'; readonly via: SsoVia; readonly body: Readonly<Record<string, string>> }
  | { readonly type: 'auth.domain.choose'; readonly domain: DomainId }
  /** « Retour à la connexion » on the domain choice page: the choice is abandoned (logout). */
  | { readonly type: 'auth.domain.back' }
  | { readonly type: 'auth.org.switch'; readonly orgId: string }
  | { readonly type: 'auth.org.reset' }
  | { readonly type: 'auth.logout' }
  | { readonly type: 'auth.session.refresh' }
  | { readonly type: 'api.session.expired'; readonly key: string }
  | { readonly type: 'api.token.rotated'; readonly token: string }
  | { readonly type: 'push.session.expired'; readonly payload: { readonly key: string } };

/** Completions of the invoked actors (ids as in the chart). */
export type AuthActorEvent =
  | DoneActorEvent<SessionView | null, 'restoreSession'>
  | ErrorActorEvent<unknown, 'restoreSession'>
  | DoneActorEvent<SessionView, 'login'>
  | ErrorActorEvent<unknown, 'login'>
  | DoneActorEvent<SessionView, 'ssoLogin'>
  | ErrorActorEvent<unknown, 'ssoLogin'>
  /** The domain-choice child ended: the session in the chosen domain, or null when abandoned. */
  | DoneActorEvent<SessionView | null, 'domainChoice'>
  /** The domain-choice child moved (choosing, switching, refused): what the pages show of it. */
  | {
      readonly type: 'xstate.snapshot.domainChoice';
      readonly snapshot: { readonly value: unknown; readonly context: DomainChoiceContext };
    }
  | DoneActorEvent<SessionView, 'changeDomain'>
  | ErrorActorEvent<unknown, 'changeDomain'>
  | DoneActorEvent<SessionView, 'switchOrg'>
  | ErrorActorEvent<unknown, 'switchOrg'>
  | DoneActorEvent<SessionView, 'refreshSession'>
  | ErrorActorEvent<unknown, 'refreshSession'>
  | DoneActorEvent<void, 'logout'>
  | ErrorActorEvent<unknown, 'logout'>;

export type AuthEvent = AuthInputEvent | AuthActorEvent;
export type AuthEventType = AuthEvent['type'];

/** Told to the app (actor.on): it clears alerts and notifications, wipes storage, shows the alert. */
export type AuthEmitted =
  | { readonly type: 'auth.session.expired'; readonly reason: string; readonly key: string }
  | { readonly type: 'auth.token.rotated' }
  | { readonly type: 'auth.org.switch.failed'; readonly error: ErrorInfo };

export interface LoginInput {
  readonly login: string;
  readonly password: string;
}
