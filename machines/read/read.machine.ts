/**
 * One read of one route, as a list or a picker shows it (issue 14: no API result straight into a
 * view's state). The `read` actor only asks (the API client); the answer is the bus's
 * `api.<routeId>.succeeded | failed` for that very call, which the invoked `facts` actor hands over as
 * `api.read.succeeded | failed` with the call's tag.
 *
 * waiting (no query yet) → loading (asks `<requester>#<asked>`) → shown | failed.
 * A new `read.query` (search, sort, page, filter) or a `read.reload` (after an action, « Réessayer »,
 * pushes missed on a reconnection) asks again from any state but waiting; the call it supersedes is
 * aborted, and an answer tagged with an older call never lands over the newer query. The previous
 * answer stays shown while the next one loads; after a failure it is kept, for a view that keeps what it
 * drew (the dashboard's charts), while `selectAnswer` then gives none (a list shows its error).
 *
 * A paged read (`query.paging`) shown with a next page takes `read.more` (« Afficher plus »): loadingMore
 * asks that page, tagged like any call, and appends its rows to the answer shown; a failed page keeps the
 * rows and records the failure (its alert too). A new query or a reload meanwhile supersedes it.
 */
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import {
  appendPage,
  nextPageOf,
  requestTag,
  sameQuery,
  type AskInput,
  type ReadContext,
  type ReadEvent,
  type ReadFailure,
  type ReadInput,
} from './read.types.ts';

const askAgain = { target: '#read.loading', reenter: true } as const;
const newQuery = { guard: 'isNewQuery', target: '#read.loading', reenter: true, actions: 'storeQuery' } as const;

export const readMachine = setup({
  types: {} as { context: ReadContext; events: ReadEvent; input: ReadInput },
  actors: {
    /** Provided by the view: this reader's answers on the bus (and `read.reload` when pushes were missed). */
    facts: fromEventObservable<ReadEvent, ReadInput>(() => ({ subscribe: () => ({ unsubscribe: () => {} }) })),
    /** Provided by the view: makes the call tagged `request`; its outcome reaches the machine through the bus. */
    read: fromPromise<void, AskInput>(async () => {}),
  },
  guards: {
    isNewQuery: ({ context, event }) => event.type === 'read.query' && !sameQuery(context.query, event.query),
    hasMore: ({ context }) => nextPageOf(context.query, context.answer?.result) !== null,
    isCurrentAnswer: ({ context, event }) =>
      (event.type === 'api.read.succeeded' || event.type === 'api.read.failed') &&
      event.request === requestTag(context.requester, context.asked),
  },
  actions: {
    /** Provided by the view: an alert for a failed read, where the page shows one. */
    notifyFailure: (_, _failure: ReadFailure) => {},
    storeQuery: assign({ query: ({ context, event }) => (event.type === 'read.query' ? event.query : context.query) }),
    countAsk: assign({ asked: ({ context }) => context.asked + 1 }),
    storeAnswer: assign({
      answer: ({ context, event }) => (event.type === 'api.read.succeeded' ? { result: event.result } : context.answer),
      failure: null,
    }),
    appendAnswer: assign({
      answer: ({ context, event }) =>
        event.type === 'api.read.succeeded'
          ? { result: appendPage(context.answer?.result, event.result) }
          : context.answer,
      failure: null,
    }),
    storeFailure: assign({
      failure: ({ context, event }) => (event.type === 'api.read.failed' ? event.failure : context.failure),
    }),
  },
}).createMachine({
  id: 'read',
  context: ({ input }) => ({
    routeId: input.routeId,
    requester: input.requester,
    query: null,
    asked: 0,
    answer: null,
    failure: null,
  }),
  invoke: {
    id: 'facts',
    src: 'facts',
    input: ({ context }) => ({ routeId: context.routeId, requester: context.requester }),
  },
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'read.query': { target: 'loading', actions: 'storeQuery' } },
    },
    loading: {
      entry: 'countAsk',
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => ({
          routeId: context.routeId,
          request: requestTag(context.requester, context.asked),
          query: context.query!,
        }),
      },
      on: {
        'read.query': newQuery,
        'read.reload': askAgain,
        'api.read.succeeded': { guard: 'isCurrentAnswer', target: 'shown', actions: 'storeAnswer' },
        'api.read.failed': {
          guard: 'isCurrentAnswer',
          target: 'failed',
          actions: ['storeFailure', { type: 'notifyFailure', params: ({ event }) => event.failure }],
        },
      },
    },
    shown: {
      on: {
        'read.query': newQuery,
        'read.reload': askAgain,
        'read.more': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      entry: 'countAsk',
      invoke: {
        id: 'readMore',
        src: 'read',
        input: ({ context }) => ({
          routeId: context.routeId,
          request: requestTag(context.requester, context.asked),
          query: nextPageOf(context.query, context.answer?.result)!,
        }),
      },
      on: {
        'read.query': newQuery,
        'read.reload': askAgain,
        'api.read.succeeded': { guard: 'isCurrentAnswer', target: 'shown', actions: 'appendAnswer' },
        'api.read.failed': {
          guard: 'isCurrentAnswer',
          target: 'shown',
          actions: ['storeFailure', { type: 'notifyFailure', params: ({ event }) => event.failure }],
        },
      },
    },
    failed: {
      on: { 'read.query': newQuery, 'read.reload': askAgain },
    },
  },
});

export type ReadMachine = typeof readMachine;
