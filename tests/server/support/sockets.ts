/**
 * Socket suites: a seeded app listening on a free port with push on, socket.io clients that are all
 * disconnected at the end, and a wait for the next matching event.
 */
import type { FastifyInstance } from 'fastify';
import { type Socket, io as connect } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '../../../src/contract/socket.ts';
import type { Config } from '../../../src/server/config.ts';
import { type TestDb, createSeededDb, testApp } from './server.ts';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PushServer {
  readonly t: TestDb;
  readonly app: FastifyInstance;
  /** A client for this server; `auth` is the handshake (`{ token }` or `{ guestToken }`). */
  open(auth: Record<string, string>): Client;
}

/** Registers beforeAll/afterAll; the returned object is usable inside tests. */
export function pushServer(overrides: Partial<Config> = {}): PushServer {
  const clients: Client[] = [];
  const state = {} as { t: TestDb; app: FastifyInstance; base: string };
  beforeAll(async () => {
    state.t = await createSeededDb();
    state.app = await testApp(state.t.db, overrides, true);
    state.base = await state.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await state.app?.close();
    await state.t?.dispose();
  });
  return {
    get t() {
      return state.t;
    },
    get app() {
      return state.app;
    },
    open(auth) {
      const client: Client = connect(state.base, {
        path: SOCKET_PATH,
        auth,
        transports: ['websocket'],
        reconnection: false,
      });
      clients.push(client);
      return client;
    },
  };
}

/** The next `event` on `client` whose value `pick` accepts (any value by default), or a rejection after `ms`. */
export const nextEvent = <T>(
  client: Client,
  event: string,
  pick: (value: T) => boolean = () => true,
  ms = 8000,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const raw = client as unknown as Socket;
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (value: T) => {
      if (!pick(value)) return;
      clearTimeout(timer);
      raw.off(event, listener);
      resolve(value);
    };
    raw.on(event, listener);
  });
