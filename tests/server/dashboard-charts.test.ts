/**
 * The dashboard's charts (issue 15 §11) through the API: each chart only from what the session may
 * see — `paie`, whose access rule lets through payslips only, sees fewer documents than `admin`;
 * `sansmail`, who sees one organisation and lacks DocListDispatch, gets no campaign chart and
 * smaller figures elsewhere — and every chart's parts add up to its whole.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_MONTHS, type DashboardCharts } from '../../src/contract/dashboard.ts';
import { chartMonths } from '../../src/server/modules/hrdesk/charts.ts';
import { caller } from './rights-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let paie: LoggedIn;
let sansmail: LoggedIn;
const call = caller(() => app);

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  [admin, paie, sansmail] = await Promise.all([login(app, 'admin'), login(app, 'paie'), login(app, 'sansmail')]);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const charts = async (who: LoggedIn): Promise<DashboardCharts> => {
  const res = await call('GET', '/api/hrdesk/dashboard/charts', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardCharts;
};
const documentTotal = (c: DashboardCharts) => (c.documents?.counts ?? []).reduce((sum, x) => sum + x.count, 0);

describe('the months of the documents chart', () => {
  it('are the twelve months ending with the current one, across a year boundary', () => {
    const months = chartMonths(new Date('2026-02-15T10:00:00Z'));
    expect(months).toHaveLength(CHART_MONTHS);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-02');
  });
});

describe('dashboard charts', () => {
  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/hrdesk/dashboard/charts' });
    expect(res.statusCode).toBe(401);
  });

  it('gives an administrator every chart, each adding up to what the database holds', async () => {
    const c = await charts(admin);
    expect(c.documents && c.campaigns && c.signbooks && c.safes).toBeTruthy();

    // Documents: the window's deposits under the administrator's organisations (no access rule narrows them).
    const months = c.documents!.months;
    expect(months).toHaveLength(CHART_MONTHS);
    const { rows: docs } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.documents WHERE deposited_at >= $1::timestamptz`,
      [`${months[0]}-01T00:00:00Z`],
    );
    expect(documentTotal(c)).toBeGreaterThan(0);
    expect(documentTotal(c)).toBeLessThanOrEqual(docs[0]!.n);
    for (const x of c.documents!.counts) {
      expect(months).toContain(x.month);
      expect(c.documents!.types.map((ty) => ty.code)).toContain(x.typeCode);
    }

    // Campaigns: newest first, and each one's buckets sum to its dispatched documents.
    expect(c.campaigns!.length).toBeGreaterThan(0);
    for (const row of c.campaigns!) {
      expect(row.distributed + row.waitingSafe + row.inError + row.other).toBe(row.total);
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM dom_main.dispatched_docs WHERE campaign_id = $1',
        [row.id],
      );
      expect(row.total).toBe(rows[0]!.n);
    }
    const dates = c.campaigns!.map((x) => x.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    // Signbooks: the statuses sum to every signbook of the domain's company tree.
    const { rows: books } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dom_main.signbooks');
    const bookSum = c.signbooks!.byStatus.reduce((sum, x) => sum + x.count, 0);
    expect(bookSum).toBeGreaterThan(0);
    expect(bookSum).toBeLessThanOrEqual(books[0]!.n);
    if (c.signbooks!.completed > 0) expect(c.signbooks!.averageHoursToComplete).not.toBeNull();

    // Safes: per organisation, the employees without a safe are among its active ones.
    for (const org of c.safes!) {
      expect(org.noSafe + org.notActivated).toBeGreaterThan(0);
      expect(org.noSafe + org.notActivated).toBeLessThanOrEqual(org.active);
    }
  });

  it('shows a user narrowed by an access rule only the documents the rule lets through', async () => {
    const [all, payroll] = await Promise.all([charts(admin), charts(paie)]);
    expect(documentTotal(payroll)).toBeGreaterThan(0);
    expect(documentTotal(payroll)).toBeLessThan(documentTotal(all));
    expect(payroll.documents!.types.map((x) => x.code)).toEqual(['BULLETIN_PAIE']);
  });

  it('shows a user of one organisation without the campaigns feature no campaign chart and smaller figures', async () => {
    const [all, paris] = await Promise.all([charts(admin), charts(sansmail)]);
    expect(paris.campaigns).toBeNull();
    const safes = (c: DashboardCharts) => (c.safes ?? []).reduce((sum, x) => sum + x.noSafe + x.notActivated, 0);
    expect(safes(paris)).toBeLessThan(safes(all));
    const adminOrgs = new Set(all.safes!.map((x) => x.organizationId));
    for (const org of paris.safes!) expect(adminOrgs.has(org.organizationId) || all.safes!.length === 10).toBe(true);
    const books = (c: DashboardCharts) => (c.signbooks?.byStatus ?? []).reduce((sum, x) => sum + x.count, 0);
    expect(books(paris)).toBeLessThanOrEqual(books(all));
    expect(documentTotal(paris)).toBeLessThan(documentTotal(all));
  });

  it('draws nothing for a feature the session lacks', async () => {
    await t.db.query(`UPDATE directory.users SET features = '{DocSearch}' WHERE login = 'sansmail'`);
    const narrowed = await login(app, 'sansmail');
    const c = await charts(narrowed);
    expect(c.signbooks).toBeNull();
    expect(c.safes).toBeNull();
    expect(c.campaigns).toBeNull();
    expect(c.documents).not.toBeNull();
  });
});

describe('the campaign list', () => {
  it("names each campaign's document type by its label (the « Type de document » column)", async () => {
    const res = await call('POST', '/api/dispatch/dispatchs', admin, { limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const { dispatchs } = res.json() as { dispatchs: { mainDocType: string; docTypeLabel?: string }[] };
    expect(dispatchs.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ code: string; label: string }>('SELECT code, label FROM dom_main.doc_types');
    const labels = new Map(rows.map((r) => [r.code, r.label]));
    for (const c of dispatchs) expect(c.docTypeLabel).toBe(labels.get(c.mainDocType));
  });
});
