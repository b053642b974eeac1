/**
 * Push over socket.io, on the same HTTP server as the API. The handshake is checked like an API
 * call (access token); a socket joins `user:{id}`, an internal `session:{id}` room,
 * `org:{domain}:{orgId}` for each organisation the session sees and, for each of those,
 * `org:{domain}:{orgId}:{feature}` for the features the session holds that gate organisation events
 * (`ORG_EVENT_FEATURES`: campaigns need DocListDispatch, signbooks ParaphList) — nothing else. A guest signatory
 * (no session) connects with its signing link's token (`auth: { guestToken }`), checked like the guest
 * routes (`guestOf`), and joins only that signbook's `signbook:{domain}:{id}` room.
 * A socket lives no longer than what let it in: it is closed when its access token expires (the
 * client reconnects with its current token, or `session.resume`s first), when its session is revoked,
 * and its rooms are recomputed — left at once — whenever access rows, the organisation tree or rights
 * (flags, groups, rules: the scope version moves) change.
 *
 * Several nodes (issue 17, push/cluster.ts): with the PostgreSQL or Redis adapter every broadcast reaches the
 * sockets of every node; what each node must work out for its own sockets (rooms after a change of
 * access, badge counts per session) is asked of every node with `serverSideEmit`, and each node acts
 * on its local sockets only (`io.local`), so nothing waits for a round trip through the cluster.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { Feature } from '../../contract/features.ts';
import {
  type ClientToServerEvents,
  ORG_EVENT_FEATURES,
  ORG_ROOM_FEATURES,
  type OrgEventName,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SocketData,
  SOCKET_PATH,
  roomForOrg,
  roomForOrgFeature,
  roomForSignbook,
  roomForUser,
} from '../../contract/socket.ts';
import type { DomainId } from '../../contract/constants.ts';
import { ApiFailure } from '../http/errors.ts';
import { type SessionContext, authenticate, loadSession } from '../auth/sessions.ts';
import { visibleOrgIds } from '../auth/scope.ts';
import type { Config } from '../config.ts';
import type { PushAdapter } from './cluster.ts';
import { type Queryable, schemaOf } from '../db/db.ts';
import { campaignById } from '../modules/dispatch/campaign.repo.ts';
import { badgeCounts } from '../modules/hrdesk/service.ts';
import { guestOf, linkHash } from '../modules/signbook/guest.ts';
import { signbookRow, viewsOf } from '../modules/signbook/repo.ts';

/** Between nodes (`serverSideEmit`): work each node does for its own sockets. */
export interface InterNodeEvents {
  'access.changed': (target: { userId: string } | null) => void;
  'badges.refresh': (target: { domain: DomainId; orgId: string }) => void;
}
export type PushServer = Server<ClientToServerEvents, ServerToClientEvents, InterNodeEvents, SocketData>;
type PushSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterNodeEvents, SocketData>;

export interface Push {
  /** To the sockets that see the organisation and hold the event's feature (`ORG_EVENT_FEATURES`). */
  publishToOrg<E extends OrgEventName>(domain: DomainId, orgId: string, event: E, payload: ServerEventPayload<E>): void;
  publishToUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Sends each guest socket of the signbook its own payload (`payloadFor` its signatory; null = nothing);
   * nothing is computed when no guest is connected. A socket whose link was replaced since it connected
   * (or whose signatory is gone) is closed instead.
   */
  publishToGuests<E extends ServerEventName>(
    domain: DomainId,
    signbookId: string,
    event: E,
    payloadFor: (signatoryId: string) => Promise<ServerEventPayload<E> | null>,
  ): Promise<void>;
  /** Closes the guest sockets of a signbook that is gone (on every node): their links open nothing now. */
  signbookRemoved(domain: DomainId, signbookId: string): void;
  /** Recomputes and sends badge counts to one session, or to every session following an organisation. */
  refreshBadges(target: { sessionId: string } | { domain: DomainId; orgId: string }): Promise<void>;
  /**
   * Computes the badge counts of every session following the organisation and returns what sends them:
   * called after a change and before its push, so the counts leave with the push that moves the list
   * (in the same turn of the event loop) instead of a query later.
   */
  prepareBadges(target: { domain: DomainId; orgId: string }): Promise<() => void>;
  /** Tells the session's sockets it is over, then disconnects them. */
  sessionRevoked(sessionId: string, key: string): void;
  /**
   * Who sees what changed (access rows, organisation tree): every socket (of `userId`, or all) re-reads
   * its session and leaves the rooms it may no longer be in; a socket whose session is gone is closed.
   */
  accessChanged(target?: { userId: string }): Promise<void>;
  close(): Promise<void>;
}

