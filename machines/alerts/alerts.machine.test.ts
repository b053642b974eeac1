import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ALERT_TIMINGS } from '../../src/contract/constants.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { BADGES } from './alerts.fixtures.ts';
import { alertsMachine } from './alerts.machine.ts';
import { ERROR_RETRY_ID, TO_VALIDATE_ID } from './alerts.rules.ts';
import { selectAlerts, selectReminders } from './alerts.selectors.ts';

const start = (features: ('DocCreateDispatch' | 'EmpList')[] = []) => {
  const clock = new SimulatedClock();
  const actor = createActor(alertsMachine, { clock, input: { features } }).start();
  const messages = () => selectAlerts(actor.getSnapshot()).map((a) => a.message);
  return { actor, clock, messages };
};

describe('alerts machine', () => {
  it('does not add an alert equal in message and type to a present one', () => {
    const { actor, messages } = start();
    const deduplicated: string[] = [];
    actor.on('alert.deduplicated', (e) => deduplicated.push(e.id));
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'error', mode: 'manual' } });
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'error', mode: 'manual' } });
    expect(deduplicated).toEqual(['error:masks.get.error']);
    actor.send({ type: 'alert.push', alert: { message: 'masks.get.error', type: 'warning', mode: 'manual' } });
    expect(messages()).toEqual(['masks.get.error', 'masks.get.error']);
    // One actor per alert shown, named by the alert.
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(
      ['badgeFacts', 'error:masks.get.error', 'warning:masks.get.error'].sort(),
    );
  });

  it('is a queue with states: empty until an alert shows, empty again when the last one leaves', () => {
    const { actor, clock } = start();
    const toasts = () => (actor.getSnapshot().value as { toasts: string }).toasts;
    expect(toasts()).toBe('empty');
    actor.send({ type: 'alert.push', alert: { message: 'ok', type: 'success' } });
    expect(toasts()).toBe('showing');
    actor.send({ type: 'alert.push', alert: { message: 'auto', type: 'info' } });
    clock.increment(ALERT_TIMINGS.successMs);
    expect(toasts()).toBe('showing');
    clock.increment(ALERT_TIMINGS.automaticMs);
    expect(toasts()).toBe('empty');
    // The ended alerts' actors are gone with them.
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['badgeFacts']);
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

  it('shows the employees-to-validate reminder with its count and button, and the retry one only with DocCreateDispatch', () => {
    const without = start(['EmpList']);
    without.actor.send({ type: 'push.badges.updated', payload: BADGES });
    expect(selectReminders(without.actor.getSnapshot()).map((a) => a.id)).toEqual([TO_VALIDATE_ID]);
    // Reminders are not toasts: nothing floats over the page.
    expect(selectAlerts(without.actor.getSnapshot())).toEqual([]);
    expect(selectReminders(without.actor.getSnapshot())[0]).toMatchObject({
      type: 'warning',
      time: 0,
      values: { count: 12 },
      button: { to: '/employees/status/to-validate' },
    });

    const withFeature = start(['DocCreateDispatch']);
    withFeature.actor.send({ type: 'push.badges.updated', payload: BADGES });
    const retry = selectReminders(withFeature.actor.getSnapshot()).find((a) => a.id === ERROR_RETRY_ID);
    expect(retry).toMatchObject({
      type: 'error',
      values: { count: 3 },
      button: { to: '/campaigns/status/error-retry' },
    });
  });

  it('keeps a reminder without a timer, updates it in place and drops it at zero', () => {
    const { actor, clock } = start();
    const counts = (toValidate: number) =>
      actor.send({ type: 'alerts.counts.updated', toValidate, errorRetry: 0, features: ['EmpList'] });
    counts(12);
    clock.increment(10 * ALERT_TIMINGS.automaticMs);
    counts(13);
    expect(selectReminders(actor.getSnapshot())).toHaveLength(1);
    expect(selectReminders(actor.getSnapshot())[0]?.values?.count).toBe(13);
    counts(0);
    expect(selectReminders(actor.getSnapshot())).toHaveLength(0);
  });

  it('keeps a closed reminder closed while its count does not rise, and after a reload of the page', () => {
    const { actor } = start();
    const counts = (toValidate: number) =>
      actor.send({ type: 'alerts.counts.updated', toValidate, errorRetry: 0, features: ['EmpList'] });
    counts(13);
    actor.send({ type: 'reminder.close', id: TO_VALIDATE_ID });
    expect(actor.getSnapshot().context.dismissed).toEqual({ [TO_VALIDATE_ID]: 13 });
    counts(13);
    counts(12);
    expect(selectReminders(actor.getSnapshot())).toHaveLength(0);

    // The page reloads: the app hands back what was closed in this browser session.
    const reloaded = createActor(alertsMachine, {
      input: { features: ['EmpList'], dismissed: actor.getSnapshot().context.dismissed },
    }).start();
    reloaded.send({ type: 'alerts.counts.updated', toValidate: 13, errorRetry: 0, features: ['EmpList'] });
    expect(selectReminders(reloaded.getSnapshot())).toHaveLength(0);
    // More employees arrive: the reminder is news again.
    reloaded.send({ type: 'alerts.counts.updated', toValidate: 14, errorRetry: 0, features: ['EmpList'] });
    expect(selectReminders(reloaded.getSnapshot())[0]?.values?.count).toBe(14);
  });

  it('replaces an in-progress message by its outcome on the same topic', () => {
    const { actor, clock, messages } = start();
    actor.send({
      type: 'alert.push',
      alert: { message: ALERT_KEYS.campaigns.validationInProgress, type: 'info', topic: 'campaign:c1' },
    });
    actor.send({ type: 'alert.push', alert: { message: 'autre', type: 'info', topic: 'campaign:c2' } });
    actor.send({
      type: 'alert.push',
      alert: { message: ALERT_KEYS.campaigns.outcome.dispatched, type: 'success', topic: 'campaign:c1' },
    });
    expect(messages()).toEqual(['autre', ALERT_KEYS.campaigns.outcome.dispatched]);
    // The replaced alert's timer went with it: the outcome keeps its own lifetime.
    clock.increment(ALERT_TIMINGS.successMs);
    expect(messages()).toEqual(['autre']);
  });

  it('clears everything at once', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'alert.push', alert: { message: 'a', type: 'success' } });
    actor.send({ type: 'alert.push', alert: { message: 'b', type: 'error', mode: 'manual' } });
    actor.send({ type: 'alerts.counts.updated', toValidate: 3, errorRetry: 0, features: ['EmpList'] });
    actor.send({ type: 'alert.clear' });
    expect(messages()).toEqual([]);
    expect(selectReminders(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ toasts: 'empty', reminders: 'none' });
    clock.increment(20_000);
    expect(messages()).toEqual([]);
  });
});
