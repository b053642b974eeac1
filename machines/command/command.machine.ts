/**
 * One command of a view: a call sent once per click — send a link, start or delete a signbook, unlock
 * an account, download a file (issue 14: no workflow in a component's state, no API result straight
 * into it). The `send` actor only calls, tagged `<requester>#<sent>`; the answer is the bus's
 * `api.<routeId>.succeeded | failed` for that very call, which the invoked `facts` actor hands over as
 * `api.command.succeeded | failed`.
 *
 * ready (idle | done | failed) —submit→ running, or confirming first when the view asks a person to
 * confirm (confirm → running, cancel → idle). running → ready.done | ready.failed on its answer; a
 * submit from done or failed sends again (« Réessayer », a second download). While running or
 * confirming a submit is not taken: the view's button reads `snapshot.can` (selectCanSubmit).
 */
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import {
  requestTag,
  type CommandContext,
  type CommandEvent,
  type CommandFailure,
  type CommandInput,
  type SendInput,
} from './command.types.ts';

export const commandMachine = setup({
  types: {} as { context: CommandContext; events: CommandEvent; input: CommandInput },
  actors: {
    /** Provided by the view: this command's answers on the bus. */
    facts: fromEventObservable<CommandEvent, CommandInput>(() => ({ subscribe: () => ({ unsubscribe: () => {} }) })),
    /** Provided by the view: makes the call tagged `request`; its outcome reaches the machine through the bus. */
    send: fromPromise<void, SendInput>(async () => {}),
  },
  guards: {
    isToConfirm: ({ event }) => event.type === 'command.submit' && event.confirm === true,
    isCurrentAnswer: ({ context, event }) =>
      (event.type === 'api.command.succeeded' || event.type === 'api.command.failed') &&
      event.request === requestTag(context.requester, context.sent),
  },
  actions: {
    /** Provided by the view: the success alert, a navigation, a file saved, a list read again. */
    notifyDone: (_, _answer: { readonly result: unknown }) => {},
    /** Provided by the view: the failure's alert, where the view shows one. */
    notifyFailure: (_, _failure: CommandFailure) => {},
    // A whole-context assigner: a call (all its fields optional) would also type a property assigner.
    storeCall: assign(({ context, event }) => ({ call: event.type === 'command.submit' ? event.call : context.call })),
    countSend: assign({ sent: ({ context }) => context.sent + 1, result: null, failure: null }),
    storeResult: assign({
      result: ({ context, event }) =>
        event.type === 'api.command.succeeded' ? { value: event.result } : context.result,
    }),
    storeFailure: assign({
      failure: ({ context, event }) => (event.type === 'api.command.failed' ? event.failure : context.failure),
    }),
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => ({
    routeId: input.routeId,
    requester: input.requester,
    call: null,
    sent: 0,
    result: null,
    failure: null,
  }),
  invoke: {
    id: 'facts',
    src: 'facts',
    input: ({ context }) => ({ routeId: context.routeId, requester: context.requester }),
  },
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'command.submit': [
          { guard: 'isToConfirm', target: 'confirming', actions: 'storeCall' },
          { target: 'running', actions: 'storeCall' },
        ],
      },
      states: {
        idle: {},
        done: {},
        failed: {},
      },
    },
    confirming: {
      on: {
        'command.confirm': 'running',
        'command.cancel': 'ready.idle',
      },
    },
    running: {
      entry: 'countSend',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          routeId: context.routeId,
          request: requestTag(context.requester, context.sent),
          call: context.call!,
        }),
      },
      on: {
        'api.command.succeeded': {
          guard: 'isCurrentAnswer',
          target: 'ready.done',
          actions: ['storeResult', { type: 'notifyDone', params: ({ event }) => ({ result: event.result }) }],
        },
        'api.command.failed': {
          guard: 'isCurrentAnswer',
          target: 'ready.failed',
          actions: ['storeFailure', { type: 'notifyFailure', params: ({ event }) => event.failure }],
        },
      },
    },
  },
});

export type CommandMachine = typeof commandMachine;
