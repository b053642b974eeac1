export { createProfileActors, type ProfileApiPort } from './profile.actors.ts';
export { profileMachine, type ProfileMachine } from './profile.machine.ts';
export { selectProfile, type ProfileSnapshot, type ProfileView } from './profile.selectors.ts';
export * from './profile.types.ts';
