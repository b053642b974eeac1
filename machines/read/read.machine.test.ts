import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  NETWORK_FAILURE,
  PAGE_FIRST,
  PAGE_LAST,
  PAGE_NEXT,
  PAGE_WITH_MORE,
  QUERY_FIRST,
  QUERY_NEXT,
  READ_INPUT,
} from './read.fixtures.ts';
import { readMachine } from './read.machine.ts';
import {
  selectAnswer,
  selectCanMore,
  selectCanReload,
  selectFailure,
  selectHasMore,
  selectLastAnswer,
  selectLoading,
  selectLoadingMore,
  selectMoreFailure,
} from './read.selectors.ts';
import type { AskInput, ReadEvent, ReadFailure } from './read.types.ts';

/**
 * A reader whose calls are recorded and answered by hand, the answers reaching it only as bus facts
 * (the `facts` actor forwards what `answer` publishes), as the app's client does.
 */
const start = () => {
  const calls: { input: AskInput; signal: AbortSignal }[] = [];
  const listeners = new Set<(e: ReadEvent) => void>();
  const alerts: ReadFailure[] = [];
  const actor = createActor(
    readMachine.provide({
      actors: {
        read: fromPromise<void, AskInput>(async ({ input, signal }) => void calls.push({ input, signal })),
        facts: fromCallback(({ sendBack }) => {
          const listener = (e: ReadEvent) => sendBack(e);
          listeners.add(listener);
          return () => listeners.delete(listener);
        }) as never,
      },
      actions: { notifyFailure: (_, failure) => void alerts.push(failure) },
    }),
    { input: READ_INPUT },
  ).start();
  const publish = (e: ReadEvent) => listeners.forEach((l) => l(e));
  const view = () => {
    const s = actor.getSnapshot();
    return {
      data: selectAnswer(s),
      loading: selectLoading(s),
      failure: selectFailure(s),
      canReload: selectCanReload(s),
    };
  };
  const paging = () => {
    const s = actor.getSnapshot();
    return {
      canMore: selectCanMore(s),
      hasMore: selectHasMore(s),
      loadingMore: selectLoadingMore(s),
      moreFailure: selectMoreFailure(s),
    };
  };
  return { actor, calls, alerts, publish, view, paging, listeners };
};

