/**
 * Issue 17, push across nodes through Redis (REDIS_URL: socket.io's Redis Streams adapter) instead of
 * PostgreSQL: API node A, API node B and a worker on one throwaway PostgreSQL database, all with
 * REDIS_URL (cluster.test.ts runs the same layout on the PostgreSQL adapter).
 *
 * - Each node says at startup which adapter carries push; /api/ready reports that Redis answers.
 * - A campaign created on A: A's own push and the worker's (a socket.io server with no transport,
 *   member of the cluster through Redis) reach a client of B.
 * - Connection-state recovery: a client of B whose connection drops, and which comes back on A after
 *   pushes were sent meanwhile, is told `recovered` and gets what it missed; a client whose node was
 *   killed (nothing kept its session) is not, and the web client then refetches its lists.
 *
 * Skipped, saying why, when PostgreSQL (PG_ADMIN_URL; in CI only with TEST_DATABASE_URL) or Redis
 * (TEST_REDIS_URL, default redis://127.0.0.1:6379) does not answer, or SKIP_REDIS=1.
 */
import type { ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { type Socket, io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/contract/socket.ts';
import { openDb } from '../../src/server/db/db.ts';
import { redisKeyPrefix } from '../../src/server/push/cluster.ts';
import { type ThrowawayDatabase, createThrowawayDatabase } from '../../src/server/db/testing.ts';
import { creationForm, creationJson } from './support/campaignCreate.ts';
import { killAll, killGroup, until } from './support/child.ts';
import { bearer, postgresAnswers, startNode, tokenOn } from './support/cluster.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** One inline command over a plain socket (the test needs no Redis client of its own); its first answer line. */
async function redisSays(url: string, command: string): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (answer: string | null) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(null));
    socket.once('error', () => done(null));
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.once('data', (data) => done(data.toString().split('\r\n')[0] ?? ''));
  });
}

async function redisAnswers(url: string): Promise<boolean> {
  if (process.env.SKIP_REDIS === '1') return false;
  // A server with a password answers -NOAUTH: it answers, and the URL carries the password.
  return /^(\+PONG|-NOAUTH)/.test((await redisSays(url, 'PING')) ?? '');
}

const postgres = await postgresAnswers();
const redis = await redisAnswers(REDIS_URL);
const skipped = !postgres
  ? 'skipped: no PostgreSQL answers (PG_ADMIN_URL; in CI TEST_DATABASE_URL)'
  : !redis
    ? `skipped: no Redis answers at ${REDIS_URL} (TEST_REDIS_URL) or SKIP_REDIS=1`
    : null;
if (skipped) console.warn(`[cluster-redis] ${skipped}`);

const children = new Set<ChildProcess>();
let database: ThrowawayDatabase | null = null;
const sockets: Socket[] = [];

afterAll(async () => {
  for (const s of sockets) s.close();
  killAll(children);
  // The throwaway cluster's stream (its sessions expire by themselves).
  if (database) await redisSays(REDIS_URL, `DEL ${redisKeyPrefix(database.url)}:push`);
  await database?.drop();
});

interface Heard {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

/** A client of one node; `recoverFrom` presents another socket's session (what a browser's socket does on its own). */
function client(base: string, token: string, recoverFrom?: Socket) {
  const s = connect(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
  });
  if (recoverFrom) {
    // socket.io-client keeps them privately and sends them on its own reconnections (its `auth`
    // with `pid` and `offset`): a reconnection through a balancer to the other node, done by hand.
    const from = recoverFrom as unknown as { _pid?: string; _lastOffset?: string };
    const to = s as unknown as { _pid?: string; _lastOffset?: string };
    to._pid = from._pid;
    to._lastOffset = from._lastOffset;
  }
  const heard: Heard[] = [];
  s.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload }));
  s.connect();
  sockets.push(s);
  return { socket: s, heard };
}

const joined = (heard: readonly Heard[]) => heard.some((h) => h.event === 'rooms.joined');

