/**
 * Issue 3: a server killed with SIGKILL in the middle of a campaign distribution resumes after a
 * restart with no document lost and none deposited twice. The real server runs as a child process
 * on a throwaway PostgreSQL database; the kill lands while the pg-boss job is part-way through.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import {
  SKIP_PG,
  SKIP_PG_REASON,
  type ThrowawayDatabase,
  createThrowawayDatabase,
} from '../../src/server/db/testing.ts';
import { killAll, killGroup, startServer, until } from './support/child.ts';

const CAMPAIGN = demoId('campaign:main:main-validation');
/** Enough documents that distribution lasts seconds, so the kill lands mid-way. */
const DOCS = 3_000;
const PENDING = ['NEEDS_DISPATCHING', 'DISPATCHING'];

let database: ThrowawayDatabase;
let client: pg.Client;
const children = new Set<ChildProcess>();

async function statusCounts(): Promise<Record<string, number>> {
  const { rows } = await client.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM dom_main.dispatched_docs WHERE campaign_id = $1 GROUP BY status`,
    [CAMPAIGN],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Deposits of this campaign made since it was prepared (descriptions start with its unique
 * document name): found without dispatched_docs, so a deposit whose status was lost still counts.
 * The server also resumes the demo campaign seeded as DISPATCHING, whose deposits are not ours.
 */
const DOC_NAME = `Bulletin crash ${Date.now()}`;
const NEW_DOCUMENTS = `SELECT * FROM dom_main.documents
  WHERE id NOT IN (SELECT id FROM documents_before) AND description LIKE '${DOC_NAME} — %'`;
const depositsSince = async (): Promise<number> =>
  (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${NEW_DOCUMENTS}) x`)).rows[0]!.n;

const campaignStatus = async (): Promise<string> =>
  (await client.query<{ status: string }>(`SELECT status FROM dom_main.campaigns WHERE id = $1`, [CAMPAIGN])).rows[0]!
    .status;

/** Replaces the demo campaign's documents with DOCS pending ones for employees whose safes accept deposits. */
async function prepareLargeCampaign(): Promise<void> {
  await client.query(`DELETE FROM dom_main.dispatched_docs WHERE campaign_id = $1`, [CAMPAIGN]);
  await client.query(`UPDATE dom_main.campaigns SET doc_name = $2 WHERE id = $1`, [CAMPAIGN, DOC_NAME]);
  const { rowCount } = await client.query(
    `WITH ready AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
         FROM dom_main.employees
        WHERE safe_status = 'FINALISED' AND bpe_agreement IS DISTINCT FROM 'REFUSED')
     INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status)
     SELECT gen_random_uuid(), $1, r.id, 'NEEDS_DISPATCHING'
       FROM generate_series(0, $2 - 1) AS g(i) JOIN ready r ON r.k = g.i % r.total`,
    [CAMPAIGN, DOCS],
  );
  expect(rowCount).toBe(DOCS);
  await client.query(`CREATE TEMP TABLE documents_before AS SELECT id FROM dom_main.documents`);
}

