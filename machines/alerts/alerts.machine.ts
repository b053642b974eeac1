/**
 * The alert queue (seed 001 §8.5). One state; the rules live in guards and actions:
 * an alert equal in message and type to a present one is not added; success alerts leave after
 * 5 s and automatic ones after 16 s (a delayed `alert.expired` raised with the alert's id, so a
 * close cancels it); the two count alerts (employees to validate; retry-able failed campaigns,
 * with DocCreateDispatch only) follow `push.badges.updated` / `alerts.counts.updated`.
 * Anyone sends `alert.push`; views send `alert.close`; the app sends `alert.clear` on session expiry.
 */
import { assign, enqueueActions, fromEventObservable, setup, type Subscribable } from 'xstate';
import type { Alert } from '../../src/contract/entities.ts';
import { COUNT_ALERT_IDS, countAlerts, toAlert } from './alerts.rules.ts';
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
      !context.alerts.some((a) => a.message === event.alert.message && a.type === event.alert.type),
    hasAlert: ({ context, event }) =>
      (event.type === 'alert.close' || event.type === 'alert.expired') && context.alerts.some((a) => a.id === event.id),
    hasAlerts: ({ context }) => context.alerts.length > 0,
  },
  actions: {
    storeAlert: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alert.push') return;
      const alert = toAlert(event.alert);
      enqueue.assign({ alerts: [...context.alerts, alert] });
      if (alert.time > 0) enqueue.raise({ type: 'alert.expired', id: alert.id }, { id: alert.id, delay: alert.time });
    }),
    removeAlert: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alert.close' && event.type !== 'alert.expired') return;
      const closed = context.alerts.find((a) => a.id === event.id);
      const count = closed?.values?.count;
      enqueue.cancel(event.id);
      enqueue.assign({
        alerts: context.alerts.filter((a) => a.id !== event.id),
        // A count alert closed or expired stays away until its count changes.
        dismissed:
          typeof count === 'number' && (COUNT_ALERT_IDS as readonly string[]).includes(event.id)
            ? { ...context.dismissed, [event.id]: count }
            : context.dismissed,
      });
    }),
    clearAlerts: enqueueActions(({ context, enqueue }) => {
      for (const alert of context.alerts) enqueue.cancel(alert.id);
      enqueue.assign({ alerts: [], dismissed: {} });
    }),
    storeFeatures: assign({
      features: ({ context, event }) => (event.type === 'alerts.counts.updated' ? event.features : context.features),
    }),
    syncCountAlerts: enqueueActions(({ context, event, enqueue }) => {
      const counts = countsOf(event);
      if (!counts) return;
      const wanted = countAlerts(counts, context.features);
      const dismissed: Record<string, number> = { ...context.dismissed };
      let alerts: Alert[] = [...context.alerts];
      for (const id of COUNT_ALERT_IDS) {
        const next = wanted.get(id);
        const index = alerts.findIndex((a) => a.id === id);
        if (!next) {
          delete dismissed[id];
          alerts = alerts.filter((a) => a.id !== id);
        } else if (dismissed[id] === next.values?.count) {
          continue;
        } else {
          if (index >= 0) alerts[index] = next;
          else alerts = [...alerts, next];
          // Automatic mode: a new or changed count shows for the alert's lifetime, then leaves.
          enqueue.cancel(id);
          if (next.time > 0) enqueue.raise({ type: 'alert.expired', id }, { id, delay: next.time });
        }
      }
      enqueue.assign({ alerts, dismissed });
    }),
  },
}).createMachine({
  id: 'alerts',
  context: ({ input }) => ({ alerts: [], features: input?.features ?? [], dismissed: {} }),
  invoke: { id: 'badgeFacts', src: 'badgeFacts' },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'alert.push': { guard: 'isNewAlert', actions: 'storeAlert' },
        'alert.close': { guard: 'hasAlert', actions: 'removeAlert' },
        'alert.expired': { guard: 'hasAlert', actions: 'removeAlert' },
        'alert.clear': { guard: 'hasAlerts', actions: 'clearAlerts' },
        'alerts.counts.updated': { actions: ['storeFeatures', 'syncCountAlerts'] },
        'push.badges.updated': { actions: 'syncCountAlerts' },
      },
    },
  },
});

export type AlertsMachine = typeof alertsMachine;
