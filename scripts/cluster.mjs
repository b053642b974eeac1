// `npm run cluster`: the product as several processes on one machine (issue 17; docs/deploy.md) —
// API_NODES API nodes (ROLE=api) and WORKERS workers (ROLE=worker) on one PostgreSQL database, behind
// HAProxy (deploy/haproxy.cfg) on PORT. Each node is the same server bundle as `npm start`.
//
//   DATABASE_URL  PostgreSQL (default postgres://postgres@127.0.0.1:5432/paiedocs_cluster, created if missing)
//   API_NODES     API nodes (default 2), on PORT+1, PORT+2, …
//   WORKERS       workers (default 1)
//   PORT          the balancer's port (default 8080)
//   HAPROXY       the haproxy binary (default: /usr/sbin/haproxy or PATH), or `none`
//
// Without HAProxy installed (`apt-get install haproxy`), the API nodes are started all the same and
// their own addresses printed. Ctrl-C stops every process.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, serverNodeArgs } from './build-server.mjs';
import { findHaproxy, haproxyConfig } from './cluster-haproxy.mjs';
import { ensureBuild } from './ensure-build.mjs';

const count = (name, fallback, min) => {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
};

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/paiedocs_cluster';
const apiNodes = count('API_NODES', 2, 1);
const workers = count('WORKERS', 1, 0);
const port = count('PORT', 8080, 1);

/** Creates the database named by DATABASE_URL when its server has none of that name. */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`create the database « ${name} » yourself`);
      await client.query(`CREATE DATABASE ${name}`);
      console.log(`[cluster] created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

const children = new Set();
let stopping = false;

function run(name, command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`[cluster] ${name} exited (${signal ?? code})`);
    if (children.size === 0) process.exit(stopping ? 0 : 1);
  });
  return child;
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[cluster] ${signal}: stopping ${children.size} processes`);
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 10_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

try {
  ensureBuild();
  const bundle = await buildServer();
  await ensureDatabase(databaseUrl);
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
  const common = { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', PUBLIC_URL: publicUrl };
  const nodes = Array.from({ length: apiNodes }, (_, i) => ({
    name: `api${i + 1}`,
    host: '127.0.0.1',
    port: port + 1 + i,
  }));
  // The first API node migrates and seeds an empty database; the others wait for its lock and find it done.
  for (const node of nodes) {
    run(node.name, process.execPath, [...serverNodeArgs(common), bundle], {
      ...common,
      ROLE: 'api',
      PORT: String(node.port),
      HOST: node.host,
    });
  }
  for (let i = 0; i < workers; i++) {
    run(`worker${i + 1}`, process.execPath, [...serverNodeArgs(common), bundle], { ...common, ROLE: 'worker' });
  }
  const haproxy = findHaproxy();
  if (haproxy) {
    const dir = mkdtempSync(join(tmpdir(), 'paie-cluster-'));
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig({ port, host: '0.0.0.0', nodes }));
    const balancer = run('haproxy', haproxy, ['-f', config, '-db'], {});
    balancer.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    console.log(
      `[cluster] ${apiNodes} API node(s) + ${workers} worker(s) on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, behind HAProxy: http://localhost:${port}/`,
    );
  } else {
    console.log(
      `[cluster] HAProxy not found (apt-get install haproxy): no balancer; API nodes at ${nodes.map((n) => `http://localhost:${n.port}/`).join(', ')}`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop('error');
  process.exitCode = 1;
}
