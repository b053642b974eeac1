/**
 * Signbook facts for the screens (a list re-reads on `push.signbook.updated` through its read's
 * `staleOn`). An open signbook's feed machine invokes `signbookFacts`: the answers to its
 * read from the bus, and its changes — the app's push for a session user (its room followed while
 * subscribed), or for a guest signatory its own socket, opened with the signing link's token (the
 * server lets it into that signbook's room only) for as long as the feed listens; the guest socket's
 * pushes are published on the bus too.
 */
import { Observable, filter, map, merge } from 'rxjs';
import type { Socket } from 'socket.io-client';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '../../../contract/socket.ts';
import type { Services } from '../../app/index.ts';
import { type BusEventOf, missedPushes } from '../../bus/index.ts';
import type { SignbookFeedFact } from './signbookFeed.machine.ts';
import { saysTokenNotValid } from './signClient.ts';
import { callsOf, type SignbookAccess } from './signbookAccess.ts';

type ReadOutcome = BusEventOf<
  | 'api.signbooks.get.succeeded'
  | 'api.signbooks.get.failed'
  | 'api.signbooks.guestGet.succeeded'
  | 'api.signbooks.guestGet.failed'
>;

/** The read's outcome as the feed reads it ('Auth token not valid' in an answer is a failure: the sign client says so). */
const readFact = (e: ReadOutcome): SignbookFeedFact => {
  if ('failure' in e) return { type: 'signbook.read.failed', key: e.failure.key };
  if (saysTokenNotValid(e.result)) return { type: 'signbook.read.failed', key: ERROR_KEYS.authInvalidToken };
  return { type: 'signbook.read.succeeded', view: e.result as SignbookView };
};

/** A guest's socket for as long as it is subscribed: its changes, and whether it is up. */
const guestSocket = (services: Pick<Services, 'bus'>, token: string): Observable<SignbookFeedFact> =>
  new Observable<SignbookFeedFact>((subscriber) => {
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: SOCKET_PATH, auth: { guestToken: token } });
      socket.on('connect', () => {
        subscriber.next({ type: 'signbook.live', live: true });
        subscriber.next({ type: 'signbook.changed' }); // something may have changed while disconnected
      });
      socket.on('disconnect', () => subscriber.next({ type: 'signbook.live', live: false }));
      socket.on('signbook.updated', (payload) => {
        services.bus.emit({ type: 'push.signbook.updated', payload });
        subscriber.next({ type: 'signbook.changed' });
      });
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  });

/** The facts of one signbook, for its feed machine. */
export const signbookFacts = (
  services: Pick<Services, 'bus' | 'push'>,
  access: SignbookAccess,
): Observable<SignbookFeedFact> => {
  const { bus, push } = services;
  const [route, params] = callsOf(access).get;
  const mine = (e: ReadOutcome) =>
    e.routeId === route &&
    Object.entries(params).every(([k, v]) => String(e.params[k]) === v) &&
    // A read the page abandoned (it asked again, or left) is no answer.
    !('failure' in e && e.failure.key === ERROR_KEYS.aborted);
  const reads = bus
    .ofType(
      'api.signbooks.get.succeeded',
      'api.signbooks.get.failed',
      'api.signbooks.guestGet.succeeded',
      'api.signbooks.guestGet.failed',
    )
    .pipe(filter(mine), map(readFact));
  if (access.token !== undefined) return merge(reads, guestSocket(services, access.token));
  const id = access.id;
  return new Observable<SignbookFeedFact>((subscriber) => {
    push.follow('signbook', id);
    const sub = merge(
      reads,
      merge(bus.ofType('push.signbook.updated').pipe(filter((e) => e.payload.id === id)), missedPushes(bus)).pipe(
        map((): SignbookFeedFact => ({ type: 'signbook.changed' })),
      ),
    ).subscribe(subscriber);
    return () => {
      sub.unsubscribe();
      push.unfollow('signbook', id);
    };
  });
};
