/**
 * The split job reached through the real creation call (POST /dispatch, multipart): the campaign the
 * caller gets back has been split (inline in an `inject` app), its documents are listed by the API,
 * and a payroll where nobody matches ends IN_ERROR with the reason the operator sees.
 */
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { payrollPdf } from '../../src/server/pdf/index.ts';
import { type CreationWorld, creationJson, creationWorld, postCreation } from './support/campaignCreate.ts';
import { PARIS, onboard } from './rights-support.ts';
import { authHeaders } from './support/server.ts';

let w: CreationWorld;
beforeAll(async () => {
  w = await creationWorld();
}, 120_000);
afterAll(async () => {
  await w.app.close();
  await w.t.dispose();
});

const campaign = async (id: string): Promise<Campaign> => {
  const res = await w.app.inject({ method: 'GET', url: `/api/dispatch/dispatch/${id}`, headers: authHeaders(w.admin) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('creation → split job', () => {
  it('splits the uploaded payroll: one document per employee, the unknown page ignored, awaiting validation', async () => {
    // Employees whose registration number is theirs alone in the organisation (the demo seed reuses some).
    const { rows } = await w.t.db.query<{ name: string; first_name: string; registration_number: string }>(
      `SELECT e.name, e.first_name, eo.registration_number FROM dom_main.employee_organizations eo
         JOIN dom_main.employees e ON e.id = eo.employee_id
        WHERE eo.organization_id = $1 AND eo.active AND eo.registration_number IN (
          SELECT registration_number FROM dom_main.employee_organizations WHERE organization_id = $1
           GROUP BY registration_number HAVING count(*) = 1)
        ORDER BY eo.registration_number LIMIT 12`,
      [w.orgId],
    );
    const payroll = payrollPdf({
      employees: rows.map((r) => ({
        name: r.name,
        firstName: r.first_name,
        registrationNumber: r.registration_number,
      })),
      twoPageShare: 0.2,
      unknownPages: 1,
    });
    const res = await postCreation(w.app, w.admin, '', {
      json: creationJson(),
      files: [{ name: 'paie.pdf', bytes: payroll.bytes }],
    });
    expect(res.statusCode).toBe(200);
    const created = res.json<Campaign>();
    const c = await campaign(created.id);
    expect(c).toMatchObject({
      status: 'NEEDS_VALIDATION',
      documentCount: 12,
      recipientsCount: 12,
      ignoredPages: 1,
      pagesTotal: payroll.pages.length,
      pagesSplit: payroll.pages.length,
    });
    const docs = await w.app.inject({
      method: 'POST',
      url: `/api/dispatch/dispatch/${created.id}/dispatched-docs`,
      headers: authHeaders(w.admin),
      payload: { limit: 50 },
    });
    expect(docs.json<{ count: number }>().count).toBe(12);
  });

  it('a registration number two employees of the organisation share identifies nobody (page ignored, not guessed)', async () => {
    const { rows } = await w.t.db.query<{ registration_number: string }>(
      `SELECT registration_number FROM dom_main.employee_organizations WHERE organization_id = $1 AND active
        GROUP BY registration_number HAVING count(*) > 1 LIMIT 1`,
      [w.orgId],
    );
    if (!rows[0]) return; // the seed has no shared number: nothing to show
    const { rows: unique } = await w.t.db.query<{ registration_number: string }>(
      `SELECT registration_number FROM dom_main.employee_organizations WHERE organization_id = $1 AND active
        GROUP BY registration_number HAVING count(*) = 1 ORDER BY 1 LIMIT 1`,
      [w.orgId],
    );
    const pdf = payrollPdf({
      employees: [rows[0].registration_number, unique[0]!.registration_number].map((n) => ({
        name: 'X',
        firstName: 'Y',
        registrationNumber: n,
      })),
      twoPageShare: 0,
    });
    const res = await postCreation(w.app, w.admin, '', {
      json: creationJson({ name: 'Ambigu' }),
      files: [{ name: 'ambigu.pdf', bytes: pdf.bytes }],
    });
    expect(await campaign(res.json<Campaign>().id)).toMatchObject({ documentCount: 1, ignoredPages: 1 });
  });

  it('a payroll where no page matches anybody ends IN_ERROR with error.campaign.no-page-matched', async () => {
    const nobody = payrollPdf({
      employees: [1, 2, 3].map((i) => ({ name: 'Inconnu', firstName: 'Personne', registrationNumber: `NOPE-${i}` })),
    });
    const res = await postCreation(w.app, w.admin, '', {
      json: creationJson({ name: 'Personne' }),
      files: [{ name: 'personne.pdf', bytes: nobody.bytes }],
    });
    expect(res.statusCode).toBe(200);
    expect(await campaign(res.json<Campaign>().id)).toMatchObject({
      status: 'IN_ERROR',
      splitError: ERROR_KEYS.campaignNoPageMatched,
      documentCount: 0,
      ignoredPages: 3,
    });
  });

  it("finds recipients only in the organisations its creator sees: one given the root alone does not reach a branch's employees", async () => {
    const pick = async (where: string) =>
      (
        await w.t.db.query<{ name: string; first_name: string; registration_number: string }>(
          `SELECT e.name, e.first_name, eo.registration_number FROM dom_main.employee_organizations eo
             JOIN dom_main.employees e ON e.id = eo.employee_id
            WHERE eo.active AND ${where} AND eo.registration_number IN (
              SELECT registration_number FROM dom_main.employee_organizations GROUP BY 1 HAVING count(*) = 1)
            ORDER BY e.id LIMIT 1`,
          [w.orgId, PARIS],
        )
      ).rows[0]!;
    const atRoot = await pick(`eo.organization_id = $1 AND $2::uuid IS NOT NULL`);
    const inParis = await pick(`eo.organization_id = $2 AND NOT $1::uuid = ANY(e.org_ids)`);
    const payroll = payrollPdf({
      employees: [atRoot, inParis].map((r) => ({
        name: r.name,
        firstName: r.first_name,
        registrationNumber: r.registration_number,
      })),
      twoPageShare: 0,
    });
    const { session: rootOnly } = await onboard(w.app, w.t.db, w.admin, {
      rootOrgId: w.orgId,
      rootIncludesChildren: false,
      features: ['DocCreateDispatch', 'DocListDispatch', 'EmpList'],
    });
    const send = (who: typeof w.admin, name: string) =>
      postCreation(w.app, who, '', { json: creationJson({ name }), files: [{ name: 'p.pdf', bytes: payroll.bytes }] });
    const narrow = await send(rootOnly, 'Racine seule');
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect(await campaign(narrow.json<Campaign>().id)).toMatchObject({ documentCount: 1, ignoredPages: 1 });
    const wide = await send(w.admin, 'Tout le groupe');
    expect(await campaign(wide.json<Campaign>().id)).toMatchObject({ documentCount: 2, ignoredPages: 0 });
  });

  it('a file with no text at all (a scan) ends IN_ERROR saying so, not blaming the mask', async () => {
    const doc = new mupdf.PDFDocument();
    const resources = doc.addObject({});
    for (let i = 0; i < 3; i++) {
      // Only drawing, no text operator: what a scanned page (an image) gives the text reader.
      const page = doc.addPage([0, 0, 595, 842], 0, resources, Buffer.from('0 0 1 rg 50 50 400 600 re f', 'latin1'));
      doc.insertPage(-1, page);
    }
    const saved = doc.saveToBuffer('compress');
    const bytes = new Uint8Array(saved.asUint8Array());
    const res = await postCreation(w.app, w.admin, '', {
      json: creationJson({ name: 'Numérisé' }),
      files: [{ name: 'scan.pdf', bytes }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await campaign(res.json<Campaign>().id)).toMatchObject({
      status: 'IN_ERROR',
      splitError: ERROR_KEYS.campaignNoText,
      documentCount: 0,
      ignoredPages: 3,
    });
  });
});
