import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ALERT_TIMINGS } from '../../src/contract/constants.ts';
import { alertMachine } from './alert.machine.ts';
import { toAlert } from './alerts.rules.ts';
import type { AlertInput } from './alerts.types.ts';

const show = (input: AlertInput) => {
  const clock = new SimulatedClock();
  const actor = createActor(alertMachine, { clock }).start();
  actor.send({ type: 'alert.show', alert: toAlert(input) });
  return { actor, clock };
};

describe('one alert', () => {
  it('lives 5 s when it is a success, whatever its mode', () => {
    const { actor, clock } = show({ message: 'ok', type: 'success', mode: 'manual' });
    expect(actor.getSnapshot().value).toEqual({ showing: 'shortLived' });
    clock.increment(ALERT_TIMINGS.successMs - 1);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().output).toEqual({ id: 'success:ok' });
  });

  it('lives 16 s when automatic, and stands until closed when manual', () => {
    const auto = show({ message: 'info', type: 'info' });
    expect(auto.actor.getSnapshot().value).toEqual({ showing: 'longLived' });
    auto.clock.increment(ALERT_TIMINGS.automaticMs - 1);
    expect(auto.actor.getSnapshot().status).toBe('active');
    auto.clock.increment(1);
    expect(auto.actor.getSnapshot().value).toBe('expired');

    const manual = show({ message: 'stay', type: 'error', mode: 'manual' });
    expect(manual.actor.getSnapshot().value).toEqual({ showing: 'standing' });
    manual.clock.increment(10 * ALERT_TIMINGS.automaticMs);
    expect(manual.actor.getSnapshot().status).toBe('active');
    manual.actor.send({ type: 'alert.close' });
    expect(manual.actor.getSnapshot().value).toBe('closed');
  });

  it('a close cancels the lifetime: nothing fires afterwards', () => {
    const { actor, clock } = show({ message: 'ok', type: 'success' });
    clock.increment(1_000);
    actor.send({ type: 'alert.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    clock.increment(ALERT_TIMINGS.automaticMs);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
