/**
 * Campaign downloads and postal information through the API: the treatment report CSV, the
 * ignored pages cut out of the sources, the merged PDF of chosen documents (with its cap), and the
 * simulated paper dispatch (employees who asked for paper end PAPER_DISPATCHED, counted as dispatched).
 */
import { randomUUID } from 'node:crypto';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { runDispatchJob } from '../../src/server/modules/dispatch/dispatch.job.ts';
import { MERGE_LIMIT } from '../../src/server/modules/dispatch/downloads.service.ts';
import { embeddedSafePort } from '../../src/server/ports/safe.ts';
import { noPush } from '../../src/server/push/push.ts';
import { campaign, docsWorld, employeesOf, insertCampaign, pagesPdf, storeFile } from './campaign-docs.fixture.ts';

const w = docsWorld();

/** Page count and each page's text of a PDF answer. */
function readPdf(bytes: Buffer): string[] {
  const doc = mupdf.Document.openDocument(new Uint8Array(bytes), 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      const text = page.toStructuredText('preserve-whitespace').asText().trim();
      page.destroy();
      return text;
    });
  } finally {
    doc.destroy();
  }
}

describe('treatment report', () => {
  it('is a French CSV: BOM, `;`, one line per document with the status label', async () => {
    const id = campaign('main-dispatched');
    const res = await w.call('GET', `/dispatch/${id}/report`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="rapport-Bulletins-de-paie-[^"]+\.csv"/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFDestinataire;Identifiant lu;Pages;Statut;Motif;Cause;Date\r\n')).toBe(true);
    const lines = text.trim().split('\r\n').slice(1);
    const campaignDocs = (await w.call('GET', `/dispatch/${id}`)).json().documentCount;
    expect(lines).toHaveLength(campaignDocs);
    expect(lines.some((l) => l.includes(';Distribué;'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Salarié inconnu;') && l.includes(';Non distribué;'))).toBe(true);
    expect(lines.every((l) => /;\d{2}\/\d{2}\/\d{4}$/.test(l))).toBe(true);
  });

  it('is 404 for another organisation’s campaign', async () => {
    expect((await w.call('GET', `/dispatch/${campaign('main-dispatched')}/report`, w.essai)).statusCode).toBe(404);
  });
});

describe('ignored pages', () => {
  it('extracts the ignored pages from their sources, in source and page order', async () => {
    const { campaignId } = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'DISPATCHED',
      docs: [],
    });
    for (const [position, label, pages] of [
      [0, 'Source A', [3, 1]],
      [1, 'Source B', [2]],
    ] as const) {
      const sourceId = randomUUID();
      const fileId = await storeFile(w.t.db, await pagesPdf(4, label));
      await w.t.db.query(
        `INSERT INTO dom_main.campaign_sources (id, campaign_id, position, name, doc_type_code, file_id, pages, split_done)
         VALUES ($1, $2, $3, $4, 'BULLETIN_PAIE', $5, 4, true)`,
        [sourceId, campaignId, position, `${label}.pdf`, fileId],
      );
      for (const page of pages)
        await w.t.db.query(
          `INSERT INTO dom_main.campaign_ignored_pages (campaign_id, source_id, page, read_text) VALUES ($1, $2, $3, '')`,
          [campaignId, sourceId, page],
        );
    }
    const res = await w.call('GET', `/dispatch/${campaignId}/ignored-pages`);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(readPdf(res.rawPayload)).toEqual(['Source A 1', 'Source A 3', 'Source B 2']);
  });

  it('answers 404 with a key when no page was ignored, and 404 for a foreign campaign', async () => {
    const res = await w.call('GET', `/dispatch/${campaign('main-dispatched')}/ignored-pages`);
    expect([res.statusCode, res.json().key]).toEqual([404, ERROR_KEYS.campaignNoIgnoredPages]);
    const foreign = await w.call('GET', `/dispatch/${campaign('legacy-validation', 'legacy')}/ignored-pages`);
    expect([foreign.statusCode, foreign.json().key]).toEqual([404, ERROR_KEYS.notFound]);
  });
});

describe('merged documents', () => {
  it('merges the parts of the chosen documents into documents.pdf, by filter or by id', async () => {
    const id = campaign('main-dispatched');
    const all = (
      await w.call('POST', `/dispatch/${id}/dispatched-docs`, w.admin, { status: ['DISPATCHED'], limit: 200 })
    ).json();
    const res = await w.call('POST', `/dispatch/${id}/dispatched-docs/merge`, w.admin, { status: ['DISPATCHED'] });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(res.headers['content-disposition']).toContain('filename="documents.pdf"');
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(all.count);
    // Recipient order, like the table.
    expect(pages[0]).toContain(all.items[0].recipientName);
    const two = await w.call('POST', `/dispatch/${id}/dispatched-docs/merge`, w.admin, {
      docIds: [all.items[1].id, all.items[0].id],
    });
    expect(readPdf(two.rawPayload)).toHaveLength(2);
  });

  it('answers 404 with a key when nothing chosen has a part, and 400 beyond the cap', async () => {
    const none = await w.call('POST', `/dispatch/${campaign('main-refused')}/dispatched-docs/merge`, w.admin, {});
    expect([none.statusCode, none.json().key]).toEqual([404, ERROR_KEYS.campaignNothingToMerge]);
    const { campaignId, docIds } = await insertCampaign(w.t.db, {
      orgName: 'Horizon Logistique Lyon',
      status: 'DISPATCHED',
      docs: [{ employeeId: null, status: 'DISPATCHED' }],
    });
    await w.t.db.query(
      `INSERT INTO dom_main.dispatched_docs (id, campaign_id, status, file_id)
       SELECT gen_random_uuid(), $1, 'DISPATCHED', file_id FROM dom_main.dispatched_docs, generate_series(1, $3)
        WHERE id = $2`,
      [campaignId, docIds[0], MERGE_LIMIT],
    );
    const many = await w.call('POST', `/dispatch/${campaignId}/dispatched-docs/merge`, w.admin, {});
    expect([many.statusCode, many.json().key]).toEqual([400, ERROR_KEYS.campaignMergeTooMany]);
  });
});

describe('paper dispatch (simulated)', () => {
  it('ends documents of employees who asked for paper PAPER_DISPATCHED, posted today, counted as dispatched', async () => {
    const { rows: paper } = await w.t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.employees WHERE paper_dispatch ORDER BY id`,
    );
    expect(paper).toHaveLength(2);
    const [other] = await employeesOf(w.t.db, 'Horizon Logistique Lyon', 1);
    const { campaignId } = await insertCampaign(w.t.db, {
      orgName: 'Horizon Services Paris',
      status: 'NEEDS_DISPATCHING',
      docs: [
        ...paper.map((p) => ({ employeeId: p.id, status: 'NEEDS_DISPATCHING' })),
        { employeeId: other!, status: 'NEEDS_DISPATCHING' },
      ],
    });
    await runDispatchJob({ db: w.t.db, push: noPush, safe: embeddedSafePort }, { domain: 'main', campaignId });
    const c = (await w.call('GET', `/dispatch/${campaignId}`)).json();
    expect([c.status, c.counts.PAPER_DISPATCHED, c.counts.ALL_DISPATCHED]).toEqual(['DISPATCHED', 2, 3]);
    const infos = (await w.call('GET', `/dispatch/${campaignId}/editiqueInfos`)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect([infos.paperCount, infos.byStatus, infos.simulated]).toEqual([2, { POSTED: 2 }, true]);
    expect(infos.documents.every((d: { dispatchDate: string }) => d.dispatchDate === today)).toBe(true);
  });

  it('moves letters posted two days ago or more to RECEIVED on refresh, dated', async () => {
    const id = campaign('main-dispatched');
    const infos = (await w.call('GET', `/dispatch/${id}/editiqueInfos`)).json();
    expect(infos.paperCount).toBeGreaterThan(0);
    expect(infos.byStatus).toEqual({ RECEIVED: infos.paperCount });
    const [doc] = infos.documents;
    const expected = new Date(Date.parse(doc.dispatchDate) + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(doc.receptionDate).toBe(expected);
    expect((await w.call('GET', `/dispatch/${id}/editiqueInfos`, w.essai)).statusCode).toBe(404);
  });
});
