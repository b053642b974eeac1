/**
 * Counts that add up (issue 15 §5): on the demo seed, every campaign's parts sum to its whole
 * (« Distribués » + « Non distribués » = every document, whatever its status, failures for good
 * included; « Destinataires » = the employees of its documents), the dashboard's campaign card
 * counts the list it opens, and each side-navigation badge counts the list its entry opens.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCounts, Campaign } from '../../src/contract/entities.ts';
import { CAMPAIGN_URL_STATUSES, DISPATCHED_DOC_STATUSES } from '../../src/contract/enums.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const api = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
  const res = await app.inject({ method, url, headers: authHeaders(admin), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const list = (body: Record<string, unknown>) =>
  api<{ dispatchs: Campaign[]; count: number }>('POST', '/api/dispatch/dispatchs', { limit: 200, ...body });

async function expectPartsSum(campaign: Campaign): Promise<void> {
  const c = campaign.counts;
  const perStatus = DISPATCHED_DOC_STATUSES.reduce((n, s) => n + (c[s] ?? 0), 0);
  expect(perStatus, campaign.name).toBe(campaign.documentCount);
  expect((c.ALL_DISPATCHED ?? 0) + (c.ALL_NOT_DISPATCHED ?? 0), campaign.name).toBe(campaign.documentCount);
  const { rows } = await t.db.query<{ employees: number; docs: number }>(
    `SELECT count(DISTINCT employee_id)::int AS employees, count(*)::int AS docs FROM dom_main.dispatched_docs
      WHERE campaign_id = $1`,
    [campaign.id],
  );
  expect([campaign.recipientsCount, campaign.documentCount], campaign.name).toEqual([
    rows[0]!.employees,
    rows[0]!.docs,
  ]);
  const { rows: ignored } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dom_main.campaign_ignored_pages WHERE campaign_id = $1`,
    [campaign.id],
  );
  // « n pages ignorées » is what the list and the download of ignored pages show.
  expect(campaign.ignoredPages, campaign.name).toBe(ignored[0]!.n);
}

describe('counts that add up', () => {
  it('sums each campaign of the list to its whole, and the campaign page says the same', async () => {
    const all = await list({});
    expect(all.dispatchs).toHaveLength(all.count);
    for (const campaign of all.dispatchs) {
      await expectPartsSum(campaign);
      const one = await api<Campaign>('GET', `/api/dispatch/dispatch/${campaign.id}`);
      expect([one.counts, one.documentCount, one.recipientsCount]).toEqual([
        campaign.counts,
        campaign.documentCount,
        campaign.recipientsCount,
      ]);
    }
  });

  it('counts documents failed for good as not distributed (« Limite de documents atteinte »)', async () => {
    const [campaign] = (await list({ status: ['DISPATCHED'] })).dispatchs;
    await t.db.query(
      `UPDATE dom_main.dispatched_docs SET status = 'CANT_CREATE_DOC_ERROR', reason = 'Limite de documents atteinte'
        WHERE id IN (SELECT id FROM dom_main.dispatched_docs WHERE campaign_id = $1 ORDER BY id LIMIT 2)`,
      [campaign!.id],
    );
    const after = await api<Campaign>('GET', `/api/dispatch/dispatch/${campaign!.id}`);
    expect(after.counts.CANT_CREATE_DOC_ERROR).toBe(2);
    expect(after.counts.ALL_NOT_DISPATCHED).toBeGreaterThanOrEqual(2);
    await expectPartsSum(after);
    const notDispatched = await api<{ count: number }>(
      'POST',
      `/api/dispatch/dispatch/${campaign!.id}/dispatched-docs`,
      { status: ['ALL_NOT_DISPATCHED'] },
    );
    expect(notDispatched.count).toBe(after.counts.ALL_NOT_DISPATCHED);
  });

  it('gives the dashboard card the number of campaigns of the list it opens', async () => {
    const dashboard = await api<{ quickAccess: { campaigns: number } }>('GET', '/api/hrdesk/dashboard');
    expect(dashboard.quickAccess.campaigns).toBe((await list({})).count);
  });

  it('gives every campaign badge the number of campaigns of the list its entry opens', async () => {
    const badges = await api<BadgeCounts>('GET', '/api/hrdesk/badges');
    for (const [key, statuses] of Object.entries(CAMPAIGN_URL_STATUSES)) {
      if (key === 'draft' || key === 'error') continue;
      const badge = badges.campaigns[key as keyof BadgeCounts['campaigns']];
      expect(badge, key).toBe((await list({ status: [...statuses] })).count);
    }
    expect(badges.campaigns.errorRetry).toBe((await list({ subStatus: 'error-retry' })).count);
    expect(badges.campaigns.errorDelete).toBe((await list({ subStatus: 'error-delete' })).count);
    expect(badges.campaigns.errorRetry + badges.campaigns.errorDelete).toBe(
      (await list({ status: [...CAMPAIGN_URL_STATUSES.error] })).count,
    );
  });
});
