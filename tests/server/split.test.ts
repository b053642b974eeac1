/**
 * The `campaign.split` job against the seeded database: a generated payroll for real employees of the
 * demo root organisation is split into one document per employee (two-page payslips grouped), unknown
 * pages recorded, a re-run after a crash adds nothing, review=false goes on to distribution.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { campaignById } from '../../src/server/modules/dispatch/campaign.repo.ts';
import { applyJobEvent } from '../../src/server/modules/dispatch/lifecycle.ts';
import { runSplitJob } from '../../src/server/modules/dispatch/split.jobs.ts';
import { type PayrollEmployee, inspectPdf, payrollPdf, readZoneTexts } from '../../src/server/pdf/index.ts';
import { insertSplittingCampaign, recordingPush } from './support/split.ts';
import { type TestDb, createSeededDb } from './support/server.ts';
import { readFile } from '../../src/server/files/store.ts';

const ROOT = orgId('main', ROOT_MAIN);
const ZONE = { page: 1, x: 400, y: 760, width: 150, height: 24 };
const FONT = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

let t: TestDb;
let staff: (PayrollEmployee & { id: string })[];

beforeAll(async () => {
  t = await createSeededDb();
  const { rows } = await t.db.query<{ id: string; name: string; first_name: string; registration_number: string }>(
    `SELECT e.id, e.name, e.first_name, eo.registration_number FROM dom_main.employees e
       JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND eo.registration_number IS NOT NULL ORDER BY eo.registration_number LIMIT 40`,
    [ROOT],
  );
  staff = rows.map((r) => ({
    id: r.id,
    name: r.name,
    firstName: r.first_name,
    registrationNumber: r.registration_number,
  }));
});
afterAll(async () => t?.dispose());

const docsOf = (campaignId: string) =>
  t.db.query<{ employee_id: string; pages: number[]; identifier: string; file_id: string; status: string }>(
    `SELECT employee_id, pages, identifier, file_id, status FROM dom_main.dispatched_docs WHERE campaign_id = $1
      ORDER BY pages[1], employee_id`,
    [campaignId],
  );
const countFiles = async () =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.files`)).rows[0]!.n;

describe('automatic campaign (mask BULLETIN_PAIE: registration number, consecutive pages)', () => {
  const payroll = () =>
    payrollPdf({ employees: staff.slice(0, 30), twoPageShare: 0.2, unknownPages: 2, fontBytes: FONT });

  it('splits one document per employee, groups two-page payslips, records the unknown pages', async () => {
    const pdf = payroll();
    const push = recordingPush();
    const { id } = await insertSplittingCampaign(t.db, ROOT, {
      sources: [{ name: 'paie-novembre.pdf', bytes: pdf.bytes }],
    });
    await runSplitJob({ db: t.db, push }, { domain: 'main', campaignId: id });

    const { rows } = await docsOf(id);
    const byReg = new Map(staff.map((s) => [s.registrationNumber, s.id]));
    expect(rows.map((r) => [r.employee_id, r.pages])).toEqual(
      pdf.documents.map((d) => [byReg.get(d.employee.registrationNumber), d.pages]),
    );
    expect(pdf.documents.some((d) => d.pages.length === 2)).toBe(true);
    expect(rows.every((r) => r.status === 'NEEDS_DISPATCHING')).toBe(true);
    expect(rows[0]!.identifier).toBe(pdf.documents[0]!.employee.registrationNumber.toUpperCase());

    // Each stored part is a PDF of exactly its pages, showing its employee's number.
    const two = rows.find((r) => r.pages.length === 2)!;
    const part = (await readFile(t.db, 'main', two.file_id))!.bytes;
    expect(inspectPdf(part).pages).toBe(2);
    expect(readZoneTexts(part, ZONE)[0]).toBe(`Matricule : ${two.identifier}`);

    const { rows: ignored } = await t.db.query<{ page: number; read_text: string }>(
      `SELECT page, read_text FROM dom_main.campaign_ignored_pages WHERE campaign_id = $1 ORDER BY page`,
      [id],
    );
    const unknown = pdf.pages.filter((p) => p.employee === null);
    expect(ignored).toEqual(unknown.map((p) => ({ page: p.page, read_text: `Matricule : ${p.registrationNumber}` })));

    const campaign = (await campaignById(t.db, 'main', id))!;
    expect(campaign).toMatchObject({
      status: 'NEEDS_VALIDATION',
      pagesTotal: pdf.pages.length,
      pagesSplit: pdf.pages.length,
      ignoredPages: 2,
      recipientsCount: 30,
      documentCount: 30,
      splitError: null,
    });
    expect(push.events.filter((e) => e.event === 'campaign.updated').at(-1)?.payload.status).toBe('NEEDS_VALIDATION');
  });

  it('a re-run after a crash mid-split adds nothing (the unfinished source is wiped and redone)', async () => {
    const pdf = payroll();
    const { id, sourceIds } = await insertSplittingCampaign(t.db, ROOT, {
      sources: [{ name: 'paie.pdf', bytes: pdf.bytes }],
    });
    const snapshot = (
      await t.db.query<{ machine_state: unknown }>(`SELECT machine_state FROM dom_main.campaigns WHERE id = $1`, [id])
    ).rows[0]!;
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const before = await docsOf(id);
    const files = await countFiles();
    // As if the process died before marking the source done: rows written, source not split_done, still SPLITTING.
    await t.db.query(`UPDATE dom_main.campaign_sources SET split_done = false WHERE id = $1`, [sourceIds[0]]);
    await t.db.query(`UPDATE dom_main.campaigns SET status = 'SPLITTING', machine_state = $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify(snapshot.machine_state),
    ]);
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const after = await docsOf(id);
    expect(after.rows.map((r) => [r.employee_id, r.pages])).toEqual(before.rows.map((r) => [r.employee_id, r.pages]));
    expect(await countFiles()).toBe(files);
    expect((await campaignById(t.db, 'main', id))!.ignoredPages).toBe(2);
    // And a job delivered twice for a campaign already split does nothing.
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    expect((await docsOf(id)).rows).toHaveLength(before.rows.length);
  });

  it('without review, goes on to distribution', async () => {
    const pdf = payrollPdf({ employees: staff.slice(0, 5) });
    const { id } = await insertSplittingCampaign(t.db, ROOT, {
      review: false,
      sources: [{ name: 'p.pdf', bytes: pdf.bytes }],
    });
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const campaign = (await campaignById(t.db, 'main', id))!;
    expect(['DISPATCHED', 'IN_ERROR']).toContain(campaign.status);
    expect(campaign.counts.NEEDS_DISPATCHING ?? 0).toBe(0);
    expect(campaign.documentCount).toBe(5);
  });

  it('pushes progress coalesced: a few events per second, never one per page', async () => {
    const many = Array.from({ length: 300 }, (_, i) => staff[i % staff.length]!);
    // Distinct consecutive employees: shift every page so neighbours differ.
    const pdf = payrollPdf({ employees: many, twoPageShare: 0 });
    const push = recordingPush();
    const { id } = await insertSplittingCampaign(t.db, ROOT, { sources: [{ name: 'gros.pdf', bytes: pdf.bytes }] });
    const started = Date.now();
    await runSplitJob({ db: t.db, push }, { domain: 'main', campaignId: id });
    const seconds = (Date.now() - started) / 1000;
    const progressed = push.events.filter((e) => e.event === 'campaign.progressed');
    expect(progressed.length).toBeGreaterThan(0);
    expect(progressed.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 2);
    expect(progressed.length).toBeLessThan(pdf.pages.length / 10);
    expect(progressed.at(-1)!.payload.pagesSplit).toBe(pdf.pages.length);
  });
});

describe('automatic campaign (mask ATTESTATION_EMPLOYEUR: social security number, one per page)', () => {
  it('makes one document per identified page, even for an employee on two pages', async () => {
    const { rows } = await t.db.query<{ id: string; name: string; first_name: string; num_secu: string }>(
      `SELECT e.id, e.name, e.first_name, e.num_secu FROM dom_main.employees e
         JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
        WHERE eo.organization_id = $1 AND e.num_secu IS NOT NULL ORDER BY e.id LIMIT 6`,
      [ROOT],
    );
    const pdf = payrollPdf({
      employees: rows.map((r) => ({
        name: r.name,
        firstName: r.first_name,
        registrationNumber: r.id,
        numSecu: r.num_secu,
      })),
      twoPageShare: 0.5,
      zoneAt: { x: 60, y: 646 },
      zoneLine: (e) => `N° SS : ${e.numSecu}`,
    });
    const { id } = await insertSplittingCampaign(t.db, ROOT, {
      sources: [{ name: 'attestations.pdf', bytes: pdf.bytes, docType: 'ATTESTATION_EMPLOYEUR' }],
    });
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const docs = (await docsOf(id)).rows;
    expect(docs.map((d) => [d.employee_id, d.pages])).toEqual(
      pdf.pages.map((p) => [p.employee!.registrationNumber, [p.page]]),
    );
    expect(pdf.pages.length).toBeGreaterThan(rows.length);
  });
});

describe('canceled while splitting', () => {
  it('stops writing: the job ends at its next batch and the campaign stays CANCELED', async () => {
    const pdf = payrollPdf({
      employees: Array.from({ length: 400 }, (_, i) => staff[i % staff.length]!),
      twoPageShare: 0,
    });
    const { id } = await insertSplittingCampaign(t.db, ROOT, { sources: [{ name: 'gros.pdf', bytes: pdf.bytes }] });
    const push = recordingPush();
    // The operator cancels as soon as the first progress is pushed (the first batch of 100 is stored).
    const original = push.publishToOrg;
    let canceled = false;
    push.publishToOrg = (...args) => {
      original(...args);
      if (!canceled && args[2] === 'campaign.progressed') {
        canceled = true;
        void t.db.tx((q) => applyJobEvent(q, 'main', id, { type: 'campaign.cancel' }));
      }
    };
    await runSplitJob({ db: t.db, push }, { domain: 'main', campaignId: id });
    const campaign = (await campaignById(t.db, 'main', id))!;
    expect(campaign.status).toBe('CANCELED');
    expect(campaign.documentCount).toBeLessThan(400);
  });
});

describe('refusals: the campaign goes IN_ERROR with the reason', () => {
  it('a source where no page matches → error.campaign.no-page-matched', async () => {
    const nobody = staff.slice(0, 3).map((s, i) => ({ ...s, registrationNumber: `XX-${i}` }));
    const { id } = await insertSplittingCampaign(t.db, ROOT, {
      sources: [{ name: 'x.pdf', bytes: payrollPdf({ employees: nobody }).bytes }],
    });
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const campaign = (await campaignById(t.db, 'main', id))!;
    expect(campaign).toMatchObject({
      status: 'IN_ERROR',
      splitError: ERROR_KEYS.campaignNoPageMatched,
      documentCount: 0,
    });
    expect(campaign.ignoredPages).toBe(3);
  });

  it('a PDF that turns out unreadable (truncated) → error.upload.damaged', async () => {
    const bytes = payrollPdf({ employees: staff.slice(0, 3) }).bytes;
    const { id } = await insertSplittingCampaign(t.db, ROOT, {
      sources: [{ name: 't.pdf', bytes: bytes.slice(0, Math.floor(bytes.length * 0.6)) }],
    });
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    expect(await campaignById(t.db, 'main', id)).toMatchObject({
      status: 'IN_ERROR',
      splitError: ERROR_KEYS.pdfDamaged,
    });
  });
});

describe('manual campaign (no mask)', () => {
  it('sends each source file whole to every recipient: chosen employees ∪ active group members', async () => {
    // Active members: active in the campaign's organisation or one below it (as creation counts them).
    const { rows: groups } = await t.db.query<{ id: string; members: string[] }>(
      `WITH RECURSIVE tree(id) AS (SELECT $1::uuid UNION SELECT o.id FROM dom_main.organizations o JOIN tree ON o.parent_id = tree.id)
       SELECT g.id, array_agg(m.employee_id ORDER BY m.employee_id) AS members
         FROM dom_main.employee_groups g JOIN dom_main.employee_group_members m ON m.group_id = g.id
         JOIN dom_main.employees e ON e.id = m.employee_id
        WHERE g.org_id = $1 AND e.active_org_ids && (SELECT array_agg(id) FROM tree)
        GROUP BY g.id ORDER BY count(*) LIMIT 1`,
      [ROOT],
    );
    const { rows: all } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.employee_group_members WHERE group_id = $1`,
      [groups[0]!.id],
    );
    expect(all[0]!.n).toBeGreaterThanOrEqual(groups[0]!.members.length);
    const group = groups[0]!;
    const chosen = staff.slice(0, 2).map((s) => s.id);
    const a = payrollPdf({ employees: staff.slice(0, 2) });
    const b = payrollPdf({ employees: staff.slice(2, 5) });
    const { id, fileIds } = await insertSplittingCampaign(t.db, ROOT, {
      automatic: false,
      empIds: chosen,
      groupIds: [group.id],
      sources: [
        { name: 'note.pdf', bytes: a.bytes, docType: 'BULLETIN_PAIE' },
        { name: 'annexe.pdf', bytes: b.bytes, docType: 'BULLETIN_PAIE' },
      ],
    });
    const files = await countFiles();
    await runSplitJob({ db: t.db, push: recordingPush() }, { domain: 'main', campaignId: id });
    const recipients = new Set([...chosen, ...group.members]);
    const { rows } = await t.db.query<{ employee_id: string; file_id: string; pages: number[] }>(
      `SELECT employee_id, file_id, pages FROM dom_main.dispatched_docs WHERE campaign_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(recipients.size * 2);
    for (const [i, fileId] of fileIds.entries()) {
      const ofFile = rows.filter((r) => r.file_id === fileId);
      expect(new Set(ofFile.map((r) => r.employee_id))).toEqual(recipients);
      expect(ofFile[0]!.pages).toEqual(Array.from({ length: [a, b][i]!.pages.length }, (_, k) => k + 1));
    }
    expect(await countFiles()).toBe(files); // the sources are shared, not copied
    expect(await campaignById(t.db, 'main', id)).toMatchObject({
      status: 'NEEDS_VALIDATION',
      pagesSplit: a.pages.length + b.pages.length,
      pagesTotal: a.pages.length + b.pages.length,
      recipientsCount: recipients.size,
    });
  });
});
