import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/socket.ts';
import { createSessionStore } from '../app/sessionStore.ts';
import { createBus, type BusEvent } from '../bus/index.ts';
import { createPush, type PushClient } from './push.ts';

const BADGES = {
  employees: { all: 3, active: 2, inactive: 1, toValidate: 1 },
  campaigns: { validation: 0, finalized: 0, errorRetry: 0, errorDelete: 0, splitting: 0, dispatching: 0, refused: 0 },
  signbooks: { inProgress: 0, toSign: 0, done: 0, refused: 0, error: 0 },
};

let io: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
const handshakes: string[] = [];
const resumed: string[] = [];
const followed: string[] = [];
const valid = new Set(['t1', 't2']);
/** Runs as the server refuses a handshake (the client's token replaced meanwhile, in a test). */
let onRefusal: (() => void) | null = null;

beforeEach(async () => {
  handshakes.length = resumed.length = followed.length = 0;
  const http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.use((socket, next) => {
    const token = String(socket.handshake.auth.token ?? '');
    handshakes.push(token);
    if (valid.has(token)) return next();
    onRefusal?.();
    onRefusal = null;
    const key = token === 'stale' ? 'error.auth.expired-token' : 'error.auth.invalid-token';
    const error = new Error(key) as Error & { data?: unknown };
    error.data = { key };
    next(error);
  });
  io.on('connection', (socket) => {
    socket.emit('badges.updated', BADGES);
    socket.on('session.resume', (token, ack) => {
      resumed.push(token);
      ack(valid.has(token));
    });
    socket.on('campaign.follow', (id, ack) => {
      followed.push(id);
      ack(true);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

let push: PushClient | null = null;
afterEach(async () => {
  push?.stop();
  push = null;
  await io.close();
});

const setup = (token: string, renewToken?: () => Promise<unknown>) => {
  const bus = createBus();
  const events: BusEvent[] = [];
  bus.events$.subscribe((e) => events.push(e));
  const store = createSessionStore(null);
  store.setToken(token);
  push = createPush({
    bus,
    sessionStore: store,
    url,
    socketOptions: { transports: ['websocket'], reconnectionDelay: 20, reconnectionDelayMax: 50 },
    renewToken,
  });
  return { bus, events, store, push };
};

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('push client', () => {
  it('authenticates with the stored token and forwards server events to the bus as push.*', async () => {
    const { events, push } = setup('t1');
    push.start();
    await until(() => events.some((e) => e.type === 'push.badges.updated'));
    expect(handshakes).toEqual(['t1']);
    expect(events.find((e) => e.type === 'push.badges.updated')).toEqual({
      type: 'push.badges.updated',
      payload: BADGES,
    });
    expect(events.some((e) => e.type === 'push.connected')).toBe(true);
    io.emit('session.expired', { key: 'error.auth.refresh-reused' });
    await until(() => events.some((e) => e.type === 'push.session.expired'));
  });

  it('re-authenticates after a token rotation and reconnects after a drop with the current token, re-following', async () => {
    const { bus, events, store, push } = setup('t1');
    push.start();
    await until(() => push.connected);
    push.follow('campaign', 'c-42');
    await until(() => followed.length === 1);
    store.setToken('t2');
    bus.emit({ type: 'api.token.rotated', token: 't2' });
    await until(() => resumed.length === 1);
    expect(resumed).toEqual(['t2']);
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => events.filter((e) => e.type === 'push.connected').length === 2);
    expect(events.some((e) => e.type === 'push.disconnected')).toBe(true);
    expect(handshakes).toEqual(['t1', 't2']);
    await until(() => followed.length === 2);
    expect(followed).toEqual(['c-42', 'c-42']);
  });

  it('says push.reconnected after a drop, not recovered: the server kept nothing for it', async () => {
    const { events, push } = setup('t1');
    push.start();
    await until(() => push.connected);
    expect(events.some((e) => e.type === 'push.reconnected')).toBe(false);
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => events.some((e) => e.type === 'push.reconnected'));
    expect(events.filter((e) => e.type === 'push.reconnected')).toEqual([
      { type: 'push.reconnected', recovered: false },
    ]);
  });

  it('says push.reconnected recovered when the server gave back what was sent meanwhile', async () => {
    // socket.io's connection-state recovery, as the server turns it on with the Redis adapter.
    await io.close();
    const http = createServer();
    io = new Server(http, {
      path: '/socket.io',
      connectionStateRecovery: { maxDisconnectionDuration: 60_000, skipMiddlewares: false },
    });
    io.on('connection', (socket) => void socket.join('org'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const { events, push } = setup('t1');
    push.start();
    await until(() => push.connected);
    io.to('org').emit('badges.updated', BADGES); // the client holds an offset from then on
    await until(() => events.some((e) => e.type === 'push.badges.updated'));
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => !push.connected);
    io.to('org').emit('badges.updated', { ...BADGES, employees: { ...BADGES.employees, toValidate: 7 } });
    await until(() => events.some((e) => e.type === 'push.reconnected'));
    expect(events.filter((e) => e.type === 'push.reconnected')).toEqual([
      { type: 'push.reconnected', recovered: true },
    ]);
    // The badge pushed while it was away came back with the reconnection.
    await until(() => events.some((e) => e.type === 'push.badges.updated' && e.payload.employees.toValidate === 7));
  });

  it('reports a refused handshake as api.session.expired', async () => {
    const { events, push } = setup('revoked');
    push.start();
    await until(() => events.some((e) => e.type === 'api.session.expired'));
    expect(events.find((e) => e.type === 'api.session.expired')).toEqual({
      type: 'api.session.expired',
      key: 'error.auth.invalid-token',
    });
    expect(push.connected).toBe(false);
  });

  it('comes back with the current token when its handshake’s token was replaced meanwhile (a domain switch)', async () => {
    const ctx = setup('before-switch');
    onRefusal = () => ctx.store.setToken('t1');
    ctx.push.start();
    await until(() => ctx.push.connected);
    expect(handshakes).toEqual(['before-switch', 't1']);
    expect(ctx.events.some((e) => e.type === 'api.session.expired')).toBe(false);
  });

  it('renews an expired access token and connects with the new one instead of ending the session', async () => {
    let renewals = 0;
    const ctx = setup('stale', async () => {
      renewals += 1;
      ctx.store.setToken('t1');
    });
    ctx.push.start();
    await until(() => ctx.push.connected);
    expect(renewals).toBe(1);
    expect(handshakes).toEqual(['stale', 't1']);
    expect(ctx.events.some((e) => e.type === 'api.session.expired')).toBe(false);
  });

  it('comes back with its current token when the server closes the socket at token expiry, not after a revocation', async () => {
    const { events, store, push } = setup('t1');
    push.start();
    await until(() => push.connected);
    store.setToken('t2');
    for (const socket of io.sockets.sockets.values()) socket.disconnect(true);
    await until(() => handshakes.length === 2);
    expect(handshakes).toEqual(['t1', 't2']);
    await until(() => push.connected);

    for (const socket of io.sockets.sockets.values()) {
      socket.emit('session.expired', { key: 'error.auth.invalid-token' });
      socket.disconnect(true);
    }
    await until(() => events.some((e) => e.type === 'push.session.expired'));
    await new Promise((r) => setTimeout(r, 200));
    expect(handshakes).toHaveLength(2);
  });
});
