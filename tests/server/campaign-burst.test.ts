/**
 * Issue 13 point 1: 50 campaigns created back to back drain one after another through the real
 * queue (pg-boss on the same database, production polling settings), and those waiting say so with
 * their place in the queue. The bound is relative (one campaign's split alone × 50 + 10 s), never
 * an absolute time: before the drain fix a burst stalled 30 s per job.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../src/contract/entities.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Queue, startQueue } from '../../src/server/jobs/queue.ts';
import { CAMPAIGN_SPLIT_JOB, type SplitJobData, runSplitJob } from '../../src/server/modules/dispatch/split.job.ts';
import { safePortOf } from '../../src/server/ports/safe.ts';
import { noPush } from '../../src/server/push/push.ts';
import { type CreationWorld, creationForm, creationJson as json, creationWorld } from './support/campaignCreate.ts';
import { authHeaders, testConfig } from './support/server.ts';

const BURST = 50;

let w: CreationWorld;
let queue: Queue;
let app: FastifyInstance;
let working = false;

beforeAll(async () => {
  w = await creationWorld();
  queue = await startQueue(w.t.db, { databaseUrl: w.t.url, onError: () => undefined });
  app = await buildApp({ db: w.t.db, config: testConfig(), jobs: queue });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await w?.app.close();
  await w?.t.dispose();
});

const startWorker = async () => {
  if (working) return;
  working = true;
  await queue.work<SplitJobData>(CAMPAIGN_SPLIT_JOB, (data) =>
    runSplitJob({ db: w.t.db, push: noPush, jobs: queue, safe: safePortOf({ db: w.t.db }) }, data),
  );
};

const create = async (name: string): Promise<Campaign> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dispatch/dispatch',
    headers: authHeaders(w.admin),
    payload: creationForm({ json: json({ name }), files: [{ name: 'paie.pdf', bytes: w.payslips }] }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Campaign>();
};

const read = async (id: string): Promise<Campaign> => {
  const res = await app.inject({ method: 'GET', url: `/api/dispatch/dispatch/${id}`, headers: authHeaders(w.admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Campaign>();
};

const splitDone = (c: Campaign) => c.status !== 'SPLITTING';

async function waitUntilSplit(ids: readonly string[], deadline: number): Promise<number> {
  for (;;) {
    const { rows } = await w.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.campaigns WHERE id = ANY($1::uuid[]) AND status <> 'SPLITTING'`,
      [ids],
    );
    if ((rows[0]?.n ?? 0) === ids.length) return Date.now();
    if (Date.now() > deadline) throw new Error(`${rows[0]?.n ?? 0} of ${ids.length} split before the deadline`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a burst of campaigns through the real queue', () => {
  it('waiting campaigns say « en attente » with their place; 50 drain one after another, never stalled', async () => {
    // Queued while no worker runs: each waits, with its place among the waiting campaign jobs.
    const first = await create('Rafale 0');
    const second = await create('Rafale 1');
    expect((await read(first.id)).waiting).toEqual({ position: 1, of: 2 });
    expect((await read(second.id)).waiting).toEqual({ position: 2, of: 2 });
    const listed = await app.inject({
      method: 'POST',
      url: '/api/dispatch/dispatchs',
      headers: authHeaders(w.admin),
      payload: { status: ['SPLITTING'], limit: 50 },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<{ dispatchs: Campaign[] }>().dispatchs;
    expect(rows.find((c) => c.id === second.id)?.waiting).toEqual({ position: 2, of: 2 });

    // One campaign alone, timed: the reference for the burst.
    const soloStart = Date.now();
    await startWorker();
    await waitUntilSplit([first.id, second.id], Date.now() + 60_000);
    const solo = (Date.now() - soloStart) / 2;
    expect((await read(first.id)).waiting).toBeUndefined();
    expect(splitDone(await read(second.id))).toBe(true);

    const burstStart = Date.now();
    const created: Campaign[] = [];
    for (let i = 0; i < BURST; i += 1) created.push(await create(`Rafale ${i + 2}`));
    const allowed = solo * BURST + 10_000;
    const ended = await waitUntilSplit(
      created.map((c) => c.id),
      burstStart + allowed + 30_000,
    );
    const took = ended - burstStart;
    console.log(
      `[burst] ${BURST} campaigns split in ${took} ms (one alone: ${solo.toFixed(0)} ms, allowed ${allowed.toFixed(0)} ms)`,
    );
    expect(took).toBeLessThanOrEqual(allowed);
    const last = await read(created.at(-1)!.id);
    expect(last.status).not.toBe('SPLITTING');
    expect(last.waiting).toBeUndefined();
  }, 240_000);
});
