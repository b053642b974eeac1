/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { canSaveIdentity } from './profile.machine.ts';
import type { ProfileContext, ProfileEvent, ProfileEventType, ProfileInput } from './profile.types.ts';

export const PROFILE_INPUT: ProfileInput = { userId: 'user-1', firstName: 'Camille', lastName: 'Martin' };

type EventOf<T extends ProfileEventType> = Extract<ProfileEvent, { type: T }>;
type Fixtures = { readonly [T in ProfileEventType]: readonly EventOf<T>[] };

export const NEW_PASSWORD = 'Printemps-2026';

export const profileFixtures = {
  'profile.identity.edit': [
    { type: 'profile.identity.edit', field: 'firstName', value: ' Camille-Paule ' },
    { type: 'profile.identity.edit', field: 'firstName', value: 'Camille' },
    { type: 'profile.identity.edit', field: 'lastName', value: '  ' },
  ],
  'profile.identity.save': [{ type: 'profile.identity.save' }],
  'profile.password.edit': [
    { type: 'profile.password.edit', field: 'current', value: 'Hiver-2025' },
    { type: 'profile.password.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'profile.password.edit', field: 'confirmation', value: NEW_PASSWORD },
    { type: 'profile.password.edit', field: 'confirmation', value: 'printemps' },
  ],
  'profile.password.submit': [{ type: 'profile.password.submit' }],
  'profile.locale.change': [{ type: 'profile.locale.change', locale: 'en' }],
  'xstate.done.actor.saveIdentity': [
    { type: 'xstate.done.actor.saveIdentity', output: { firstName: 'Camille-Paule', lastName: 'Martin' } },
  ],
  // Refused, or the connection dropped (the API client's failure, web/api/client.ts).
  'xstate.error.actor.saveIdentity': [
    { type: 'xstate.error.actor.saveIdentity', error: { key: 'error.validation', status: 400 } },
    { type: 'xstate.error.actor.saveIdentity', error: { key: ERROR_KEYS.network, status: 0 } },
  ],
  'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: undefined }],
  'xstate.error.actor.changePassword': [
    // What the server answers when the current password typed is not the user's.
    { type: 'xstate.error.actor.changePassword', error: { key: ERROR_KEYS.passwordIncorrect, status: 400 } },
  ],
  'xstate.done.actor.persistLocale': [{ type: 'xstate.done.actor.persistLocale', output: undefined }],
  'xstate.error.actor.persistLocale': [{ type: 'xstate.error.actor.persistLocale', error: new Error('offline') }],
} satisfies Fixtures;

/** States for the path search: the identity as what its guard reads; the password fields as typed. */
export const serializeProfile = (s: AnyMachineSnapshot): string => {
  const c = s.context as ProfileContext;
  return JSON.stringify({
    value: s.value,
    canSave: canSaveIdentity(c),
    identityError: c.identityError !== null,
    // Three fields from few fixture values: kept as typed, so the path search can fill them one by one.
    passwords: c.passwords,
    passwordError: c.passwordError !== null,
  });
};
