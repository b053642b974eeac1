/** Pure rules of seed 001 §8.5, kept out of the chart so they read (and test) on their own. */
import { ALERT_TIMINGS } from '../../src/contract/constants.ts';
import type { Alert } from '../../src/contract/entities.ts';
import { ALERT_KEYS, tidyAlertText } from '../../src/contract/keys.ts';
import type { Feature } from '../../src/contract/features.ts';
import type { AlertCounts, AlertInput } from './alerts.types.ts';

/** Alerts equal in message and type are one alert, so the pair is its identity. */
export const alertId = (type: string, message: string): string => `${type}:${message}`;

/** Milliseconds an alert stays; 0 = until closed. Success wins over automatic (5 s < 16 s). */
export const lifetimeOf = (input: Pick<AlertInput, 'type' | 'mode'>): number =>
  input.type === 'success'
    ? ALERT_TIMINGS.successMs
    : (input.mode ?? 'automatic') === 'automatic'
      ? ALERT_TIMINGS.automaticMs
      : 0;

export const toAlert = (input: AlertInput): Alert => {
  const values = input.detail ? { ...input.values, detail: tidyAlertText(input.detail) } : input.values;
  return {
    id: alertId(input.type, input.message),
    message: input.message,
    type: input.type,
    mode: input.mode ?? 'automatic',
    time: lifetimeOf(input),
    ...(values ? { values } : {}),
    ...(input.button ? { button: input.button } : {}),
    ...(input.topic ? { topic: input.topic } : {}),
  };
};

export const TO_VALIDATE_ID = alertId('warning', ALERT_KEYS.employees.toValidateWarning);
export const ERROR_RETRY_ID = alertId('error', ALERT_KEYS.campaigns.retryableFailed);

/**
 * The two count reminders wanted for these counts (seed 001 §8.5), keyed by id; absent = remove.
 * They stand until closed (no lifetime): they live in the reminders row, where they cover nothing.
 */
export const countAlerts = (counts: AlertCounts, features: readonly Feature[]): Map<string, Alert> => {
  const wanted = new Map<string, Alert>();
  if (counts.toValidate > 0) {
    wanted.set(TO_VALIDATE_ID, {
      ...toAlert({ message: ALERT_KEYS.employees.toValidateWarning, type: 'warning', mode: 'manual' }),
      values: { count: counts.toValidate },
      button: { label: 'alert.employees.toValidate.button', to: '/employees/status/to-validate' },
    });
  }
  if (counts.errorRetry > 0 && features.includes('DocCreateDispatch')) {
    wanted.set(ERROR_RETRY_ID, {
      ...toAlert({ message: ALERT_KEYS.campaigns.retryableFailed, type: 'error', mode: 'manual' }),
      values: { count: counts.errorRetry },
      button: { label: 'alert.campaigns.retryable.button', to: '/campaigns/status/error-retry' },
    });
  }
  return wanted;
};

export const COUNT_ALERT_IDS = [TO_VALIDATE_ID, ERROR_RETRY_ID] as const;

/** A closed reminder stays closed while its count is at most the one it showed when closed. */
export const stillDismissed = (dismissed: Readonly<Record<string, number>>, id: string, count: number): boolean =>
  dismissed[id] !== undefined && count <= dismissed[id];
