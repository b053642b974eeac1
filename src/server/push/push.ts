/**
 * Push over socket.io, on the same HTTP server as the API. The handshake is checked like an API
 * call (access token); a socket joins `user:{id}`, an internal `session:{id}` room, and
 * `org:{domain}:{orgId}` for each organisation the session sees, nothing else. A guest signatory
 * (no session) connects with its signing link's token (`auth: { guestToken }`), checked like the guest
 * routes (`guestOf`), and joins only that signbook's `signbook:{domain}:{id}` room.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { ERROR_KEYS } from '../../contract/keys.ts';
import {
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SocketData,
  SOCKET_PATH,
  roomForOrg,
  roomForSignbook,
  roomForUser,
} from '../../contract/socket.ts';
import type { DomainId } from '../../contract/constants.ts';
import { ApiFailure } from '../http/errors.ts';
import { type SessionContext, authenticate, loadSession } from '../auth/sessions.ts';
import { visibleOrgIds } from '../auth/scope.ts';
import type { Config } from '../config.ts';
import { type Queryable, schemaOf } from '../db/db.ts';
import { badgeCounts } from '../modules/hrdesk/service.ts';
import { guestOf } from '../modules/signbook/guest.ts';

export type PushServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type PushSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Push {
  publishToOrg<E extends ServerEventName>(
    domain: DomainId,
    orgId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
  publishToUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Sends each guest socket of the signbook its own payload (`payloadFor` its signatory; null = nothing);
   * nothing is computed when no guest is connected.
   */
  publishToGuests<E extends ServerEventName>(
    domain: DomainId,
    signbookId: string,
    event: E,
    payloadFor: (signatoryId: string) => Promise<ServerEventPayload<E> | null>,
  ): Promise<void>;
  /** Recomputes and sends badge counts to one session, or to every session following an organisation. */
  refreshBadges(target: { sessionId: string } | { domain: DomainId; orgId: string }): Promise<void>;
  /** Tells the session's sockets it is over, then disconnects them. */
  sessionRevoked(sessionId: string, key: string): void;
  close(): Promise<void>;
}

export const roomForSession = (sessionId: string): string => `session:${sessionId}`;

/** For an app built without a socket server (tests using `inject`). */
export const noPush: Push = {
  publishToOrg: () => undefined,
  publishToUser: () => undefined,
  publishToGuests: async () => undefined,
  refreshBadges: async () => undefined,
  sessionRevoked: () => undefined,
  close: async () => undefined,
};

type Ttl = Pick<Config, 'accessTokenTtlS' | 'refreshTokenTtlS' | 'refreshReuseGraceS'>;

export function attachPush(server: HttpServer, db: Queryable, config: Ttl): { io: PushServer; push: Push } {
  const io: PushServer = new Server(server, { path: SOCKET_PATH, serveClient: false });
  const push = createPush(io, db);

  const authorize = async (token: unknown): Promise<SessionContext> => {
    const { session } = await authenticate(db, config, typeof token === 'string' ? token : undefined, undefined);
    return session;
  };

  const joinRooms = async (socket: PushSocket, session: SessionContext): Promise<void> => {
    for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
    const orgIds = await visibleOrgIds(db, session);
    socket.data = { userId: session.userId, sessionId: session.id, domain: session.domain };
    await socket.join([
      roomForUser(session.userId),
      roomForSession(session.id),
      ...orgIds.map((id) => roomForOrg(session.domain, id)),
    ]);
    socket.emit('rooms.joined', { domain: session.domain, orgIds });
    socket.emit('badges.updated', await badgeCounts(db, session));
  };

  io.use((socket, next) => {
    const guestToken: unknown = socket.handshake.auth?.guestToken;
    const admitted =
      typeof guestToken === 'string'
        ? guestOf(db, guestToken).then(({ who, signbookId }) => {
            socket.data = {
              userId: '',
              sessionId: '',
              domain: who.domain,
              guest: { signbookId, signatoryId: who.signatoryId ?? '' },
            };
          })
        : authorize(socket.handshake.auth?.token).then((session) => {
            socket.data = { userId: session.userId, sessionId: session.id, domain: session.domain };
          });
    admitted
      .then(() => next())
      .catch((error: unknown) => {
        const key = error instanceof ApiFailure ? error.key : ERROR_KEYS.internal;
        next(Object.assign(new Error(key), { data: { key } }));
      });
  });

  io.on('connection', (socket) => {
    const { guest } = socket.data;
    if (guest) return void socket.join(roomForSignbook(socket.data.domain, guest.signbookId));
    void (async () => {
      const session = await loadSession(db, socket.data.sessionId);
      if (!session) return void socket.disconnect(true);
      await joinRooms(socket, session);
    })().catch(() => socket.disconnect(true));

    socket.on('session.resume', (token, ack) => {
      authorize(token)
        .then(async (session) => {
          await joinRooms(socket, session);
          ack(true);
        })
        .catch(() => ack(false));
    });

    const follow = (table: 'campaigns' | 'signbooks', id: string, ack: (ok: boolean) => void): void => {
      const { domain, userId } = socket.data;
      void (async () => {
        const { rows } = await db.query<{ organization_id: string }>(
          `SELECT organization_id FROM ${schemaOf(domain)}.${table} WHERE id::text = $1`,
          [id],
        );
        const orgId = rows[0]?.organization_id;
        const visible = orgId ? (await visibleOrgIds(db, { userId, domain })).includes(orgId) : false;
        if (visible) await socket.join(`${table}:${domain}:${id}`);
        ack(visible);
      })().catch(() => ack(false));
    };
    socket.on('campaign.follow', (id, ack) => follow('campaigns', id, ack));
    socket.on('signbook.follow', (id, ack) => follow('signbooks', id, ack));
  });

  return { io, push };
}

export function createPush(io: PushServer, db: Queryable): Push {
  const sendBadges = async (sessionId: string): Promise<void> => {
    const session = await loadSession(db, sessionId);
    if (session) io.to(roomForSession(sessionId)).emit('badges.updated', await badgeCounts(db, session));
  };
  return {
    publishToOrg: (domain, orgId, event, payload) => {
      io.to(roomForOrg(domain, orgId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
    publishToUser: (userId, event, payload) => {
      io.to(roomForUser(userId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
    async publishToGuests(domain, signbookId, event, payloadFor) {
      const sockets = await io.in(roomForSignbook(domain, signbookId)).fetchSockets();
      const bySignatory = new Map<string, typeof sockets>();
      for (const socket of sockets) {
        const id = socket.data.guest?.signatoryId;
        if (id) bySignatory.set(id, [...(bySignatory.get(id) ?? []), socket]);
      }
      for (const [signatoryId, targets] of bySignatory) {
        const payload = await payloadFor(signatoryId).catch(() => null);
        if (payload === null) continue;
        for (const socket of targets) {
          socket.emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
        }
      }
    },
    async refreshBadges(target) {
      if ('sessionId' in target) return sendBadges(target.sessionId);
      const sockets = await io.in(roomForOrg(target.domain, target.orgId)).fetchSockets();
      const sessions = new Set(sockets.map((socket) => socket.data.sessionId));
      await Promise.all([...sessions].map(sendBadges));
    },
    sessionRevoked(sessionId, key) {
      const room = roomForSession(sessionId);
      io.to(room).emit('session.expired', { key });
      // A namespace disconnect (not closing the transport) is queued after the event above.
      io.in(room).disconnectSockets(false);
    },
    // Drops every client but leaves the HTTP server to Fastify, which closes it itself.
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
