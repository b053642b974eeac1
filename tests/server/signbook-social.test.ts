/**
 * Social signers through the API (`POST /sign-workflow-social-signers`, page `signatories.social.index`):
 * the users the templates name as social signer, with their authorised users and templates; a new
 * template adds one; a signbook waiting for a social signer is counted; search; gated by ParaphCreateUpdate.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialSignerPage } from '../../src/contract/signbook.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { contractPdf, hr, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let admin: LoggedIn;
let paie: LoggedIn;
let sansmail: LoggedIn;
let ids: { admin: string; paie: string };
let paris: string;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  [admin, paie, sansmail] = await Promise.all([login(app, 'admin'), login(app, 'paie'), login(app, 'sansmail')]);
  ids = { admin: await userId(t.db, 'admin'), paie: await userId(t.db, 'paie') };
  paris = await orgId(t.db, 'Horizon Services Paris');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

async function socialSigners(session: LoggedIn, search?: string): Promise<SocialSignerPage> {
  const res = await api.call('POST', '/sign-workflow-social-signers', session, search ? { search } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('social signers', () => {
  it('lists the seeded social signer with its authorised user, its template and its signing right', async () => {
    const page = await socialSigners(admin);
    expect(page.count).toBe(page.items.length);
    const director = page.items.find((x) => x.userId === ids.admin);
    expect(director).toMatchObject({
      name: 'Martin',
      firstName: 'Camille',
      email: 'camille.martin@horizon-demo.fr',
      hasSigningRight: true,
      authorizedUsers: [{ userId: ids.paie, name: 'Bernard', firstName: 'Julien' }],
      templates: [{ id: demoId('sign-template:main:amendment'), name: 'Avenant — paie puis signataire social' }],
      signbooksInProgress: 0,
    });
  });

  it('a template naming a new social signer adds it; search finds it by name, accents ignored', async () => {
    const created = await api.call('POST', '/sign-workflow-template', admin, {
      name: 'Accord — direction puis signataire social paie',
      docTypes: ['CONTRAT_TRAVAIL'],
      steps: [
        { signatoryType: 'user', signatories: [{ userId: ids.admin }] },
        { signatoryType: 'socialSigner', signatories: [{ userId: ids.paie, authorizedUserIds: [ids.admin] }] },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const found = await socialSigners(admin, 'julien');
    expect(found.items.map((x) => [x.userId, x.authorizedUsers.map((a) => a.userId)])).toEqual([
      [ids.paie, [ids.admin]],
    ]);
    expect((await socialSigners(admin, 'bérnard')).count).toBe(1);
    expect((await socialSigners(admin, 'personne')).count).toBe(0);
  });

  it("a template's authorised users are checked like its signatories: another company's user is unknown (404)", async () => {
    const essai = await userId(t.db, 'essai'); // the trial company's user, seen by no one of Horizon
    const res = await api.call('POST', '/sign-workflow-template', admin, {
      name: 'Social avec un inconnu',
      docTypes: ['CONTRAT_TRAVAIL'],
      steps: [{ signatoryType: 'socialSigner', signatories: [{ userId: ids.paie, authorizedUserIds: [essai] }] }],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().fields).toEqual({ 'steps.0.signatories.0.authorizedUserIds': 'error.not-found' });
    // Written past the check (an older template): the list still names nobody of that company.
    await t.db.query(
      `UPDATE dom_main.sign_templates SET steps = jsonb_set(steps, '{1,signatories,0,authorizedUserIds}', $1::jsonb)
        WHERE id = $2`,
      [JSON.stringify([essai]), demoId('sign-template:main:amendment')],
    );
    const listed = await socialSigners(admin);
    expect(JSON.stringify(listed)).not.toContain(essai);
    expect(JSON.stringify(listed)).not.toContain('levain-demo.fr');
  });

  it('counts the signbooks in progress still waiting for the social signer', async () => {
    const res = await api.upload(
      paie,
      {
        name: 'Avenant signé par la direction',
        organizationId: paris,
        templateId: demoId('sign-template:main:amendment'),
        steps: [
          { signatories: [{ type: 'user', userId: ids.paie }] },
          { signatories: [{ type: 'socialSigner', userId: ids.admin, authorizedUserIds: [ids.paie] }] },
        ],
      },
      [{ name: 'avenant.pdf', bytes: await contractPdf('Avenant', 1) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const director = (await socialSigners(paie)).items.find((x) => x.userId === ids.admin);
    expect(director?.signbooksInProgress).toBe(1);
  });

  it('is refused without the right to manage templates and social signers (ParaphCreateUpdate)', async () => {
    const res = await api.call('POST', '/sign-workflow-social-signers', sansmail, {});
    expect(res.statusCode).toBe(403);
  });
});
