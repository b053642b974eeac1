/**
 * Sealing through the API: a two-step signbook signed with codes read from the outbox ends COMPLETE
 * with a PAdES B-B signature (ETSI.CAdES.detached) — the byte range covers the whole file but the
 * signature, the CMS digest matches those bytes, the RSA signature over the signed attributes verifies
 * with the embedded certificate, signing-certificate-v2 binds that certificate — and an audit page
 * mupdf can read. A failing seal is IN_ERROR with its reason, and retry seals it. With the flag, the
 * sealed document lands in the employee signatory's safe.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { verifySignature } from './support/pades.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let admin: LoggedIn;
let paie: LoggedIn;
let paris: string;
const ADMIN_MAIL = 'camille.martin@horizon-demo.fr';
const PAIE_MAIL = 'julien.bernard@horizon-demo.fr';

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  [admin, paie] = await Promise.all([login(app, 'admin'), login(app, 'paie')]);
  paris = await orgId(t.db, 'Horizon Services Paris');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

async function signAs(id: string, session: LoggedIn, mail: string) {
  const asked = await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, session, { mode: 'email' });
  expect(asked.statusCode, asked.body).toBe(200);
  const res = await api.call('POST', `/sign-workflow/sign/${id}`, session, {
    codeSignature: await lastCode(t.db, mail),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** `pdf` saved again by mupdf, encrypted with an owner password only (it opens without one). */
function ownerPasswordOnly(pdf: Uint8Array): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    return Buffer.from(doc.saveToBuffer('encrypt=aes-256,owner-password=proprietaire,permissions=-4').asUint8Array());
  } finally {
    doc.destroy();
  }
}

const isEncrypted = (pdf: Uint8Array): boolean => {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    return !doc.getTrailer().get('Encrypt').isNull();
  } finally {
    doc.destroy();
  }
};

async function twoStep(name: string, pages = 2, given?: Buffer) {
  const [a, p] = [await userId(t.db, 'admin'), await userId(t.db, 'paie')];
  const original = given ?? (await contractPdf(name, pages));
  const res = await api.upload(
    paie,
    {
      name,
      organizationId: paris,
      steps: [{ signatories: [{ type: 'user', userId: p }] }, { signatories: [{ type: 'user', userId: a }] }],
    },
    [{ name: `${name}.pdf`, bytes: original }],
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().signbook.id as string, original };
}

const documentOf = async (id: string) =>
  app.inject({ method: 'GET', url: `/api/hrdesk/sign-workflow/${id}/document`, headers: authHeaders(admin) });

/** The lists of the side navigation for one user (ids) with their counts, and the badges they get. */
async function listsAndBadges(session: LoggedIn) {
  const list = async (body: object) => {
    const res = await api.call('POST', '/sign-workflows', session, { ...body, limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { count: number; items: { id: string }[] };
    return { count: page.count, ids: page.items.map((b) => b.id) };
  };
  const [inProgress, toSign, done, refused, error] = await Promise.all([
    list({ status: 'in-progress' }),
    list({ status: 'in-progress', subStatus: 'to-sign' }),
    list({ status: 'done' }),
    list({ status: 'refused' }),
    list({ status: 'error' }),
  ]);
  const badges = (await app.inject({ method: 'GET', url: '/api/hrdesk/badges', headers: authHeaders(session) })).json();
  return {
    inProgress: inProgress.ids,
    done: done.ids,
    refused: refused.ids,
    error: error.ids,
    counts: {
      inProgress: inProgress.count,
      toSign: toSign.count,
      done: done.count,
      refused: refused.count,
      error: error.count,
    },
    badges: badges.signbooks as Record<'inProgress' | 'toSign' | 'done' | 'refused' | 'error', number>,
  };
}

function pagesText(pdf: Buffer): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) =>
      doc.loadPage(i).toStructuredText('preserve-whitespace').asText(),
    );
  } finally {
    doc.destroy();
  }
}

