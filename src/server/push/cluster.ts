/**
 * Push across nodes (issue 17). By default with socket.io's PostgreSQL adapter: every broadcast (`io.to(room)`),
 * `disconnectSockets`, `fetchSockets` and `serverSideEmit` reaches the sockets of every node through
 * LISTEN/NOTIFY in the application's own database — no other server to run. Packets over NOTIFY's
 * 8,000 bytes go through `directory.push_attachments` (migration 0032). The adapter holds one
 * connection for LISTEN and publishes through a small pool of its own, so a busy API pool never
 * delays a broadcast.
 *
 * A worker node has no HTTP server: it publishes through a socket.io `Server` that serves nothing but
 * joins the cluster (`pushPublisher`), so the jobs' `Push` calls work unchanged on it. The adapter
 * does not support socket.io's connection-state recovery (its README: « Connection state recovery:
 * NO »); a client that reconnects to another node is brought up to date by its rooms being
 * recomputed at the handshake and by the current state each `*.follow` answers with (push.ts), and
 * the web client refetches its live lists (`push.reconnected` with `recovered: false`).
 *
 * With REDIS_URL (`redisPushAdapter`): socket.io's Redis Streams adapter. Every packet goes through one
 * Redis stream (XADD, read by each node with XREAD), so a node that loses Redis for a moment resumes
 * where it was, and it supports connection-state recovery: a client's session (id, rooms) is kept in
 * Redis when it drops, and on reconnecting — to any node — it gets the packets it missed from the
 * stream (`socket.recovered`). Everything the PostgreSQL path does still holds (rooms recomputed,
 * follows answered with the current state); recovery only spares the refetch.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type ServerOptions } from 'socket.io';
import type { PushAdapterKind } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { type Push, type PushServer, createPush } from './push.ts';

export const PUSH_ATTACHMENTS_TABLE = 'directory.push_attachments';

export interface PushAdapter {
  readonly kind: Exclude<PushAdapterKind, 'none'>;
  /** The `adapter` option of a socket.io `Server`. */
  readonly adapter: NonNullable<ServerOptions['adapter']>;
  /**
   * socket.io's connection-state recovery, when the adapter can keep sessions across nodes (Redis):
   * a client that drops for less than this is given back its rooms and the packets it missed.
   */
  readonly recovery: ServerOptions['connectionStateRecovery'] | null;
  /** For /api/ready: 'ok', or why the adapter's own server does not answer (none of its own: PostgreSQL). */
  check?(): Promise<'ok' | string>;
  /** Ends the adapter's own connections (after the socket.io server closed its adapter). */
  end(): Promise<void>;
}

/** How long a client's session is kept for it to come back to (any node) and get what it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/** The PostgreSQL adapter on its own pool (one LISTEN connection + publishing). */
export function postgresPushAdapter(databaseUrl: string): PushAdapter {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  let ending = false;
  // A lost connection is the adapter's to reconnect (it does, every ~2 s); it must not crash the node.
  pool.on('error', () => undefined);
  const adapter = createAdapter(pool, {
    tableName: PUSH_ATTACHMENTS_TABLE,
    errorHandler: (error: Error) => {
      if (!ending) console.error('[push adapter]', error.message);
    },
  });
  return {
    kind: 'postgres',
    adapter,
    recovery: null,
    async end() {
      ending = true;
      // The adapter's last NOTIFY (« this node leaves ») is in flight: let it go before the pool ends.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await pool.end();
    },
  };
}

/**
 * The Redis Streams adapter (REDIS_URL). `redis` is loaded only here: a node on PostgreSQL alone does not
 * carry it. The client reconnects by itself (node-redis's backoff); meanwhile broadcasts wait in its
 * offline queue and /api/ready says Redis does not answer.
 */
export async function redisPushAdapter(redisUrl: string, databaseUrl: string): Promise<PushAdapter> {
  const [{ createClient }, { createAdapter: createStreamsAdapter }] = await Promise.all([
    import('redis'),
    import('@socket.io/redis-streams-adapter'),
  ]);
  const client = createClient({ url: redisUrl, socket: { connectTimeout: 5_000 } });
  let ending = false;
  let lastError = '';
  client.on('error', (error: Error) => {
    // Once per kind of failure, not on every reconnection attempt.
    if (!ending && error.message !== lastError) console.error('[push adapter] Redis:', error.message);
    lastError = error.message;
  });
  client.on('ready', () => {
    if (lastError) console.info('[push adapter] Redis answers again');
    lastError = '';
  });
  // Not awaited: a node starts while Redis is down and catches up when it answers (/api/ready tells).
  void client.connect().catch((error: unknown) => console.error('[push adapter] Redis:', String(error)));
  const prefix = redisKeyPrefix(databaseUrl);
  const adapter = createStreamsAdapter(client, {
    streamName: `${prefix}:push`,
    // Also counts the nodes (NUMSUB): another cluster on the same Redis must not be waited for.
    channelPrefix: `${prefix}:push`,
    sessionKeyPrefix: `${prefix}:session:`,
  });
  return {
    kind: 'redis',
    adapter,
    recovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    async check() {
      if (!client.isReady) return `Redis unreachable${lastError ? `: ${lastError}` : ''}`;
      try {
        const answer = await Promise.race([
          client.ping(),
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 2_000).unref()),
        ]);
        return answer === 'PONG' ? 'ok' : `Redis did not answer PING (${answer})`;
      } catch (error) {
        return `Redis: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
    async end() {
      ending = true;
      // The adapter's own readers were told to stop when the socket.io server closed it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Not connected (Redis down): a QUIT would wait in the offline queue forever.
      if (client.isReady) await client.quit().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}

/**
 * The Redis keys and channels of one cluster: `paie-docs:<database name>`, so installations (or a test's
 * throwaway cluster) sharing one Redis never hear each other's pushes nor wait for each other's nodes.
 */
export function redisKeyPrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
  return `paie-docs:${name}`;
}

/** REDIS_URL as it may be logged: without its password. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The adapter PUSH_ADAPTER / REDIS_URL chose (config.ts), or none. */
export async function pushAdapterFor(config: {
  pushAdapter: PushAdapterKind;
  databaseUrl: string | null;
  redisUrl: string | null;
}): Promise<PushAdapter | null> {
  if (config.pushAdapter === 'redis' && config.redisUrl && config.databaseUrl)
    return redisPushAdapter(config.redisUrl, config.databaseUrl);
  if (config.pushAdapter === 'postgres' && config.databaseUrl) return postgresPushAdapter(config.databaseUrl);
  return null;
}

/**
 * A worker's push: a socket.io server with no transport of its own, member of the cluster through the
 * adapter, so what a job publishes reaches the clients of every API node (through PostgreSQL or Redis
 * alike: the adapter carries the broadcast, the API nodes deliver it and, with Redis, keep it for a
 * client that comes back).
 */
export function pushPublisher(db: Queryable, cluster: PushAdapter): Push {
  const io: PushServer = new Server({ adapter: cluster.adapter, serveClient: false });
  return createPush(io, db, { clustered: true, closeCluster: () => cluster.end() });
}
