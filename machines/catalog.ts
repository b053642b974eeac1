/** Every machine with its fixtures: what the path scripts and docs walk. */
import type { AnyStateMachine } from 'xstate';
import { alertsFixtures } from './alerts/alerts.fixtures.ts';
import { alertsMachine } from './alerts/alerts.machine.ts';
import { authFixtures } from './auth/auth.fixtures.ts';
import { authMachine } from './auth/auth.machine.ts';
import { notificationsFixtures } from './notifications/notifications.fixtures.ts';
import { notificationsMachine } from './notifications/notifications.machine.ts';
import type { EventObject } from 'xstate';

export interface CatalogEntry {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly fixtures: Readonly<Record<string, readonly EventObject[]>>;
  readonly input?: unknown;
}

export const MACHINES: readonly CatalogEntry[] = [
  { name: 'auth', machine: authMachine, fixtures: authFixtures },
  { name: 'alerts', machine: alertsMachine, fixtures: alertsFixtures },
  { name: 'notifications', machine: notificationsMachine, fixtures: notificationsFixtures },
];
