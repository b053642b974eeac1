/**
 * The push client: one socket.io connection (same origin, `/socket.io`) authenticated with the
 * current session token, whose server events are re-emitted on the bus as `push.<event>`.
 * `auth` is a function so every reconnection presents the token of that moment; after a token
 * rotation the live socket re-authenticates with `session.resume` (or reconnects if refused).
 */
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { Subscription } from 'rxjs';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
} from '../../contract/socket.ts';
import type { Bus, BusEvent } from '../bus/index.ts';
import type { SessionStore } from '../app/sessionStore.ts';

/** Exhaustive: a new server event in the contract does not compile until it is forwarded here. */
const FORWARDED = {
  'badges.updated': true,
  'notification.upserted': true,
  'campaign.updated': true,
  'campaign.progressed': true,
  'dispatchedDoc.updated': true,
  'signbook.updated': true,
  'documents.deposited': true,
  'session.expired': true,
  'rooms.joined': true,
} as const satisfies Record<ServerEventName, true>;
export const SERVER_EVENTS = Object.keys(FORWARDED) as ServerEventName[];

export interface PushOptions {
  readonly bus: Bus;
  readonly sessionStore: Pick<SessionStore, 'getToken'>;
  /** Absent → same origin. */
  readonly url?: string;
  readonly socketOptions?: Partial<ManagerOptions & SocketOptions>;
  /**
   * Renews the access token (an API call carrying the refresh token). A handshake refused for an
   * expired access token is retried once with the renewed token instead of ending the session.
   */
  readonly renewToken?: () => Promise<unknown>;
}

export interface PushClient {
  start(): void;
  stop(): void;
  readonly connected: boolean;
  /** Follow a campaign or signbook page; re-sent after every reconnection. */
  follow(kind: 'campaign' | 'signbook', id: string): void;
  unfollow(kind: 'campaign' | 'signbook', id: string): void;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const authKeyOf = (error: Error & { data?: unknown }): string | null => {
  const data = error.data as { key?: unknown } | undefined;
  const key = typeof data?.key === 'string' ? data.key : error.message;
  return key.startsWith('error.auth.') ? key : null;
};

/**
 * socket.io-client is loaded on the first start (after login), not with the login page: the
 * signed-out screens never push, and the login page has a 250 kB budget.
 */
type SocketIo = typeof import('socket.io-client');
let socketIoModule: Promise<SocketIo> | null = null;
const loadSocketIo = (): Promise<SocketIo> => (socketIoModule ??= import('socket.io-client'));

export const createPush = ({ bus, sessionStore, url, socketOptions, renewToken }: PushOptions): PushClient => {
  let socket: ClientSocket | null = null;
  /** Bumped by every start/stop so a start whose module arrives after a stop does nothing. */
  let generation = 0;
  let rotation: Subscription | null = null;
  const follows = new Set<string>();

  const sendFollow = (s: ClientSocket, entry: string) => {
    const [kind, id] = entry.split(':', 2) as ['campaign' | 'signbook', string];
    s.emit(kind === 'campaign' ? 'campaign.follow' : 'signbook.follow', id, () => {});
  };

  const build = ({ io }: SocketIo): ClientSocket => {
    /** The token the last handshake carried: a refusal of a token replaced since is no session's end. */
    let handshakeToken: string | null = null;
    const options: Partial<ManagerOptions & SocketOptions> = {
      path: SOCKET_PATH,
      autoConnect: false,
      auth: (cb) => {
        handshakeToken = sessionStore.getToken();
        cb({ token: handshakeToken ?? '' });
      },
      ...socketOptions,
    };
    const s: ClientSocket = url ? io(url, options) : io(options);
    for (const name of SERVER_EVENTS) {
      s.on(name, ((payload: unknown) => bus.emit({ type: `push.${name}`, payload } as BusEvent)) as never);
    }
    let connectedBefore = false;
    s.on('connect', () => {
      bus.emit({ type: 'push.connected' });
      // Not the first connection: what was pushed meanwhile came back with it (recovered) or is lost.
      if (connectedBefore) bus.emit({ type: 'push.reconnected', recovered: s.recovered === true });
      connectedBefore = true;
      for (const entry of follows) sendFollow(s, entry);
    });
    let ended = false;
    s.on('session.expired', () => (ended = true));
    s.on('disconnect', (reason) => {
      bus.emit({ type: 'push.disconnected', reason });
      // The server closes a socket whose access token expired: come back with the current token
      // (renewed on refusal). A revoked session said so first (`session.expired`) and stays closed.
      if (reason === 'io server disconnect' && !ended && socket === s) s.connect();
    });
    s.on('connect_error', (error) => {
      const key = authKeyOf(error as Error & { data?: unknown });
      if (!key) return;
      const refused = sessionStore.getToken();
      // The handshake left with a token replaced meanwhile (a domain switch's answer, a renewal):
      // come back with the current one.
      if (refused && handshakeToken !== refused) {
        s.connect();
        return;
      }
      if (key === 'error.auth.expired-token' && renewToken) {
        renewToken().then(
          () => {
            if (socket !== s) return;
            if (sessionStore.getToken() !== refused) s.connect();
            else bus.emit({ type: 'api.session.expired', key });
          },
          () => undefined, // the API client has already reported a failed renewal (401 → api.session.expired)
        );
        return;
      }
      bus.emit({ type: 'api.session.expired', key });
    });
    return s;
  };

  const resume = (token: string) => {
    const s = socket;
    if (!s?.connected) return; // the next (re)connection presents the new token by itself
    s.timeout(5_000).emit('session.resume', token, (err: Error | null, ok?: boolean) => {
      if (err || !ok) {
        s.disconnect();
        s.connect();
      }
    });
  };

  return {
    start() {
      if (socket || rotation) return;
      const started = ++generation;
      rotation = bus.ofType('api.token.rotated').subscribe((e) => resume(e.token));
      loadSocketIo().then(
        (module) => {
          if (started !== generation) return;
          socket = build(module);
          socket.connect();
        },
        () => bus.emit({ type: 'push.disconnected', reason: 'transport error' }),
      );
    },
    stop() {
      generation++;
      rotation?.unsubscribe();
      rotation = null;
      socket?.removeAllListeners();
      socket?.disconnect();
      socket = null;
    },
    get connected() {
      return socket?.connected ?? false;
    },
    follow(kind, id) {
      const entry = `${kind}:${id}`;
      follows.add(entry);
      if (socket?.connected) sendFollow(socket, entry);
    },
    unfollow(kind, id) {
      follows.delete(`${kind}:${id}`);
    },
  };
};
