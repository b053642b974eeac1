import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ALERT_TIMINGS } from '../../src/contract/constants.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { BADGES } from './alerts.fixtures.ts';
import { alertsMachine } from './alerts.machine.ts';
import { ERROR_RETRY_ID, TO_VALIDATE_ID } from './alerts.rules.ts';
import { selectAlerts } from './alerts.selectors.ts';

const start = (features: ('DocCreateDispatch' | 'EmpList')[] = []) => {
  const clock = new SimulatedClock();
  const actor = createActor(alertsMachine, { clock, input: { features } }).start();
  const messages = () => selectAlerts(actor.getSnapshot()).map((a) => a.message);
  return { actor, clock, messages };
};

describe('alerts machine', () => {
  it('does not add an alert equal in message and type to a present one', () => {
    const { actor, messages } = start();
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'error', mode: 'manual' } });
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'error', mode: 'manual' } });
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'warning', mode: 'manual' } });
    expect(messages()).toEqual(['masks.get.error', 'masks.get.error']);
  });

  it('removes success alerts after 5 s, automatic ones after 16 s, and keeps manual ones', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'alert.push', alert: { message: 'ok', type: 'success', mode: 'manual' } });
    actor.send({ type: 'alert.push', alert: { message: 'auto', type: 'info' } });
    actor.send({ type: 'alert.push', alert: { message: 'stay', type: 'error', mode: 'manual' } });
    clock.increment(ALERT_TIMINGS.successMs - 1);
    expect(messages()).toEqual(['ok', 'auto', 'stay']);
    clock.increment(1);
    expect(messages()).toEqual(['auto', 'stay']);
    clock.increment(ALERT_TIMINGS.automaticMs - ALERT_TIMINGS.successMs);
    expect(messages()).toEqual(['stay']);
    clock.increment(60_000);
    expect(messages()).toEqual(['stay']);
  });

  it('closing an alert cancels its timer, so a re-pushed one gets its full lifetime', () => {
    const { actor, clock, messages } = start();
    const push = () => actor.send({ type: 'alert.push', alert: { message: 'ok', type: 'success' } });
    push();
    clock.increment(4_000);
    actor.send({ type: 'alert.close', id: 'success:ok' });
    push();
    clock.increment(4_000);
    expect(messages()).toEqual(['ok']);
    clock.increment(1_000);
    expect(messages()).toEqual([]);
  });

  it('tidies server texts given as detail', () => {
    const { actor } = start();
    actor.send({
      type: 'alert.push',
      alert: {
        message: ALERT_KEYS.employees.createError,
        type: 'error',
        detail: "L'utilisateur externe interne existe déjà",
      },
    });
    expect(selectAlerts(actor.getSnapshot())[0]?.values?.detail).toBe("L'salarié existe déjà");
  });

  it('shows the employees-to-validate warning with its count and button, and the retry alert only with DocCreateDispatch', () => {
    const without = start(['EmpList']);
    without.actor.send({ type: 'push.badges.updated', payload: BADGES });
    expect(selectAlerts(without.actor.getSnapshot()).map((a) => a.id)).toEqual([TO_VALIDATE_ID]);
    const warning = selectAlerts(without.actor.getSnapshot())[0];
    expect(warning).toMatchObject({
      type: 'warning',
      values: { count: 12 },
      button: { to: '/employees/status/to-validate' },
    });

    const withFeature = start(['DocCreateDispatch']);
    withFeature.actor.send({ type: 'push.badges.updated', payload: BADGES });
    const retry = selectAlerts(withFeature.actor.getSnapshot()).find((a) => a.id === ERROR_RETRY_ID);
    expect(retry).toMatchObject({
      type: 'error',
      values: { count: 3 },
      button: { to: '/campaigns/status/error-retry' },
    });
  });

  it('updates count alerts in place, drops them at zero, and does not bring back a closed one with the same count', () => {
    const { actor } = start();
    const counts = (toValidate: number) =>
      actor.send({ type: 'alerts.counts.updated', toValidate, errorRetry: 0, features: ['EmpList'] });
    counts(12);
    counts(13);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(1);
    expect(selectAlerts(actor.getSnapshot())[0]?.values?.count).toBe(13);
    actor.send({ type: 'alert.close', id: TO_VALIDATE_ID });
    counts(13);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(0);
    counts(14);
    expect(selectAlerts(actor.getSnapshot())[0]?.values?.count).toBe(14);
    counts(0);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(0);
  });

  it('lets a count alert leave after the automatic 16 s, and shows it again only when the count changes', () => {
    const { actor, clock } = start();
    const counts = (toValidate: number) =>
      actor.send({ type: 'alerts.counts.updated', toValidate, errorRetry: 0, features: ['EmpList'] });
    counts(12);
    clock.increment(ALERT_TIMINGS.automaticMs - 1);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(1);
    clock.increment(1);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(0);
    counts(12); // the next badge push with the same count
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(0);
    counts(15);
    expect(selectAlerts(actor.getSnapshot())[0]?.values?.count).toBe(15);
    // A changed count restarts the lifetime rather than keeping the first timer.
    clock.increment(ALERT_TIMINGS.automaticMs - 1);
    counts(16);
    clock.increment(ALERT_TIMINGS.automaticMs - 1);
    expect(selectAlerts(actor.getSnapshot())[0]?.values?.count).toBe(16);
    clock.increment(1);
    expect(selectAlerts(actor.getSnapshot())).toHaveLength(0);
  });

  it('clears everything at once', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'alert.push', alert: { message: 'a', type: 'success' } });
    actor.send({ type: 'alert.push', alert: { message: 'b', type: 'error', mode: 'manual' } });
    actor.send({ type: 'alert.clear' });
    expect(messages()).toEqual([]);
    clock.increment(20_000);
    expect(messages()).toEqual([]);
  });
});
