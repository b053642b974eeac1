/**
 * The campaigns' document counts kept by the documents' triggers (migration 0038) are the counts of
 * the documents, after every kind of write the product makes: documents added by a split's batch,
 * statuses moved one by one (a dispatch) or many at once (a retry, a refusal), other columns written
 * (a postal record), documents deleted, a campaign deleted with its documents; on an existing
 * database the migration counts what is already there (and 0039 gives those documents their
 * recipients' sort keys); on PostgreSQL, concurrent writers of the
 * same campaign leave them exact and deadlock on none of them.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { projectPath } from '../../src/server/paths.ts';
import { type TestDb, createSeededDb } from './support/server.ts';

const S = 'dom_main';

/** « campaign|status » → n, from the documents themselves and from the kept cells. */
async function countsOf(db: Db, schema = S) {
  const counted = await db.query<{ key: string; n: number }>(
    `SELECT campaign_id || '|' || status AS key, count(*)::int AS n FROM ${schema}.dispatched_docs
      GROUP BY campaign_id, status ORDER BY 1`,
  );
  const kept = await db.query<{ key: string; n: number }>(
    `SELECT campaign_id || '|' || status AS key, n FROM ${schema}.campaign_doc_counts WHERE n <> 0 ORDER BY 1`,
  );
  const map = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));
  return { counted: map(counted.rows), kept: map(kept.rows) };
}

/** The kept cells are the documents' counts (a cell at zero reads as none), and none is below zero. */
async function expectExact(db: Db, schema = S): Promise<void> {
  const { counted, kept } = await countsOf(db, schema);
  expect(kept).toEqual(counted);
  const { rows } = await db.query(`SELECT 1 FROM ${schema}.campaign_doc_counts WHERE n < 0`);
  expect(rows).toHaveLength(0);
}

let t: TestDb;
let campaignIds: string[];

beforeAll(async () => {
  t = await createSeededDb();
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT c.id FROM ${S}.campaigns c WHERE EXISTS (SELECT 1 FROM ${S}.dispatched_docs d WHERE d.campaign_id = c.id)
      ORDER BY c.created_at, c.id`,
  );
  campaignIds = rows.map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await t?.dispose();
});

const docsOf = async (campaignId: string, limit = 1000) =>
  (
    await t.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM ${S}.dispatched_docs WHERE campaign_id = $1 ORDER BY id LIMIT $2`,
      [campaignId, limit],
    )
  ).rows;

