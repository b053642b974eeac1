/**
 * The documents archive through the API (issue 12): the list with its filters, full-text search
 * (employee names, French stemming), detail, read mark, PDF and preview, senders and statistics, the
 * sealed deposit certificate and the zip with its manifest — each only over what the session's
 * organisations and access rules let it see: `paie`, whose rule lets through payslips only, gets
 * 404 for a contract exactly as for an id that does not exist; nobody reaches the other domain's rows.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentPage, DocumentStats, DocumentSummary } from '../../src/contract/documents.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { safeDocuments } from '../../src/server/modules/dispatch/create.rules.ts';
import { foldAccents } from '../../src/server/modules/documents/search.ts';
import type { SessionContext } from '../../src/server/auth/sessions.ts';
import { rulesOfUserSql } from '../../src/server/auth/rights.ts';
import { visibleOrgIds } from '../../src/server/auth/scope.ts';
import { MAIN_ROOT, PARIS } from './rights-support.ts';
import { contractPdf } from './signbook-support.ts';
import { demoDocument, docs, employeeOf, readZip } from './documents-support.ts';
import { verifySignature } from './support/pades.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof docs>;
let admin: LoggedIn;
let paie: LoggedIn;
let contract: Awaited<ReturnType<typeof demoDocument>>;
let payslip: Awaited<ReturnType<typeof demoDocument>>;
let legacyDoc: Awaited<ReturnType<typeof demoDocument>>;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = docs(app);
  [admin, paie] = await Promise.all([login(app, 'admin'), login(app, 'paie')]);
  [contract, payslip, legacyDoc] = await Promise.all([
    demoDocument(t.db, 'CONTRAT_TRAVAIL', 'upload', 'main', MAIN_ROOT),
    demoDocument(t.db, 'BULLETIN_PAIE', 'campaign'),
    demoDocument(t.db, 'CONTRAT_TRAVAIL', 'upload', 'legacy'),
  ]);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const list = async (session: LoggedIn, body: object = {}) => {
  const res = await api.call('POST', '/docs', session, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentPage;
};

describe('one source of truth', () => {
  it('every demo document carries its stored file’s SHA-256, size, name and origin', async () => {
    const { rows } = await t.db.query<{ bad: number; campaign: number; upload: number }>(
      `SELECT count(*) FILTER (WHERE d.sha256 IS DISTINCT FROM f.sha256 OR d.size IS DISTINCT FROM f.size
                                  OR d.file_name IS NULL)::int AS bad,
              count(*) FILTER (WHERE d.source = 'campaign' AND d.source_id IS NOT NULL)::int AS campaign,
              count(*) FILTER (WHERE d.source = 'upload')::int AS upload
         FROM dom_main.documents d JOIN dom_main.files f ON f.id = d.file_id`,
    );
    expect(rows[0]!.bad).toBe(0);
    expect(rows[0]!.campaign).toBeGreaterThan(0);
    expect(rows[0]!.upload).toBeGreaterThan(0);
  });
});

describe('list', () => {
  it('pages, counts and sorts what an unrestricted administrator sees', async () => {
    const all = await list(admin, { limit: 5 });
    expect(all.items).toHaveLength(5);
    expect(all.count).toBeGreaterThan(5);
    expect(all.countCapped).toBe(false);
    const dates = all.items.map((d) => d.depositedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list(admin, { limit: 5, offset: 5 });
    expect(second.items.map((d) => d.id)).not.toContain(all.items[0]!.id);
    const byName = await list(admin, { limit: 10, order: { field: 'description', sens: 'asc' } });
    const names = byName.items.map((d) => d.description);
    const folded = names.map(foldAccents);
    expect([...folded].sort()).toEqual(folded);
  });

  it('filters by type, organisation subtree, destination, source, read state, metadata and keywords', async () => {
    const contracts = await list(admin, { typeCodes: ['CONTRAT_TRAVAIL'], limit: 100 });
    expect(contracts.count).toBeGreaterThan(0);
    expect(contracts.items.every((d) => d.typeCode === 'CONTRAT_TRAVAIL')).toBe(true);
    const employer = await list(admin, { destination: 'EMPLOYER_SAFE', limit: 100 });
    expect(employer.items.every((d) => d.destination === 'EMPLOYER_SAFE' && d.employeeId === null)).toBe(true);
    const campaigns = await list(admin, { source: 'campaign', limit: 3 });
    expect(campaigns.items.every((d) => d.origin.source === 'campaign' && d.origin.name)).toBe(true);
    const unread = await list(admin, { read: 'unread', limit: 100 });
    expect(unread.items.every((d) => d.readAt === null)).toBe(true);
    const paris = await list(admin, { organizationIds: [PARIS], limit: 100 });
    expect(paris.count).toBeGreaterThan(0);
    expect(paris.count).toBeLessThan((await list(admin, {})).count);
    const meta = await list(admin, { metaKey: 'docType', metaValue: 'CONTRAT_TRAVAIL' });
    expect(meta.count).toBe(contracts.count);
    const keyword = await list(admin, { keywords: ['contrat_travail'] });
    expect(keyword.count).toBe(contracts.count);
  });

  it('finds by an employee’s name, accents or not, and by a word of another form (French stemming)', async () => {
    const employee = await employeeOf(t.db, PARIS, 3);
    const found = await list(admin, { search: `${employee.first_name} ${employee.name}`, limit: 100 });
    expect(found.count).toBeGreaterThan(0);
    expect(found.items.every((d) => d.employeeId === employee.id || d.description.includes(employee.name))).toBe(true);
    const up = await api.upload(
      admin,
      {
        organizationId: PARIS,
        slips: [
          {
            id: 'stem',
            typeCode: 'NOTE_SERVICE',
            description: 'Récapitulatif des salaires versés',
            destination: 'EMPLOYER_SAFE',
            employeeId: null,
            keywords: ['congés'],
          },
        ],
      },
      [{ field: 'stem', bytes: await contractPdf('Salaires') }],
    );
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().documents[0].document.id as string;
    for (const search of ['salaire', 'SALAIRES', 'recapitulatif', 'conges', 'Récap'])
      expect(
        (await list(admin, { search })).items.map((d) => d.id),
        search,
      ).toContain(id);
    expect((await list(admin, { search: 'introuvablemot' })).count).toBe(0);
  });

  it('shows a user with a narrower rule fewer documents, in the list and in the statistics', async () => {
    const everything = await list(admin, {});
    const payslips = await list(paie, { limit: 100 });
    expect(payslips.count).toBeGreaterThan(0);
    expect(payslips.count).toBeLessThan(everything.count);
    expect(payslips.items.every((d) => d.typeCode === 'BULLETIN_PAIE')).toBe(true);
    expect((await list(paie, { typeCodes: ['CONTRAT_TRAVAIL'] })).count).toBe(0);
    expect((await list(paie, { search: 'contrat' })).items.every((d) => d.typeCode === 'BULLETIN_PAIE')).toBe(true);
    const stats = async (who: LoggedIn) => (await api.call('GET', '/docs/stats', who)).json() as DocumentStats;
    const [a, p] = [await stats(admin), await stats(paie)];
    expect(a.total).toBe(everything.count);
    expect(p.total).toBe(payslips.count);
    expect(p.byType.map((b) => b.typeCode)).toEqual(['BULLETIN_PAIE']);
    expect(p.payslips).toBe(p.total);
    expect(a.lastDepositAt).not.toBeNull();
    const dashboard = async (who: LoggedIn) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/hrdesk/dashboard',
          headers: { authorization: `Bearer ${who.access}` },
        })
      ).json();
    expect((await dashboard(paie)).quickAccess.documents).toBeLessThan((await dashboard(admin)).quickAccess.documents);
  });

  it('follows a change of the user’s access rules on the very next call (the predicate is kept per scope version)', async () => {
    const before = await list(paie, { typeCodes: ['CONTRAT_TRAVAIL'] });
    expect(before.count).toBe(0);
    const { rows: rules } = await t.db.query<{ id: string; criteria: { docTypes: string[] } }>(
      `SELECT r.id, r.criteria FROM directory.access_rules r
        WHERE r.id IN (${rulesOfUserSql("(SELECT id FROM directory.users WHERE login = 'paie')", "'main'")})`,
    );
    expect(rules.length).toBeGreaterThan(0);
    const setTypes = (id: string, criteria: object) =>
      t.db.query(`UPDATE directory.access_rules SET criteria = $2::jsonb WHERE id = $1`, [
        id,
        JSON.stringify(criteria),
      ]);
    for (const rule of rules)
      await setTypes(rule.id, { ...rule.criteria, docTypes: [...rule.criteria.docTypes, 'CONTRAT_TRAVAIL'] });
    try {
      expect((await list(paie, { typeCodes: ['CONTRAT_TRAVAIL'] })).count).toBeGreaterThan(0);
    } finally {
      for (const rule of rules) await setTypes(rule.id, rule.criteria);
    }
    expect((await list(paie, { typeCodes: ['CONTRAT_TRAVAIL'] })).count).toBe(0);
  });

  it('refuses a malformed period and answers no other domain’s documents', async () => {
    const res = await api.call('POST', '/docs', admin, { periodStart: '01/02/2026' });
    expect(res.statusCode).toBe(400);
    expect((await list(admin, { limit: 100, search: '' })).items.map((d) => d.id)).not.toContain(legacyDoc.id);
  });
});

describe('one document', () => {
  it('details, marks read, streams the PDF and its preview inline with the file’s name', async () => {
    const res = await api.call('GET', `/doc/${contract.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as DocumentDetail;
    expect(detail).toMatchObject({
      id: contract.id,
      typeCode: 'CONTRAT_TRAVAIL',
      sha256: contract.sha256,
      pageCount: 1,
    });
    expect(detail.origin.source).toBe('upload');
    expect(detail.origin.userName).toBe('Camille Martin');
    expect(detail.fileName).toMatch(/\.pdf$/);

    const read = await api.call('POST', `/doc/${contract.id}/setRead`, admin);
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as DocumentSummary).readAt).not.toBeNull();
    expect((await api.call('POST', `/doc/${contract.id}/setRead`, admin)).json().readAt).toBe(read.json().readAt);

    for (const url of [
      `/doc/pdf/${contract.id}`,
      `/doc/${contract.id}/preview/${encodeURIComponent('Contrat de travail')}`,
    ]) {
      const pdf = await api.call('GET', url, admin);
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"; filename\*=UTF-8''/);
      expect(sha256(pdf.rawPayload)).toBe(contract.sha256);
    }
  });

  it('lists the senders of what the session sees', async () => {
    const res = await api.call('GET', '/docs/senders', admin);
    expect(res.statusCode, res.body).toBe(200);
    const senders = res.json() as { source: string; name: string; count: number }[];
    expect(senders.some((s) => s.source === 'campaign')).toBe(true);
    expect(senders.some((s) => s.source === 'upload' && s.name === 'Camille Martin')).toBe(true);
    const theirs = (await api.call('GET', '/docs/senders', paie)).json() as { source: string }[];
    expect(theirs.every((s) => s.source === 'campaign')).toBe(true);
  });

  it('answers 404 for a document outside the rules, of the other domain, or unknown — in every call', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [LoggedIn, string][] = [
      [paie, contract.id],
      [admin, legacyDoc.id],
      [admin, unknown],
    ];
    for (const [who, id] of cases) {
      for (const [method, url, body] of [
        ['GET', `/doc/${id}`],
        ['GET', `/doc/pdf/${id}`],
        ['GET', `/doc/${id}/preview/x`],
        ['GET', `/doc/attestation/${id}`],
        ['POST', `/doc/${id}/setRead`],
        ['POST', '/doc/pdf/archive', { ids: [id] }],
      ] as const) {
        const res = await api.call(method, url, who, body);
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect(res.json().key).toBe(ERROR_KEYS.notFound);
      }
    }
    // The same document through the payslip rule's own type is fine.
    expect((await api.call('GET', `/doc/${payslip.id}`, paie)).statusCode).toBe(200);
  });

  it('refuses documents of the safe the session cannot see when creating a campaign', async () => {
    const session = { userId: paie.body.userId as string, domain: 'main' } as SessionContext;
    const visible = await visibleOrgIds(t.db, session);
    await expect(safeDocuments(t.db, session, visible, [contract.id])).rejects.toMatchObject({ status: 404 });
    const [doc] = await safeDocuments(t.db, session, visible, [payslip.id]);
    expect(doc).toMatchObject({ id: payslip.id, typeCode: 'BULLETIN_PAIE' });
  });
});

describe('deposit certificate', () => {
  it('is sealed like signbooks and states the very file’s SHA-256, type, safe and organisation', async () => {
    const res = await api.call('GET', `/doc/attestation/${contract.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const detail = (await api.call('GET', `/doc/${contract.id}`, admin)).json() as DocumentDetail;
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`attestation_${detail.fileName}`));
    verifySignature(res.rawPayload);
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    doc.destroy();
    const file = await api.call('GET', `/doc/pdf/${contract.id}`, admin);
    const stated = /SHA-256 du fichier ([0-9a-f]{64})/.exec(text)?.[1];
    expect(stated).toBe(sha256(file.rawPayload));
    expect(text).toContain('Contrat de travail');
    expect(text).toContain(detail.organizationName);
    expect(text).toContain(`Coffre-fort numérique du salarié ${detail.employeeFirstName} ${detail.employeeName}`);
    expect(text).toContain('Camille Martin');
  });
});

describe('zip', () => {
  it('holds the selected PDFs and a manifest naming each with its employee, period and SHA-256', async () => {
    const page = await list(admin, { typeCodes: ['CONTRAT_TRAVAIL'], limit: 3 });
    const ids = page.items.map((d) => d.id);
    const res = await api.call('POST', '/doc/pdf/archive', admin, { ids: [...ids, legacyDoc.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('documents.zip');
    const entries = await readZip(res.rawPayload);
    const manifest = entries
      .get('manifest.csv')!
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(manifest[0]).toBe('nom;salarié;période;sha256');
    const lines = manifest.slice(1, 4).map((l) => l.split(';'));
    expect(lines).toHaveLength(3);
    for (const [name, employee, period, hash] of lines) {
      expect(sha256(entries.get(name!)!)).toBe(hash);
      const doc = page.items.find((d) => d.sha256 === hash)!;
      expect(employee).toBe(`${doc.employeeFirstName} ${doc.employeeName}`);
      expect(period).toBe(`${doc.periodStart}/${doc.periodEnd}`);
    }
    // The id the session may not see is counted, never named.
    expect(manifest[4]).toMatch(/^# 1 document/);
    expect(entries.size).toBe(4);
    // The files' sizes, for the screen's progress: the zip is that plus its headers and manifest.
    const sizes = page.items.reduce((sum, d) => sum + d.size, 0);
    expect([res.headers['x-document-count'], Number(res.headers['x-document-bytes'])]).toEqual(['3', sizes]);
    expect(res.rawPayload.byteLength).toBeGreaterThan(sizes);
    expect(res.rawPayload.byteLength).toBeLessThan(sizes + 4096);
  });

  it('takes a filter, within the session’s rules', async () => {
    const res = await api.call('POST', '/doc/pdf/archive', paie, { filter: { organizationIds: [PARIS] } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await readZip(res.rawPayload);
    const visible = await list(paie, { organizationIds: [PARIS], limit: 100 });
    expect(entries.size).toBe(visible.count + 1);
    expect((await api.call('POST', '/doc/pdf/archive', admin, {})).statusCode).toBe(400);
  });
});
