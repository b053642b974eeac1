/**
 * The notifications panel (seed 000 §4 "Progress and alerts", seed 001 §8.5) as a queue of tasks in
 * three states: `empty` (« Vous n'avez pas de notification »), `running` (some task runs: it can be
 * cancelled) and `finished` (every task ended, done or in error or cancelled: reset clears them).
 * A task runs from 0 to 100 % then ends done or in error; a running one the app can stop (it has a
 * cancel token) can be cancelled (the machine emits `notification.canceled` so the app aborts the
 * upload). Every entry can be closed (removed, seed 000 §4); closing a running one stops it as cancel
 * does, and an entry once closed stays closed: the server's later pushes about it are not heard (its
 * split runs on, the user chose not to follow it). Reset removes the finished ones (running ones
 * stay); clear (session end) cancels the running ones and empties the panel.
 * Upload code sends start/progress/done/fail; the panel sends cancel/remove/reset; the server's
 * own tasks arrive as `push.notification.upserted`; the app sends `notification.clear` on expiry.
 * Each move lands where the list it leaves says (a running task left → running, else finished,
 * else empty): the rules are in `listAfter`, the states in the chart.
 */
import { and, assign, enqueueActions, fromEventObservable, not, setup, type Subscribable } from 'xstate';
import type { Notification } from '../../src/contract/entities.ts';
import type { NotificationState } from '../../src/contract/enums.ts';
import type { NotificationsContext, NotificationsEmitted, NotificationsEvent } from './notifications.types.ts';

type PushFact = Extract<NotificationsEvent, { type: 'push.notification.upserted' }>;
const silent: Subscribable<PushFact> = { subscribe: () => ({ unsubscribe: () => {} }) };

const idOf = (event: NotificationsEvent): string | undefined => ('id' in event ? event.id : undefined);
const find = (context: NotificationsContext, event: NotificationsEvent) =>
  context.notifications.find((n) => n.id === idOf(event));
/** Closed entries remembered for the session (the server's later pushes about them are ignored). */
const DISMISSED_KEPT = 50;
const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

const update = (list: readonly Notification[], id: string | undefined, patch: Partial<Notification>) =>
  list.map((n) => (n.id === id ? { ...n, ...patch } : n));

const ENDED: Partial<Record<NotificationsEvent['type'], NotificationState>> = {
  'notification.done': 'done',
  'notification.fail': 'error',
  'notification.cancel': 'canceled',
};

/** The list after an event (the event assumed allowed: the guards check that first). */
export const listAfter = (context: NotificationsContext, event: NotificationsEvent): readonly Notification[] => {
  const list = context.notifications;
  switch (event.type) {
    case 'notification.start':
      return [
        ...list,
        {
          id: event.id,
          text: event.text,
          percentage: 0,
          type: event.kind ?? 'upload',
          state: 'running',
          cancelToken: event.cancelToken ?? null,
          ...(event.values ? { values: event.values } : {}),
        },
      ];
    case 'notification.progress':
      return update(list, event.id, { percentage: clampPercent(event.percentage) });
    case 'notification.done':
    case 'notification.fail':
    case 'notification.cancel': {
      const state = ENDED[event.type]!;
      return update(list, event.id, state === 'done' ? { state, percentage: 100 } : { state });
    }
    case 'notification.remove':
      return list.filter((n) => n.id !== event.id);
    case 'notification.reset':
      return list.filter((n) => n.state === 'running');
    case 'notification.clear':
      return [];
    case 'push.notification.upserted': {
      const pushed = { ...event.payload, percentage: clampPercent(event.payload.percentage) };
      return list.some((n) => n.id === pushed.id)
        ? list.map((n) => (n.id === pushed.id ? pushed : n))
        : [...list, pushed];
    }
    default:
      return list;
  }
};

