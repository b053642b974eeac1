/**
 * Push across nodes (issue 17) with socket.io's PostgreSQL adapter: every broadcast (`io.to(room)`),
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
 * recomputed at the handshake and by the current state each `*.follow` answers with (push.ts).
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import type { Queryable } from '../db/db.ts';
import { type Push, type PushServer, createPush } from './push.ts';

export const PUSH_ATTACHMENTS_TABLE = 'directory.push_attachments';

export interface PushAdapter {
  /** The `adapter` option of a socket.io `Server`. */
  readonly adapter: ReturnType<typeof createAdapter>;
  /** Ends the adapter's own pool (after the socket.io server closed its adapter). */
  end(): Promise<void>;
}

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
    adapter,
    async end() {
      ending = true;
      // The adapter's last NOTIFY (« this node leaves ») is in flight: let it go before the pool ends.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await pool.end();
    },
  };
}

/**
 * A worker's push: a socket.io server with no transport of its own, member of the cluster through the
 * adapter, so what a job publishes reaches the clients of every API node.
 */
export function pushPublisher(db: Queryable, databaseUrl: string): Push {
  const cluster = postgresPushAdapter(databaseUrl);
  const io: PushServer = new Server({ adapter: cluster.adapter, serveClient: false });
  return createPush(io, db, { clustered: true, closeCluster: () => cluster.end() });
}
