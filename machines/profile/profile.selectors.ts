/** Snapshot → what the profile page's view needs. */
import type { SnapshotFrom } from 'xstate';
import type { ProfileMachine } from './profile.machine.ts';

export type ProfileSnapshot = SnapshotFrom<ProfileMachine>;

export const selectProfile = (s: ProfileSnapshot) => ({
  firstName: s.context.draft.firstName,
  lastName: s.context.draft.lastName,
  firstNameMissing: s.context.draft.firstName.trim() === '',
  lastNameMissing: s.context.draft.lastName.trim() === '',
  savingIdentity: s.matches({ identity: 'saving' }),
  canSaveIdentity: s.can({ type: 'profile.identity.save' }),
  identityError: s.context.identityError,
  passwords: s.context.passwords,
  sendingPassword: s.matches({ password: 'sending' }),
  canChangePassword: s.can({ type: 'profile.password.submit' }),
  passwordError: s.context.passwordError,
});
export type ProfileView = ReturnType<typeof selectProfile>;
