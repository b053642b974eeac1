/** Context, events, input and emitted facts of the user's own profile page (`/profile`). */
import type { Locale } from '../../src/contract/constants.ts';

/** First and last name, as the identity form shows and the server keeps them. */
export interface ProfileIdentity {
  readonly firstName: string;
  readonly lastName: string;
}

/** The user as the route read them (`users.current`). */
export interface ProfileInput extends ProfileIdentity {
  readonly userId: string;
}

export type IdentityField = keyof ProfileIdentity;

export interface PasswordFields {
  readonly current: string;
  readonly password: string;
  readonly confirmation: string;
}
export type PasswordField = keyof PasswordFields;

export interface ProfileContext {
  readonly userId: string;
  /** The identity as the server has it: the form is "changed" against it, the language save resends it. */
  readonly saved: ProfileIdentity;
  /** What the form shows, as typed. */
  readonly draft: ProfileIdentity;
  /** Translation key of the last identity save's failure. */
  readonly identityError: string | null;
  readonly passwords: PasswordFields;
  /** Translation key of the last password change's failure. */
  readonly passwordError: string | null;
}

export type ProfileEvent =
  | { readonly type: 'profile.identity.edit'; readonly field: IdentityField; readonly value: string }
  | { readonly type: 'profile.identity.save' }
  | { readonly type: 'profile.password.edit'; readonly field: PasswordField; readonly value: string }
  | { readonly type: 'profile.password.submit' }
  /** The interface language was switched (already applied in the browser): the server keeps it too. */
  | { readonly type: 'profile.locale.change'; readonly locale: Locale }
  /** Output: the identity as sent (trimmed), now the saved one. */
  | { readonly type: 'xstate.done.actor.saveIdentity'; readonly output: ProfileIdentity }
  | { readonly type: 'xstate.error.actor.saveIdentity'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.changePassword'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.changePassword'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.persistLocale'; readonly output: unknown }
  | { readonly type: 'xstate.error.actor.persistLocale'; readonly error: unknown };
export type ProfileEventType = ProfileEvent['type'];

export interface ProfileAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
}

/** What the page tells its view: an alert to show; the identity saved (the session is read again). */
export type ProfileEmitted =
  { readonly type: 'profile.alert'; readonly alert: ProfileAlert } | { readonly type: 'profile.identity.saved' };
