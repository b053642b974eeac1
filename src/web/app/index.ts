export { AppProvider, useServices } from './context.tsx';
export {
  useAlerts,
  useAuth,
  useBadges,
  useNotifications,
  useReminders,
  type TrackedTask,
  type UseAlerts,
  type UseAuth,
  type UseNotifications,
  type UseReminders,
} from './hooks.ts';
export { createServices, selectAuth, waitForAuthSettled, type Services, type ServicesOptions } from './services.ts';
export { createSessionStore, memoryStorage, SESSION_KEYS, type SessionStore } from './sessionStore.ts';
export type { AuthStatus, AuthView, SessionView } from '../../../machines/auth/index.ts';
export type { AlertInput } from '../../../machines/alerts/alerts.types.ts';
export { useRead, type ReadView, type UseReadOptions, type UseReadQuery } from './useRead.ts';
export { useCommand, type CommandView, type FailureAlert, type UseCommandOptions } from './useCommand.ts';
