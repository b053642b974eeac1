import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { signbookInput } from './signbook.fixtures.ts';
import { signbookMachine } from './signbook.machine.ts';
import { persist, restoreSnapshot, signRefusal, snapshotFor, statusOf } from './signbook.status.ts';
import type { SignbookEvent } from './signbook.types.ts';

const start = () => {
  const [draft] = initialTransition(signbookMachine, signbookInput);
  return transition(signbookMachine, draft, { type: 'signbook.start' });
};
const apply = (events: SignbookEvent[]) => {
  let [snapshot] = start();
  for (const event of events) {
    expect(snapshot.can(event)).toBe(true);
    [snapshot] = transition(signbookMachine, snapshot, event);
  }
  return snapshot;
};
const sign = (signatoryId: string): SignbookEvent => ({ type: 'signatory.sign', signatoryId });

describe('signbook machine', () => {
  it('starts at step 1 and announces it', () => {
    const [snapshot, actions] = start();
    expect([statusOf(snapshot), snapshot.context.currentStep]).toEqual(['IN_PROGRESS', 0]);
    expect(JSON.stringify(actions)).toContain('"type":"signbook.stepStarted","step":0');
  });

  it('refuses a signatory of step 2 before step 1 is complete, and says why', () => {
    const [snapshot] = start();
    expect(snapshot.can(sign('emp'))).toBe(false);
    expect(signRefusal(snapshot, 'emp')).toBe('not-your-turn');
    expect(signRefusal(snapshot, 'stranger')).toBe('not-signatory');
    expect(signRefusal(snapshot, 'hr')).toBeNull();
  });

  it('waits for every signatory of a step, then seals after the last step', () => {
    const afterHr = apply([sign('hr')]);
    expect(afterHr.context.currentStep).toBe(1);
    expect(signRefusal(afterHr, 'hr')).toBe('already-signed');
    const afterEmp = apply([sign('hr'), sign('emp')]);
    expect([statusOf(afterEmp), afterEmp.context.currentStep]).toEqual(['IN_PROGRESS', 1]);
    expect(afterEmp.can(sign('emp'))).toBe(false);
    const sealing = apply([sign('hr'), sign('emp'), sign('mgr')]);
    expect(statusOf(sealing)).toBe('SEALING');
    expect(sealing.can(sign('mgr'))).toBe(false);
  });

  it('a sealing failure is an error state with retry, never stuck', () => {
    const failed = apply([sign('hr'), sign('emp'), sign('mgr'), { type: 'job.seal.failed' }]);
    expect(statusOf(failed)).toBe('IN_ERROR');
    const retried = transition(signbookMachine, failed, { type: 'signbook.retrySeal' })[0];
    expect(statusOf(transition(signbookMachine, retried, { type: 'job.seal.completed' })[0])).toBe('COMPLETE');
  });

  it('a refusal ends it and names the refuser', () => {
    const refused = apply([sign('hr'), { type: 'signatory.refuse', signatoryId: 'emp', reason: 'Non' }]);
    expect([statusOf(refused), refused.context.refusedBy]).toEqual(['REFUSED', 'emp']);
    expect(refused.can(sign('mgr'))).toBe(false);
  });

  it('a draft without signatories cannot start', () => {
    const [empty] = initialTransition(signbookMachine, { steps: [[]] });
    expect(empty.can({ type: 'signbook.start' })).toBe(false);
  });

  it('persists and restores, and restores seeded rows from status and signatories', () => {
    const mid = apply([sign('hr'), sign('emp')]);
    expect(restoreSnapshot(JSON.parse(JSON.stringify(persist(mid)))).context).toEqual(mid.context);
    const seeded = snapshotFor('IN_PROGRESS', { steps: [['a'], ['b']], signed: ['a'] });
    expect(seeded.context.currentStep).toBe(1);
    expect(seeded.can(sign('b'))).toBe(true);
    expect(seeded.can(sign('a'))).toBe(false);
  });
});
