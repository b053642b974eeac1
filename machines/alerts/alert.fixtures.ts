/** One fixture per event of one alert's life, one `alert.show` per lifetime (success, automatic, manual). */
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { AlertEvent, AlertEventType } from './alert.machine.ts';
import { toAlert } from './alerts.rules.ts';

type EventOf<T extends AlertEventType> = Extract<AlertEvent, { type: T }>;
type Fixtures = { readonly [T in AlertEventType]: readonly EventOf<T>[] };

export const alertFixtures = {
  'alert.show': [
    { type: 'alert.show', alert: toAlert({ message: ALERT_KEYS.employees.createSuccess, type: 'success' }) },
    { type: 'alert.show', alert: toAlert({ message: ALERT_KEYS.campaigns.validationInProgress, type: 'info' }) },
    {
      type: 'alert.show',
      alert: toAlert({ message: ALERT_KEYS.employees.createError, type: 'error', mode: 'manual' }),
    },
  ],
  'alert.close': [{ type: 'alert.close' }],
  'alert.lifetime.ended': [{ type: 'alert.lifetime.ended' }],
} satisfies Fixtures;
