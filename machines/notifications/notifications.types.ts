import type { Notification } from '../../src/contract/entities.ts';

export interface NotificationsContext {
  readonly notifications: readonly Notification[];
  /** Ids of the entries the user closed: later pushes about them are not heard. */
  readonly dismissed: readonly string[];
}

export type NotificationsEvent =
  | {
      readonly type: 'notification.start';
      readonly id: string;
      /** Translation key (or server text) of the task. */
      readonly text: string;
      readonly cancelToken?: string | null;
      readonly kind?: string;
      readonly values?: Readonly<Record<string, string | number>>;
    }
  | { readonly type: 'notification.progress'; readonly id: string; readonly percentage: number }
  | { readonly type: 'notification.done'; readonly id: string }
  | { readonly type: 'notification.fail'; readonly id: string }
  | { readonly type: 'notification.cancel'; readonly id: string }
  | { readonly type: 'notification.remove'; readonly id: string }
  /** The panel's reset button: removes every finished notification, running ones stay. */
  | { readonly type: 'notification.reset' }
  /** Session end: removes everything, cancelling running tasks. */
  | { readonly type: 'notification.clear' }
  | { readonly type: 'push.notification.upserted'; readonly payload: Notification };

export type NotificationsEventType = NotificationsEvent['type'];

/** Told to the app so it can abort the task (the upload's AbortController, keyed by id). */
export type NotificationsEmitted = {
  readonly type: 'notification.canceled';
  readonly id: string;
  readonly cancelToken: string | null;
};
