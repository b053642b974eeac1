import { initialTransition, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { signbookFixtures, signbookInput } from '../../../../machines/signbook/signbook.fixtures.ts';
import {
  selectSignbook,
  signbookMachine,
  statusOf,
  type SignbookEvent,
  type SignbookSnapshot,
} from '../../../../machines/signbook/index.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { offeredSignbookActions, type SignbookManagerAction } from './SignbookActions.tsx';
import { lifecycleOf } from './SignbookLifecycle.tsx';
import { snapshotFor } from '../../../../machines/signbook/index.ts';

/** Every snapshot of the signbook chart reachable with the fixtures' events (deleted excepted: no page). */
const reachable = (): SignbookSnapshot[] => {
  const key = (s: SignbookSnapshot) => JSON.stringify([s.value, s.context]);
  const [first] = initialTransition(signbookMachine, signbookInput);
  const seen = new Map([[key(first), first]]);
  const queue = [first];
  const events = Object.values(signbookFixtures).flat() as SignbookEvent[];
  for (let at = queue.shift(); at; at = queue.shift()) {
    for (const event of events) {
      const [next] = transition(signbookMachine, at, event);
      if (seen.has(key(next))) continue;
      seen.set(key(next), next);
      queue.push(next);
    }
  }
  return [...seen.values()].filter((s) => statusOf(s) !== null);
};

/** What the server answers for a signbook in this state (the fields the lifecycle is restored from). */
const servedView = (s: SignbookSnapshot): SignbookView =>
  ({
    status: statusOf(s),
    steps: s.context.steps.map((ids, index) => ({
      index,
      signatories: ids.map((id) => ({
        id,
        state: s.context.signed.includes(id) ? 'signed' : s.context.refusedBy === id ? 'refused' : 'waiting',
      })),
    })),
  }) as unknown as SignbookView;

const ACTION_EVENT: Record<SignbookManagerAction, SignbookEvent> = {
  start: { type: 'signbook.start' },
  retrySeal: { type: 'signbook.retrySeal' },
  delete: { type: 'signbook.delete' },
};

const SNAPSHOTS = reachable();

describe('signbook page actions', () => {
  it('walks every state of the chart but the end', () => {
    expect(new Set(SNAPSHOTS.map((s) => s.value))).toEqual(
      new Set(Object.keys(signbookMachine.root.states).filter((s) => s !== 'deleted')),
    );
  });

  it.each(SNAPSHOTS.map((s) => [`${String(s.value)} ${JSON.stringify(s.context.signed)}`, s] as const))(
    'offers a manager in %s exactly what snapshot.can() accepts, from the view the server serves',
    (_, snapshot) => {
      const restored = snapshotFor(statusOf(snapshot)!, lifecycleOf(servedView(snapshot)));
      expect(restored.value).toEqual(snapshot.value);
      // The same context, but for the order of signatures (a view lists signatories by step, not by time).
      const bySigner = (c: SignbookSnapshot['context']) => ({ ...c, signed: [...c.signed].sort() });
      expect(bySigner(restored.context)).toEqual(bySigner(snapshot.context));
      const accepted = (Object.keys(ACTION_EVENT) as SignbookManagerAction[]).filter((a) =>
        snapshot.can(ACTION_EVENT[a]),
      );
      expect(offeredSignbookActions(selectSignbook(restored), true)).toEqual(accepted);
      expect(offeredSignbookActions(selectSignbook(restored), false)).toEqual([]);
    },
  );
});
