/**
 * Signbooks through the API on the demo seed: strictly ordered steps owned by the machine (409 and
 * nothing changed when it refuses), one-time codes (wrong, expired, sixth try, a new one), scoping
 * (another organisation's signbook is 404), upload rules (PDF by content, signatories with e-mail),
 * refusal, lists and the seeded inbox.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let admin: LoggedIn;
let paie: LoggedIn;
let essai: LoggedIn;
let sansmail: LoggedIn;
let paris: string;
let ids: Record<'admin' | 'paie' | 'sansmail', string>;
const ADMIN_MAIL = 'camille.martin@horizon-demo.fr';
const PAIE_MAIL = 'julien.bernard@horizon-demo.fr';

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  admin = await login(app, 'admin');
  paie = await login(app, 'paie');
  essai = await login(app, 'essai');
  sansmail = await login(app, 'sansmail');
  paris = await orgId(t.db, 'Horizon Services Paris');
  ids = {
    admin: await userId(t.db, 'admin'),
    paie: await userId(t.db, 'paie'),
    sansmail: await userId(t.db, 'sansmail'),
  };
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

/** Step 1: admin; step 2: paie — created by paie in Horizon Services Paris. */
async function twoStep(name: string) {
  const res = await api.upload(
    paie,
    {
      name,
      organizationId: paris,
      docTypeCode: 'CONTRAT_TRAVAIL',
      steps: [
        { signatories: [{ type: 'user', userId: ids.admin }] },
        { signatories: [{ type: 'user', userId: ids.paie }] },
      ],
    },
    [{ name: `${name}.pdf`, bytes: await contractPdf(name) }],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().signbook as { id: string; status: string; currentStep: number };
}

/** Everything a signing action could touch, to prove a refused one changed nothing. */
async function stateOf(id: string) {
  const book = await t.db.query(`SELECT status, machine_state, current_step FROM dom_main.signbooks WHERE id = $1`, [
    id,
  ]);
  const signatories = await t.db.query(
    `SELECT id, state, signed_at FROM dom_main.signatories WHERE signbook_id = $1 ORDER BY step_index`,
    [id],
  );
  const codes = await t.db.query(`SELECT signatory_id, tries FROM dom_main.signature_codes WHERE signbook_id = $1`, [
    id,
  ]);
  return { book: book.rows, signatories: signatories.rows, codes: codes.rows };
}

const askCode = (id: string, session: LoggedIn, body: unknown = { mode: 'email' }) =>
  api.call('POST', `/sign-workflow/recover-signature-code/${id}`, session, body);
const signWith = (id: string, session: LoggedIn, code: string) =>
  api.call('POST', `/sign-workflow/sign/${id}`, session, { codeSignature: code });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('creating a signbook', () => {
  it('starts step 1 at once and mails its signatory', async () => {
    const book = await twoStep('Avenant mobilité');
    expect([book.status, book.currentStep]).toEqual(['IN_PROGRESS', 0]);
    const mine = (await api.call('GET', `/sign-workflow/${book.id}`, admin)).json();
    expect([mine.canSign, mine.steps.length, mine.steps[0].signatories[0].email]).toEqual([true, 2, ADMIN_MAIL]);
    const mail = await t.db.query(
      `SELECT subject FROM directory.outbox WHERE recipient = $1 AND subject LIKE 'Document à signer%'`,
      [ADMIN_MAIL],
    );
    expect(mail.rows.map((r) => r.subject)).toContain('Document à signer : Avenant mobilité');
  });

  it('warns when rights cannot be verified from the profile (no UserAccess), and checks them otherwise', async () => {
    const json = {
      name: 'Droits',
      organizationId: paris,
      steps: [{ signatories: [{ type: 'user', userId: ids.admin }] }],
    };
    const byPaie = await api.upload(paie, json, [{ name: 'd.pdf', bytes: await contractPdf() }]);
    expect(byPaie.json().warnings).toEqual([
      { key: ERROR_KEYS.signbookRightsUnverifiable, stepIndex: 0, signatoryIndex: 0 },
    ]);
    const byAdmin = await api.upload(admin, json, [{ name: 'd.pdf', bytes: await contractPdf() }]);
    expect([byAdmin.statusCode, byAdmin.json().warnings]).toEqual([201, []]);
  });

  it('refuses a document that is not a PDF by content, whatever its name', async () => {
    const res = await api.upload(
      paie,
      { name: 'Faux', organizationId: paris, steps: [{ signatories: [{ type: 'user', userId: ids.admin }] }] },
      [
        {
          name: 'contrat.pdf',
          bytes: new TextEncoder().encode('bonjour, je ne suis pas un PDF'),
          type: 'application/pdf',
        },
      ],
    );
    expect([res.statusCode, res.json().key]).toEqual([400, ERROR_KEYS.notPdf]);
  });

  it('refuses a signatory without e-mail and a second document', async () => {
    const bytes = await contractPdf();
    const noMail = await api.upload(
      paie,
      { name: 'X', organizationId: paris, steps: [{ signatories: [{ type: 'user', userId: ids.sansmail }] }] },
      [{ name: 'a.pdf', bytes }],
    );
    expect([noMail.statusCode, noMail.json().key]).toEqual([400, ERROR_KEYS.signbookSignatoryWithoutEmail]);
    const two = await api.upload(
      paie,
      { name: 'X', organizationId: paris, steps: [{ signatories: [{ type: 'user', userId: ids.admin }] }] },
      [
        { name: 'a.pdf', bytes },
        { name: 'b.pdf', bytes },
      ],
    );
    expect([two.statusCode, two.json().key]).toEqual([400, ERROR_KEYS.signbookOneDocument]);
  });

  it("names only users of the signbook's company or of an organisation its creator sees (404, nobody revealed)", async () => {
    const bytes = await contractPdf();
    const named = (who: LoggedIn, userId: string) =>
      api.upload(
        who,
        { name: 'Qui signe', organizationId: paris, draft: true, steps: [{ signatories: [{ type: 'user', userId }] }] },
        [{ name: 'a.pdf', bytes }],
      );
    // essai is the trial company's user: unknown here, like an id that does not exist; nothing is mailed.
    const mails = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.outbox`);
    const foreign = await named(admin, await userId(t.db, 'essai'));
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).toMatchObject({
      key: ERROR_KEYS.notFound,
      fields: { 'steps.0.signatories.0': ERROR_KEYS.notFound },
    });
    expect(foreign.body).not.toContain('Leroy');
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.outbox`)).rows[0]!.n).toBe(
      mails.rows[0]!.n,
    );
    // The Paris branch's own user names the group's payroll officer, whose access sits above Paris.
    const sansmailNamesPaie = await named(sansmail, ids.paie);
    expect(sansmailNamesPaie.statusCode, sansmailNamesPaie.body).toBe(201);
  });
});

