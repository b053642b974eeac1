/**
 * Every fact the bus carries: `api.*` from the API client, `push.*` from the socket (one per
 * server event of the contract's socket map, payload under `payload`), so machines and views
 * share a single typed vocabulary.
 *
 * Every call's outcome is `api.<routeId>.succeeded` (its `result` typed by the contract's
 * `RouteResults`, `unknown` where the contract names no answer) or `api.<routeId>.failed` (the
 * failure's status and key), with the call's path `params` so a listener can tell its own.
 */
import type { RouteId, ServerEventName, ServerEventPayload } from '../../contract/index.ts';
import type { RouteResult } from '../../contract/results.ts';

/** A failed call as the bus carries it (the `ApiFailure`'s fields). */
export interface ApiFailureFact {
  readonly status: number;
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
  readonly fields?: Readonly<Record<string, string>>;
}

export type CallParams = Readonly<Record<string, string | number>>;

type ApiResultEvents = {
  [R in RouteId]:
    | {
        readonly type: `api.${R}.succeeded`;
        readonly routeId: R;
        readonly params: CallParams;
        /** The caller's tag (`CallOptions.request`), when it gave one. */
        readonly request?: string;
        readonly result: RouteResult<R>;
      }
    | {
        readonly type: `api.${R}.failed`;
        readonly routeId: R;
        readonly params: CallParams;
        readonly request?: string;
        readonly failure: ApiFailureFact;
      };
}[RouteId];

export type ApiBusEvent =
  | ApiResultEvents
  | { readonly type: 'api.session.expired'; readonly key: string; readonly routeId?: RouteId }
  | { readonly type: 'api.token.rotated'; readonly token: string };

type PushServerEvents = {
  [E in ServerEventName]: { readonly type: `push.${E}`; readonly payload: ServerEventPayload<E> };
}[ServerEventName];

export type PushBusEvent =
  | PushServerEvents
  | { readonly type: 'push.connected' }
  | { readonly type: 'push.disconnected'; readonly reason: string }
  /**
   * The socket is back after a disconnection (to the same node or another). `recovered`: the server
   * gave back the packets sent meanwhile (socket.io's connection-state recovery, with the Redis
   * adapter); otherwise some may be lost, and the screens holding live lists read them again.
   */
  | { readonly type: 'push.reconnected'; readonly recovered: boolean };

export type BusEvent = ApiBusEvent | PushBusEvent;
export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;

/** The `push.*` type for a server event name. */
export const pushType = <E extends ServerEventName>(name: E): `push.${E}` => `push.${name}`;

/** The bus types of a route's outcome. */
export const succeededType = <R extends RouteId>(routeId: R): `api.${R}.succeeded` => `api.${routeId}.succeeded`;
export const failedType = <R extends RouteId>(routeId: R): `api.${R}.failed` => `api.${routeId}.failed`;
