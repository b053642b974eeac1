/**
 * Issue 3 on the embedded default (PGlite in DATA_DIR, part bytes in DATA_DIR/files): the real server,
 * killed with SIGKILL in the middle of a split, resumes after a restart and ends with every page of
 * every source in exactly one document or one ignored page — none lost, none twice — every part
 * readable, and the packs the killed run wrote swept without touching a live one.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/db.ts';
import { readFile } from '../../src/server/files/store.ts';
import { inspectPdf, readZoneTexts } from '../../src/server/pdf/index.ts';
import { creationForm, creationJson } from './support/campaignCreate.ts';
import { killAll, killGroup, startServer, until } from './support/child.ts';

/** Six copies of the demo sample payroll (about 300 pages each): seconds of splitting, so the kill lands part-way. */
const SOURCES = 6;
const PAGES = 1000;
/** The seeded BULLETIN_PAIE mask's zone (the sample payroll writes the registration number there). */
const ZONE = { page: 1, x: 400, y: 760, width: 150, height: 24 };

const dataDir = mkdtempSync(join(tmpdir(), 'split-crash-'));
const children = new Set<ChildProcess>();

afterAll(() => {
  killAll(children);
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/user/rh-user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'Admin!2026' }),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${res.headers.get('set-authorization')}` };
}

interface CampaignView {
  status: string;
  pagesSplit: number;
  pagesTotal: number;
}

describe('split killed with SIGKILL on the embedded default (PGlite + DATA_DIR/files)', () => {
  it('resumes after a restart: every page in exactly one document or ignored, every part readable', async () => {
    const first = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, children);
    const auth = await login(first.base);
    const sample = await fetch(`${first.base}/api/dispatch/dispatch/sample/payroll.pdf?pages=${PAGES}`, {
      headers: auth,
    });
    expect(sample.status).toBe(200);
    const payroll = new Uint8Array(await sample.arrayBuffer());
    const pagesEach = inspectPdf(payroll).pages;
    const files = Array.from({ length: SOURCES }, (_, i) => ({ name: `paie-${i + 1}.pdf`, bytes: payroll }));
    const created = await fetch(`${first.base}/api/dispatch/dispatch`, {
      method: 'POST',
      headers: auth,
      body: creationForm({ json: creationJson({ name: 'Paie crash' }), files }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const campaign = async (base: string, headers: Record<string, string>): Promise<CampaignView> =>
      (await (await fetch(`${base}/api/dispatch/dispatch/${id}`, { headers })).json()) as CampaignView;

    // Kill once a batch is stored and most pages are still to split.
    const atKill = await until(
      'the split to be part-way',
      60_000,
      async () => {
        const c = await campaign(first.base, auth);
        if (c.status !== 'SPLITTING') throw new Error(`the split ended before the kill (${c.status})`);
        return c.pagesSplit >= 100 && c.pagesSplit < pagesEach * SOURCES * 0.8 ? c : undefined;
      },
      10,
    );
    await killGroup(first);
    console.info('[split-crash] killed at', atKill.pagesSplit, 'of', pagesEach * SOURCES, 'pages');

    const second = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, children);
    const auth2 = await login(second.base);
    const done = await until(
      'the split to finish',
      120_000,
      async () => {
        const c = await campaign(second.base, auth2);
        return c.status === 'SPLITTING' ? undefined : c;
      },
      200,
    );
    await killGroup(second);
    expect(done.status).toBe('NEEDS_VALIDATION');
    expect(done.pagesSplit).toBe(pagesEach * SOURCES);

    const db = await openDb({ dataDir });
    try {
      const { rows: sources } = await db.query<{ id: string; split_done: boolean }>(
        `SELECT id, split_done FROM dom_main.campaign_sources WHERE campaign_id = $1 ORDER BY position`,
        [id],
      );
      expect(sources.map((s) => s.split_done)).toEqual(Array(SOURCES).fill(true));
      const { rows: docs } = await db.query<{
        source_id: string;
        pages: number[];
        file_id: string;
        identifier: string;
      }>(`SELECT source_id, pages, file_id, identifier FROM dom_main.dispatched_docs WHERE campaign_id = $1`, [id]);
      const { rows: ignored } = await db.query<{ source_id: string; page: number }>(
        `SELECT source_id, page FROM dom_main.campaign_ignored_pages WHERE campaign_id = $1`,
        [id],
      );
      for (const source of sources) {
        const seen = [
          ...docs.filter((d) => d.source_id === source.id).flatMap((d) => d.pages),
          ...ignored.filter((p) => p.source_id === source.id).map((p) => p.page),
        ].sort((a, b) => a - b);
        expect(seen).toEqual(Array.from({ length: pagesEach }, (_, i) => i + 1));
      }

      // The killed run's packs, if the kill fell inside a batch, are orphans now: swept (a kill between
      // two batches leaves none — the PDF worker prepares the next batch while one is stored); every
      // part is still read back whole, and nothing is left to sweep.
      await db.files.sweep(db, 0);
      for (const doc of docs.filter((_, i) => i % 97 === 0)) {
        const part = (await readFile(db, 'main', doc.file_id))!.bytes;
        expect(inspectPdf(part).pages).toBe(doc.pages.length);
        expect(readZoneTexts(part, ZONE)[0]!.toUpperCase()).toContain(doc.identifier);
      }
      const all = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM dom_main.dispatched_docs d JOIN dom_main.files f ON f.id = d.file_id
          WHERE d.campaign_id = $1 AND f.pack IS NOT NULL`,
        [id],
      );
      expect(all.rows[0]!.n).toBe(docs.length);
      expect(await db.files.sweep(db, 0)).toBe(0);
    } finally {
      await db.close();
    }
  }, 300_000);
});
