/**
 * Accepted campaign creations through the API: automatic and manual uploads store the files, the
 * sources and the campaign, then the split job (inline here, queued in production) takes over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/contract/entities.ts';
import { buildApp } from '../../src/server/app.ts';
import {
  type CreationWorld,
  type Upload,
  creationCounts,
  creationForm,
  creationJson as json,
  creationWorld,
  postCreation,
} from './support/campaignCreate.ts';
import { authHeaders, testConfig } from './support/server.ts';

let w: CreationWorld;
beforeAll(async () => {
  w = await creationWorld();
}, 120_000);
afterAll(async () => {
  await w.app.close();
  await w.t.dispose();
});

const create = (route: '' | '/manual', upload: Upload) => postCreation(w.app, w.admin, route, upload);
const counts = () => creationCounts(w.t);

describe('campaign creation: accepted uploads', () => {
  it('automatic: stores the file and its source, then the split job brings the campaign to NEEDS_VALIDATION', async () => {
    const before = await counts();
    const res = await create('', {
      json: json({ name: 'Paie novembre', docName: '' }),
      files: [{ name: 'paie.pdf', bytes: w.payslips }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json<Campaign>();
    expect(campaign).toMatchObject({
      name: 'Paie novembre',
      docName: 'Paie novembre',
      mainDocType: 'BULLETIN_PAIE',
      automaticRecipients: true,
      review: true,
      organizationId: w.orgId,
    });
    expect(await counts()).toEqual({
      campaigns: before.campaigns + 1,
      files: expect.any(Number) as number,
      sources: before.sources + 1,
    });
    const { rows } = await w.t.db.query<{
      position: number;
      name: string;
      pages: number;
      size: number;
      created_by: string;
    }>(
      `SELECT s.position, s.name, s.pages, f.size, c.created_by FROM dom_main.campaign_sources s
         JOIN dom_main.files f ON f.id = s.file_id JOIN dom_main.campaigns c ON c.id = s.campaign_id WHERE s.campaign_id = $1`,
      [campaign.id],
    );
    expect(rows).toEqual([
      {
        position: 0,
        name: 'paie.pdf',
        pages: w.payslipPages,
        size: w.payslips.byteLength,
        created_by: w.admin.body.userId,
      },
    ]);
    // The split job ran inline (this app has no queue): one document per employee, the unknown page ignored.
    expect(campaign).toMatchObject({ status: 'NEEDS_VALIDATION', documentCount: 12, ignoredPages: 1 });
    expect(campaign.pagesSplit).toBe(w.payslipPages);
  });

  it('with a queue: the campaign is stored SPLITTING with the machine initial snapshot and the split job is queued', async () => {
    const sent: { name: string; data: unknown }[] = [];
    const queued = await buildApp({
      db: w.t.db,
      config: testConfig(),
      jobs: {
        send: (name, data) => {
          sent.push({ name, data });
          return Promise.resolve('job-1');
        },
      },
    });
    try {
      const form = creationForm({ json: json({ name: 'En file' }), files: [{ name: 'paie.pdf', bytes: w.payslips }] });
      const res = await queued.inject({
        method: 'POST',
        url: '/api/dispatch/dispatch',
        headers: authHeaders(w.admin),
        payload: form,
      });
      expect(res.statusCode, res.body).toBe(200);
      const campaign = res.json<Campaign>();
      expect(campaign).toMatchObject({ status: 'SPLITTING', pagesTotal: w.payslipPages, documentCount: 0 });
      const { rows } = await w.t.db.query<{ machine_state: unknown }>(
        `SELECT machine_state FROM dom_main.campaigns WHERE id = $1`,
        [campaign.id],
      );
      expect(rows[0]!.machine_state).toEqual({ value: 'splitting', context: { canRetry: false, canDelete: false } });
      expect(sent).toEqual([{ name: 'campaign.split', data: { domain: 'main', campaignId: campaign.id } }]);
    } finally {
      await queued.close();
    }
  });

  it('manual: two files in order, recipients counted, options kept', async () => {
    const res = await create('/manual', {
      json: json({
        name: 'Note de rentrée',
        docName: 'Note aux salariés',
        docTypeCode: 'NOTE_SERVICE',
        automaticRecipients: false,
        review: false,
        onRefuse: true,
        onError: true,
        empIds: w.withEmail.slice(0, 3),
        files: [
          { name: 'note.pdf', docTypeCode: 'NOTE_SERVICE' },
          { name: 'contrat.pdf', docTypeCode: 'CONTRAT_TRAVAIL' },
        ],
      }),
      files: [
        { name: 'note.pdf', bytes: w.payslips },
        { name: 'contrat.pdf', bytes: w.payslips },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json<Campaign>();
    expect(campaign).toMatchObject({
      docName: 'Note aux salariés',
      automaticRecipients: false,
      review: false,
      onRefuse: true,
      onError: true,
      recipientsCount: 3,
    });
    const { rows } = await w.t.db.query<{ position: number; name: string; doc_type_code: string }>(
      `SELECT position, name, doc_type_code FROM dom_main.campaign_sources WHERE campaign_id = $1 ORDER BY position`,
      [campaign.id],
    );
    expect(rows).toEqual([
      { position: 0, name: 'note.pdf', doc_type_code: 'NOTE_SERVICE' },
      { position: 1, name: 'contrat.pdf', doc_type_code: 'CONTRAT_TRAVAIL' },
    ]);
    // Manual campaigns send every file whole to every recipient: 2 files × 3 recipients.
    expect(campaign.documentCount).toBe(6);
  });

  it('serves a 200-page sample payroll of the organisation: every page but the unknown one finds its employee', async () => {
    const res = await w.app.inject({
      method: 'GET',
      url: '/api/dispatch/dispatch/sample/payroll.pdf?pages=200',
      headers: authHeaders(w.admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const created = await create('', { json: json({ name: 'Exemple' }), files: [{ name: 'exemple.pdf', bytes }] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Campaign>()).toMatchObject({
      pagesTotal: 200,
      pagesSplit: 200,
      ignoredPages: 1,
      status: 'NEEDS_VALIDATION',
    });
  });
});
