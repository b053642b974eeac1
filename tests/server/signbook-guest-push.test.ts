/**
 * Live guest pages: a signatory without an account connects with its signing link's token
 * (`auth: { guestToken }`) and hears `signbook.updated` — its own guest view — when another signatory
 * of its signbook signs; never another signbook's. A made-up link's token is refused at the handshake.
 */
import type { FastifyInstance } from 'fastify';
import { type Client, pushServer } from './support/sockets.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { issueGuestToken, linkHash } from '../../src/server/modules/signbook/guest.ts';
import type { SignbookView } from '../../src/contract/signbook.ts';
import { contractPdf, hr, idOf, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, login } from './support/server.ts';

const server = pushServer();
let t: TestDb;
let app: FastifyInstance;
beforeAll(() => {
  ({ t, app } = server);
});
const openGuest = (guestToken: string): Client => server.open({ guestToken });
const connected = (client: Client): Promise<void> =>
  new Promise((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });

async function linkFor(email: string): Promise<string> {
  const { rows } = await t.db.query<{ body: string }>(
    `SELECT body FROM directory.outbox WHERE recipient = $1 AND subject LIKE 'Document à signer%' ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  return rows[0]!.body.match(/\/signworkflows\/guest\/(\S+)/)![1]!;
}

/** A started signbook whose one step is the admin and an employee (a guest, mailed its link at once). */
async function withGuest(admin: LoggedIn, name: string, offset: number) {
  const paris = await orgId(t.db, 'Horizon Services Paris');
  const employeeId = await idOf(
    t.db,
    `SELECT e.id FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND e.email IS NOT NULL ORDER BY e.name OFFSET $2 LIMIT 1`,
    [paris, offset],
  );
  const { rows } = await t.db.query<{ email: string }>(`SELECT email FROM dom_main.employees WHERE id = $1`, [
    employeeId,
  ]);
  const created = await hr(app).upload(
    admin,
    {
      name,
      organizationId: paris,
      steps: [
        {
          signatories: [
            { type: 'user', userId: await userId(t.db, 'admin') },
            { type: 'employee', employeeId },
          ],
        },
      ],
    },
    [{ name: 'guest.pdf', bytes: await contractPdf(name) }],
  );
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().signbook.id as string, token: await linkFor(rows[0]!.email) };
}

async function adminSigns(admin: LoggedIn, id: string): Promise<void> {
  const api = hr(app);
  await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, admin, { mode: 'email' });
  const code = await lastCode(t.db, 'camille.martin@horizon-demo.fr');
  expect((await api.call('POST', `/sign-workflow/sign/${id}`, admin, { codeSignature: code })).statusCode).toBe(200);
}

describe('guest push', () => {
  it("a guest's page hears its own signbook change live, and nothing of another signbook", async () => {
    const admin = await login(app, 'admin');
    const mine = await withGuest(admin, 'Guest en direct', 0);
    const other = await withGuest(admin, 'Autre signbook', 1);
    const guest = openGuest(mine.token);
    await connected(guest);

    const heard: SignbookView[] = [];
    const ownUpdate = new Promise<SignbookView>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no signbook.updated within 8 s')), 8000);
      guest.on('signbook.updated', (pushed) => {
        const view = pushed as SignbookView; // the event's payload is the signbook view the route answers
        heard.push(view);
        if (view.id !== mine.id) return;
        clearTimeout(timer);
        resolve(view);
      });
    });
    await adminSigns(admin, other.id); // published before the next one, on the same ordered socket
    await adminSigns(admin, mine.id);

    const view = await ownUpdate;
    const asGuest = await app.inject({ method: 'GET', url: `/api/hrdesk/sign-workflow/guest/${mine.token}` });
    expect(view).toEqual(asGuest.json());
    expect([view.canSign, view.steps[0]!.signatories.map((g) => g.state).sort()]).toEqual([
      true,
      ['signed', 'waiting'],
    ]);
    expect(heard.map((v) => v.id)).toEqual([mine.id]);
  }, 30_000);

  it("a guest's view names the other signatories but shows neither their contact details nor ids", async () => {
    const admin = await login(app, 'admin');
    const mine = await withGuest(admin, 'Vue du guest', 4);
    const res = await app.inject({ method: 'GET', url: `/api/hrdesk/sign-workflow/guest/${mine.token}` });
    const view = res.json() as SignbookView;
    const everyone = view.steps.flatMap((s) => s.signatories);
    const own = everyone.find((g) => g.id === view.mySignatoryId)!;
    const others = everyone.filter((g) => g.id !== view.mySignatoryId);
    expect(own.email).toBeTruthy();
    expect(others.length).toBeGreaterThan(0);
    for (const g of others) {
      expect([g.email, g.phone, g.userId, g.employeeId]).toEqual([null, null, null, null]);
      expect(g.name).toBeTruthy();
    }
    expect(view.createdBy).toBeNull();
    // The creator's own view keeps them.
    const asAdmin = await hr(app).call('GET', `/sign-workflow/${mine.id}`, admin);
    const adminSide = (asAdmin.json() as SignbookView).steps.flatMap((s) => s.signatories);
    expect(adminSide.every((g) => g.email)).toBe(true);
  });

  it('a link replaced since the socket connected hears nothing more: the socket is closed at the next change', async () => {
    const admin = await login(app, 'admin');
    const mine = await withGuest(admin, 'Lien remplacé', 2);
    const guest = openGuest(mine.token);
    await connected(guest);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.signatories WHERE access_token_hash = $1`,
      [linkHash(mine.token)],
    );
    const fresh = await issueGuestToken(t.db, 'main', rows[0]!.id); // a new link mailed: the old one opens nothing
    const heard: unknown[] = [];
    guest.on('signbook.updated', (view) => heard.push(view));
    const closed = new Promise<string>((resolve) => guest.once('disconnect', resolve));
    await adminSigns(admin, mine.id);
    expect(await closed).toBe('io server disconnect');
    expect(heard).toEqual([]);
    // The new link hears the next change.
    const renewed = openGuest(fresh);
    await connected(renewed);
    expect((await app.inject({ method: 'GET', url: `/api/hrdesk/sign-workflow/guest/${mine.token}` })).statusCode).toBe(
      404,
    );
  }, 30_000);

  it("a deleted signbook's guest sockets are closed", async () => {
    const admin = await login(app, 'admin');
    const mine = await withGuest(admin, 'Signbook supprimé', 3);
    const guest = openGuest(mine.token);
    await connected(guest);
    const closed = new Promise<string>((resolve) => guest.once('disconnect', resolve));
    const removed = await hr(app).call('DELETE', `/sign-workflow/${mine.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await closed).toBe('io server disconnect');
  }, 30_000);

  it('a made-up or malformed link token is refused at the handshake', async () => {
    for (const token of ['main.inventé', 'nope']) {
      const error = await connected(openGuest(token)).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(error).toBe(ERROR_KEYS.notFound);
    }
  });
});
