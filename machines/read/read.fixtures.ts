/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import {
  nextPageOf,
  requestTag,
  type ReadContext,
  type ReadEvent,
  type ReadEventType,
  type ReadInput,
} from './read.types.ts';

export const READ_INPUT: ReadInput = { routeId: 'users.list', requester: 'r1' };

export const QUERY_FIRST = { body: { offset: 0, limit: 20, search: 'du' }, paging: 'cursor' } as const;
export const QUERY_NEXT = { body: { offset: 0, limit: 20, search: 'dur' }, paging: 'cursor' } as const;
export const PAGE_FIRST = { count: 2, items: [{ id: 'u-1' }, { id: 'u-2' }], nextCursor: null };
export const PAGE_NEXT = { count: 1, items: [{ id: 'u-1' }], nextCursor: null };
/** A page with one after it (« Afficher plus »), and the last page that follows it. */
export const PAGE_WITH_MORE = { count: 3, items: [{ id: 'u-1' }, { id: 'u-2' }], nextCursor: 'u-2' };
export const PAGE_LAST = { count: 3, items: [{ id: 'u-3' }], nextCursor: null };
export const NETWORK_FAILURE = { status: 0, key: 'error.network' } as const;

type EventOf<T extends ReadEventType> = Extract<ReadEvent, { type: T }>;
type Fixtures = { readonly [T in ReadEventType]: readonly EventOf<T>[] };

/** Answers to the first three calls: a path reaches a later one only through the earlier ones. */
const CALLS = [1, 2, 3].map((n) => requestTag(READ_INPUT.requester, n));

export const readFixtures = {
  'read.query': [
    { type: 'read.query', query: QUERY_FIRST },
    { type: 'read.query', query: QUERY_NEXT },
  ],
  'read.reload': [{ type: 'read.reload' }],
  'read.more': [{ type: 'read.more' }],
  'api.read.succeeded': CALLS.flatMap((request) => [
    { type: 'api.read.succeeded', request, result: PAGE_FIRST },
    { type: 'api.read.succeeded', request, result: PAGE_WITH_MORE },
  ]),
  'api.read.failed': CALLS.map((request) => ({ type: 'api.read.failed', request, failure: NETWORK_FAILURE })),
} satisfies Fixtures;

/**
 * Snapshots are told apart by what the guards read (the query, the current call up to the last one a
 * fixture answers) and whether an answer (with a next page or not) or a failure is held, not by how many calls were asked beyond.
 */
export const serializeRead = (s: AnyMachineSnapshot): string => {
  const c = s.context as ReadContext;
  return JSON.stringify({
    value: s.value,
    query: c.query ? JSON.stringify(c.query) : null,
    asked: Math.min(c.asked, CALLS.length + 1),
    answer: c.answer !== null,
    more: nextPageOf(c.query, c.answer?.result) !== null,
    failure: c.failure !== null,
  });
};