export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent; emitted: NotificationsEmitted },
  actors: {
    /** The bus's `push.notification.upserted`, provided by the app. */
    notificationFacts: fromEventObservable<PushFact, void>(() => silent),
  },
  guards: {
    isNewNotification: ({ context, event }) => event.type === 'notification.start' && !find(context, event),
    isRunning: ({ context, event }) => find(context, event)?.state === 'running',
    /** Running, and the app can stop it (the server's tasks carry no cancel token). */
    canCancel: ({ context, event }) => {
      const target = find(context, event);
      return target?.state === 'running' && target.cancelToken !== null;
    },
    /** A push about an entry the user closed. */
    isDismissed: ({ context, event }) =>
      event.type === 'push.notification.upserted' && context.dismissed.includes(event.payload.id),
    hasNotification: ({ context, event }) => find(context, event) !== undefined,
    hasFinished: ({ context }) => context.notifications.some((n) => n.state !== 'running'),
    /** After this event a task still runs. */
    leavesRunning: ({ context, event }) => listAfter(context, event).some((n) => n.state === 'running'),
    /** After this event some task is still listed. */
    leavesAny: ({ context, event }) => listAfter(context, event).length > 0,
  },
  actions: {
    apply: assign({ notifications: ({ context, event }) => listAfter(context, event) }),
    /** A closed entry stays closed; a session's end forgets them (a new session starts afresh). */
    storeDismissed: assign({
      dismissed: ({ context, event }) => {
        if (event.type === 'notification.clear') return [];
        if (event.type !== 'notification.remove' || context.dismissed.includes(event.id)) return context.dismissed;
        return [...context.dismissed, event.id].slice(-DISMISSED_KEPT);
      },
    }),
    /** Cancel, or the close of a running entry: the app stops the task. */
    emitCanceled: enqueueActions(({ context, event, enqueue }) => {
      const target = find(context, event);
      if (target?.state === 'running')
        enqueue.emit({ type: 'notification.canceled', id: target.id, cancelToken: target.cancelToken });
    }),
    cancelRunning: enqueueActions(({ context, enqueue }) => {
      for (const n of context.notifications) {
        if (n.state === 'running')
          enqueue.emit({ type: 'notification.canceled', id: n.id, cancelToken: n.cancelToken });
      }
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], dismissed: [] },
  invoke: { id: 'notificationFacts', src: 'notificationFacts' },
  initial: 'empty',
  states: {
    /** « Vous n'avez pas de notification ». */
    empty: {
      on: {
        'notification.start': { target: 'running', actions: 'apply' },
        'push.notification.upserted': [
          { guard: and([not('isDismissed'), 'leavesRunning']), target: 'running', actions: 'apply' },
          { guard: not('isDismissed'), target: 'finished', actions: 'apply' },
        ],
      },
    },
    /** Some task runs: it may progress, end, or be cancelled. */
    running: {
      on: {
        'notification.start': { guard: 'isNewNotification', actions: 'apply' },
        'notification.progress': { guard: 'isRunning', actions: 'apply' },
        'notification.done': [
          { guard: and(['isRunning', 'leavesRunning']), actions: 'apply' },
          { guard: 'isRunning', target: 'finished', actions: 'apply' },
        ],
        'notification.fail': [
          { guard: and(['isRunning', 'leavesRunning']), actions: 'apply' },
          { guard: 'isRunning', target: 'finished', actions: 'apply' },
        ],
        'notification.cancel': [
          { guard: and(['canCancel', 'leavesRunning']), actions: ['emitCanceled', 'apply'] },
          { guard: 'canCancel', target: 'finished', actions: ['emitCanceled', 'apply'] },
        ],
        // Closing a running entry stops its task, as cancel does (emitCanceled only for a running one).
        'notification.remove': [
          {
            guard: and(['hasNotification', 'leavesRunning']),
            actions: ['emitCanceled', 'storeDismissed', 'apply'],
          },
          {
            guard: and(['hasNotification', 'leavesAny']),
            target: 'finished',
            actions: ['emitCanceled', 'storeDismissed', 'apply'],
          },
          { guard: 'hasNotification', target: 'empty', actions: ['emitCanceled', 'storeDismissed', 'apply'] },
        ],
        // Reset: the finished ones go, the running ones stay.
        'notification.reset': { guard: 'hasFinished', actions: 'apply' },
        'notification.clear': { target: 'empty', actions: ['cancelRunning', 'storeDismissed', 'apply'] },
        'push.notification.upserted': [
          { guard: and([not('isDismissed'), 'leavesRunning']), actions: 'apply' },
          { guard: not('isDismissed'), target: 'finished', actions: 'apply' },
        ],
      },
    },
    /** Every task ended (done, in error or cancelled): reset empties the panel. */
    finished: {
      on: {
        'notification.start': { guard: 'isNewNotification', target: 'running', actions: 'apply' },
        'notification.remove': [
          { guard: and(['hasNotification', 'leavesAny']), actions: ['storeDismissed', 'apply'] },
          { guard: 'hasNotification', target: 'empty', actions: ['storeDismissed', 'apply'] },
        ],
        'notification.reset': { target: 'empty', actions: 'apply' },
        'notification.clear': { target: 'empty', actions: ['storeDismissed', 'apply'] },
        'push.notification.upserted': [
          { guard: and([not('isDismissed'), 'leavesRunning']), target: 'running', actions: 'apply' },
          { guard: not('isDismissed'), actions: 'apply' },
        ],
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
