/**
 * `npx tsx scripts/bench/list-load.ts <base URL> [seconds=20] [clients=200] [server pid]`: the cluster
 * bench's HTTP load (b) against any running server or balancer, by hand — clients reading the employees
 * and campaigns lists one call after the other, as the demo's `admin`. Prints calls/s, errors, p50/p99
 * and, given the server's pid, its CPU per call (utime + stime from /proc). A warm-up of 4 s is not
 * counted. What docs/deploy.md's « fourth sitting » compared by hand (one node with or without a flag,
 * straight or through HAProxy) was measured with it, runs alternated.
 */
import { AUTH_HEADERS, routeUrl } from '../../src/contract/routes.ts';
import { KeptAliveClient } from './http-client.ts';
import { cpuMs, postgresCpuMs, postgresDelta } from './process.ts';

const [base = 'http://127.0.0.1:8080', secondsArg = '20', clientsArg = '200', pidArg] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const CLIENTS = Number(clientsArg);
const LISTS = [routeUrl('employees.list'), routeUrl('campaigns.list')];
const target = new URL(base);

async function login(): Promise<string> {
  const res = await fetch(`${base}${routeUrl('auth.login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'Admin!2026' }),
  });
  const token = res.headers.get(AUTH_HEADERS.setAuthorization)?.replace(/^Bearer /, '');
  if (res.status !== 200 || !token) throw new Error(`login: ${res.status}`);
  return token;
}

async function run(seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const timer = setTimeout(() => (running = false), seconds * 1000);
  const from = performance.now();
  await Promise.all(
    clients.map(async ({ client, requests }, i) => {
      for (let n = i; running; n++) {
        const at = performance.now();
        const status = await client
          .send(requests[n % requests.length]!)
          .then((a) => a.status)
          .catch(() => 0);
        latencies.push(performance.now() - at);
        if (status !== 200) errors++;
      }
    }),
  );
  clearTimeout(timer);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(latencies.length * q)] ?? 0);
  const over = (ms: number) => latencies.filter((l) => l > ms).length;
  const max = Math.round(latencies.at(-1) ?? 0);
  return {
    calls: latencies.length,
    errors,
    rate: latencies.length / ((performance.now() - from) / 1000),
    at,
    over,
    max,
  };
}

const token = await login();
// The warm-up's connections are the measurement's: 200 new connections at its start would be measured too.
const clients = Array.from({ length: CLIENTS }, () => ({
  client: new KeptAliveClient(target.hostname, Number(target.port)),
  requests: LISTS.map((path) =>
    KeptAliveClient.request(
      target.host,
      path,
      [`authorization: Bearer ${token}`, 'content-type: application/json'],
      '{}',
    ),
  ),
}));
await run(4);
const before = cpuMs(pidArg);
const pgBefore = postgresCpuMs();
const selfBefore = process.cpuUsage();
const r = await run(SECONDS);
const after = cpuMs(pidArg);
const perCall = (ms: number): string => (ms / r.calls).toFixed(3);
const self = process.cpuUsage(selfBefore);
const cpu =
  (Number.isNaN(after - before) ? '' : `; server CPU ${perCall(after - before)} ms per call`) +
  `, PostgreSQL ${perCall(postgresDelta(pgBefore, postgresCpuMs()))}, this generator ${perCall((self.user + self.system) / 1000)}`;
console.log(
  `${r.calls} calls, ${r.rate.toFixed(0)} calls/s, ${r.errors} errors; p50 ${r.at(0.5)} ms, p99 ${r.at(0.99)} ms, ` +
    `max ${r.max} ms, ${r.over(500)} over 500 ms, ${r.over(1000)} over 1 s${cpu}`,
);
for (const { client } of clients) client.close();
