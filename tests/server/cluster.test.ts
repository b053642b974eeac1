/**
 * Issue 17: several nodes on PostgreSQL, as separate processes — API node A, API node B and a worker
 * (ROLE=api / ROLE=worker) on one throwaway database, behind HAProxy (deploy/haproxy.cfg) when it is
 * installed, else straight on the nodes' two ports.
 *
 * - A session opened on A works on B, and its logout on A ends it on B at once (HTTP and socket).
 * - Rights changed on A hold on B's next call, and B's sockets move rooms at once.
 * - Login protection counts failures across nodes.
 * - A campaign created on A is split by the worker, and its live progress reaches a client of B.
 * - The worker killed with SIGKILL mid-split: a second worker finishes, every page exactly once.
 * - B killed: its client reconnects to A (or through the balancer), follows again — the server checks
 *   it again — and hears the final status.
 *
 * `HAPROXY=none` runs it without the balancer even where HAProxy is installed.
 * Skipped when no PostgreSQL answers (PG_ADMIN_URL) or SKIP_PG=1. In CI it runs once, in the pass of
 * the server suites on PostgreSQL (TEST_DATABASE_URL set), not in `npm test` before it.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Socket, io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/contract/socket.ts';
import type { UserAdminView } from '../../src/contract/rights.ts';
import { openDb } from '../../src/server/db/db.ts';
import { type ThrowawayDatabase, createThrowawayDatabase } from '../../src/server/db/testing.ts';
import { inspectPdf } from '../../src/server/pdf/index.ts';
import { findHaproxy, haproxyConfig } from '../../scripts/cluster-haproxy.mjs';
import { asInput } from './rights-support.ts';
import { creationForm, creationJson } from './support/campaignCreate.ts';
import { freePort, killAll, killGroup, until } from './support/child.ts';
import { bearer, json, loginOn, postgresAnswers, startNode, tokenOn } from './support/cluster.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Four copies of the demo's sample payroll (about 300 pages each): seconds of splitting on each worker. */
const SOURCES = 4;

const postgres = await postgresAnswers();
const haproxyPath = findHaproxy();

const children = new Set<ChildProcess>();
let database: ThrowawayDatabase | null = null;
let haproxyDir: string | null = null;

afterAll(async () => {
  killAll(children);
  if (haproxyDir) rmSync(haproxyDir, { recursive: true, force: true });
  await database?.drop();
});

interface Heard {
  readonly event: string;
  readonly payload: Record<string, unknown>;
  readonly at: number;
  readonly url: string;
}

/**
 * A client as the browser's (src/web/push): the follows it holds are sent again on every connection.
 * When its node goes away it connects to the next address of `urls` — the balancer's job; straight
 * to the other node when there is none.
 */
function liveClient(urls: readonly string[], token: string) {
  const heard: Heard[] = [];
  const follows = new Set<string>();
  const acks: { id: string; ok: boolean; url: string }[] = [];
  const state = { socket: null as Socket | null, closed: false, connects: [] as string[] };
  const open = (index: number): void => {
    const url = urls[index % urls.length]!;
    const s = connect(url, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    state.socket = s;
    s.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload, at: Date.now(), url }));
    s.on('connect', () => {
      state.connects.push(url);
      for (const id of follows) s.emit('campaign.follow', id, (ok: boolean) => acks.push({ id, ok, url }));
    });
    const next = (): void => {
      if (state.closed || state.socket !== s) return;
      s.removeAllListeners();
      s.close();
      setTimeout(() => open(index + 1), 200);
    };
    s.on('disconnect', next);
    s.on('connect_error', next);
  };
  open(0);
  return {
    heard,
    acks,
    connects: state.connects,
    follow(id: string): void {
      follows.add(id);
      const s = state.socket;
      if (s?.connected) s.emit('campaign.follow', id, (ok: boolean) => acks.push({ id, ok, url: urls[0]! }));
    },
    close(): void {
      state.closed = true;
      state.socket?.close();
    },
  };
}

/** A plain client of one node, for the session and rights checks. */
async function socketOn(base: string, token: string): Promise<{ socket: Socket; heard: string[] }> {
  const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  const heard: string[] = [];
  socket.onAny((event: string) => heard.push(event));
  await until('the socket to join its rooms', 10_000, async () => (heard.includes('rooms.joined') ? true : undefined));
  return { socket, heard };
}