describe('signing, step by step', () => {
  it('refuses a signatory of step 2 before step 1 is complete, and changes nothing', async () => {
    const book = await twoStep('Ordre strict');
    const before = await stateOf(book.id);
    const read = await api.call('GET', `/sign-workflow/${book.id}`, paie);
    expect([read.statusCode, read.json().key]).toEqual([409, ERROR_KEYS.signbookDocumentNotYet]);
    const pdf = await api.call('GET', `/sign-workflow/${book.id}/document`, paie);
    expect([pdf.statusCode, pdf.json().key]).toEqual([409, ERROR_KEYS.signbookDocumentNotYet]);
    const code = await askCode(book.id, paie);
    expect([code.statusCode, code.json().key]).toEqual([409, ERROR_KEYS.signbookNotYourTurn]);
    const signed = await signWith(book.id, paie, '123456');
    expect([signed.statusCode, signed.json().key]).toEqual([409, ERROR_KEYS.signbookNotYourTurn]);
    expect(await stateOf(book.id)).toEqual(before);
  });

  it("refuses someone signing another signatory's step", async () => {
    const book = await twoStep('Pas mon étape');
    const before = await stateOf(book.id);
    const res = await signWith(book.id, sansmail, '123456');
    expect([res.statusCode, res.json().key]).toEqual([403, ERROR_KEYS.signbookNotSignatory]);
    expect(await stateOf(book.id)).toEqual(before);
  });

  it("hides another organisation's signbook (404), for reading and signing", async () => {
    const book = await twoStep('Autre organisation');
    for (const res of [
      await api.call('GET', `/sign-workflow/${book.id}`, essai),
      await askCode(book.id, essai),
      await signWith(book.id, essai, '123456'),
    ]) {
      expect([res.statusCode, res.json().key]).toEqual([404, ERROR_KEYS.notFound]);
    }
  });

  it('counts wrong codes, refuses an expired one, locks at the sixth try, and a new code unlocks', async () => {
    const book = await twoStep('Codes');
    const asked = await askCode(book.id, admin, { mode: 'sms', phone: '06 12 34 56 78' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ mode: 'sms', to: '••••••••78', outbox: true });
    const code = await lastCode(t.db, '06 12 34 56 78', 'sms');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.db.query<{ code_hash: string }>(
      `SELECT code_hash FROM dom_main.signature_codes WHERE signbook_id = $1`,
      [book.id],
    );
    expect(stored.rows[0]!.code_hash).not.toContain(code);

    const bad = await signWith(book.id, admin, wrong(code));
    expect([bad.statusCode, bad.json().key]).toEqual([400, ALERT_KEYS.signature.invalidCode]);
    expect((await stateOf(book.id)).codes).toEqual([expect.objectContaining({ tries: 1 })]);

    await t.db.query(
      `UPDATE dom_main.signature_codes SET expires_at = now() - interval '1 second' WHERE signbook_id = $1`,
      [book.id],
    );
    const expired = await signWith(book.id, admin, code);
    expect([expired.statusCode, expired.json().key]).toEqual([400, ERROR_KEYS.signatureCodeExpired]);

    await askCode(book.id, admin);
    const fresh = await lastCode(t.db, ADMIN_MAIL);
    for (let i = 0; i < 5; i += 1) {
      const res = await signWith(book.id, admin, wrong(fresh));
      expect([res.statusCode, res.json().key]).toEqual([400, ALERT_KEYS.signature.invalidCode]);
    }
    const before = await stateOf(book.id);
    const sixth = await signWith(book.id, admin, fresh);
    expect([sixth.statusCode, sixth.json().key]).toEqual([423, ERROR_KEYS.signatureCodeLocked]);
    expect(await stateOf(book.id)).toEqual(before);

    await askCode(book.id, admin, { mode: 'voicemail', phone: '06 12 34 56 78' });
    const spoken = await lastCode(t.db, '06 12 34 56 78', 'voicemail');
    const ok = await signWith(book.id, admin, spoken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'IN_PROGRESS', currentStep: 1, canSign: false });
    const next = (await api.call('GET', `/sign-workflow/${book.id}`, paie)).json();
    expect([next.canSign, next.steps[0].signatories[0].state]).toEqual([true, 'signed']);
    const again = await signWith(book.id, admin, spoken);
    expect([again.statusCode, again.json().key]).toEqual([409, ERROR_KEYS.signbookAlreadySigned]);
    const mailed = await t.db.query(
      `SELECT 1 FROM directory.outbox WHERE recipient = $1 AND subject = 'Document à signer : Codes'`,
      [PAIE_MAIL],
    );
    expect(mailed.rows).toHaveLength(1);
  });

  it('limits new codes to ten an hour (each would reset the tries)', async () => {
    const book = await twoStep('Trop de codes');
    for (let i = 0; i < 10; i += 1) expect((await askCode(book.id, admin)).statusCode).toBe(200);
    const eleventh = await askCode(book.id, admin);
    expect([eleventh.statusCode, eleventh.json().key]).toEqual([429, ERROR_KEYS.signatureCodeTooMany]);
    await t.db.query(
      `UPDATE dom_main.signature_codes SET window_started_at = now() - interval '61 minutes' WHERE signbook_id = $1`,
      [book.id],
    );
    expect((await askCode(book.id, admin)).statusCode).toBe(200);
  });

  it('a refusal with a reason ends the signbook and tells the creator', async () => {
    const book = await twoStep('Refus');
    const res = await api.call('POST', `/sign-workflow/refuse/${book.id}`, admin, {
      reason: 'Clause de non-concurrence',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REFUSED', refusal: { reason: 'Clause de non-concurrence' } });
    const told = await t.db.query(
      `SELECT body FROM directory.outbox WHERE recipient = $1 AND subject = 'Signature refusée : Refus'`,
      [PAIE_MAIL],
    );
    expect(told.rows[0]?.body).toContain('Clause de non-concurrence');
    const late = await askCode(book.id, paie);
    expect([late.statusCode, late.json().key]).toEqual([409, ERROR_KEYS.illegalTransition]);
  });
});

describe('lists', () => {
  it("the inbox holds the seeded signbook awaiting the admin, and not the others' turns", async () => {
    const inbox = (await api.call('POST', '/sign-workflows', admin, { subStatus: 'to-sign' })).json();
    const telework = demoId('signbook:main:telework');
    expect(inbox.items.map((b: { id: string }) => b.id)).toContain(telework);
    expect(inbox.items.every((b: { canSign: boolean }) => b.canSign)).toBe(true);
    const waiting = (await api.call('POST', '/sign-workflows', paie, { subStatus: 'waiting-for-others' })).json();
    expect(
      waiting.items.every((b: { canSign: boolean; status: string }) => !b.canSign && b.status === 'IN_PROGRESS'),
    ).toBe(true);
    const done = (await api.call('POST', '/sign-workflows', admin, { status: 'done' })).json();
    expect(done.items.map((b: { status: string }) => b.status)).toEqual(done.items.map(() => 'COMPLETE'));
  });

  it('the signing session says whether the profile has an e-mail', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/edocsign/edocsign/session',
      headers: { authorization: `Bearer ${sansmail.access}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eDocSignVersion: 'v3', hasEmail: false });
  });
});
