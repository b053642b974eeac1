import type { SnapshotFrom } from 'xstate';
import type { Alert } from '../../src/contract/entities.ts';
import type { alertsMachine } from './alerts.machine.ts';

export type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;

export const selectAlerts = (s: AlertsSnapshot): readonly Alert[] => s.context.alerts;
export const selectHasAlerts = (s: AlertsSnapshot): boolean => s.context.alerts.length > 0;
export const selectReminders = (s: AlertsSnapshot): readonly Alert[] => s.context.reminders;
