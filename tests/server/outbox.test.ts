/**
 * The demo outbox (issue 10, point 1): nobody reads a message meant for someone else. An anonymous
 * request reads nothing; a session reads only its own user's messages; a guest signing link only
 * its signatory's; on a production server (NODE_ENV=production, or SMTP configured) the routes do
 * not exist. The demo walk still works: each signer reads their own code, and messages nobody can
 * read in the app (reset links, guest invitations) are printed on the server's console.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Echo, createMailPort } from '../../src/server/ports/mail.ts';
import { contractPdf, hr, idOf, orgId, userId } from './signbook-support.ts';
import {
  type LoggedIn,
  type TestDb,
  authHeaders,
  createSeededDb,
  login,
  testApp,
  testConfig,
} from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
const printed: Parameters<Echo>[0][] = [];
let admin: LoggedIn;
let paie: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await buildApp({
    db: t.db,
    config: testConfig(),
    mail: createMailPort(t.db, null, { echo: (m) => printed.unshift(m) }),
  });
  admin = await login(app, 'admin');
  paie = await login(app, 'paie');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const mine = async (session: LoggedIn | null): Promise<{ status: number; list: OutboxMessage[] }> => {
  const res = await app.inject({
    method: 'GET',
    url: routeUrl('outbox.list'),
    ...(session ? { headers: authHeaders(session) } : {}),
  });
  return { status: res.statusCode, list: res.statusCode === 200 ? (res.json() as OutboxMessage[]) : [] };
};
const guestOutbox = async (token: string) =>
  app.inject({ method: 'GET', url: routeUrl('signbooks.guestOutbox', { token }) });

/** A signbook: step 1 admin, step 2 two employees of Horizon Services Paris (guests). */
async function twoGuests(): Promise<{ id: string; guests: { id: string; email: string; token: string }[] }> {
  const paris = await orgId(t.db, 'Horizon Services Paris');
  const { rows } = await t.db.query<{ id: string; email: string }>(
    `SELECT e.id, e.email FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND e.email IS NOT NULL ORDER BY e.name, e.id LIMIT 2`,
    [paris],
  );
  const api = hr(app);
  const created = await api.upload(
    admin,
    {
      name: 'Accord télétravail',
      organizationId: paris,
      docTypeCode: 'CONTRAT_TRAVAIL',
      sendToPersonalSafe: false,
      steps: [
        {
          signatories: rows.map((r) => ({ type: 'employee', employeeId: r.id })),
        },
      ],
    },
    [{ name: 'accord.pdf', bytes: await contractPdf('Accord télétravail') }],
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().signbook.id as string;
  const guests = rows.map((r) => {
    const invitation = printed.find((m) => m.to === r.email && m.subject.startsWith('Document à signer'));
    const token = invitation?.body.match(/\/signworkflows\/guest\/(\S+)/)?.[1];
    if (!token) throw new Error(`no invitation printed for ${r.email}`);
    return { ...r, token };
  });
  return { id, guests };
}

describe('the demo outbox', () => {
  it('answers nothing to an anonymous visitor, even right after a reset request for admin', async () => {
    const lost = await app.inject({
      method: 'POST',
      url: routeUrl('users.passwordLost'),
      payload: { email: 'camille.martin@horizon-demo.fr' },
    });
    expect(lost.statusCode).toBe(204);
    const anonymous = await app.inject({ method: 'GET', url: routeUrl('outbox.list') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('token-reinitialization');
    // The reset link reached the console, as a development mail catcher shows it.
    expect(printed[0]).toMatchObject({ channel: 'email', to: 'camille.martin@horizon-demo.fr' });
    expect(printed[0]!.body).toContain('/token-reinitialization/');
  });

  it("a session reads its own messages and never another user's", async () => {
    await app.inject({
      method: 'POST',
      url: routeUrl('users.passwordLost'),
      payload: { email: 'camille.martin@horizon-demo.fr' },
    });
    const asPaie = await mine(paie);
    expect(asPaie.status).toBe(200);
    expect(asPaie.list.some((m) => m.to === 'camille.martin@horizon-demo.fr')).toBe(false);
    expect(JSON.stringify(asPaie.list)).not.toContain('token-reinitialization');
    const asAdmin = await mine(admin);
    expect(asAdmin.list.length).toBeGreaterThan(0);
    expect(asAdmin.list.every((m) => m.to === 'camille.martin@horizon-demo.fr')).toBe(true);
  });

  it('a user signatory reads their own code; another user does not see it', async () => {
    const paris = await orgId(t.db, 'Horizon Services Paris');
    const api = hr(app);
    const created = await api.upload(
      admin,
      {
        name: 'Note de service',
        organizationId: paris,
        docTypeCode: 'CONTRAT_TRAVAIL',
        sendToPersonalSafe: false,
        steps: [{ signatories: [{ type: 'user', userId: await userId(t.db, 'admin') }] }],
      },
      [{ name: 'note.pdf', bytes: await contractPdf('Note de service') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().signbook.id as string;
    const asked = await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, admin, { mode: 'email' });
    expect(asked.json()).toMatchObject({ outbox: true });
    const code = (await mine(admin)).list.find((m) => m.subject === 'Code de signature : Note de service');
    expect(code?.body).toMatch(/est : \d{6}/);
    expect((await mine(paie)).list.some((m) => m.subject.startsWith('Code de signature : Note de service'))).toBe(
      false,
    );
  });

  it("a guest link reads only its own signatory's messages", async () => {
    const { id, guests } = await twoGuests();
    const [first, second] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const asked = await app.inject({
      method: 'POST',
      url: routeUrl('signbooks.guestRecoverCode', { token: first.token }),
      payload: { mode: 'email' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ outbox: true });

    const own = await guestOutbox(first.token);
    expect(own.statusCode).toBe(200);
    const list = own.json() as OutboxMessage[];
    expect(list.some((m) => m.subject.startsWith('Code de signature'))).toBe(true);
    expect(list.every((m) => m.to === first.email)).toBe(true);

    const other = (await guestOutbox(second.token)).json() as OutboxMessage[];
    expect(other.some((m) => m.subject.startsWith('Code de signature'))).toBe(false);
    expect(JSON.stringify(other)).not.toContain(first.email);

    // The HR creator's session does not read the guests' links or codes either.
    const hrView = JSON.stringify((await mine(admin)).list);
    expect(hrView).not.toContain(first.token);
    expect(hrView).not.toContain('/signworkflows/guest/');
    expect(id).toBeTruthy();
  });

  it('a made-up guest token reads nothing', async () => {
    const res = await guestOutbox('main.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
  });
});

describe('on a production server', () => {
  for (const [label, overrides] of [
    ['NODE_ENV=production', { production: true, demoOutbox: false }],
    ['SMTP configured', { smtpUrl: 'smtp://127.0.0.1:1', demoOutbox: false }],
  ] as const) {
    it(`${label}: the outbox routes do not exist, even for a session or a real guest link`, async () => {
      const prod = await testApp(t.db, overrides);
      try {
        const session = await login(prod, 'admin');
        const res = await prod.inject({ method: 'GET', url: routeUrl('outbox.list'), headers: authHeaders(session) });
        const unknown = await prod.inject({
          method: 'GET',
          url: '/api/user/no-such-route',
          headers: authHeaders(session),
        });
        expect([res.statusCode, res.body]).toEqual([unknown.statusCode, unknown.body]);
        expect(res.statusCode).toBe(404);
        const token = await idOf(t.db, `SELECT gen_random_uuid()::text AS id`, []);
        const guest = await prod.inject({ method: 'GET', url: routeUrl('signbooks.guestOutbox', { token }) });
        expect(guest.statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    });
  }

  it('NODE_ENV=production reads as production from the environment', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, demoOutbox: false });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.local' })).toMatchObject({ production: false, demoOutbox: false });
    expect(loadConfig({})).toMatchObject({ production: false, demoOutbox: true });
  });
});