describe.skipIf(SKIP_PG)(`distribution killed with SIGKILL (${SKIP_PG ? SKIP_PG_REASON : 'PostgreSQL'})`, () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase('hr_crash');
    const db = await openDb({ databaseUrl: database.url, poolMax: 2 });
    try {
      await migrate(db);
      await seedDemo(db);
    } finally {
      await db.close();
    }
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await prepareLargeCampaign();
  }, 90_000);

  afterAll(async () => {
    killAll(children);
    await client?.end();
    await database?.drop();
  }, 30_000);

  it('resumes after a restart: every document deposited exactly once', async () => {
    const t0 = Date.now();
    const first = await startServer({ DATABASE_URL: database.url, SEED: 'none' }, children);
    const login = await fetch(`${first.base}/api/user/rh-user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'Admin!2026' }),
    });
    expect(login.status).toBe(200);
    const token = login.headers.get('set-authorization');
    expect(token).toBeTruthy();
    const validated = await fetch(`${first.base}/api/dispatch/dispatch/validate/${CAMPAIGN}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(validated.status).toBe(200);

    // Kill while the job is part-way: some documents deposited, most still pending.
    const atKill = await until(
      'distribution to be part-way',
      60_000,
      async () => {
        const counts = await statusCounts();
        const done = counts.DISPATCHED ?? 0;
        return done >= DOCS * 0.25 && done < DOCS * 0.9 ? counts : undefined;
      },
      20,
    );
    await killGroup(first);
    const afterKill = await statusCounts();
    const depositedAfterKill = await depositsSince();
    const statusAfterKill = await campaignStatus();
    console.info('[dispatch-crash] at kill', atKill, 'after exit', afterKill, {
      depositedAfterKill,
      statusAfterKill,
      elapsedMs: Date.now() - t0,
    });
    expect(afterKill.DISPATCHED ?? 0).toBeGreaterThan(0);
    expect(afterKill.DISPATCHED ?? 0).toBeLessThan(DOCS);
    // Deposit and status commit together: the kill leaves no deposit without its status.
    expect(depositedAfterKill).toBe(afterKill.DISPATCHED ?? 0);
    expect(statusAfterKill).toBe('DISPATCHING');

    const second = await startServer({ DATABASE_URL: database.url, SEED: 'none' }, children);
    const finalStatus = await until(
      'the campaign to reach its final status',
      90_000,
      async () => {
        const status = await campaignStatus();
        const counts = await statusCounts();
        const pending = PENDING.reduce((n, s) => n + (counts[s] ?? 0), 0);
        return !PENDING.includes(status) && pending === 0 ? status : undefined;
      },
      200,
    );
    const final = await statusCounts();
    const deposited = await depositsSince();
    console.info('[dispatch-crash] final', final, { finalStatus, deposited, elapsedMs: Date.now() - t0 });
    await killGroup(second);

    expect(finalStatus).toBe('DISPATCHED');
    expect(final).toEqual({ DISPATCHED: DOCS });
    expect(final.DISPATCHED).toBeGreaterThanOrEqual(afterKill.DISPATCHED ?? 0);
    expect(deposited).toBe(DOCS);

    const links = await client.query<{ linked: number; distinct_docs: number; orphans: number; mismatched: number }>(
      `SELECT count(d.document_id)::int AS linked,
              count(DISTINCT d.document_id)::int AS distinct_docs,
              count(*) FILTER (WHERE doc.id IS NULL)::int AS orphans,
              count(*) FILTER (WHERE doc.employee_id IS DISTINCT FROM d.employee_id)::int AS mismatched
         FROM dom_main.dispatched_docs d LEFT JOIN dom_main.documents doc ON doc.id = d.document_id
        WHERE d.campaign_id = $1`,
      [CAMPAIGN],
    );
    expect(links.rows[0]).toEqual({ linked: DOCS, distinct_docs: DOCS, orphans: 0, mismatched: 0 });

    // Each employee holds exactly as many new deposits as documents the campaign sent them.
    const perEmployee = await client.query<{ employee_id: string; sent: number; received: number }>(
      `WITH sent AS (SELECT employee_id, count(*)::int AS n FROM dom_main.dispatched_docs
                      WHERE campaign_id = $1 GROUP BY employee_id),
            received AS (SELECT employee_id, count(*)::int AS n FROM (${NEW_DOCUMENTS}) x GROUP BY employee_id)
       SELECT employee_id, coalesce(s.n, 0)::int AS sent, coalesce(r.n, 0)::int AS received
         FROM sent s FULL JOIN received r USING (employee_id) WHERE s.n IS DISTINCT FROM r.n`,
      [CAMPAIGN],
    );
    expect(perEmployee.rows).toEqual([]);
  }, 150_000);
});
