/**
 * The alert queue (seed 001 §8.5), two regions:
 * - `toasts`: empty ↔ showing. Each alert shown is a child actor of machines/alerts/alert.machine.ts
 *   (spawned with the alert's id, told `alert.show`), which holds its lifetime as states — 5 s for a
 *   success alert, 16 s for an automatic one, a manual one until closed — and ends expired or
 *   closed; its end (`xstate.done.actor.<id>`) takes the alert off the queue. An alert equal in
 *   message and type (and topic) to a present one is not added (the guarded `isDuplicate` move,
 *   which only emits `alert.deduplicated`);
 *   an alert with a `topic` replaces the present one on that topic (« en cours… » gives way to its
 *   outcome), whose actor is stopped (its timer cancelled with it); `alert.close` is passed to the
 *   alert's actor; `alert.clear` (session expiry) stops them all and empties the queue (reset).
 * - `reminders`: none ↔ shown. The two count reminders (employees to validate; retry-able failed
 *   campaigns, with DocCreateDispatch only) follow `push.badges.updated` / `alerts.counts.updated`:
 *   untimed, drawn in a row above the page, and once closed (`reminder.close`) away for the session
 *   unless their count rises (`dismissed`, restored from the input after a reload).
 * Anyone sends `alert.push`; views send `alert.close` / `reminder.close`; the app sends
 * `alert.clear` on session expiry.
 */
import { assign, emit, enqueueActions, fromEventObservable, setup, type Subscribable } from 'xstate';
import type { Alert } from '../../src/contract/entities.ts';
import { alertMachine } from './alert.machine.ts';
import { COUNT_ALERT_IDS, countAlerts, stillDismissed, toAlert } from './alerts.rules.ts';
import type { AlertCounts, AlertsContext, AlertsEmitted, AlertsEvent, AlertsInput } from './alerts.types.ts';

type BadgeFact = Extract<AlertsEvent, { type: 'push.badges.updated' }>;
const silent: Subscribable<BadgeFact> = { subscribe: () => ({ unsubscribe: () => {} }) };

const countsOf = (event: AlertsEvent): AlertCounts | null => {
  if (event.type === 'alerts.counts.updated') return event;
  if (event.type === 'push.badges.updated') {
    return { toValidate: event.payload.employees.toValidate, errorRetry: event.payload.campaigns.errorRetry };
  }
  return null;
};

/** The reminders and closed ones after a count update (null for other events). */
const remindersAfter = (
  context: AlertsContext,
  event: AlertsEvent,
): Pick<AlertsContext, 'reminders' | 'dismissed'> | null => {
  const counts = countsOf(event);
  if (!counts) return null;
  const features = event.type === 'alerts.counts.updated' ? event.features : context.features;
  const wanted = countAlerts(counts, features);
  const dismissed: Record<string, number> = { ...context.dismissed };
  let reminders: Alert[] = [...context.reminders];
  for (const id of COUNT_ALERT_IDS) {
    const next = wanted.get(id);
    const count = next?.values?.count;
    if (!next) {
      // At zero the reminder goes, and a later count shows again even if it had been closed.
      delete dismissed[id];
      reminders = reminders.filter((a) => a.id !== id);
    } else if (typeof count === 'number' && stillDismissed(dismissed, id, count)) {
      reminders = reminders.filter((a) => a.id !== id);
    } else {
      delete dismissed[id];
      const index = reminders.findIndex((a) => a.id === id);
      if (index >= 0) reminders[index] = next;
      else reminders = [...reminders, next];
    }
  }
  return { reminders, dismissed };
};

/** The shown alert an alert actor's end is about (its id is the alert's). */
const endedAlert = (context: AlertsContext, event: AlertsEvent): Alert | undefined =>
  event.type.startsWith('xstate.done.actor.')
    ? context.alerts.find((a) => a.id === (event as { actorId?: string }).actorId)
    : undefined;

