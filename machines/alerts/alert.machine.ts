/**
 * One alert's life (seed 001 §8.5), as the alert queue (alerts.machine.ts) runs it for each alert it
 * shows: `alert.show` brings the alert, and its kind picks the lifetime — a success alert leaves
 * after 5 s (`shortLived`), an automatic one after 16 s (`longLived`), a manual one stands until
 * closed. The lifetime is a delayed `alert.lifetime.ended` raised with the id `lifetime` on entering
 * the timed state and cancelled on leaving `showing`, so a close (or the queue stopping this actor:
 * replaced, cleared) cancels it. It ends `expired` or `closed`; its output names it for the queue.
 */
import { assign, cancel, raise, setup } from 'xstate';
import { ALERT_TIMINGS } from '../../src/contract/constants.ts';
import type { Alert } from '../../src/contract/entities.ts';

export interface AlertContext {
  readonly alert: Alert | null;
}

export type AlertEvent =
  | { readonly type: 'alert.show'; readonly alert: Alert }
  | { readonly type: 'alert.close' }
  /** Raised by the alert itself when its lifetime ends. */
  | { readonly type: 'alert.lifetime.ended' };

export type AlertEventType = AlertEvent['type'];

const LIFETIME = 'lifetime';

export const alertMachine = setup({
  types: {} as { context: AlertContext; events: AlertEvent; output: { readonly id: string } },
  guards: {
    isSuccess: ({ event }) => event.type === 'alert.show' && event.alert.type === 'success',
    isAutomatic: ({ event }) => event.type === 'alert.show' && event.alert.mode === 'automatic',
  },
  actions: {
    store: assign({ alert: ({ event, context }) => (event.type === 'alert.show' ? event.alert : context.alert) }),
    startShortLife: raise({ type: 'alert.lifetime.ended' }, { id: LIFETIME, delay: ALERT_TIMINGS.successMs }),
    startLongLife: raise({ type: 'alert.lifetime.ended' }, { id: LIFETIME, delay: ALERT_TIMINGS.automaticMs }),
    cancelLifetime: cancel(LIFETIME),
  },
}).createMachine({
  id: 'alert',
  context: { alert: null },
  initial: 'arriving',
  states: {
    arriving: {
      on: {
        'alert.show': [
          { guard: 'isSuccess', target: 'showing.shortLived', actions: 'store' },
          { guard: 'isAutomatic', target: 'showing.longLived', actions: 'store' },
          { target: 'showing.standing', actions: 'store' },
        ],
      },
    },
    showing: {
      exit: 'cancelLifetime',
      on: { 'alert.close': 'closed' },
      initial: 'standing',
      states: {
        /** A success alert: 5 s. */
        shortLived: { entry: 'startShortLife', on: { 'alert.lifetime.ended': '#alert.expired' } },
        /** An automatic alert: 16 s. */
        longLived: { entry: 'startLongLife', on: { 'alert.lifetime.ended': '#alert.expired' } },
        /** A manual alert: until closed. */
        standing: {},
      },
    },
    expired: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ id: context.alert?.id ?? '' }),
});

export type AlertMachine = typeof alertMachine;
