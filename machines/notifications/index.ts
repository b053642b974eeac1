export { notificationsMachine, type NotificationsMachine } from './notifications.machine.ts';
export {
  selectCanCancel,
  selectCanClose,
  selectCanReset,
  selectIsEmpty,
  selectNotifications,
  selectRunningCount,
  type NotificationsSnapshot,
} from './notifications.selectors.ts';
export type {
  NotificationsContext,
  NotificationsEmitted,
  NotificationsEvent,
  NotificationsEventType,
} from './notifications.types.ts';
export { notificationsFixtures } from './notifications.fixtures.ts';
