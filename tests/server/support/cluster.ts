/**
 * What the suites that run several nodes of the real server share (cluster.test.ts on PostgreSQL,
 * cluster-redis.test.ts with the Redis push adapter): whether PostgreSQL answers, a node started as
 * its own process group with a role, and logging in on a node.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect } from 'vitest';
import { PG_ADMIN_URL, SKIP_PG } from '../../../src/server/db/testing.ts';
import { type ServerChild, freePort, until } from './child.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** PostgreSQL answers (PG_ADMIN_URL); never in CI's pass without TEST_DATABASE_URL, nor with SKIP_PG=1. */
export async function postgresAnswers(): Promise<boolean> {
  if (SKIP_PG || (process.env.CI && !process.env.TEST_DATABASE_URL)) return false;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface Node extends ServerChild {
  readonly name: string;
}

/**
 * One node of the cluster: the real server (`node --import tsx src/server/main.ts`) in its own process
 * group, tracked in `children` until it exits; `env` over the defaults (REDIS_URL for the Redis adapter).
 * Ready when /api/ready answers 200 (an API node) or the worker says it works.
 */
export async function startNode(
  name: string,
  role: 'api' | 'worker',
  databaseUrl: string,
  children: Set<ChildProcess>,
  env: Record<string, string> = {},
): Promise<Node> {
  const port = role === 'api' ? await freePort() : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      FILES_DIR: '',
      PUSH_ADAPTER: '',
      REDIS_URL: '',
      TRUST_PROXY: '1',
      ...env,
    },
  });
  children.add(child);
  let log = '';
  child.stdout?.on('data', (b: Buffer) => void (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => void (log += b.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(signal ?? code);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  await until(`node ${name} to be ready`, 90_000, async () => {
    if (gone) throw new Error(`node ${name} exited before it was ready:\n${log}`);
    if (role === 'worker') return log.includes('ROLE=worker: working') ? true : undefined;
    const res = await fetch(`${base}/api/ready`).catch(() => null);
    return res?.status === 200 ? true : undefined;
  });
  return { name, child, base, output: () => log, exited };
}

export const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });

export async function loginOn(base: string, login: string, password: string): Promise<Response> {
  const { body, ...headers } = json({ login, password });
  return fetch(`${base}/api/user/rh-user/login`, { method: 'POST', headers, body });
}

export async function tokenOn(base: string, login: string, password: string): Promise<string> {
  const res = await loginOn(base, login, password);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers.get('set-authorization') ?? '';
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