describe.skipIf(!postgres)('several nodes on PostgreSQL (two API nodes, workers, HAProxy when installed)', () => {
  it('shares sessions, rights, limits and push across nodes; survives a worker and an API node killed', async () => {
    const started = Date.now();
    database = await createThrowawayDatabase('hr_cluster');
    const url = database.url;
    // A migrates and seeds; B and the worker start together and find it done (the cluster's prepare lock).
    const a = await startNode('A', 'api', url, children);
    const [b, worker1] = await Promise.all([
      startNode('B', 'api', url, children),
      startNode('W1', 'worker', url, children),
    ]);
    const db = await openDb({ databaseUrl: url, poolMax: 2 });
    try {
      const { rows: migrations } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM public.schema_migrations WHERE file LIKE '0032_%'`,
      );
      expect(migrations[0]!.n).toBe(1);
      const { rows: admins } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM directory.users WHERE login = 'admin'`,
      );
      expect(admins[0]!.n).toBe(1);

      let balancer: string | null = null;
      if (haproxyPath) {
        const port = await freePort();
        haproxyDir = mkdtempSync(join(tmpdir(), 'cluster-haproxy-'));
        const config = join(haproxyDir, 'haproxy.cfg');
        const nodes = [a, b].map((n) => ({
          name: n.name.toLowerCase(),
          host: '127.0.0.1',
          port: Number(new URL(n.base).port),
        }));
        writeFileSync(config, haproxyConfig({ port, nodes, template: join(ROOT, 'deploy/haproxy.cfg') }));
        const proxy = spawn(haproxyPath, ['-f', config, '-db'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        children.add(proxy);
        let proxyLog = '';
        proxy.stdout?.on('data', (chunk: Buffer) => void (proxyLog += chunk.toString()));
        proxy.stderr?.on('data', (chunk: Buffer) => void (proxyLog += chunk.toString()));
        proxy.once('exit', () => children.delete(proxy));
        balancer = `http://127.0.0.1:${port}`;
        // Both nodes in service: answers come back pinned to each of them in turn.
        await until('HAProxy to serve both nodes', 20_000, async () => {
          if (proxy.exitCode !== null) throw new Error(`HAProxy exited:\n${proxyLog}`);
          const pins = new Set<string>();
          for (let i = 0; i < 4; i++) {
            const res = await fetch(`${balancer}/api/ready`).catch(() => null);
            const pin = /SERVERID=(\w+)/.exec(res?.headers.get('set-cookie') ?? '')?.[1];
            if (res?.status === 200 && pin) pins.add(pin);
          }
          return pins.size === 2 ? true : undefined;
        });
      }
      console.info(`[cluster] nodes up in ${Date.now() - started} ms; balancer: ${balancer ?? 'none (two ports)'}`);

      // Sessions: opened on A, valid on B; logged out on A → refused on B and its socket on B closed.
      const paie = await tokenOn(a.base, 'paie', 'Paie!2026');
      expect((await fetch(`${b.base}/api/hrdesk/badges`, { headers: bearer(paie) })).status).toBe(200);
      const paieOnB = await socketOn(b.base, paie);
      const loggedOut = await fetch(`${a.base}/api/user/rh-user/logout`, { method: 'POST', headers: bearer(paie) });
      expect(loggedOut.ok).toBe(true);
      expect((await fetch(`${b.base}/api/hrdesk/badges`, { headers: bearer(paie) })).status).toBe(401);
      await until('the socket on B to hear its session ended', 5_000, async () =>
        paieOnB.heard.includes('session.expired') && paieOnB.socket.disconnected ? true : undefined,
      );

      // Rights: DocListDispatch taken from paie on A → B refuses the next call, and B's socket moves rooms.
      const admin = await tokenOn(a.base, 'admin', 'Admin!2026');
      const paie2 = await tokenOn(b.base, 'paie', 'Paie!2026');
      const unknownCampaign = `${b.base}/api/dispatch/dispatch/00000000-0000-4000-8000-000000000000`;
      expect((await fetch(unknownCampaign, { headers: bearer(paie2) })).status).toBe(404);
      const paie2OnB = await socketOn(b.base, paie2);
      const { rows: paieRow } = await db.query<{ id: string }>(`SELECT id FROM directory.users WHERE login = 'paie'`);
      const view = (await (
        await fetch(`${a.base}/api/user/user/${paieRow[0]!.id}`, { headers: bearer(admin) })
      ).json()) as UserAdminView;
      const roomsBefore = paie2OnB.heard.filter((e) => e === 'rooms.joined').length;
      const { body: changedBody, ...changedHeaders } = json(
        // Out of « Gestionnaires paie » too: that group also grants DocListDispatch.
        asInput(view, { features: view.features.filter((f) => f !== 'DocListDispatch'), userGroupIds: [] }),
      );
      const changed = await fetch(`${a.base}/api/user/rh-user/${view.id}`, {
        method: 'PUT',
        headers: { ...changedHeaders, ...bearer(admin) },
        body: changedBody,
      });
      expect(changed.status, await changed.clone().text()).toBe(200);
      expect((await fetch(unknownCampaign, { headers: bearer(paie2) })).status).toBe(403);
      await until('the socket on B to leave the campaign rooms', 5_000, async () =>
        paie2OnB.heard.filter((e) => e === 'rooms.joined').length > roomsBefore ? true : undefined,
      );
      paie2OnB.socket.close();

      // Login protection: five failures spread over both nodes block the account on both.
      for (const base of [a.base, b.base, a.base, b.base])
        expect((await loginOn(base, 'essai', 'wrong')).status).toBe(401);
      expect((await loginOn(a.base, 'essai', 'wrong')).status).toBe(423);
      expect((await loginOn(b.base, 'essai', 'Essai!2026')).status).toBe(423);

      // A campaign created on A, split by the worker, followed live by a client of B.
      const sample = await fetch(`${a.base}/api/dispatch/dispatch/sample/payroll.pdf?pages=1000`, {
        headers: bearer(admin),
      });
      expect(sample.status).toBe(200);
      const payroll = new Uint8Array(await sample.arrayBuffer());
      const pagesEach = inspectPdf(payroll).pages;
      const live = liveClient(balancer ? [b.base, balancer] : [b.base, a.base], admin);
      await until('the client on B to connect', 10_000, async () => (live.connects.length > 0 ? true : undefined));
      const created = await fetch(`${a.base}/api/dispatch/dispatch`, {
        method: 'POST',
        headers: bearer(admin),
        body: creationForm({
          json: creationJson({ name: 'Paie cluster' }),
          files: Array.from({ length: SOURCES }, (_, i) => ({ name: `paie-${i + 1}.pdf`, bytes: payroll })),
        }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const { id } = (await created.json()) as { id: string };
      live.follow(id);
      const progressOf = (h: Heard) => h.event === 'campaign.progressed' && h.payload.campaignId === id;
      const statusOf = async (): Promise<{ status: string; pages_split: number }> =>
        (
          await db.query<{ status: string; pages_split: number }>(
            `SELECT status, pages_split FROM dom_main.campaigns WHERE id = $1`,
            [id],
          )
        ).rows[0]!;

      // Progress from the worker reaches B's client; the worker is killed once a few hundred pages are done.
      await until(
        'progress from the worker on B',
        60_000,
        async () => {
          const c = await statusOf();
          if (c.status !== 'SPLITTING') throw new Error(`the split ended before the kill (${c.status})`);
          const heardOnB = live.heard.some(
            (h) => progressOf(h) && h.url === b.base && Number(h.payload.pagesSplit) > 0,
          );
          return heardOnB && c.pages_split >= 100 ? true : undefined;
        },
        10,
      );
      await killGroup(worker1);
      const atKill = await statusOf();
      console.info(`[cluster] worker killed at ${atKill.pages_split} of ${pagesEach * SOURCES} pages`);
      expect(atKill.status).toBe('SPLITTING');

      // A second worker takes the split over (its startup resumes what nobody runs).
      const worker2Started = Date.now();
      const worker2 = await startNode('W2', 'worker', url, children);
      await until('progress from the second worker on B', 60_000, async () =>
        live.heard.some((h) => progressOf(h) && h.at > worker2Started && h.url === b.base) ? true : undefined,
      );

      // B dies mid-split: its client comes back through A (or the balancer), follows again, hears the end.
      await killGroup(b);
      const atBKill = await statusOf();
      console.info(`[cluster] B killed at ${atBKill.pages_split} pages (${atBKill.status})`);
      expect(atBKill.status).toBe('SPLITTING');
      const reconnectedAt = await until('the client to reconnect elsewhere', 30_000, async () =>
        live.connects.length > 1 ? Date.now() : undefined,
      );
      const final = await until(
        'the final status on the reconnected client',
        90_000,
        async () =>
          live.heard.find(
            (h) =>
              h.event === 'campaign.updated' &&
              h.payload.id === id &&
              h.payload.status !== 'SPLITTING' &&
              h.url !== b.base,
          ),
        50,
      );
      expect(final.payload.status).toBe('NEEDS_VALIDATION');
      expect(live.acks.filter((ack) => ack.url !== b.base)).toContainEqual({ id, ok: true, url: live.connects.at(-1) });
      console.info(
        `[cluster] reconnected to ${live.connects.at(-1)} ${reconnectedAt - started} ms in; final status heard there`,
      );
      live.close();

      // Every page of every source in exactly one document or one ignored page: nothing lost, nothing twice.
      const { rows: sources } = await db.query<{ id: string; split_done: boolean }>(
        `SELECT id, split_done FROM dom_main.campaign_sources WHERE campaign_id = $1 ORDER BY position`,
        [id],
      );
      expect(sources.map((s) => s.split_done)).toEqual(Array(SOURCES).fill(true));
      const { rows: docs } = await db.query<{ source_id: string; pages: number[] }>(
        `SELECT source_id, pages FROM dom_main.dispatched_docs WHERE campaign_id = $1`,
        [id],
      );
      const { rows: ignored } = await db.query<{ source_id: string; page: number }>(
        `SELECT source_id, page FROM dom_main.campaign_ignored_pages WHERE campaign_id = $1`,
        [id],
      );
      for (const source of sources) {
        const seen = [
          ...docs.filter((d) => d.source_id === source.id).flatMap((d) => d.pages),
          ...ignored.filter((p) => p.source_id === source.id).map((p) => p.page),
        ].sort((x, y) => x - y);
        expect(seen).toEqual(Array.from({ length: pagesEach }, (_, i) => i + 1));
      }
      expect((await statusOf()).pages_split).toBe(pagesEach * SOURCES);
      await killGroup(worker2);
      await killGroup(a);
      console.info(`[cluster] done in ${Date.now() - started} ms`);
    } finally {
      await db.close();
    }
  }, 240_000);
});
