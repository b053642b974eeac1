import type { SnapshotFrom } from 'xstate';
import type { Notification } from '../../src/contract/entities.ts';
import type { notificationsMachine } from './notifications.machine.ts';

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotifications = (s: NotificationsSnapshot): readonly Notification[] => s.context.notifications;
export const selectIsEmpty = (s: NotificationsSnapshot): boolean => s.context.notifications.length === 0;
export const selectCanReset = (s: NotificationsSnapshot): boolean => s.can({ type: 'notification.reset' });
export const selectRunningCount = (s: NotificationsSnapshot): number =>
  s.context.notifications.filter((n) => n.state === 'running').length;
/** The entry's « Annuler » (a running task the app can stop). */
export const selectCanCancel = (s: NotificationsSnapshot, id: string): boolean =>
  s.can({ type: 'notification.cancel', id });
/** The entry's close (×): every listed entry. */
export const selectCanClose = (s: NotificationsSnapshot, id: string): boolean =>
  s.can({ type: 'notification.remove', id });
