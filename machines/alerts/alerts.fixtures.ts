import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { BadgeCounts } from '../../src/contract/entities.ts';
import { TO_VALIDATE_ID, alertId } from './alerts.rules.ts';
import type { AlertsEvent, AlertsEventType } from './alerts.types.ts';

export const BADGES: BadgeCounts = {
  employees: { all: 320, active: 290, inactive: 18, toValidate: 12 },
  campaigns: { validation: 2, finalized: 9, errorRetry: 3, errorDelete: 1, splitting: 0, dispatching: 1, refused: 0 },
  signbooks: { inProgress: 4, toSign: 1, done: 7, refused: 0, error: 0 },
};

const SUCCESS = alertId('success', ALERT_KEYS.employees.createSuccess);

type DoneEvent = Extract<AlertsEvent, { actorId: string }>;
type EventOf<T extends AlertsEventType> = Extract<AlertsEvent, { type: T }>;
/** Every event type a fixture list; an alert actor's end under the chart's wildcard `xstate.done.actor.*`. */
type Fixtures = { readonly [T in Exclude<AlertsEventType, DoneEvent['type']>]: readonly EventOf<T>[] } & {
  readonly 'xstate.done.actor.*': readonly DoneEvent[];
};

const ended = (id: string): DoneEvent => ({ type: `xstate.done.actor.${id}`, actorId: id, output: { id } });
const MANUAL_ERROR = alertId('error', ALERT_KEYS.employees.createError);

export const alertsFixtures = {
  'alert.push': [
    { type: 'alert.push', alert: { message: ALERT_KEYS.employees.createSuccess, type: 'success' } },
    {
      type: 'alert.push',
      alert: {
        message: ALERT_KEYS.employees.createError,
        type: 'error',
        mode: 'manual',
        detail: 'utilisateur externe déjà existant',
      },
    },
    {
      type: 'alert.push',
      alert: { message: ALERT_KEYS.campaigns.validationInProgress, type: 'info', topic: 'campaign:c1' },
    },
    {
      type: 'alert.push',
      alert: { message: ALERT_KEYS.campaigns.outcome.dispatched, type: 'success', topic: 'campaign:c1' },
    },
  ],
  'alert.close': [{ type: 'alert.close', id: SUCCESS }],
  'reminder.close': [{ type: 'reminder.close', id: TO_VALIDATE_ID }],
  'xstate.done.actor.*': [ended(SUCCESS), ended(MANUAL_ERROR)],
  'alert.clear': [{ type: 'alert.clear' }],
  'alerts.counts.updated': [
    { type: 'alerts.counts.updated', toValidate: 12, errorRetry: 3, features: ['DocCreateDispatch', 'EmpList'] },
    { type: 'alerts.counts.updated', toValidate: 0, errorRetry: 0, features: ['EmpList'] },
  ],
  'push.badges.updated': [
    { type: 'push.badges.updated', payload: BADGES },
    {
      type: 'push.badges.updated',
      payload: {
        ...BADGES,
        employees: { ...BADGES.employees, toValidate: 0 },
        campaigns: { ...BADGES.campaigns, errorRetry: 0 },
      },
    },
  ],
} as const satisfies Fixtures;