describe('campaigns’ kept document counts', () => {
  it('hold the demo’s documents as seeded', async () => {
    expect(campaignIds.length).toBeGreaterThan(1);
    await expectExact(t.db);
  });

  it('follow documents added in one statement, statuses moved one by one and many at once', async () => {
    const [campaign] = campaignIds;
    const values = Array.from(
      { length: 30 },
      (_, i) => `('${randomUUID()}'::uuid, $1::uuid, '${i % 3 ? 'NEEDS_DISPATCHING' : 'NOT_DISPATCHED'}')`,
    );
    await t.db.query(`INSERT INTO ${S}.dispatched_docs (id, campaign_id, status) VALUES ${values.join(', ')}`, [
      campaign,
    ]);
    await expectExact(t.db);
    // A dispatch: one document at a time.
    const pending = (await docsOf(campaign!)).filter((d) => d.status === 'NEEDS_DISPATCHING').slice(0, 5);
    for (const doc of pending)
      await t.db.query(`UPDATE ${S}.dispatched_docs SET status = 'DISPATCHED', updated_at = now() WHERE id = $1`, [
        doc.id,
      ]);
    await expectExact(t.db);
    // A retry: every failed one back to the queue, in one statement.
    await t.db.query(
      `UPDATE ${S}.dispatched_docs SET status = 'NEEDS_DISPATCHING' WHERE campaign_id = $1 AND status = 'NOT_DISPATCHED'`,
      [campaign],
    );
    await expectExact(t.db);
    // Statuses swapped within one statement: the cells' sums are unchanged, each document moved.
    await t.db.query(
      `UPDATE ${S}.dispatched_docs SET status = CASE status WHEN 'DISPATCHED' THEN 'REFUSED' ELSE 'DISPATCHED' END
        WHERE campaign_id = $1`,
      [campaign],
    );
    await expectExact(t.db);
  });

  it('are not touched by a write that keeps the status (a postal record)', async () => {
    const [, campaign] = campaignIds;
    const before = await countsOf(t.db);
    await t.db.query(`UPDATE ${S}.dispatched_docs SET postal = '{"at":"2026-11-28"}'::jsonb WHERE campaign_id = $1`, [
      campaign,
    ]);
    expect((await countsOf(t.db)).kept).toEqual(before.kept);
    await expectExact(t.db);
  });

  it('follow documents deleted, and a campaign deleted with its documents leaves no cell', async () => {
    const [first, second] = campaignIds;
    const docs = await docsOf(first!);
    await t.db.query(`DELETE FROM ${S}.dispatched_docs WHERE id = ANY($1::uuid[])`, [
      docs.slice(0, Math.ceil(docs.length / 2)).map((d) => d.id),
    ]);
    await expectExact(t.db);
    // Documents deleted: the campaign's cells at zero go with them.
    const status = (await docsOf(first!))[0]!.status;
    await t.db.query(`DELETE FROM ${S}.dispatched_docs WHERE campaign_id = $1 AND status = $2`, [first, status]);
    const { rows: zero } = await t.db.query(
      `SELECT 1 FROM ${S}.campaign_doc_counts WHERE campaign_id = $1 AND n <= 0`,
      [first],
    );
    expect(zero).toHaveLength(0);
    await expectExact(t.db);
    // Its dependants first (what the product's own deletion does), then the campaign: its documents go by cascade.
    await t.db.query(`DELETE FROM ${S}.campaign_ignored_pages WHERE campaign_id = $1`, [second]).catch(() => undefined);
    await t.db.query(`DELETE FROM ${S}.campaigns WHERE id = $1`, [second]);
    const { rows: left } = await t.db.query(`SELECT 1 FROM ${S}.campaign_doc_counts WHERE campaign_id = $1`, [second]);
    expect(left).toHaveLength(0);
    await expectExact(t.db);
  });

  it('are counted by the migration on a database that already holds documents', async () => {
    // The migrations before 0038, a demo's documents written, then 0038: its cells are what was there.
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const all = projectPath('src/server/db/migrations');
    for (const file of readdirSync(all).filter((f) => f < '0038')) symlinkSync(join(all, file), join(dir, file));
    const filesDir = mkdtempSync(join(tmpdir(), 'counts-files-'));
    const db = await openDb({ dataDir: 'memory://', filesDir });
    try {
      await migrate(db, dir);
      await seedDemo(db);
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${S}.dispatched_docs`);
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual(
        expect.arrayContaining([
          '0038_campaign_doc_counts_domain.sql@dom_main',
          '0038_campaign_doc_counts_domain.sql@dom_legacy',
        ]),
      );
      await expectExact(db);
      await expectExact(db, 'dom_legacy');
      // Migration 0039 gave the documents already there their recipients' sort keys.
      const { rows: keys } = await db.query<{ n: number; named: number }>(
        `SELECT count(*) FILTER (WHERE d.sort_name IS DISTINCT FROM e.sort_name OR d.sort_first IS DISTINCT FROM e.sort_first)::int AS n,
                count(d.sort_name)::int AS named
           FROM ${S}.dispatched_docs d LEFT JOIN ${S}.employees e ON e.id = d.employee_id`,
      );
      expect(keys[0]).toEqual({ n: 0, named: expect.any(Number) });
      expect(keys[0]!.named).toBeGreaterThan(0);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(filesDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'stay exact under concurrent writers of the same campaigns, with no deadlock',
    async () => {
      const [a, b] = campaignIds.slice(-2);
      const docs = [...(await docsOf(a!)), ...(await docsOf(b!))];
      const statuses = ['NEEDS_DISPATCHING', 'DISPATCHED', 'REFUSED', 'NOT_DISPATCHED'];
      // 60 writes at once over the pool, each one statement as the product's writers are: a dispatch's
      // document, an operator's move of many documents of both campaigns, a split's batch, a deletion.
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const mine = docs.filter((_, j) => j % 60 === i).map((d) => d.id);
          const status = statuses[i % 4];
          switch (i % 4) {
            case 0:
              return t.db.query(`UPDATE ${S}.dispatched_docs SET status = $2 WHERE id = $1`, [mine[0], status]);
            case 1:
              return t.db.query(`UPDATE ${S}.dispatched_docs SET status = $2 WHERE id = ANY($1::uuid[])`, [
                docs.filter((_, j) => j % 7 === i % 7).map((d) => d.id),
                status,
              ]);
            case 2:
              return t.db.query(
                `INSERT INTO ${S}.dispatched_docs (id, campaign_id, status) VALUES ($1, $3, $5), ($2, $4, $5)`,
                [randomUUID(), randomUUID(), a, b, status],
              );
            default:
              return t.db.query(`DELETE FROM ${S}.dispatched_docs WHERE id = ANY($1::uuid[])`, [mine]);
          }
        }),
      );
      await expectExact(t.db);
    },
    60_000,
  );
});
