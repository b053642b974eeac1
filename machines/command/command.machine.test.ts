import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { CALL_FIRST, CALL_NEXT, COMMAND_INPUT, NETWORK_FAILURE } from './command.fixtures.ts';
import { commandMachine } from './command.machine.ts';
import {
  selectCanCancel,
  selectCanConfirm,
  selectCanSubmit,
  selectConfirming,
  selectDone,
  selectFailure,
  selectResult,
  selectRunning,
} from './command.selectors.ts';
import type { CommandEvent, CommandFailure, SendInput } from './command.types.ts';

/**
 * A command whose calls are recorded and answered by hand, the answers reaching it only as bus facts
 * (the `facts` actor forwards what `publish` sends), as the app's client does.
 */
const start = () => {
  const calls: SendInput[] = [];
  const listeners = new Set<(e: CommandEvent) => void>();
  const done: unknown[] = [];
  const alerts: CommandFailure[] = [];
  const actor = createActor(
    commandMachine.provide({
      actors: {
        send: fromPromise<void, SendInput>(async ({ input }) => void calls.push(input)),
        facts: fromCallback(({ sendBack }) => {
          const listener = (e: CommandEvent) => sendBack(e);
          listeners.add(listener);
          return () => listeners.delete(listener);
        }) as never,
      },
      actions: {
        notifyDone: (_, { result }) => void done.push(result),
        notifyFailure: (_, failure) => void alerts.push(failure),
      },
    }),
    { input: COMMAND_INPUT },
  ).start();
  const publish = (e: CommandEvent) => listeners.forEach((l) => l(e));
  const view = () => {
    const s = actor.getSnapshot();
    return {
      running: selectRunning(s),
      confirming: selectConfirming(s),
      done: selectDone(s),
      failure: selectFailure(s),
      result: selectResult(s),
      canSubmit: selectCanSubmit(s),
      canConfirm: selectCanConfirm(s),
      canCancel: selectCanCancel(s),
    };
  };
  return { actor, calls, done, alerts, publish, view, listeners };
};

const IDLE = {
  running: false,
  confirming: false,
  done: false,
  failure: null,
  result: null,
  canSubmit: true,
  canConfirm: false,
  canCancel: false,
};

describe('command', () => {
  it('sends once on submit, takes no second submit while running, and is done on its own answer', () => {
    const c = start();
    expect(c.view()).toEqual(IDLE);
    c.actor.send({ type: 'command.submit', call: CALL_FIRST });
    expect(c.calls).toEqual([{ routeId: 'users.passwordLost', request: 'c1#1', call: CALL_FIRST }]);
    expect(c.view()).toMatchObject({ running: true, canSubmit: false });
    c.actor.send({ type: 'command.submit', call: CALL_NEXT }); // a double click
    expect(c.calls).toHaveLength(1);
    c.publish({ type: 'api.command.succeeded', request: 'c2#1', result: 'other' }); // another command's call
    expect(c.view().running).toBe(true);
    c.publish({ type: 'api.command.succeeded', request: 'c1#1', result: { sent: true } });
    expect(c.view()).toMatchObject({ done: true, running: false, result: { sent: true }, canSubmit: true });
    expect(c.done).toEqual([{ sent: true }]);
  });

  it('shows a failure with its alert, and sends again on a new submit', () => {
    const c = start();
    c.actor.send({ type: 'command.submit', call: CALL_FIRST });
    c.publish({ type: 'api.command.failed', request: 'c1#1', failure: NETWORK_FAILURE });
    expect(c.view()).toMatchObject({ failure: NETWORK_FAILURE, running: false, done: false, canSubmit: true });
    expect(c.alerts).toEqual([NETWORK_FAILURE]);
    c.actor.send({ type: 'command.submit', call: CALL_NEXT });
    expect(c.calls.map((x) => [x.request, x.call])).toEqual([
      ['c1#1', CALL_FIRST],
      ['c1#2', CALL_NEXT],
    ]);
    expect(c.view()).toMatchObject({ running: true, failure: null });
    c.publish({ type: 'api.command.failed', request: 'c1#1', failure: NETWORK_FAILURE }); // the earlier call's, late
    expect(c.view().running).toBe(true);
    c.publish({ type: 'api.command.succeeded', request: 'c1#2', result: null });
    expect(c.view()).toMatchObject({ done: true, failure: null });
  });

  it('sends again after a success (a second download)', () => {
    const c = start();
    c.actor.send({ type: 'command.submit', call: CALL_FIRST });
    c.publish({ type: 'api.command.succeeded', request: 'c1#1', result: 'first' });
    c.actor.send({ type: 'command.submit', call: CALL_FIRST });
    expect(c.view()).toMatchObject({ running: true, done: false, result: null });
    c.publish({ type: 'api.command.succeeded', request: 'c1#2', result: 'second' });
    expect(c.done).toEqual(['first', 'second']);
  });

  it('asks for a confirmation when the view wants one: nothing is sent until confirmed, nothing after a cancel', () => {
    const c = start();
    c.actor.send({ type: 'command.submit', call: CALL_FIRST, confirm: true });
    expect(c.view()).toMatchObject({ confirming: true, canConfirm: true, canCancel: true, canSubmit: false });
    expect(c.calls).toEqual([]);
    c.actor.send({ type: 'command.cancel' });
    expect(c.view()).toEqual(IDLE);
    expect(c.calls).toEqual([]);
    c.actor.send({ type: 'command.submit', call: CALL_NEXT, confirm: true });
    c.actor.send({ type: 'command.confirm' });
    expect(c.calls).toEqual([{ routeId: 'users.passwordLost', request: 'c1#1', call: CALL_NEXT }]);
    expect(c.view()).toMatchObject({ running: true, confirming: false, canConfirm: false, canCancel: false });
  });

  it('asks again for a confirmation after a failed one', () => {
    const c = start();
    c.actor.send({ type: 'command.submit', call: CALL_FIRST, confirm: true });
    c.actor.send({ type: 'command.confirm' });
    c.publish({ type: 'api.command.failed', request: 'c1#1', failure: NETWORK_FAILURE });
    c.actor.send({ type: 'command.submit', call: CALL_FIRST, confirm: true });
    expect(c.view()).toMatchObject({ confirming: true, failure: null });
    expect(c.calls).toHaveLength(1);
  });

  it('listens to the bus exactly as long as it lives', () => {
    const c = start();
    expect(c.listeners.size).toBe(1);
    c.actor.stop();
    expect(c.listeners.size).toBe(0);
  });
});