describe.skipIf(skipped !== null)(
  `push across nodes through Redis (two API nodes and a worker)${skipped ? ` — ${skipped}` : ''}`,
  () => {
    it('carries pushes from an API node and a worker to another node, and recovers what a dropped client missed', async () => {
      database = await createThrowawayDatabase('hr_cluster_redis');
      const url = database.url;
      const env = { REDIS_URL };
      const a = await startNode('A', 'api', url, children, env);
      const [b, worker] = await Promise.all([
        startNode('B', 'api', url, children, env),
        startNode('W', 'worker', url, children, env),
      ]);
      const db = await openDb({ databaseUrl: url, poolMax: 2 });
      try {
        for (const node of [a, b, worker]) expect(node.output()).toContain('Push across nodes: Redis Streams adapter');
        expect(worker.output()).toContain('publishing through the Redis push adapter');
        const ready = (await (await fetch(`${a.base}/api/ready`)).json()) as { checks: Record<string, string> };
        expect(ready.checks.push).toBe('ok');

        const admin = await tokenOn(a.base, 'admin', 'Admin!2026');
        const sample = await fetch(`${a.base}/api/dispatch/dispatch/sample/payroll.pdf?pages=24`, {
          headers: bearer(admin),
        });
        expect(sample.status).toBe(200);
        const payroll = new Uint8Array(await sample.arrayBuffer());
        const createOnA = async (name: string): Promise<string> => {
          const res = await fetch(`${a.base}/api/dispatch/dispatch`, {
            method: 'POST',
            headers: bearer(admin),
            body: creationForm({ json: creationJson({ name }), files: [{ name: 'paie.pdf', bytes: payroll }] }),
          });
          expect(res.status, await res.clone().text()).toBe(200);
          return ((await res.json()) as { id: string }).id;
        };
        const statusOf = async (id: string): Promise<string> =>
          (await db.query<{ status: string }>(`SELECT status FROM dom_main.campaigns WHERE id = $1`, [id])).rows[0]!
            .status;

        // Published on A (the creation) and on the worker (the split's progress and end): heard on B.
        const onB = client(b.base, admin);
        await until('the client of B to join its rooms', 10_000, async () => (joined(onB.heard) ? true : undefined));
        const first = await createOnA('Paie Redis 1');
        const heardFirst = (event: string, status?: string) =>
          onB.heard.some(
            (h) =>
              h.event === event &&
              (h.payload.id === first || h.payload.campaignId === first) &&
              (status === undefined || h.payload.status === status),
          );
        await until('the split of the first campaign, heard on B', 60_000, async () =>
          heardFirst('campaign.updated', 'NEEDS_VALIDATION') ? true : undefined,
        );
        expect(heardFirst('campaign.updated', 'SPLITTING')).toBe(true);

        // The client's connection drops (its transport closes: B keeps its session in Redis). While it
        // is away a second campaign is created on A and split by the worker; it comes back on A.
        onB.socket.io.engine.close();
        await until('B to see the client gone', 5_000, async () => (onB.socket.connected ? undefined : true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        const second = await createOnA('Paie Redis 2');
        await until('the split of the second campaign', 60_000, async () =>
          (await statusOf(second)) === 'NEEDS_VALIDATION' ? true : undefined,
        );
        const back = client(a.base, admin, onB.socket);
        await until('the client to come back on A', 10_000, async () => (joined(back.heard) ? true : undefined));
        expect(back.socket.recovered).toBe(true);
        // What it missed, from the Redis stream: the second campaign from its creation to its end
        // (nothing is pushed about it any more: only the replay can bring these).
        const missed = back.heard.filter((h) => h.event === 'campaign.updated' && h.payload.id === second);
        expect(missed.map((h) => h.payload.status)).toContain('SPLITTING');
        expect(missed.map((h) => h.payload.status)).toContain('NEEDS_VALIDATION');

        // A fresh client has nothing to recover; a client whose node was killed has nothing kept either.
        const fresh = client(a.base, admin);
        await until('a fresh client of A', 10_000, async () => (joined(fresh.heard) ? true : undefined));
        expect(fresh.socket.recovered).toBe(false);
        const onBAgain = client(b.base, admin);
        await until('another client of B', 10_000, async () => (joined(onBAgain.heard) ? true : undefined));
        await killGroup(b);
        await until('the client to lose B', 10_000, async () => (onBAgain.socket.connected ? undefined : true));
        const orphan = client(a.base, admin, onBAgain.socket);
        await until('the orphan client on A', 10_000, async () => (joined(orphan.heard) ? true : undefined));
        expect(orphan.socket.recovered).toBe(false);

        await killGroup(worker);
        await killGroup(a);
      } finally {
        await db.close();
      }
    }, 180_000);
  },
);
