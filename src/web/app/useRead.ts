/**
 * One read of one route for a view (issue 14): machines/read run with the app's client and bus. The
 * `read` actor only asks, tagged with this reader's call number; the answer is the bus's
 * `api.<routeId>.succeeded | failed` carrying that tag. The view renders { data, loading, failure } and
 * calls `reload` after its actions (or lets `staleOn` say when what it shows may be out of date). A paged
 * query (`paging`) offers `more` while `canMore` (« Afficher plus »): the next page is appended to `data`.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY, filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import {
  readMachine,
  selectAnswer,
  selectCanMore,
  selectCanReload,
  selectFailure,
  selectHasMore,
  selectLastAnswer,
  selectLoading,
  selectLoadingMore,
  selectMoreFailure,
  type AskInput,
  type ReadEvent,
  type ReadFailure,
  type ReadInput,
  type ReadQuery,
} from '../../../machines/read/index.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { RouteResult } from '../../contract/results.ts';
import type { RouteId } from '../../contract/routes.ts';
import type { ApiClient } from '../api/index.ts';
import type { Bus } from '../bus/bus.ts';
import { failedType, succeededType } from '../bus/events.ts';
import { useServices } from './context.tsx';
import type { Services } from './services.ts';

export interface UseReadOptions {
  /** The alert a failed read raises (the page's own key); none when the view shows the failure itself. */
  readonly failureAlert?: string;
  /** Facts after which what is shown may be out of date (a push, pushes missed on a reconnection): read again. */
  readonly staleOn?: (bus: Bus) => Observable<unknown>;
  /** The client that calls (the signing module's, which renews its session); the app's by default. */
  readonly client?: Pick<ApiClient, 'call'>;
  /** An answer that is a refusal though the server said 200 (the signing module's « Auth token not valid »). */
  readonly refuses?: (result: unknown) => boolean;
  /** A file route's answer as bytes rather than a Blob (a PDF pdf.js opens): the client publishes it so. */
  readonly bytes?: boolean;
}

/**
 * What a view asks: the machine's query, or a multipart one (the mask preview's samples). Form data are
 * sent as they are but never compared: `scope` must then tell two of them apart.
 */
export type UseReadQuery = ReadQuery & { readonly formData?: FormData };

export interface ReadView<T> {
  /** The current query's answer, or the previous one while a newer read loads; `null` before and after a failure. */
  readonly data: T | null;
  /** The last answer received, kept after a failure too (a view that keeps what it drew). */
  readonly last: T | null;
  readonly loading: boolean;
  readonly failure: ReadFailure | null;
  /** Whether `reload` asks again now (not before the first query). */
  readonly canReload: boolean;
  readonly reload: () => void;
  /** A next page can be asked now (`more`): the button « Afficher plus » is offered. */
  readonly canMore: boolean;
  /** A next page can be asked or is on its way (the button shown, busy while `loadingMore`). */
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  /** Why the last next page failed, the rows kept. */
  readonly moreFailure: ReadFailure | null;
  /** Asks the next page of a paged query; its rows are appended to `data`. */
  readonly more: () => void;
}

let readers = 0;

/** This reader's answers on the bus, as the machine's `api.read.*` facts. */
const answersOf = (
  bus: Bus,
  { routeId, requester }: ReadInput,
  refuses?: (result: unknown) => boolean,
): Observable<ReadEvent> =>
  bus.ofType(succeededType(routeId), failedType(routeId)).pipe(
    filter((e) => typeof e.request === 'string' && e.request.startsWith(`${requester}#`)),
    map((e): ReadEvent =>
      'failure' in e
        ? { type: 'api.read.failed', request: e.request!, failure: e.failure }
        : refuses?.(e.result)
          ? { type: 'api.read.failed', request: e.request!, failure: { status: 200, key: ERROR_KEYS.authInvalidToken } }
          : { type: 'api.read.succeeded', request: e.request!, result: e.result },
    ),
  );

const readLogic = (services: Services, options: UseReadOptions) =>
  readMachine.provide({
    actors: {
      facts: fromEventObservable(({ input }: { input: ReadInput }) =>
        merge(
          answersOf(services.bus, input, options.refuses),
          (options.staleOn?.(services.bus) ?? EMPTY).pipe(map((): ReadEvent => ({ type: 'read.reload' }))),
        ),
      ),
      read: fromPromise(async ({ input, signal }: { input: AskInput; signal: AbortSignal }) => {
        // The answer, good or bad, reaches the machine through the bus.
        const { scope: _scope, paging: _paging, ...call } = input.query as UseReadQuery;
        const bytes = options.bytes ? { bytes: true } : {};
        await (options.client ?? services.api)
          .call(input.routeId, { ...call, ...bytes, request: input.request, signal })
          .catch(() => undefined);
      }),
    },
    actions: {
      notifyFailure: () => {
        const message = options.failureAlert;
        if (message) services.actors.alerts.send({ type: 'alert.push', alert: { message, type: 'error' } });
      },
    },
  });

/**
 * Reads `routeId` with `query` (path params, query string, body); a query equal to the last one asks
 * nothing, a new one supersedes the read on its way. `null` waits (nothing to ask yet).
 */
export const useRead = <R extends RouteId>(
  routeId: R,
  query: UseReadQuery | null,
  options: UseReadOptions = {},
): ReadView<RouteResult<R>> => {
  const services = useServices();
  // Options are the page's constants: read once, when the page mounts.
  const [logic] = useState(() => readLogic(services, options));
  const [requester] = useState(() => `read-${++readers}`);
  const actor = useActorRef(logic, { input: { routeId, requester } });
  const key = JSON.stringify(query);
  useEffect(() => {
    if (query) actor.send({ type: 'read.query', query });
  }, [actor, key]); // eslint-disable-line react-hooks/exhaustive-deps -- the query by value
  const data = useSelector(actor, selectAnswer) as RouteResult<R> | null;
  const last = useSelector(actor, selectLastAnswer) as RouteResult<R> | null;
  const loading = useSelector(actor, selectLoading);
  const failure = useSelector(actor, selectFailure);
  const canReload = useSelector(actor, selectCanReload);
  const reload = useMemo(() => () => actor.send({ type: 'read.reload' }), [actor]);
  const canMore = useSelector(actor, selectCanMore);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreFailure = useSelector(actor, selectMoreFailure);
  const more = useMemo(() => () => actor.send({ type: 'read.more' }), [actor]);
  return useMemo(
    () => ({ data, last, loading, failure, canReload, reload, canMore, hasMore, loadingMore, moreFailure, more }),
    [data, last, loading, failure, canReload, reload, canMore, hasMore, loadingMore, moreFailure, more],
  );
};
