/**
 * The notifications panel (seed 000 §4 "Progress and alerts", seed 001 §8.5): long tasks run from
 * 0 to 100 % then end done or in error; a running one can be cancelled (the machine emits
 * `notification.canceled` so the app aborts the upload); reset removes the finished ones.
 * Upload code sends start/progress/done/fail; the panel sends cancel/remove/reset; the server's
 * own tasks arrive as `push.notification.upserted`; the app sends `notification.clear` on expiry.
 */
import { assign, enqueueActions, fromEventObservable, setup, type Subscribable } from 'xstate';
import type { Notification } from '../../src/contract/entities.ts';
import type { NotificationState } from '../../src/contract/enums.ts';
import type { NotificationsContext, NotificationsEmitted, NotificationsEvent } from './notifications.types.ts';

type PushFact = Extract<NotificationsEvent, { type: 'push.notification.upserted' }>;
const silent: Subscribable<PushFact> = { subscribe: () => ({ unsubscribe: () => {} }) };

const idOf = (event: NotificationsEvent): string | undefined => ('id' in event ? event.id : undefined);
const find = (context: NotificationsContext, event: NotificationsEvent) =>
  context.notifications.find((n) => n.id === idOf(event));
const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

const update = (context: NotificationsContext, id: string | undefined, patch: Partial<Notification>) =>
  context.notifications.map((n) => (n.id === id ? { ...n, ...patch } : n));

const finished = (context: NotificationsContext, event: NotificationsEvent, state: NotificationState) =>
  update(context, idOf(event), state === 'done' ? { state, percentage: 100 } : { state });

export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent; emitted: NotificationsEmitted },
  actors: {
    /** The bus's `push.notification.upserted`, provided by the app. */
    notificationFacts: fromEventObservable<PushFact, void>(() => silent),
  },
  guards: {
    isNewNotification: ({ context, event }) => event.type === 'notification.start' && !find(context, event),
    isRunning: ({ context, event }) => find(context, event)?.state === 'running',
    hasNotification: ({ context, event }) => find(context, event) !== undefined,
    hasFinished: ({ context }) => context.notifications.some((n) => n.state !== 'running'),
    hasNotifications: ({ context }) => context.notifications.length > 0,
  },
  actions: {
    storeNotification: assign({
      notifications: ({ context, event }) => {
        if (event.type !== 'notification.start') return context.notifications;
        const created: Notification = {
          id: event.id,
          text: event.text,
          percentage: 0,
          type: event.kind ?? 'upload',
          state: 'running',
          cancelToken: event.cancelToken ?? null,
          ...(event.values ? { values: event.values } : {}),
        };
        return [...context.notifications, created];
      },
    }),
    storeProgress: assign({
      notifications: ({ context, event }) =>
        event.type === 'notification.progress'
          ? update(context, event.id, { percentage: clampPercent(event.percentage) })
          : context.notifications,
    }),
    markDone: assign({ notifications: ({ context, event }) => finished(context, event, 'done') }),
    markFailed: assign({ notifications: ({ context, event }) => finished(context, event, 'error') }),
    markCanceled: assign({ notifications: ({ context, event }) => finished(context, event, 'canceled') }),
    emitCanceled: enqueueActions(({ context, event, enqueue }) => {
      const target = find(context, event);
      if (target) enqueue.emit({ type: 'notification.canceled', id: target.id, cancelToken: target.cancelToken });
    }),
    removeNotification: assign({
      notifications: ({ context, event }) => context.notifications.filter((n) => n.id !== idOf(event)),
    }),
    removeFinished: assign({
      notifications: ({ context }) => context.notifications.filter((n) => n.state === 'running'),
    }),
    cancelAndRemoveAll: enqueueActions(({ context, enqueue }) => {
      for (const n of context.notifications) {
        if (n.state === 'running')
          enqueue.emit({ type: 'notification.canceled', id: n.id, cancelToken: n.cancelToken });
      }
      enqueue.assign({ notifications: [] });
    }),
    upsertPushed: assign({
      notifications: ({ context, event }) => {
        if (event.type !== 'push.notification.upserted') return context.notifications;
        const pushed = { ...event.payload, percentage: clampPercent(event.payload.percentage) };
        return context.notifications.some((n) => n.id === pushed.id)
          ? context.notifications.map((n) => (n.id === pushed.id ? pushed : n))
          : [...context.notifications, pushed];
      },
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [] },
  invoke: { id: 'notificationFacts', src: 'notificationFacts' },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'notification.start': { guard: 'isNewNotification', actions: 'storeNotification' },
        'notification.progress': { guard: 'isRunning', actions: 'storeProgress' },
        'notification.done': { guard: 'isRunning', actions: 'markDone' },
        'notification.fail': { guard: 'isRunning', actions: 'markFailed' },
        'notification.cancel': { guard: 'isRunning', actions: ['emitCanceled', 'markCanceled'] },
        'notification.remove': { guard: 'hasNotification', actions: 'removeNotification' },
        'notification.reset': { guard: 'hasFinished', actions: 'removeFinished' },
        'notification.clear': { guard: 'hasNotifications', actions: 'cancelAndRemoveAll' },
        'push.notification.upserted': { actions: 'upsertPushed' },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
