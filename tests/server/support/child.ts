/** What the suites that run the real server as a child process share: start it, kill it, poll until a probe answers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Calls `probe` every `everyMs` until it returns a value (not undefined); throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface ServerChild {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `node --import tsx src/server/main.ts` in its own process group (so SIGKILL reaches all of it) with
 * `env` over this process's environment, answering HTTP on a free port; tracked in `children` until it exits.
 */
export async function startServer(env: Record<string, string>, children: Set<ChildProcess>): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
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
  const base = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  await until('the server to answer HTTP', 90_000, async () => {
    if (gone) throw new Error(`server exited before answering:\n${log}`);
    return fetch(`${base}/`).then(
      () => true,
      () => undefined,
    );
  });
  return { child, base, output: () => log, exited };
}

/** SIGKILL to the server's whole process group, then waits for its exit. */
export async function killGroup(server: ServerChild): Promise<void> {
  if (server.child.pid === undefined || server.child.exitCode !== null || server.child.signalCode !== null) return;
  process.kill(-server.child.pid, 'SIGKILL');
  await server.exited;
}

/** Kills whatever a suite left running (afterAll). */
export function killAll(children: Set<ChildProcess>): void {
  for (const child of children)
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone between its exit and this cleanup.
    }
}
