/**
 * Ignored pages (issue 15 §2): a payroll page whose identifier matches nobody is counted on the
 * campaign, listed with what was read on it, and can be given to an employee before validation; it
 * then becomes that employee's pending document, and every count follows. Rights: reading needs
 * DocListDispatch, assigning DocCreateDispatch; a foreign employee or campaign is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IgnoredPagesAnswer } from '../../src/contract/dispatch.ts';
import type { Campaign } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { type CreationWorld, creationJson, creationWorld, postCreation } from './support/campaignCreate.ts';
import { type LoggedIn, authHeaders, login } from './support/server.ts';

let w: CreationWorld;
let campaign: Campaign;
beforeAll(async () => {
  w = await creationWorld();
  const res = await postCreation(w.app, w.admin, '', {
    json: creationJson({ name: 'Paie avec page orpheline', docName: '' }),
    files: [{ name: 'paie.pdf', bytes: w.payslips }],
  });
  campaign = res.json<Campaign>();
}, 120_000);
afterAll(async () => {
  await w.app.close();
  await w.t.dispose();
});

const call = (method: 'GET' | 'POST', url: string, session: LoggedIn, payload?: unknown) =>
  w.app.inject({ method, url: `/api/dispatch${url}`, headers: authHeaders(session), ...(payload ? { payload } : {}) });

describe('ignored pages', () => {
  it('counts the page on the campaign and in the list, and says what was read on it', async () => {
    expect(campaign).toMatchObject({ status: 'NEEDS_VALIDATION', documentCount: 12, ignoredPages: 1 });
    const list = (await call('POST', '/dispatchs', w.admin, { search: 'orpheline' })).json();
    expect(list.dispatchs[0].ignoredPages).toBe(1);
    const res = await call('GET', `/dispatch/${campaign.id}/ignored-pages/list`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<IgnoredPagesAnswer>();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sourceName: 'paie.pdf', page: expect.any(Number) as number });
    expect(items[0]!.readText).not.toBe('');
  });

  it('refuses a foreign employee (404) and a caller without DocCreateDispatch, changing nothing', async () => {
    const [page] = (
      await call('GET', `/dispatch/${campaign.id}/ignored-pages/list`, w.admin)
    ).json<IgnoredPagesAnswer>().items;
    const foreign = await call('POST', `/dispatch/${campaign.id}/ignored-pages/assign`, w.admin, {
      sourceId: page!.sourceId,
      page: page!.page,
      employeeId: w.foreignEmployee,
    });
    expect([foreign.statusCode, foreign.json().key]).toEqual([404, ERROR_KEYS.notFound]);
    const sansmail = await login(w.app, 'sansmail');
    const forbidden = await call('POST', `/dispatch/${campaign.id}/ignored-pages/assign`, sansmail, {
      sourceId: page!.sourceId,
      page: page!.page,
      employeeId: w.withEmail[0],
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await call('GET', `/dispatch/${campaign.id}`, w.admin)).json().ignoredPages).toBe(1);
  });

  it('gives the page to an employee: a pending document of theirs, no page ignored, counts that add up', async () => {
    const [page] = (
      await call('GET', `/dispatch/${campaign.id}/ignored-pages/list`, w.admin)
    ).json<IgnoredPagesAnswer>().items;
    const { rows: spare } = await w.t.db.query<{ id: string }>(
      `SELECT e.id FROM dom_main.employees e WHERE $1::uuid = ANY(e.active_org_ids)
          AND e.id NOT IN (SELECT employee_id FROM dom_main.dispatched_docs WHERE campaign_id = $2 AND employee_id IS NOT NULL)
        ORDER BY e.id LIMIT 1`,
      [w.orgId, campaign.id],
    );
    const res = await call('POST', `/dispatch/${campaign.id}/ignored-pages/assign`, w.admin, {
      sourceId: page!.sourceId,
      page: page!.page,
      employeeId: spare[0]!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Campaign>();
    expect(after).toMatchObject({ ignoredPages: 0, documentCount: 13, recipientsCount: campaign.recipientsCount + 1 });
    expect(after.counts.NEEDS_DISPATCHING).toBe((campaign.counts.NEEDS_DISPATCHING ?? 0) + 1);
    expect((after.counts.ALL_DISPATCHED ?? 0) + (after.counts.ALL_NOT_DISPATCHED ?? 0)).toBe(after.documentCount);
    const { rows } = await w.t.db.query<{ identifier: string; pages: number[]; file_id: string | null }>(
      `SELECT identifier, pages, file_id FROM dom_main.dispatched_docs WHERE campaign_id = $1 AND employee_id = $2`,
      [campaign.id, spare[0]!.id],
    );
    expect(rows).toEqual([{ identifier: page!.readText, pages: [page!.page], file_id: expect.any(String) }]);
    expect((await call('GET', `/dispatch/${campaign.id}/ignored-pages/list`, w.admin)).json().items).toEqual([]);
    // The page went: a second assignment finds nothing.
    const again = await call('POST', `/dispatch/${campaign.id}/ignored-pages/assign`, w.admin, {
      sourceId: page!.sourceId,
      page: page!.page,
      employeeId: spare[0]!.id,
    });
    expect(again.statusCode).toBe(404);
  });
});
