/**
 * Live signbooks: when step 1 signs, the next signatory's socket hears `signbook.updated` with their
 * own view (now theirs to sign) and their "to sign" badge goes up, without any reload.
 */
import type { FastifyInstance } from 'fastify';
import { type Socket, io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCounts } from '../../src/contract/entities.ts';
import type { SignbookView } from '../../src/contract/signbook.ts';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '../../src/contract/socket.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestDb;
let app: FastifyInstance;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db, {}, true);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app?.close();
  await t?.dispose();
});

const open = (token: string): Client => {
  const client: Client = connect(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  clients.push(client);
  return client;
};
const next = <T>(client: Client, event: string, pick: (value: T) => boolean, ms = 8000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (value: T) => {
      if (!pick(value)) return;
      clearTimeout(timer);
      (client as unknown as Socket).off(event, listener);
      resolve(value);
    };
    (client as unknown as Socket).on(event, listener);
  });

describe('signbook push', () => {
  it("the next step's signatory sees it become theirs live, with the badge", async () => {
    const api = hr(app);
    const paie: LoggedIn = await login(app, 'paie');
    const admin: LoggedIn = await login(app, 'admin');
    const paris = await orgId(t.db, 'Horizon Services Paris');
    const created = await api.upload(
      paie,
      {
        name: 'En direct',
        organizationId: paris,
        steps: [
          { signatories: [{ type: 'user', userId: await userId(t.db, 'paie') }] },
          { signatories: [{ type: 'user', userId: await userId(t.db, 'admin') }] },
        ],
      },
      [{ name: 'direct.pdf', bytes: await contractPdf('En direct') }],
    );
    const id = created.json().signbook.id as string;
    const socket = open(admin.access);
    const initial = await next<BadgeCounts>(socket, 'badges.updated', () => true);

    const mine = next<SignbookView>(socket, 'signbook.updated', (b) => b.id === id && b.canSign);
    const badges = next<BadgeCounts>(
      socket,
      'badges.updated',
      (b) => b.signbooks.toSign === initial.signbooks.toSign + 1,
    );
    await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, paie, { mode: 'email' });
    const code = await lastCode(t.db, 'julien.bernard@horizon-demo.fr');
    expect((await api.call('POST', `/sign-workflow/sign/${id}`, paie, { codeSignature: code })).statusCode).toBe(200);

    const view = await mine;
    expect([view.currentStep, view.mySignatoryId !== null, view.steps[0]!.signatories[0]!.state]).toEqual([
      1,
      true,
      'signed',
    ]);
    await expect(badges).resolves.toBeTruthy();
  }, 30_000);
});
