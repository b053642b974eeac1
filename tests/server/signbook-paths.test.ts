/**
 * The generated paths of the signbook machine (tests/harness) drive the API on a real database: each
 * path creates a draft signbook whose step signatories stand for the fixture's `hr`, `emp`, `mgr`,
 * sends each event as the call that asks for it (codes read from the outbox), and checks the stored
 * status is the machine's after every step. Seal facts come from the job, which runs inline after the
 * last signature or a retry: a `job.seal.failed` ahead is provoked by damaging the document first.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventObject, initialTransition, transition } from 'xstate';
import { signbookFixtures, signbookInput } from '../../machines/signbook/signbook.fixtures.ts';
import { type SignbookEvent, signbookMachine, statusOf } from '../../machines/signbook/index.ts';
import { transitionPaths } from '../harness/paths.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

const PERSONA = { hr: 'admin', emp: 'paie', mgr: 'essai' } as const;
type Role = keyof typeof PERSONA;
const MAIL: Record<Role, string> = {
  hr: 'camille.martin@horizon-demo.fr',
  emp: 'julien.bernard@horizon-demo.fr',
  mgr: 'emma.leroy@levain-demo.fr',
};

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let sessions: Record<Role, LoggedIn>;
let users: Record<Role, string>;
let paris: string;
let original: Uint8Array;

beforeAll(async () => {
  t = await createSeededDb();
  paris = await orgId(t.db, 'Horizon Services Paris');
  // The manager is the trial company's user; a signbook names only users of its own company or of
  // an organisation its creator sees (SECURITY.md): give them access to Paris as well.
  await t.db.query(
    `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
     SELECT id, 'main', $1, false, false FROM directory.users WHERE login = $2`,
    [paris, PERSONA.mgr],
  );
  app = await testApp(t.db);
  api = hr(app);
  const roles = Object.keys(PERSONA) as Role[];
  sessions = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await login(app, PERSONA[r])])),
  ) as typeof sessions;
  users = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await userId(t.db, PERSONA[r])])),
  ) as typeof users;
  original = await contractPdf('Parcours', 1);
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

async function createDraft(): Promise<string> {
  const res = await api.upload(
    sessions.hr,
    {
      name: 'Parcours',
      organizationId: paris,
      draft: true,
      steps: signbookInput.steps.map((ids) => ({
        signatories: ids.map((r) => ({ type: 'user', userId: users[r as Role] })),
      })),
    },
    [{ name: 'parcours.pdf', bytes: original }],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().signbook.id;
}

const setDocument = async (id: string, bytes: Uint8Array) =>
  t.db.query(
    `UPDATE dom_main.files SET content = $2, pack = NULL, pack_offset = NULL WHERE id = (SELECT file_id FROM dom_main.signbooks WHERE id = $1)`,
    [id, Buffer.from(bytes)],
  );

/** The call that asks for `event`; job facts were produced by the inline job already. */
async function send(id: string, event: SignbookEvent, next: EventObject | undefined): Promise<void> {
  const expectOk = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
  const sealFails = next?.type === 'job.seal.failed';
  switch (event.type) {
    case 'signbook.start':
      return expectOk(await api.call('PUT', `/sign-workflows/${id}`, sessions.hr, { start: true }));
    case 'signbook.update':
      return expectOk(await api.call('PUT', `/sign-workflows/${id}`, sessions.hr, { name: 'Parcours (modifié)' }));
    case 'signbook.delete':
      return expectOk(await api.call('DELETE', `/sign-workflow/${id}`, sessions.hr));
    case 'signbook.retrySeal':
      await setDocument(id, sealFails ? new TextEncoder().encode('%PDF-abîmé') : original);
      return expectOk(await api.call('POST', `/sign-workflow/retry-seal/${id}`, sessions.hr));
    case 'signatory.sign': {
      const role = event.signatoryId as Role;
      if (sealFails) await setDocument(id, new TextEncoder().encode('%PDF-abîmé'));
      expectOk(
        await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, sessions[role], { mode: 'email' }),
      );
      const code = await lastCode(t.db, MAIL[role]);
      return expectOk(await api.call('POST', `/sign-workflow/sign/${id}`, sessions[role], { codeSignature: code }));
    }
    case 'signatory.refuse':
      return expectOk(
        await api.call('POST', `/sign-workflow/refuse/${id}`, sessions[event.signatoryId as Role], {
          reason: event.reason,
        }),
      );
    default:
      return undefined;
  }
}

async function storedStatus(id: string): Promise<string | null> {
  const { rows } = await t.db.query<{ status: string }>(`SELECT status FROM dom_main.signbooks WHERE id = $1`, [id]);
  return rows[0]?.status ?? null;
}

describe('signbook paths through the API', () => {
  const paths = transitionPaths(signbookMachine, { events: signbookFixtures, input: signbookInput });

  it.each(paths.map((p) => [p.transition.key, p] as const))(
    '%s',
    async (_key, path) => {
      const id = await createDraft();
      let [model] = initialTransition(signbookMachine, signbookInput);
      for (const [i, event] of path.events.entries()) {
        const next = path.events[i + 1];
        await send(id, event as SignbookEvent, next);
        [model] = transition(signbookMachine, model, event as SignbookEvent);
        // Sealing runs inline: the API is already where the next job fact (or success) leads.
        const expected =
          model.value === 'sealing' ? (next?.type === 'job.seal.failed' ? 'IN_ERROR' : 'COMPLETE') : statusOf(model);
        expect(await storedStatus(id), `after ${event.type}`).toBe(expected);
      }
    },
    60_000,
  );
});
