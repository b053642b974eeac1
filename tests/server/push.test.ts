import type { FastifyInstance } from 'fastify';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCounts } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { roomForOrg } from '../../src/contract/socket.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { authHeaders, login } from './support/server.ts';

const server = pushServer();
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = server);
});
const open = (token: string): Client => server.open({ token });
const once = <T>(client: Client, event: string, ms = 5000): Promise<T> => nextEvent<T>(client, event, undefined, ms);

describe('push', () => {
  it('authenticates the handshake, sends the badge counts on connect and joins only visible rooms', async () => {
    const admin = await login(app, 'admin');
    const client = open(admin.access);
    const [rooms, badges] = await Promise.all([
      once<{ domain: string; orgIds: string[] }>(client, 'rooms.joined'),
      once<BadgeCounts>(client, 'badges.updated'),
    ]);
    const http = (await app.inject({ method: 'GET', url: '/api/hrdesk/badges', headers: authHeaders(admin) })).json();
    expect(badges).toEqual(http);
    expect(rooms.domain).toBe('main');
    expect(rooms.orgIds).toContain(orgId('main', ROOT_MAIN));
    expect(rooms.orgIds).not.toContain(orgId('main', ROOT_TRIAL));

    const inTrialRoom = await app.io!.in(roomForOrg('main', orgId('main', ROOT_TRIAL))).fetchSockets();
    expect(inTrialRoom.map((s) => s.id)).not.toContain(client.id);
    const inLegacyRoom = await app.io!.in(roomForOrg('legacy', orgId('legacy', ROOT_LEGACY))).fetchSockets();
    expect(inLegacyRoom).toHaveLength(0);
    const inMainRoom = await app.io!.in(roomForOrg('main', orgId('main', ROOT_MAIN))).fetchSockets();
    expect(inMainRoom.map((s) => s.id)).toContain(client.id);
  });

  it('refuses a bad token with the key in connect_error', async () => {
    const client = open('not-a-token');
    const error = await once<Error & { data?: { key: string } }>(client, 'connect_error');
    expect(error.message).toBe(ERROR_KEYS.authInvalidToken);
    expect(error.data?.key).toBe(ERROR_KEYS.authInvalidToken);
    const none = open('');
    expect((await once<Error>(none, 'connect_error')).message).toBe(ERROR_KEYS.authMissingToken);
  });

  it('delivers an organisation event to its followers only', async () => {
    const [adminSession, essaiSession] = [await login(app, 'admin'), await login(app, 'essai')];
    const admin = open(adminSession.access);
    const essai = open(essaiSession.access);
    await Promise.all([once(admin, 'rooms.joined'), once(essai, 'rooms.joined')]);
    let adminGot = false;
    admin.on('signbook.updated', () => (adminGot = true));
    const received = once<{ id: string }>(essai, 'signbook.updated');
    app.push.publishToOrg('main', orgId('main', ROOT_TRIAL), 'signbook.updated', { id: 'sb-1' } as never);
    expect((await received).id).toBe('sb-1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(adminGot).toBe(false);
  });

  it('re-joins with a new token on session.resume and ends the socket on logout', async () => {
    const first = await login(app, 'multi');
    const client = open(first.access);
    expect((await once<{ domain: string }>(client, 'rooms.joined')).domain).toBe('legacy');
    const switched = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain',
      headers: authHeaders(first),
      payload: { domain: 'main' },
    });
    const access = switched.headers['set-authorization'] as string;
    const rejoined = once<{ domain: string; orgIds: string[] }>(client, 'rooms.joined');
    const ok = await client.emitWithAck('session.resume', access);
    expect(ok).toBe(true);
    expect((await rejoined).orgIds).toContain(orgId('main', ROOT_MAIN));
    expect(await client.emitWithAck('session.resume', 'garbage')).toBe(false);

    const expired = once<{ key: string }>(client, 'session.expired');
    const disconnected = once<string>(client, 'disconnect');
    await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/logout',
      headers: { authorization: `Bearer ${access}` },
    });
    expect((await expired).key).toBe(ERROR_KEYS.authInvalidToken);
    expect(await disconnected).toBe('io server disconnect');
  });
});
