/**
 * Push latency: a real server (`buildApp` with socket.io on port 0, seeded in-memory PGlite), 1,000
 * socket.io clients all logged in as `admin` and joined to the root organisation's room, spread over
 * a few child processes as real browsers would be (one process decoding every socket's frames would
 * measure its own queue more than the server's push); ~50 status changes published with
 * `publishToOrg`; per change, the time until EVERY client has it (children report receipt times on
 * the parent's clock too: performance.timeOrigin + now()).
 */
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { percentile } from './measure.ts';
import { clockNow as now, pushClientProcess, shares } from './push-client-processes.ts';

const CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 50);
const PROCESSES = Number(process.env.BENCH_PUSH_PROCESSES ?? 4);

export async function pushLatencyBench(): Promise<void> {
  if (CLIENTS <= 0) return;
  console.log(
    `\n== Push latency: publishToOrg → ${CLIENTS} socket.io clients (one org room, ${PROCESSES} client processes), ${ROUNDS} status changes ==`,
  );
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemo(db);
  const config = loadConfig({}, { webDir: '/nonexistent-web-dir', publicUrl: 'http://bench.local' });
  const app = await buildApp({ db, config, push: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/rh-user/login',
    payload: { login: 'admin', password: 'Admin!2026' },
  });
  const token = login.headers['set-authorization'];
  if (typeof token !== 'string') throw new Error(`login failed: ${login.statusCode}`);
  const clients = shares(CLIENTS, PROCESSES).map((count) =>
    pushClientProcess({ urls: [base], tokens: [token], count }),
  );
  try {
    const ready = await Promise.all(clients.map((c) => c.next()));
    const connected = ready.reduce((n, m) => n + (m.type === 'ready' ? m.connected : 0), 0);
    console.log(`  ${connected} clients connected and joined`);
    const org = orgId('main', ROOT_MAIN);
    const everyClient: number[] = [];
    const deliveries: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sent = now();
      app.push.publishToOrg('main', org, 'campaign.progressed', {
        campaignId: `bench-${round}`,
        organizationId: org,
        status: round % 2 ? 'DISPATCHING' : 'NEEDS_DISPATCHING',
        pagesTotal: ROUNDS,
        pagesSplit: round,
        counts: {},
      });
      const done = await Promise.all(clients.map((c) => c.next()));
      const receipts = done.flatMap((m) => (m.type === 'round' && m.round === round ? m.receipts : []));
      if (receipts.length !== CLIENTS) throw new Error(`round ${round}: ${receipts.length} of ${CLIENTS} clients`);
      everyClient.push(Math.max(...receipts) - sent);
      for (const t of receipts) deliveries.push(t - sent);
      await new Promise((r) => setTimeout(r, 20));
    }
    const f = (v: number): string => `${v.toFixed(1)} ms`;
    console.log(
      `  until every client has it: p50 ${f(percentile(everyClient, 50))}, p99 ${f(percentile(everyClient, 99))} (goal p99 < 100 ms)`,
    );
    console.log(`  per delivery: p50 ${f(percentile(deliveries, 50))}, p99 ${f(percentile(deliveries, 99))}`);
  } finally {
    for (const c of clients) c.child.kill();
    await app.close();
    await db.close();
  }
}
