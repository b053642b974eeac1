/**
 * Live signbooks: when step 1 signs, the next signatory's socket hears `signbook.updated` with their
 * own view (now theirs to sign) and their "to sign" badge goes up, without any reload.
 */
import type { FastifyInstance } from 'fastify';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCounts } from '../../src/contract/entities.ts';
import type { SignbookView } from '../../src/contract/signbook.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, login } from './support/server.ts';

const server = pushServer();
let t: TestDb;
let app: FastifyInstance;
beforeAll(() => {
  ({ t, app } = server);
});
const open = (token: string): Client => server.open({ token });
const next = nextEvent;

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