describe('read', () => {
  it('waits for a query, asks once per new query, and shows the answer to its own call', () => {
    const r = start();
    expect(r.view()).toEqual({ data: null, loading: true, failure: null, canReload: false });
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    expect(r.calls.map((c) => c.input)).toEqual([{ routeId: 'users.list', request: 'r1#1', query: QUERY_FIRST }]);
    r.actor.send({ type: 'read.query', query: { body: { search: 'du', limit: 20, offset: 0 }, paging: 'cursor' } }); // equal: a re-render
    expect(r.calls).toHaveLength(1);
    r.publish({ type: 'api.read.succeeded', request: 'r2#1', result: PAGE_NEXT }); // another reader's call
    expect(r.view().loading).toBe(true);
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_FIRST });
    expect(r.view()).toEqual({ data: PAGE_FIRST, loading: false, failure: null, canReload: true });
  });

  it('keeps the rows shown while a newer query loads, and never lays an older answer over it', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_FIRST });
    r.actor.send({ type: 'read.query', query: QUERY_NEXT });
    expect(r.view()).toMatchObject({ data: PAGE_FIRST, loading: true });
    r.actor.send({ type: 'read.query', query: QUERY_FIRST }); // typed back before the answer came
    expect(r.calls.map((c) => c.input.request)).toEqual(['r1#1', 'r1#2', 'r1#3']);
    expect(r.calls[1]!.signal.aborted).toBe(true); // the superseded call is abandoned
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_NEXT }); // late answer to the older query
    expect(r.view()).toMatchObject({ data: PAGE_FIRST, loading: true });
    r.publish({ type: 'api.read.failed', request: 'r1#2', failure: NETWORK_FAILURE });
    expect(r.view()).toMatchObject({ loading: true, failure: null });
    expect(r.alerts).toEqual([]);
    r.publish({ type: 'api.read.succeeded', request: 'r1#3', result: PAGE_FIRST });
    expect(r.view()).toMatchObject({ data: PAGE_FIRST, loading: false });
  });

  it('shows a failure with its alert, and reads the same query again on reload', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.failed', request: 'r1#1', failure: NETWORK_FAILURE });
    expect(r.view()).toEqual({ data: null, loading: false, failure: NETWORK_FAILURE, canReload: true });
    expect(r.alerts).toEqual([NETWORK_FAILURE]);
    r.actor.send({ type: 'read.reload' });
    expect(selectLastAnswer(r.actor.getSnapshot())).toBeNull(); // nothing was ever answered
    expect(r.calls.map((c) => c.input)).toEqual([
      { routeId: 'users.list', request: 'r1#1', query: QUERY_FIRST },
      { routeId: 'users.list', request: 'r1#2', query: QUERY_FIRST },
    ]);
    expect(r.view()).toMatchObject({ loading: true, failure: null });
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_FIRST });
    expect(r.view()).toMatchObject({ data: PAGE_FIRST, failure: null });
  });

  it('keeps the last answer after a failed refresh, for a view that keeps what it drew', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_FIRST });
    r.actor.send({ type: 'read.reload' });
    r.publish({ type: 'api.read.failed', request: 'r1#2', failure: NETWORK_FAILURE });
    expect(r.view()).toMatchObject({ data: null, failure: NETWORK_FAILURE });
    expect(selectLastAnswer(r.actor.getSnapshot())).toEqual(PAGE_FIRST);
  });

  it('reads again after an action even while a read is on its way, the answer to the earlier call ignored', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_FIRST });
    r.actor.send({ type: 'read.reload' });
    r.actor.send({ type: 'read.reload' });
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_NEXT });
    expect(r.view()).toMatchObject({ data: PAGE_FIRST, loading: true });
    r.publish({ type: 'api.read.succeeded', request: 'r1#3', result: PAGE_NEXT });
    expect(r.view()).toMatchObject({ data: PAGE_NEXT, loading: false });
  });

  it('asks the page after the cursor shown, tagged like any call, and appends its rows', () => {
    const r = start();
    r.actor.send({ type: 'read.more' }); // nothing shown yet
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_WITH_MORE });
    expect(r.paging()).toEqual({ canMore: true, hasMore: true, loadingMore: false, moreFailure: null });
    r.actor.send({ type: 'read.more' });
    expect(r.calls.map((c) => c.input)).toEqual([
      { routeId: 'users.list', request: 'r1#1', query: QUERY_FIRST },
      {
        routeId: 'users.list',
        request: 'r1#2',
        query: { ...QUERY_FIRST, body: { ...QUERY_FIRST.body, after: 'u-2' } },
      },
    ]);
    // The rows stay shown, not as a list loading; « Afficher plus » is busy, not offered again.
    expect(r.view()).toMatchObject({ data: PAGE_WITH_MORE, loading: false });
    expect(r.paging()).toEqual({ canMore: false, hasMore: true, loadingMore: true, moreFailure: null });
    r.actor.send({ type: 'read.more' });
    expect(r.calls).toHaveLength(2);
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_NEXT }); // an older tag
    expect(r.paging().loadingMore).toBe(true);
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_LAST });
    expect(r.view().data).toEqual({ count: 3, items: [{ id: 'u-1' }, { id: 'u-2' }, { id: 'u-3' }], nextCursor: null });
    expect(r.paging()).toEqual({ canMore: false, hasMore: false, loadingMore: false, moreFailure: null });
    r.actor.send({ type: 'read.more' }); // the last page is shown
    expect(r.calls).toHaveLength(2);
  });

  it('offers no next page to a read without paging, or once the last page is in', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: { body: QUERY_FIRST.body } });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_WITH_MORE });
    expect(r.paging()).toMatchObject({ canMore: false, hasMore: false });
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_FIRST });
    expect(r.paging()).toMatchObject({ canMore: false, hasMore: false });
    r.actor.send({ type: 'read.reload' }); // a full last page: its cursor leads nowhere, every row counted is shown
    r.publish({ type: 'api.read.succeeded', request: 'r1#3', result: { ...PAGE_FIRST, nextCursor: 'u-2' } });
    expect(r.paging()).toMatchObject({ canMore: false, hasMore: false });
  });

  it('pages by offset: the rows shown, in the query string of a GET list', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: { query: { search: 'du' }, paging: 'offset' } });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: { count: 3, items: [{ id: 'u-1' }] } });
    r.actor.send({ type: 'read.more' });
    expect(r.calls[1]!.input.query).toEqual({ query: { search: 'du', offset: 1 }, paging: 'offset' });
    r.publish({
      type: 'api.read.succeeded',
      request: 'r1#2',
      result: { count: 3, items: [{ id: 'u-2' }, { id: 'u-3' }] },
    });
    expect(r.view().data).toEqual({ count: 3, items: [{ id: 'u-1' }, { id: 'u-2' }, { id: 'u-3' }] });
    expect(r.paging().canMore).toBe(false);
  });

  it('keeps the rows shown when a next page fails, with its alert, and asks it again on « Afficher plus »', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_WITH_MORE });
    r.actor.send({ type: 'read.more' });
    r.publish({ type: 'api.read.failed', request: 'r1#2', failure: NETWORK_FAILURE });
    expect(r.view()).toEqual({ data: PAGE_WITH_MORE, loading: false, failure: null, canReload: true });
    expect(r.paging()).toEqual({ canMore: true, hasMore: true, loadingMore: false, moreFailure: NETWORK_FAILURE });
    expect(r.alerts).toEqual([NETWORK_FAILURE]);
    r.actor.send({ type: 'read.more' });
    expect(r.calls[2]!.input.query).toEqual(r.calls[1]!.input.query);
    r.publish({ type: 'api.read.succeeded', request: 'r1#3', result: PAGE_LAST });
    expect(r.paging()).toMatchObject({ moreFailure: null, hasMore: false });
    expect((r.view().data as typeof PAGE_LAST).items).toHaveLength(3);
  });

  it('drops a next page on its way for a new query or a reload: its answer never lands', () => {
    const r = start();
    r.actor.send({ type: 'read.query', query: QUERY_FIRST });
    r.publish({ type: 'api.read.succeeded', request: 'r1#1', result: PAGE_WITH_MORE });
    r.actor.send({ type: 'read.more' });
    r.actor.send({ type: 'read.query', query: QUERY_FIRST }); // the same query: the page goes on
    expect(r.paging().loadingMore).toBe(true);
    r.actor.send({ type: 'read.query', query: QUERY_NEXT });
    expect(r.calls[1]!.signal.aborted).toBe(true);
    expect(r.view()).toMatchObject({ data: PAGE_WITH_MORE, loading: true });
    r.publish({ type: 'api.read.succeeded', request: 'r1#2', result: PAGE_LAST });
    expect(r.view()).toMatchObject({ data: PAGE_WITH_MORE, loading: true });
    r.publish({ type: 'api.read.succeeded', request: 'r1#3', result: PAGE_WITH_MORE });
    r.actor.send({ type: 'read.more' });
    r.actor.send({ type: 'read.reload' });
    expect(r.calls.map((c) => c.input.query)).toEqual([
      QUERY_FIRST,
      { ...QUERY_FIRST, body: { ...QUERY_FIRST.body, after: 'u-2' } },
      QUERY_NEXT,
      { ...QUERY_NEXT, body: { ...QUERY_NEXT.body, after: 'u-2' } },
      QUERY_NEXT, // the reload asks the first page again
    ]);
    expect(r.calls[3]!.signal.aborted).toBe(true);
    r.publish({ type: 'api.read.failed', request: 'r1#4', failure: NETWORK_FAILURE });
    expect(r.alerts).toEqual([]);
    r.publish({ type: 'api.read.succeeded', request: 'r1#5', result: PAGE_NEXT });
    expect(r.view()).toMatchObject({ data: PAGE_NEXT, loading: false });
  });

  it('listens to the bus exactly as long as it lives', () => {
    const r = start();
    expect(r.listeners.size).toBe(1);
    r.actor.stop();
    expect(r.listeners.size).toBe(0);
  });
});