export const roomForSession = (sessionId: string): string => `session:${sessionId}`;

/** For an app built without a socket server (tests using `inject`). */
export const noPush: Push = {
  publishToOrg: () => undefined,
  publishToUser: () => undefined,
  publishToGuests: async () => undefined,
  signbookRemoved: () => undefined,
  refreshBadges: async () => undefined,
  prepareBadges: async () => () => undefined,
  sessionRevoked: () => undefined,
  accessChanged: async () => undefined,
  close: async () => undefined,
};

type Ttl = Pick<Config, 'accessTokenTtlS' | 'refreshTokenTtlS' | 'refreshReuseGraceS'>;

const FOLLOWED = /^(campaigns|signbooks):(legacy|main):(.+)$/;
/** A followed campaign or signbook page needs what its list needs. */
const FOLLOW_FEATURE: Record<'campaigns' | 'signbooks', Feature> = {
  campaigns: 'DocListDispatch',
  signbooks: 'ParaphList',
};

export interface AttachPushOptions {
  /** The cluster's adapter (push/cluster.ts); absent: this process's sockets only. */
  cluster?: PushAdapter;
}

export function attachPush(
  server: HttpServer,
  db: Queryable,
  config: Ttl,
  options: AttachPushOptions = {},
): { io: PushServer; push: Push } {
  const io: PushServer = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(options.cluster ? { adapter: options.cluster.adapter } : {}),
    // Redis only (push/cluster.ts): a client back within the window gets its rooms and missed packets.
    // Never past the middleware: its token is checked again like any handshake's.
    ...(options.cluster?.recovery ? { connectionStateRecovery: options.cluster.recovery } : {}),
  });
  /** Each session socket's timer: it closes when the access token it was admitted with expires. */
  const expiries = new WeakMap<PushSocket, NodeJS.Timeout>();

  const authorize = async (token: unknown): Promise<SessionContext> => {
    const { session } = await authenticate(db, config, typeof token === 'string' ? token : undefined, undefined);
    return session;
  };

  /** Closes the socket when the session's access token expires; the client comes back with its current one. */
  const armExpiry = (socket: PushSocket, session: SessionContext): void => {
    clearTimeout(expiries.get(socket));
    const ms = Math.max(0, Math.min((session.accessSecondsLeft ?? 0) * 1000, 2 ** 31 - 1));
    const timer = setTimeout(() => socket.disconnect(true), ms);
    timer.unref();
    expiries.set(socket, timer);
  };

  /** The rooms the session may be in now: leaves every other one, joins the missing ones. */
  const joinRooms = async (socket: PushSocket, session: SessionContext, announce: boolean): Promise<void> => {
    const orgIds = await visibleOrgIds(db, session);
    const visible = new Set(orgIds);
    const features = ORG_ROOM_FEATURES.filter((f) => session.features.has(f));
    const allowed = new Set([
      socket.id,
      roomForUser(session.userId),
      roomForSession(session.id),
      ...orgIds.map((id) => roomForOrg(session.domain, id)),
      ...orgIds.flatMap((id) => features.map((f) => roomForOrgFeature(session.domain, id, f))),
    ]);
    // A followed campaign or signbook stays only while its organisation is visible in this domain
    // and the session holds the feature of its list.
    for (const room of socket.rooms) {
      const followed = FOLLOWED.exec(room);
      if (!followed || followed[2] !== session.domain) continue;
      if (!session.features.has(FOLLOW_FEATURE[followed[1] as 'campaigns' | 'signbooks'])) continue;
      const { rows } = await db.query<{ organization_id: string }>(
        `SELECT organization_id FROM ${schemaOf(session.domain)}.${followed[1]} WHERE id::text = $1`,
        [followed[3]],
      );
      if (rows[0] && visible.has(rows[0].organization_id)) allowed.add(room);
    }
    const left = [...socket.rooms].filter((room) => !allowed.has(room));
    for (const room of left) await socket.leave(room);
    const changed =
      left.length > 0 || socket.data.domain !== session.domain || [...allowed].some((room) => !socket.rooms.has(room));
    socket.data = { userId: session.userId, sessionId: session.id, domain: session.domain };
    await socket.join([...allowed]);
    armExpiry(socket, session);
    if (announce || changed) {
      socket.emit('rooms.joined', { domain: session.domain, orgIds });
      socket.emit('badges.updated', await badgeCounts(db, session));
    }
  };

  const push = createPush(io, db, {
    clustered: Boolean(options.cluster),
    closeCluster: options.cluster ? () => options.cluster!.end() : undefined,
    localAccessChanged: async (target) => {
      const sockets = await (target ? io.local.in(roomForUser(target.userId)) : io.local).fetchSockets();
      for (const remote of sockets) {
        const socket = io.sockets.sockets.get(remote.id);
        if (!socket || socket.data.guest || !socket.data.sessionId) continue;
        const session = await loadSession(db, socket.data.sessionId);
        if (!session) {
          socket.emit('session.expired', { key: ERROR_KEYS.authInvalidToken });
          socket.disconnect(true);
          continue;
        }
        await joinRooms(socket, session, false).catch(() => socket.disconnect(true));
      }
    },
  });

  io.use((socket, next) => {
    const guestToken: unknown = socket.handshake.auth?.guestToken;
    const admitted =
      typeof guestToken === 'string'
        ? guestOf(db, guestToken).then(({ who, signbookId }) => {
            socket.data = {
              userId: '',
              sessionId: '',
              domain: who.domain,
              guest: { signbookId, signatoryId: who.signatoryId ?? '', linkHash: linkHash(guestToken) },
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
    socket.on('disconnect', () => clearTimeout(expiries.get(socket)));
    const { guest } = socket.data;
    if (guest) return void socket.join(roomForSignbook(socket.data.domain, guest.signbookId));
    void (async () => {
      const session = await loadSession(db, socket.data.sessionId);
      if (!session) return void socket.disconnect(true);
      await joinRooms(socket, session, true);
    })().catch(() => socket.disconnect(true));

    socket.on('session.resume', (token, ack) => {
      authorize(token)
        .then(async (session) => {
          await joinRooms(socket, session, true);
          ack(true);
        })
        .catch(() => ack(false));
    });

    const follow = (table: 'campaigns' | 'signbooks', id: string, ack: (ok: boolean) => void): void => {
      const { domain, userId, sessionId } = socket.data;
      void (async () => {
        if (!userId) return ack(false);
        const session = await loadSession(db, sessionId);
        if (!session?.features.has(FOLLOW_FEATURE[table])) return ack(false);
        const { rows } = await db.query<{ organization_id: string }>(
          `SELECT organization_id FROM ${schemaOf(domain)}.${table} WHERE id::text = $1`,
          [id],
        );
        const orgId = rows[0]?.organization_id;
        const visible = orgId ? (await visibleOrgIds(db, { userId, domain })).includes(orgId) : false;
        if (visible) await socket.join(`${table}:${domain}:${id}`);
        ack(visible);
        // The campaign as it is now: a client that (re)follows after a reconnection — to this node or
        // another — misses no status reached while it was away (the adapter keeps no missed packets).
        if (visible && table === 'campaigns') {
          const campaign = await campaignById(db, domain, id);
          if (campaign) socket.emit('campaign.updated', campaign);
        }
        // Likewise the signbook, in this user's own view (what `publishSignbook` sends their user room):
        // a final status (signed, refused, cancelled) reached while the client was away is not missed.
        if (visible && table === 'signbooks') {
          const row = await signbookRow(db, domain, id);
          const [own] = row ? await viewsOf(db, { userId, domain }, [row]) : [];
          if (own) socket.emit('signbook.updated', own);
        }
      })().catch(() => ack(false));
    };
    socket.on('campaign.follow', (id, ack) => follow('campaigns', id, ack));
    socket.on('signbook.follow', (id, ack) => follow('signbooks', id, ack));
  });

  return { io, push };
}

export interface CreatePushOptions {
  /** Other nodes exist (the PostgreSQL or Redis adapter): per-node work is also asked of them. */
  clustered?: boolean;
  /** This node's part of `accessChanged` (its own sockets); none on a node without sockets. */
  localAccessChanged?: (target: { userId: string } | null) => Promise<void>;
  /** Ends the adapter's pool once the server closed. */
  closeCluster?: (() => Promise<void>) | undefined;
}

export function createPush(io: PushServer, db: Queryable, options: CreatePushOptions = {}): Push {
  const { clustered = false, localAccessChanged = async () => undefined } = options;
  const sendBadges = async (sessionId: string): Promise<void> => {
    const session = await loadSession(db, sessionId);
    if (session) io.to(roomForSession(sessionId)).emit('badges.updated', await badgeCounts(db, session));
  };
  /** Badge counts for the sessions with a socket on this node that follow the organisation. */
  const localBadges = async (target: { domain: DomainId; orgId: string }): Promise<void> => {
    const sockets = await io.local.in(roomForOrg(target.domain, target.orgId)).fetchSockets();
    const sessions = new Set(sockets.map((socket) => socket.data.sessionId).filter(Boolean));
    await Promise.all(
      [...sessions].map(async (sessionId) => {
        const session = await loadSession(db, sessionId);
        if (session) io.local.to(roomForSession(sessionId)).emit('badges.updated', await badgeCounts(db, session));
      }),
    );
  };
  if (clustered) {
    io.on('access.changed', (target) => void localAccessChanged(target).catch(() => undefined));
    io.on('badges.refresh', (target) => void localBadges(target).catch(() => undefined));
  }
  /**
   * Counted before the event they go with, sent right after it. Clustered, each node counts for its
   * own sockets when asked (the adapter carries the ask), so the counts follow the event instead.
   */
  const prepareBadges: Push['prepareBadges'] = async (target) => {
    if (clustered)
      return () => {
        io.serverSideEmit('badges.refresh', target);
        void localBadges(target).catch(() => undefined);
      };
    const sockets = await io.local.in(roomForOrg(target.domain, target.orgId)).fetchSockets();
    const sessions = [...new Set(sockets.map((socket) => socket.data.sessionId))].filter(Boolean);
    const counted = await Promise.all(
      sessions.map(async (sessionId) => {
        const session = await loadSession(db, sessionId);
        return session ? { sessionId, counts: await badgeCounts(db, session) } : null;
      }),
    );
    return () => {
      for (const one of counted) if (one) io.to(roomForSession(one.sessionId)).emit('badges.updated', one.counts);
    };
  };
  return {
    publishToOrg: (domain, orgId, event, payload) => {
      io.to(roomForOrgFeature(domain, orgId, ORG_EVENT_FEATURES[event])).emit(
        event,
        ...([payload] as Parameters<ServerToClientEvents[typeof event]>),
      );
    },
    publishToUser: (userId, event, payload) => {
      io.to(roomForUser(userId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
    async publishToGuests(domain, signbookId, event, payloadFor) {
      const room = roomForSignbook(domain, signbookId);
      // Across the cluster; a node that died a moment ago makes the request time out: this node's guests still hear it.
      const sockets = await io
        .in(room)
        .fetchSockets()
        .catch(() => io.local.in(room).fetchSockets());
      if (sockets.length === 0) return;
      // Only a link that still opens the signbook hears it: one replaced since (a new link mailed), or a
      // signatory taken off, closes its socket, as its next call would be refused.
      const { rows } = await db.query<{ id: string; access_token_hash: string | null }>(
        `SELECT id, access_token_hash FROM ${schemaOf(domain)}.signatories WHERE signbook_id = $1`,
        [signbookId],
      );
      const current = new Map(rows.map((r) => [r.id, r.access_token_hash]));
      const bySignatory = new Map<string, typeof sockets>();
      for (const socket of sockets) {
        const guest = socket.data.guest;
        if (!guest) continue;
        if (current.get(guest.signatoryId) !== guest.linkHash) {
          socket.disconnect(true);
          continue;
        }
        bySignatory.set(guest.signatoryId, [...(bySignatory.get(guest.signatoryId) ?? []), socket]);
      }
      for (const [signatoryId, targets] of bySignatory) {
        const payload = await payloadFor(signatoryId).catch(() => null);
        if (payload === null) continue;
        for (const socket of targets) {
          socket.emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
        }
      }
    },
    signbookRemoved(domain, signbookId) {
      io.in(roomForSignbook(domain, signbookId)).disconnectSockets(true);
    },
    async refreshBadges(target) {
      if ('sessionId' in target) return sendBadges(target.sessionId);
      if (clustered) io.serverSideEmit('badges.refresh', target);
      await localBadges(target);
    },
    prepareBadges,
    sessionRevoked(sessionId, key) {
      const room = roomForSession(sessionId);
      io.to(room).emit('session.expired', { key });
      // A namespace disconnect (not closing the transport) is queued after the event above; on every node.
      io.in(room).disconnectSockets(false);
    },
    async accessChanged(target) {
      if (clustered) io.serverSideEmit('access.changed', target ?? null);
      await localAccessChanged(target ?? null);
    },
    // Drops this node's clients (not the cluster's) but leaves the HTTP server to Fastify, which closes it itself.
    close: async () => {
      io.local.disconnectSockets(true);
      io.engine?.close();
      if (clustered) {
        await io.of('/').adapter.close();
        await options.closeCluster?.();
      }
    },
  };
}
