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
  /**
   * What the alert is about (`campaign:<id>`): a newer alert on the same topic replaces it, so an
   * « in progress » message gives way to its outcome instead of standing beside it.
   */
  readonly topic?: string;
}

export interface AlertsContext {
  /** Passing messages (toasts), newest last. */
  readonly alerts: readonly Alert[];
  /**
   * Standing reminders drawn from counts (employees to validate, retry-able campaigns): shown in a
   * banner row above the page, never over it, and never timed out.
   */
  readonly reminders: readonly Alert[];
  /** The session's features: the retry-able campaigns alert needs DocCreateDispatch. */
  readonly features: readonly Feature[];
  /**
   * Reminders the user closed, with the count they showed: closed for the session (the app keeps
   * this in sessionStorage), back only when the count rises above the closed one.
   */
  readonly dismissed: Readonly<Record<string, number>>;
}

export interface AlertCounts {
  readonly toValidate: number;
  readonly errorRetry: number;
}

export type AlertsEvent =
  | { readonly type: 'alert.push'; readonly alert: AlertInput }
  | { readonly type: 'alert.close'; readonly id: string }
  | { readonly type: 'reminder.close'; readonly id: string }
  /** An alert's actor ended (its lifetime over, or closed): `actorId` is the alert's id. */
  | {
      readonly type: `xstate.done.actor.${string}`;
      readonly actorId: string;
      readonly output: { readonly id: string };
    }
  | { readonly type: 'alert.clear' }
  | ({ readonly type: 'alerts.counts.updated'; readonly features: readonly Feature[] } & AlertCounts)
  | { readonly type: 'push.badges.updated'; readonly payload: BadgeCounts };

export type AlertsEventType = AlertsEvent['type'];

/** Told to whoever listens: an alert was not added, being equal to a present one. */
export type AlertsEmitted = { readonly type: 'alert.deduplicated'; readonly id: string };

export interface AlertsInput {
  readonly features?: readonly Feature[];
  /** Reminders closed earlier in this browser session (restored after a reload). */
  readonly dismissed?: Readonly<Record<string, number>>;
}
