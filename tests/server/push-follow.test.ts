/**
 * A follow answers with the followed thing as it is now (issue 17): socket.io's PostgreSQL adapter
 * keeps no missed packets, so a client that reconnects — to the same node or another — and follows
 * again must not miss a final status reached while it was away. Campaigns answer `campaign.updated`,
 * signbooks `signbook.updated` in the follower's own view; a refused follow answers nothing.
 */
import { describe, expect, it } from 'vitest';
import { login } from './support/server.ts';
import { onboard } from './rights-support.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';

const server = pushServer();

async function connected(token: string): Promise<Client> {
  const client = server.open({ token });
  await Promise.all([nextEvent(client, 'rooms.joined'), nextEvent(client, 'badges.updated')]);
  return client;
}

const follow = (client: Client, event: 'campaign.follow' | 'signbook.follow', id: string) =>
  new Promise<boolean>((resolve) => client.emit(event, id, (ok: boolean) => resolve(ok)));

describe('a follow answers with the current state', () => {
  it('sends a followed signbook as it is now, a status reached while away included', async () => {
    const admin = await login(server.app, 'admin');
    const { rows } = await server.t.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM dom_main.signbooks ORDER BY created_at LIMIT 1`,
    );
    const signbook = rows[0]!;
    const client = await connected(admin.access);
    const first = nextEvent<{ id: string; status: string }>(client, 'signbook.updated', (s) => s.id === signbook.id);
    expect(await follow(client, 'signbook.follow', signbook.id)).toBe(true);
    expect((await first).status).toBe(signbook.status);

    // Refused while the client was away (no push reached it): following again brings the final status.
    client.disconnect();
    await server.t.db.query(`UPDATE dom_main.signbooks SET status = 'REFUSED', completed_at = now() WHERE id = $1`, [
      signbook.id,
    ]);
    const again = await connected(admin.access);
    const current = nextEvent<{ id: string; status: string }>(again, 'signbook.updated', (s) => s.id === signbook.id);
    expect(await follow(again, 'signbook.follow', signbook.id)).toBe(true);
    expect((await current).status).toBe('REFUSED');
  });

  it('sends a followed campaign as it is now', async () => {
    const admin = await login(server.app, 'admin');
    const { rows } = await server.t.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM dom_main.campaigns ORDER BY created_at LIMIT 1`,
    );
    const client = await connected(admin.access);
    const current = nextEvent<{ id: string; status: string }>(client, 'campaign.updated', (c) => c.id === rows[0]!.id);
    expect(await follow(client, 'campaign.follow', rows[0]!.id)).toBe(true);
    expect((await current).status).toBe(rows[0]!.status);
  });

  it('answers nothing to a follow refused for want of ParaphList', async () => {
    const admin = await login(server.app, 'admin');
    const { session } = await onboard(server.app, server.t.db, admin, { features: ['EmpList'] });
    const { rows } = await server.t.db.query<{ id: string }>(`SELECT id FROM dom_main.signbooks LIMIT 1`);
    const client = await connected(session.access);
    const heard: unknown[] = [];
    client.on('signbook.updated', (s) => heard.push(s));
    expect(await follow(client, 'signbook.follow', rows[0]!.id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });
});
