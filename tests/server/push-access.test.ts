/**
 * A socket lives no longer than what let it in (issue 10, point 5): it leaves an organisation's room
 * the moment its user stops seeing the organisation, it is closed when its access token expires, and
 * when its session is revoked (logout, password change).
 */
import { describe, expect, it } from 'vitest';
import { roomForOrg } from '../../src/contract/socket.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';
import { authHeaders, login } from './support/server.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';

const server = pushServer({ accessTokenTtlS: 4 });
const PARIS = orgId('main', 'Horizon Services Paris');
const LYON = orgId('main', 'Horizon Logistique Lyon');

const inRoom = async (orgIdValue: string, client: Client) =>
  (await server.app.io!.in(roomForOrg('main', orgIdValue)).fetchSockets()).some((s) => s.id === client.id);
const disconnected = (client: Client, ms = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('sockets follow access', () => {
  it("leave an organisation's room at once when its user no longer sees it", async () => {
    const { app } = server;
    const admin = await login(app, 'admin');
    // A new organisation under Paris: sansmail (who sees Paris and below) follows it live.
    const created = await app.inject({
      method: 'POST',
      url: '/api/org/organization',
      headers: authHeaders(admin),
      payload: { name: 'Horizon Paris Annexe', siret: makeSiret('51234567', '0977'), city: 'Paris', parentId: PARIS },
    });
    expect(created.statusCode, created.body).toBe(201);
    const annex = created.json().id as string;

    const sansmail = await login(app, 'sansmail');
    const client = server.open({ token: sansmail.access });
    const joined = await nextEvent<{ orgIds: string[] }>(client, 'rooms.joined');
    expect(joined.orgIds).toContain(annex);
    expect(await inRoom(annex, client)).toBe(true);

    // The annex moves under Lyon, which sansmail does not see: the socket leaves its room at once.
    const rejoined = nextEvent<{ orgIds: string[] }>(client, 'rooms.joined');
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/org/organization/${annex}`,
      headers: authHeaders(admin),
      payload: { ...(created.json() as Record<string, unknown>), parentId: LYON },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rejoined).orgIds).not.toContain(annex);
    expect(await inRoom(annex, client)).toBe(false);
    expect(await inRoom(PARIS, client)).toBe(true);
    let heard = false;
    client.on('signbook.updated', () => (heard = true));
    app.push.publishToOrg('main', annex, 'signbook.updated', { id: 'after-move' } as never);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(false);
    client.disconnect();
  });

  it('a removed access row closes the rooms it opened (direct change, then accessChanged)', async () => {
    const { app, t } = server;
    const paie = await login(app, 'paie');
    const client = server.open({ token: paie.access });
    await nextEvent(client, 'rooms.joined');
    expect(await inRoom(LYON, client)).toBe(true);
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM directory.users WHERE login = 'paie'`);
    await t.db.query(
      `UPDATE directory.user_org_access SET org_id = $2, include_children = false WHERE user_id = $1 AND domain = 'main'`,
      [rows[0]!.id, PARIS],
    );
    await app.push.accessChanged({ userId: rows[0]!.id });
    expect(await inRoom(LYON, client)).toBe(false);
    expect(await inRoom(PARIS, client)).toBe(true);
    client.disconnect();
  });

  it('closes a socket when its access token expires; the token it presented no longer opens one', async () => {
    const { app } = server;
    const admin = await login(app, 'admin');
    const client = server.open({ token: admin.access });
    await nextEvent(client, 'rooms.joined');
    const started = Date.now();
    expect(await disconnected(client)).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(8_000);
    const again = server.open({ token: admin.access });
    const refused = await nextEvent<Error>(again, 'connect_error');
    expect(refused.message).toBe('error.auth.expired-token');
  });

  it('closes the sockets of a revoked session at once (logout)', async () => {
    const { app } = server;
    const essai = await login(app, 'essai');
    const client = server.open({ token: essai.access });
    await nextEvent(client, 'rooms.joined');
    const expired = nextEvent<{ key: string }>(client, 'session.expired');
    const gone = disconnected(client, 3_000);
    await app.inject({ method: 'POST', url: '/api/user/rh-user/logout', headers: authHeaders(essai) });
    expect((await expired).key).toBe('error.auth.invalid-token');
    await gone;
  });
});
