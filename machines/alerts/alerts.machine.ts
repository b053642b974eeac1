/**
 * The alert queue (seed 001 §8.5). One state; the rules live in guards and actions:
 * an alert equal in message and type to a present one is not added; an alert with a `topic`
 * replaces the present one on that topic (« en cours… » gives way to its outcome); success alerts
 * leave after 5 s and automatic ones after 16 s (a delayed `alert.expired` raised with the alert's
 * id, so a close cancels it). The two count reminders (employees to validate; retry-able failed
 * campaigns, with DocCreateDispatch only) follow `push.badges.updated` / `alerts.counts.updated`
 * into `reminders`, a list of their own drawn in a row above the page: untimed, and once closed
 * (`reminder.close`) away for the session unless their count rises.
 * Anyone sends `alert.push`; views send `alert.close` / `reminder.close`; the app sends
 * `alert.clear` on session expiry.
 */
import { assign, enqueueActions, fromEventObservable, setup, type Subscribable } from 'xstate';
import type { Alert } from '../../src/contract/entities.ts';
import { COUNT_ALERT_IDS, countAlerts, stillDismissed, toAlert } from './alerts.rules.ts';
import type { AlertCounts, AlertsContext, AlertsEvent, AlertsInput } from './alerts.types.ts';

type BadgeFact = Extract<AlertsEvent, { type: 'push.badges.updated' }>;
const silent: Subscribable<BadgeFact> = { subscribe: () => ({ unsubscribe: () => {} }) };

const countsOf = (event: AlertsEvent): AlertCounts | null => {
  if (event.type === 'alerts.counts.updated') return event;
  if (event.type === 'push.badges.updated') {
    return { toValidate: event.payload.employees.toValidate, errorRetry: event.payload.campaigns.errorRetry };
  }
  return null;
};

export const alertsMachine = setup({
  types: {} as { context: AlertsContext; events: AlertsEvent; input: AlertsInput | undefined },
  actors: {
    /** The bus's `push.badges.updated`, provided by the app. */
    badgeFacts: fromEventObservable<BadgeFact, void>(() => silent),
  },
  guards: {
    isNewAlert: ({ context, event }) =>
      event.type === 'alert.push' &&
      !context.alerts.some(
        (a) => a.message === event.alert.message && a.type === event.alert.type && a.topic === event.alert.topic,
      ),
    hasAlert: ({ context, event }) =>
      (event.type === 'alert.close' || event.type === 'alert.expired') && context.alerts.some((a) => a.id === event.id),
    hasReminder: ({ context, event }) =>
      event.type === 'reminder.close' && context.reminders.some((a) => a.id === event.id),
    hasAlerts: ({ context }) =>
      context.alerts.length > 0 || context.reminders.length > 0 || Object.keys(context.dismissed).length > 0,
  },
  actions: {
    storeAlert: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alert.push') return;
      const alert = toAlert(event.alert);
      // The alert on the same topic (or with the same id) gives way: its timer goes with it.
      const replaced = context.alerts.filter((a) => a.id === alert.id || (alert.topic && a.topic === alert.topic));
      for (const old of replaced) enqueue.cancel(old.id);
      enqueue.assign({ alerts: [...context.alerts.filter((a) => !replaced.includes(a)), alert] });
      if (alert.time > 0) enqueue.raise({ type: 'alert.expired', id: alert.id }, { id: alert.id, delay: alert.time });
    }),
    removeAlert: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alert.close' && event.type !== 'alert.expired') return;
      enqueue.cancel(event.id);
      enqueue.assign({ alerts: context.alerts.filter((a) => a.id !== event.id) });
    }),
    dismissReminder: assign(({ context, event }) => {
      if (event.type !== 'reminder.close') return {};
      const count = context.reminders.find((a) => a.id === event.id)?.values?.count;
      return {
        reminders: context.reminders.filter((a) => a.id !== event.id),
        dismissed: typeof count === 'number' ? { ...context.dismissed, [event.id]: count } : context.dismissed,
      };
    }),
    clearAlerts: enqueueActions(({ context, enqueue }) => {
      for (const alert of context.alerts) enqueue.cancel(alert.id);
      enqueue.assign({ alerts: [], reminders: [], dismissed: {} });
    }),
    storeFeatures: assign({
      features: ({ context, event }) => (event.type === 'alerts.counts.updated' ? event.features : context.features),
    }),
    syncReminders: assign(({ context, event }) => {
      const counts = countsOf(event);
      if (!counts) return {};
      const wanted = countAlerts(counts, context.features);
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
    }),
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
  initial: 'ready',
  states: {
    ready: {
      on: {
        'alert.push': { guard: 'isNewAlert', actions: 'storeAlert' },
        'alert.close': { guard: 'hasAlert', actions: 'removeAlert' },
        'alert.expired': { guard: 'hasAlert', actions: 'removeAlert' },
        'reminder.close': { guard: 'hasReminder', actions: 'dismissReminder' },
        'alert.clear': { guard: 'hasAlerts', actions: 'clearAlerts' },
        'alerts.counts.updated': { actions: ['storeFeatures', 'syncReminders'] },
        'push.badges.updated': { actions: 'syncReminders' },
      },
    },
  },
});

export type AlertsMachine = typeof alertsMachine;
