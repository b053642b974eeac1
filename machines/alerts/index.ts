export { alertsMachine, type AlertsMachine } from './alerts.machine.ts';
export {
  alertId,
  countAlerts,
  ERROR_RETRY_ID,
  lifetimeOf,
  stillDismissed,
  TO_VALIDATE_ID,
  toAlert,
} from './alerts.rules.ts';
export { selectAlerts, selectHasAlerts, selectReminders, type AlertsSnapshot } from './alerts.selectors.ts';
export type {
  AlertCounts,
  AlertInput,
  AlertsContext,
  AlertsEmitted,
  AlertsEvent,
  AlertsEventType,
  AlertsInput,
} from './alerts.types.ts';
export { alertsFixtures, BADGES } from './alerts.fixtures.ts';
