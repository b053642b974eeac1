/**
 * Every fact the bus carries: `api.*` from the API client, `push.*` from the socket (one per
 * server event of the contract's socket map, payload under `payload`), so machines and views
 * share a single typed vocabulary.
 */
import type { RouteId, ServerEventName, ServerEventPayload } from '../../contract/index.ts';

export type ApiBusEvent =
  | { readonly type: 'api.session.expired'; readonly key: string; readonly routeId?: RouteId }
  | { readonly type: 'api.token.rotated'; readonly token: string }
  | {
      readonly type: 'api.call.failed';
      readonly routeId: RouteId;
      readonly key: string;
      readonly status: number;
      readonly message?: string;
    }
  | { readonly type: 'api.call.succeeded'; readonly routeId: RouteId };

type PushServerEvents = {
  [E in ServerEventName]: { readonly type: `push.${E}`; readonly payload: ServerEventPayload<E> };
}[ServerEventName];

export type PushBusEvent =
  | PushServerEvents
  | { readonly type: 'push.connected' }
  | { readonly type: 'push.disconnected'; readonly reason: string };

export type BusEvent = ApiBusEvent | PushBusEvent;
export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;

/** The `push.*` type for a server event name. */
export const pushType = <E extends ServerEventName>(name: E): `push.${E}` => `push.${name}`;