describe('sealing a signbook', () => {
  it('two steps signed with outbox codes → COMPLETE, sealed and verifiable, audit page readable', async () => {
    const { id, original } = await twoStep('Contrat scellé');
    const afterFirst = await signAs(id, paie, PAIE_MAIL);
    expect([afterFirst.status, afterFirst.currentStep]).toEqual(['IN_PROGRESS', 1]);
    const done = await signAs(id, admin, ADMIN_MAIL);
    expect(done.status).toBe('COMPLETE');
    const before = createHash('sha256').update(original).digest('hex');
    expect(done.seal).toMatchObject({ sha256Before: before, error: null });

    const res = await documentOf(id);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    const sealed = res.rawPayload;
    expect(done.seal.sha256After).toBe(createHash('sha256').update(sealed).digest('hex'));
    verifySignature(sealed);

    const pages = pagesText(sealed);
    expect(pages).toHaveLength(3);
    const audit = pages[2]!.replace(/\s+/g, ' ');
    expect(audit).toContain("Piste d'audit de signature électronique");
    expect(audit).toContain(before);
    expect(audit).toContain('Étape 1 — Julien Bernard');
    expect(audit).toContain('Étape 2 — Camille Martin');
    expect(audit).toContain('code reçu par e-mail');
  });

  it('a failing seal shows IN_ERROR with its reason, never stuck, and retry seals it', async () => {
    const { id, original } = await twoStep('Scellement en échec', 1);
    await signAs(id, paie, PAIE_MAIL);
    const fileId = (await t.db.query<{ file_id: string }>(`SELECT file_id FROM dom_main.signbooks WHERE id = $1`, [id]))
      .rows[0]!.file_id;
    await t.db.query(`UPDATE dom_main.files SET content = $2, pack = NULL, pack_offset = NULL WHERE id = $1`, [
      fileId,
      Buffer.from('%PDF-1.7 tronqué'),
    ]);
    const failed = await signAs(id, admin, ADMIN_MAIL);
    expect(failed.status).toBe('IN_ERROR');
    // A sentence for the user, never the PDF library's own (English) words.
    expect(failed.seal.error).toMatch(/^Le document est endommagé|^Le scellement du document a échoué/);
    // Its creator still finds it under "in progress" (and "errors"), and the badges count what the lists show.
    const creatorView = await listsAndBadges(paie);
    expect(creatorView.inProgress).toContain(id);
    expect(creatorView.error).toContain(id);
    expect(creatorView.badges).toEqual(creatorView.counts);

    await t.db.query(`UPDATE dom_main.files SET content = $2, pack = NULL, pack_offset = NULL WHERE id = $1`, [
      fileId,
      Buffer.from(original),
    ]);
    const retried = await api.call('POST', `/sign-workflow/retry-seal/${id}`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'COMPLETE', seal: { error: null } });
    verifySignature((await documentOf(id)).rawPayload);
    const sealedView = await listsAndBadges(paie);
    expect([sealedView.inProgress.includes(id), sealedView.done.includes(id)]).toEqual([false, true]);
    expect(sealedView.badges).toEqual(sealedView.counts);
    expect(sealedView.badges.inProgress).toBe(creatorView.badges.inProgress - 1);
    const again = await api.call('POST', `/sign-workflow/retry-seal/${id}`, admin);
    expect(again.statusCode).toBe(409);
  });

  it('a refused signbook leaves "in progress" for "refused", and each badge counts its list exactly', async () => {
    const { id } = await twoStep('Avenant refusé', 1);
    const before = await listsAndBadges(paie);
    expect(before.inProgress).toContain(id);
    expect(before.badges).toEqual(before.counts);
    const res = await api.call('POST', `/sign-workflow/refuse/${id}`, paie, { reason: 'Mauvaise date' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await listsAndBadges(paie);
    expect([after.inProgress.includes(id), after.refused.includes(id), after.done.includes(id)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(after.badges).toEqual(after.counts);
    expect(after.badges.refused).toBe(before.badges.refused + 1);
    expect(after.badges.inProgress).toBe(before.badges.inProgress - 1);
    // The admin (another signatory, same organisations) sees the same list and the same badge.
    const adminView = await listsAndBadges(admin);
    expect(adminView.refused).toContain(id);
    expect(adminView.badges).toEqual(adminView.counts);
  });

  it('an encrypted PDF that opens without a password is stored decrypted, then signed and sealed', async () => {
    const encrypted = ownerPasswordOnly(await contractPdf('Contrat protégé', 2));
    expect(isEncrypted(encrypted)).toBe(true);
    const { id } = await twoStep('Contrat protégé', 2, encrypted);
    await signAs(id, paie, PAIE_MAIL);
    const done = await signAs(id, admin, ADMIN_MAIL);
    expect(done).toMatchObject({ status: 'COMPLETE', seal: { error: null } });
    const sealed = (await documentOf(id)).rawPayload;
    verifySignature(sealed);
    expect(isEncrypted(sealed)).toBe(false);
    expect(pagesText(sealed)[0]).toContain('Contrat protégé');
  });

  it('a PDF with a mail header before %PDF- and a footer after %%EOF is stored cut to its PDF, and seals into a sound file', async () => {
    const original = await contractPdf('Contrat transféré', 1);
    const header = Buffer.from('From: scanner@horizon-demo.fr\r\nSubject: contrat\r\n\r\n');
    const footer = Buffer.from(`\r\n${'-- pied de message ajouté par la passerelle --\r\n'.repeat(100)}`);
    const { id } = await twoStep('Contrat transféré', 1, Buffer.concat([header, original, footer]));
    await signAs(id, paie, PAIE_MAIL);
    const done = await signAs(id, admin, ADMIN_MAIL);
    expect(done).toMatchObject({ status: 'COMPLETE', seal: { error: null } });
    const sealed = (await documentOf(id)).rawPayload;
    expect(sealed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    verifySignature(sealed);
    // The sealed file opens without repair (before: « xref not found », rebuilt by every reader).
    const doc = mupdf.Document.openDocument(sealed, 'application/pdf').asPDF()!;
    try {
      doc.countPages();
      expect(doc.wasRepaired()).toBe(false);
    } finally {
      doc.destroy();
    }
    expect(pagesText(sealed)[0]).toContain('Contrat transféré');
  });

  it('an encrypted PDF that already carries signatures is refused at upload (rewriting it would break them)', async () => {
    const { id } = await twoStep('Contrat signé puis protégé', 1);
    await signAs(id, paie, PAIE_MAIL);
    expect((await signAs(id, admin, ADMIN_MAIL)).status).toBe('COMPLETE');
    const signedThenEncrypted = ownerPasswordOnly((await documentOf(id)).rawPayload);
    const p = await userId(t.db, 'paie');
    const res = await api.upload(
      paie,
      { name: 'Déjà signé', organizationId: paris, steps: [{ signatories: [{ type: 'user', userId: p }] }] },
      [{ name: 'deja-signe.pdf', bytes: signedThenEncrypted }],
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key: 'error.upload.encrypted' });
  });

  it("with the flag, the sealed document goes into the employee signatory's safe", async () => {
    const telework = demoId('signbook:main:telework');
    const done = await signAs(telework, admin, ADMIN_MAIL);
    expect(done.status).toBe('COMPLETE');
    const { rows } = await t.db.query<{ destination: string; n: number }>(
      `SELECT d.destination, count(*)::int AS n FROM dom_main.documents d
         JOIN dom_main.signbooks b ON b.signed_file_id = d.file_id
         JOIN dom_main.signatories g ON g.signbook_id = b.id AND g.employee_id = d.employee_id
        WHERE b.id = $1 GROUP BY d.destination`,
      [telework],
    );
    expect(rows).toEqual([{ destination: 'EMPLOYEE_SAFE', n: 1 }]);
  });
});
