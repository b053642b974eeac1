/**
 * A reconnection of the push socket after which pushes may have been lost: the server could not give
 * back what it sent meanwhile (`push.reconnected` with `recovered: false` — always on PostgreSQL, past
 * the recovery window or after a node died with Redis). A screen that keeps a list live by its pushes
 * reads it again on this.
 */
import { type Observable, filter } from 'rxjs';
import type { Bus } from './bus.ts';
import type { BusEventOf } from './events.ts';

export const missedPushes = (bus: Pick<Bus, 'ofType'>): Observable<BusEventOf<'push.reconnected'>> =>
  bus.ofType('push.reconnected').pipe(filter((e) => !e.recovered));
