/**
 * Signbook templates through the API: each template signatory needs an e-mail, each template document
 * content (a PDF); create, read, list, edit, delete; another organisation's template is 404; a
 * signbook from a template takes only a document of the template's type.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { contractPdf, hr, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let admin: LoggedIn;
let paie: LoggedIn;
let essai: LoggedIn;
let paris: string;
let ids: { admin: string };

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  admin = await login(app, 'admin');
  paie = await login(app, 'paie');
  essai = await login(app, 'essai');
  paris = await orgId(t.db, 'Horizon Services Paris');
  ids = { admin: await userId(t.db, 'admin') };
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

describe('templates', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Avenant — RH puis salarié',
    docTypes: ['CONTRAT_TRAVAIL'],
    steps: [
      { signatoryType: 'user', signatories: [{ userId: ids.admin }] },
      { signatoryType: 'external', signatories: [{ email: 'conseil@cabinet-demo.fr', name: 'Lemaire' }] },
    ],
    ...extra,
  });

  it('refuses a template signatory without e-mail and a template document without content', async () => {
    const noMail = await api.call(
      'POST',
      '/sign-workflow-template',
      admin,
      body({ steps: [{ signatoryType: 'external', signatories: [{ name: 'Sans adresse' }] }] }),
    );
    expect([noMail.statusCode, noMail.json().key]).toEqual([400, ERROR_KEYS.signbookSignatoryWithoutEmail]);
    const empty = await api.call(
      'POST',
      '/sign-workflow-template',
      admin,
      body({ documents: [{ name: 'vide.pdf', typeCode: 'CONTRAT_TRAVAIL', content: '' }] }),
    );
    expect([empty.statusCode, empty.json().key]).toEqual([400, ERROR_KEYS.signbookTemplateDocumentEmpty]);
  });

  it('refuses a user or employee its organisation may not name (404), as a signbook does', async () => {
    const foreignUser = await api.call(
      'POST',
      '/sign-workflow-template',
      admin,
      body({ steps: [{ signatoryType: 'user', signatories: [{ userId: await userId(t.db, 'essai') }] }] }),
    );
    expect(foreignUser.statusCode, foreignUser.body).toBe(404);
    expect(foreignUser.json().fields).toEqual({ 'steps.0.signatories.0': ERROR_KEYS.notFound });
    // An employee of the trial company only.
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.employees WHERE company_id = $1 AND email IS NOT NULL LIMIT 1`,
      [await orgId(t.db, ROOT_TRIAL)],
    );
    expect(rows[0]).toBeDefined();
    const foreignEmployee = await api.call(
      'POST',
      '/sign-workflow-template',
      admin,
      body({ steps: [{ signatoryType: 'employee', signatories: [{ employeeId: rows[0]!.id }] }] }),
    );
    expect(foreignEmployee.statusCode, foreignEmployee.body).toBe(404);
  });

  it('creates, reads, lists, edits and deletes a template', async () => {
    const pdf = Buffer.from(await contractPdf('Modèle')).toString('base64');
    const created = await api.call(
      'POST',
      '/sign-workflow-template',
      admin,
      body({ documents: [{ name: 'modele.pdf', typeCode: 'CONTRAT_TRAVAIL', content: pdf }] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({
      stepCount: 2,
      docTypes: ['CONTRAT_TRAVAIL'],
      documents: [{ name: 'modele.pdf' }],
    });
    expect((await api.call('GET', `/sign-workflow-template/${id}`, admin)).json().steps[1].signatoryType).toBe(
      'external',
    );
    const list = (await api.call('POST', '/sign-workflow-templates', admin, {})).json();
    expect(list.items.map((x: { id: string }) => x.id)).toContain(id);
    const edited = await api.call('PUT', `/sign-workflow-template/${id}`, admin, body({ name: 'Avenant (v2)' }));
    expect([edited.statusCode, edited.json().name, edited.json().documents.length]).toEqual([200, 'Avenant (v2)', 1]);
    expect((await api.call('DELETE', `/sign-workflow-template/${id}`, admin)).statusCode).toBe(204);
    expect((await api.call('GET', `/sign-workflow-template/${id}`, admin)).statusCode).toBe(404);
    expect(
      (await api.call('GET', `/sign-workflow-template/${demoId('sign-template:main:contract')}`, essai)).statusCode,
    ).toBe(404);
  });

  it("a signbook from a template takes only a document of the template's type", async () => {
    const res = await api.upload(
      paie,
      {
        name: 'Mauvais type',
        organizationId: paris,
        templateId: demoId('sign-template:main:contract'),
        docTypeCode: 'NOTE_SERVICE',
        steps: [{ signatories: [{ type: 'user', userId: ids.admin }] }],
      },
      [{ name: 'note.pdf', bytes: await contractPdf() }],
    );
    expect([res.statusCode, res.json().key]).toEqual([400, ERROR_KEYS.signbookWrongDocType]);
  });

  it('a signbook from a template follows its steps and signatory types', async () => {
    const template = demoId('sign-template:main:contract');
    const json = (second: unknown) => ({
      name: 'Selon modèle',
      organizationId: paris,
      templateId: template,
      docTypeCode: 'CONTRAT_TRAVAIL',
      steps: [{ signatories: [{ type: 'user', userId: ids.admin }] }, { signatories: [second] }],
    });
    const bytes = await contractPdf();
    const wrongType = await api.upload(paie, json({ type: 'user', userId: ids.admin }), [{ name: 'a.pdf', bytes }]);
    expect([wrongType.statusCode, wrongType.json().key]).toEqual([400, ERROR_KEYS.signbookTemplateMismatch]);
    const employeeId = (
      await t.db.query<{ id: string }>(
        `SELECT e.id FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
          WHERE eo.organization_id = $1 AND e.email IS NOT NULL LIMIT 1`,
        [paris],
      )
    ).rows[0]!.id;
    const ok = await api.upload(paie, json({ type: 'employee', employeeId }), [{ name: 'a.pdf', bytes }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().signbook).toMatchObject({
      templateId: template,
      docTypeCode: 'CONTRAT_TRAVAIL',
      status: 'IN_PROGRESS',
    });
  });
});
