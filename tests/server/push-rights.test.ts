/**
 * Push follows rights (issue 11): organisation events reach only the sockets whose session holds the
 * feature they need (campaigns: DocListDispatch, signbooks: ParaphList; badges: everyone), and a
 * change of rights moves a socket's rooms at once; deactivating a user closes their sockets.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { UserAdminView } from '../../src/contract/rights.ts';
import { asInput, caller, onboard, PARIS } from './rights-support.ts';
import { login } from './support/server.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';

const server = pushServer();
const call = caller(() => server.app);

/** Every event of `name` a client hears from now on. */
const heard = (client: Client, name: string): unknown[] => {
  const seen: unknown[] = [];
  (client as unknown as { on(event: string, fn: (value: unknown) => void): void }).on(name, (v) => seen.push(v));
  return seen;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const campaign = (name: string) => ({ id: name, organizationId: PARIS, name }) as never;
const signbook = (name: string) => ({ id: name, organizationId: PARIS, name }) as never;
const publish = () => {
  server.app.push.publishToOrg('main', PARIS, 'campaign.updated', campaign('c'));
  server.app.push.publishToOrg('main', PARIS, 'signbook.updated', signbook('s'));
};

async function connected(token: string): Promise<Client> {
  const client = server.open({ token });
  await Promise.all([nextEvent(client, 'rooms.joined'), nextEvent(client, 'badges.updated')]);
  return client;
}

describe('push rooms follow rights', () => {
  it('send campaign events only with DocListDispatch and signbook events only with ParaphList', async () => {
    const admin = await login(server.app, 'admin');
    const campaigns = await onboard(server.app, server.t.db, admin, { features: ['EmpList', 'DocListDispatch'] });
    const signing = await onboard(server.app, server.t.db, admin, { features: ['EmpList', 'ParaphList'] });
    const a = await connected(campaigns.session.access);
    const b = await connected(signing.session.access);
    const [aCampaigns, aSignbooks, bCampaigns, bSignbooks] = [
      heard(a, 'campaign.updated'),
      heard(a, 'signbook.updated'),
      heard(b, 'campaign.updated'),
      heard(b, 'signbook.updated'),
    ];
    publish();
    await settle();
    expect([aCampaigns.length, aSignbooks.length, bCampaigns.length, bSignbooks.length]).toEqual([1, 0, 0, 1]);

    // Granted DocListDispatch: b's rooms change at once, without a new login or reconnection.
    const view = (await call('GET', `/user/${signing.user.id}`, admin)).json() as UserAdminView;
    const moved = nextEvent(b, 'rooms.joined');
    const granted = await call(
      'PUT',
      `/rh-user/${view.id}`,
      admin,
      asInput(view, { features: ['EmpList', 'ParaphList', 'DocListDispatch'] }),
    );
    expect(granted.statusCode, granted.body).toBe(200);
    await moved;
    publish();
    await settle();
    expect(bCampaigns).toHaveLength(1);

    // Taken back: the room is left at once.
    const left = nextEvent(b, 'rooms.joined');
    await call(
      'PUT',
      `/rh-user/${view.id}`,
      admin,
      asInput(granted.json() as UserAdminView, { features: ['EmpList'] }),
    );
    await left;
    publish();
    await settle();
    expect([bCampaigns.length, bSignbooks.length]).toEqual([1, 2]);
  });

  it('move with a group’s rights as well, and refuse to follow a page without its feature', async () => {
    const admin = await login(server.app, 'admin');
    const { user, session } = await onboard(server.app, server.t.db, admin, { features: ['EmpList'] });
    const client = await connected(session.access);
    const events = heard(client, 'campaign.updated');
    const follow = (id: string) =>
      new Promise<boolean>((resolve) => client.emit('campaign.follow', id, (ok: boolean) => resolve(ok)));
    const { rows } = await server.t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.campaigns WHERE organization_id = $1 LIMIT 1`,
      [PARIS],
    );
    expect(await follow(rows[0]!.id)).toBe(false);

    const moved = nextEvent(client, 'rooms.joined');
    const group = await call('POST', '/rh-user-group', admin, {
      name: 'Suivi des campagnes',
      features: ['DocListDispatch'],
      memberIds: [user.id],
    });
    expect(group.statusCode, group.body).toBe(200);
    await moved;
    publish();
    await settle();
    expect(events).toHaveLength(1);
    expect(await follow(rows[0]!.id)).toBe(true);
  });

  it('close the sockets of a deactivated user at once', async () => {
    const admin = await login(server.app, 'admin');
    const { user, session } = await onboard(server.app, server.t.db, admin, { features: ['EmpList'] });
    const client = await connected(session.access);
    const expired = nextEvent<{ key: string }>(client, 'session.expired');
    const gone = new Promise<void>((resolve) => client.once('disconnect', () => resolve()));
    const res = await call('DELETE', `/rh-user/${user.id}`, admin);
    expect(res.json()).toEqual({ outcome: 'deactivated' });
    expect((await expired).key).toBe(ERROR_KEYS.authInvalidToken);
    await gone;
    // Its token no longer opens a socket.
    const again = server.open({ token: session.access });
    const refused = await new Promise<string>((resolve) => again.once('connect_error', (e) => resolve(e.message)));
    expect(refused).toBe(ERROR_KEYS.authInvalidToken);
  });
});
