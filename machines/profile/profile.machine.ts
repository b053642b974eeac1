/**
 * The user's own profile (`/profile`, seed 000 §5): three independent regions, each with at most one
 * call in flight.
 * - identity: first and last name, saved (trimmed) only when both are filled and one differs from the
 *   saved identity; a success becomes the saved identity, says so and has the view read the session
 *   again (`profile.identity.saved`); a failure stays under the form as a translation key.
 * - password: the current password and a new one under the rules of seed 000 §5; a success empties
 *   the three fields and says so; a failure stays under the form.
 * - language: the browser has already switched; the server is told (with the saved identity, which
 *   the same route requires) and a failure is silent. A new choice while one is sent sends the latest.
 * The form keeps taking input while a save runs. Alerts leave as emitted events: the machine never
 * touches the screen.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Locale } from '../../src/contract/constants.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import { isPasswordValid } from '../../src/contract/validation.ts';
import type {
  PasswordFields,
  ProfileContext,
  ProfileEmitted,
  ProfileEvent,
  ProfileIdentity,
  ProfileInput,
} from './profile.types.ts';

const unwired = <T, I>(name: string) =>
  fromPromise<T, I>(() => Promise.reject(new Error(`${name}: no actor provided`)));

const keyOf = (failure: unknown): string => {
  const key = (failure as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : ERROR_KEYS.internal;
};

const trimmed = (d: ProfileIdentity): ProfileIdentity => ({
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
});

/** Both names filled, and one of them differs from the saved identity. */
export const canSaveIdentity = (c: ProfileContext): boolean => {
  const t = trimmed(c.draft);
  const complete = t.firstName !== '' && t.lastName !== '';
  const changed = t.firstName !== c.saved.firstName || t.lastName !== c.saved.lastName;
  return complete && changed;
};

export const canChangePassword = (p: PasswordFields): boolean =>
  p.current !== '' && isPasswordValid(p.password, p.confirmation);

const EMPTY_PASSWORDS: PasswordFields = { current: '', password: '', confirmation: '' };

export const profileMachine = setup({
  types: {} as {
    context: ProfileContext;
    events: ProfileEvent;
    input: ProfileInput;
    emitted: ProfileEmitted;
  },
  actors: {
    saveIdentity: unwired<ProfileIdentity, { userId: string; identity: ProfileIdentity }>('saveIdentity'),
    changePassword: unwired<unknown, PasswordFields>('changePassword'),
    persistLocale: unwired<unknown, { userId: string; identity: ProfileIdentity; locale: Locale }>('persistLocale'),
  },
  guards: {
    canSaveIdentity: ({ context }) => canSaveIdentity(context),
    canChangePassword: ({ context }) => canChangePassword(context.passwords),
  },
  actions: {
    storeIdentityField: assign({
      draft: ({ context, event }) =>
        event.type === 'profile.identity.edit' ? { ...context.draft, [event.field]: event.value } : context.draft,
    }),
    clearIdentityError: assign({ identityError: null }),
    storeSavedIdentity: assign({
      saved: ({ context, event }) => (event.type === 'xstate.done.actor.saveIdentity' ? event.output : context.saved),
    }),
    storeIdentityError: assign({
      identityError: ({ event }) => (event.type === 'xstate.error.actor.saveIdentity' ? keyOf(event.error) : null),
    }),
    notifyIdentitySaved: emit({ type: 'profile.alert', alert: { type: 'success', key: 'profile.identity.saved' } }),
    emitIdentitySaved: emit({ type: 'profile.identity.saved' as const }),
    storePasswordField: assign({
      passwords: ({ context, event }) =>
        event.type === 'profile.password.edit'
          ? { ...context.passwords, [event.field]: event.value }
          : context.passwords,
    }),
    clearPasswordError: assign({ passwordError: null }),
    clearPasswords: assign({ passwords: EMPTY_PASSWORDS }),
    storePasswordError: assign({
      passwordError: ({ event }) => (event.type === 'xstate.error.actor.changePassword' ? keyOf(event.error) : null),
    }),
    notifyPasswordChanged: emit({
      type: 'profile.alert',
      alert: { type: 'success', key: ALERT_KEYS.users.passwordChangeSuccess },
    }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    userId: input.userId,
    saved: { firstName: input.firstName, lastName: input.lastName },
    draft: { firstName: input.firstName, lastName: input.lastName },
    identityError: null,
    passwords: EMPTY_PASSWORDS,
    passwordError: null,
  }),
  type: 'parallel',
  on: {
    'profile.identity.edit': { actions: 'storeIdentityField' },
    'profile.password.edit': { actions: 'storePasswordField' },
  },
  states: {
    identity: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.identity.save': { guard: 'canSaveIdentity', target: 'saving', actions: 'clearIdentityError' },
          },
        },
        saving: {
          invoke: {
            id: 'saveIdentity',
            src: 'saveIdentity',
            input: ({ context }) => ({ userId: context.userId, identity: trimmed(context.draft) }),
            onDone: { target: 'editing', actions: ['storeSavedIdentity', 'notifyIdentitySaved', 'emitIdentitySaved'] },
            onError: { target: 'editing', actions: 'storeIdentityError' },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.password.submit': { guard: 'canChangePassword', target: 'sending', actions: 'clearPasswordError' },
          },
        },
        sending: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => context.passwords,
            onDone: { target: 'editing', actions: ['notifyPasswordChanged', 'clearPasswords'] },
            onError: { target: 'editing', actions: 'storePasswordError' },
          },
        },
      },
    },
    // A change of language while one is being told starts again (the last one wins) in this region alone:
    // the transitions are its states', not the region's — a re-entering transition on the region itself
    // has the whole parallel machine as its domain, and re-entered the identity's and password's regions
    // too (a save or a change of password in flight lost its answer).
    language: {
      initial: 'idle',
      states: {
        idle: { on: { 'profile.locale.change': { target: 'persisting' } } },
        persisting: {
          on: { 'profile.locale.change': { target: 'persisting', reenter: true } },
          invoke: {
            id: 'persistLocale',
            src: 'persistLocale',
            input: ({ context, event }) => {
              assertEvent(event, 'profile.locale.change');
              return { userId: context.userId, identity: context.saved, locale: event.locale };
            },
            onDone: { target: 'idle' },
            // Silent, as before: the language is applied in this browser whatever the server says.
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
