/**
 * `npx tsx scripts/bench/list-load.ts <base URL> [seconds=20] [clients=200] [server pid]`: the cluster
 * bench's HTTP load (b) against any running server or balancer, by hand — clients reading the employees
 * and campaigns lists one call after the other, as the demo's `admin`. Prints calls/s, errors, p50/p99
 * and, given the server's pid, its CPU per call (utime + stime from /proc). A warm-up of 4 s is not
 * counted. What docs/deploy.md's « fourth sitting » compared by hand (one node with or without a flag,
 * straight or through HAProxy) was measured with it, runs alternated.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { AUTH_HEADERS, routeUrl } from '../../src/contract/routes.ts';

const [base = 'http://127.0.0.1:8080', secondsArg = '20', clientsArg = '200', pidArg] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const CLIENTS = Number(clientsArg);
const LISTS = [routeUrl('employees.list'), routeUrl('campaigns.list')];

const cpuMs = (pid: string | undefined): number | null => {
  if (!pid) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
};

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

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const post = (url: string, token: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 2 },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });

async function run(token: string, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const timer = setTimeout(() => (running = false), seconds * 1000);
  const from = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      for (let n = i; running; n++) {
        const at = performance.now();
        const status = await post(`${base}${LISTS[n % LISTS.length]!}`, token).catch(() => 0);
        latencies.push(performance.now() - at);
        if (status !== 200) errors++;
      }
    }),
  );
  clearTimeout(timer);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(latencies.length * q)] ?? 0);
  return { calls: latencies.length, errors, rate: latencies.length / ((performance.now() - from) / 1000), at };
}

const token = await login();
await run(token, 4);
const before = cpuMs(pidArg);
const r = await run(token, SECONDS);
const after = cpuMs(pidArg);
const cpu =
  before !== null && after !== null ? `; server CPU ${((after - before) / r.calls).toFixed(3)} ms per call` : '';
console.log(
  `${r.calls} calls, ${r.rate.toFixed(0)} calls/s, ${r.errors} errors; p50 ${r.at(0.5)} ms, p99 ${r.at(0.99)} ms${cpu}`,
);
agent.destroy();
