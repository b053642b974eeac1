import type { Alert, BadgeCounts } from '../../src/contract/entities.ts';
import type { AlertMode, AlertType } from '../../src/contract/enums.ts';
import type { Feature } from '../../src/contract/features.ts';

/** What a caller asks to show. `message` is a translation key; `detail` a server text (tidied). */
export interface AlertInput {
  readonly message: string;
  readonly type: AlertType;
  readonly mode?: AlertMode;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly button?: Alert['button'];
  readonly detail?: string;
}

export interface AlertsContext {
  readonly alerts: readonly Alert[];
  /** The session's features: the retry-able campaigns alert needs DocCreateDispatch. */
  readonly features: readonly Feature[];
  /** Count alerts the user closed, with the count they showed, so the same count does not return. */
  readonly dismissed: Readonly<Record<string, number>>;
}

export interface AlertCounts {
  readonly toValidate: number;
  readonly errorRetry: number;
}

export type AlertsEvent =
  | { readonly type: 'alert.push'; readonly alert: AlertInput }
  | { readonly type: 'alert.close'; readonly id: string }
  /** Raised by the machine itself when an alert's lifetime ends. */
  | { readonly type: 'alert.expired'; readonly id: string }
  | { readonly type: 'alert.clear' }
  | ({ readonly type: 'alerts.counts.updated'; readonly features: readonly Feature[] } & AlertCounts)
  | { readonly type: 'push.badges.updated'; readonly payload: BadgeCounts };

export type AlertsEventType = AlertsEvent['type'];

export interface AlertsInput {
  readonly features?: readonly Feature[];
}
