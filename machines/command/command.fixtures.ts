/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import {
  requestTag,
  type CommandContext,
  type CommandEvent,
  type CommandEventType,
  type CommandInput,
} from './command.types.ts';

export const COMMAND_INPUT: CommandInput = { routeId: 'users.passwordLost', requester: 'c1' };

export const CALL_FIRST = { body: { email: 'marie.durand@example.com' } } as const;
export const CALL_NEXT = { body: { email: 'paul.martin@example.com' } } as const;
export const NETWORK_FAILURE = { status: 0, key: 'error.network' } as const;

type EventOf<T extends CommandEventType> = Extract<CommandEvent, { type: T }>;
type Fixtures = { readonly [T in CommandEventType]: readonly EventOf<T>[] };

/** Answers to the first three calls: a path reaches a later one only through the earlier ones. */
const CALLS = [1, 2, 3].map((n) => requestTag(COMMAND_INPUT.requester, n));

export const commandFixtures = {
  'command.submit': [
    { type: 'command.submit', call: CALL_FIRST },
    { type: 'command.submit', call: CALL_FIRST, confirm: true },
  ],
  'command.confirm': [{ type: 'command.confirm' }],
  'command.cancel': [{ type: 'command.cancel' }],
  'api.command.succeeded': CALLS.map((request) => ({ type: 'api.command.succeeded', request, result: null })),
  'api.command.failed': CALLS.map((request) => ({ type: 'api.command.failed', request, failure: NETWORK_FAILURE })),
} satisfies Fixtures;

/**
 * Snapshots are told apart by what the guards read (the current call, up to the last one a fixture
 * answers) and whether an answer or a failure is held, not by how many calls were sent beyond.
 */
export const serializeCommand = (s: AnyMachineSnapshot): string => {
  const c = s.context as CommandContext;
  return JSON.stringify({
    value: s.value,
    call: c.call ? JSON.stringify(c.call) : null,
    sent: Math.min(c.sent, CALLS.length + 1),
    result: c.result !== null,
    failure: c.failure !== null,
  });
};