export const alertsMachine = setup({
  types: {} as {
    context: AlertsContext;
    events: AlertsEvent;
    input: AlertsInput | undefined;
    emitted: AlertsEmitted;
  },
  actors: {
    /** The bus's `push.badges.updated`, provided by the app. */
    badgeFacts: fromEventObservable<BadgeFact, void>(() => silent),
    /** One shown alert's life. */
    alert: alertMachine,
  },
  guards: {
    isDuplicate: ({ context, event }) =>
      event.type === 'alert.push' &&
      context.alerts.some(
        (a) => a.message === event.alert.message && a.type === event.alert.type && a.topic === event.alert.topic,
      ),
    isShown: ({ context, event }) => event.type === 'alert.close' && context.alerts.some((a) => a.id === event.id),
    isShownAlertEnd: ({ context, event }) => endedAlert(context, event) !== undefined,
    isLastAlertEnd: ({ context, event }) => endedAlert(context, event) !== undefined && context.alerts.length === 1,
    remindsOfCounts: ({ context, event }) => (remindersAfter(context, event)?.reminders.length ?? 0) > 0,
    hasReminder: ({ context, event }) =>
      event.type === 'reminder.close' && context.reminders.some((a) => a.id === event.id),
    closesLastReminder: ({ context, event }) =>
      event.type === 'reminder.close' && context.reminders.length === 1 && context.reminders[0]?.id === event.id,
    hasDismissed: ({ context }) => Object.keys(context.dismissed).length > 0,
  },
  actions: {
    showAlert: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alert.push') return;
      const alert = toAlert(event.alert);
      // The alert on the same topic (or with the same id) gives way: its actor, and its timer, go with it.
      const replaced = context.alerts.filter((a) => a.id === alert.id || (alert.topic && a.topic === alert.topic));
      for (const old of replaced) enqueue.stopChild(old.id);
      enqueue.assign({ alerts: [...context.alerts.filter((a) => !replaced.includes(a)), alert] });
      enqueue.spawnChild('alert', { id: alert.id });
      enqueue.sendTo(alert.id, { type: 'alert.show', alert });
    }),
    emitDeduplicated: emit(({ event }) => ({
      type: 'alert.deduplicated' as const,
      id: event.type === 'alert.push' ? toAlert(event.alert).id : '',
    })),
    closeAlert: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'alert.close') enqueue.sendTo(event.id, { type: 'alert.close' });
    }),
    removeAlert: enqueueActions(({ context, event, enqueue }) => {
      const ended = endedAlert(context, event);
      if (!ended) return;
      enqueue.stopChild(ended.id);
      enqueue.assign({ alerts: context.alerts.filter((a) => a !== ended) });
    }),
    resetAlerts: enqueueActions(({ context, enqueue }) => {
      for (const alert of context.alerts) enqueue.stopChild(alert.id);
      enqueue.assign({ alerts: [] });
    }),
    dismissReminder: assign(({ context, event }) => {
      if (event.type !== 'reminder.close') return {};
      const count = context.reminders.find((a) => a.id === event.id)?.values?.count;
      return {
        reminders: context.reminders.filter((a) => a.id !== event.id),
        dismissed: typeof count === 'number' ? { ...context.dismissed, [event.id]: count } : context.dismissed,
      };
    }),
    resetReminders: assign({ reminders: [], dismissed: {} }),
    storeFeatures: assign({
      features: ({ context, event }) => (event.type === 'alerts.counts.updated' ? event.features : context.features),
    }),
    syncReminders: assign(({ context, event }) => remindersAfter(context, event) ?? {}),
  },
}).createMachine({
  id: 'alerts',
  context: ({ input }) => ({
    alerts: [],
    reminders: [],
    features: input?.features ?? [],
    dismissed: { ...input?.dismissed },
  }),
  invoke: { id: 'badgeFacts', src: 'badgeFacts' },
  type: 'parallel',
  states: {
    toasts: {
      initial: 'empty',
      states: {
        empty: {
          on: { 'alert.push': { target: 'showing', actions: 'showAlert' } },
        },
        showing: {
          on: {
            'alert.push': [
              // Deduplicated: equal in message and type (and topic) to a present one, not added again.
              { guard: 'isDuplicate', actions: 'emitDeduplicated' },
              { actions: 'showAlert' },
            ],
            'alert.close': { guard: 'isShown', actions: 'closeAlert' },
            // An alert's actor ended (expired or closed): off the queue.
            'xstate.done.actor.*': [
              { guard: 'isLastAlertEnd', target: 'empty', actions: 'removeAlert' },
              { guard: 'isShownAlertEnd', actions: 'removeAlert' },
            ],
            'alert.clear': { target: 'empty', actions: 'resetAlerts' },
          },
        },
      },
    },
    reminders: {
      initial: 'none',
      states: {
        none: {
          on: {
            'alerts.counts.updated': [
              { guard: 'remindsOfCounts', target: 'shown', actions: ['storeFeatures', 'syncReminders'] },
              { actions: ['storeFeatures', 'syncReminders'] },
            ],
            'push.badges.updated': [
              { guard: 'remindsOfCounts', target: 'shown', actions: 'syncReminders' },
              { actions: 'syncReminders' },
            ],
            // Session end: what was closed is forgotten too.
            'alert.clear': { guard: 'hasDismissed', actions: 'resetReminders' },
          },
        },
        shown: {
          on: {
            'alerts.counts.updated': [
              { guard: 'remindsOfCounts', actions: ['storeFeatures', 'syncReminders'] },
              { target: 'none', actions: ['storeFeatures', 'syncReminders'] },
            ],
            'push.badges.updated': [
              { guard: 'remindsOfCounts', actions: 'syncReminders' },
              { target: 'none', actions: 'syncReminders' },
            ],
            'reminder.close': [
              { guard: 'closesLastReminder', target: 'none', actions: 'dismissReminder' },
              { guard: 'hasReminder', actions: 'dismissReminder' },
            ],
            'alert.clear': { target: 'none', actions: 'resetReminders' },
          },
        },
      },
    },
  },
});

export type AlertsMachine = typeof alertsMachine;
