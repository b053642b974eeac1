export { authMachine, errorInfo, initialAuthContext, type AuthMachine } from './auth.machine.ts';
export {
  createAuthActors,
  sessionFromCurrent,
  sessionFromLogin,
  toView,
  type AuthActors,
  type AuthApiPort,
  type AuthDeps,
  type AuthFact,
  type AuthSessionPort,
} from './auth.actors.ts';
export { selectAuth, selectAuthStatus, type AuthSnapshot, type AuthStatus, type AuthView } from './auth.selectors.ts';
export type { AuthContext, AuthEmitted, AuthEvent, AuthEventType, ErrorInfo, SessionView } from './auth.types.ts';
export { authFixtures, SESSIONS } from './auth.fixtures.ts';
