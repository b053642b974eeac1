// `npm run test:e2e`: browser tests against a real server on a fresh demo database.
// Starts the personal-safe double (tests/e2e/support/safe-double.mjs) on a free port, then the server
// on a free port with its own temporary data directory and `SAFE_URL` pointing at the double, waits
// until it serves the SPA, runs Playwright with the located Chromium (SAFE_DOUBLE_URL: the double's
// control API), then stops both whatever happened.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_ARGS, buildServer } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { startSafeDouble } from '../tests/e2e/support/safe-double.mjs';
import { findBrowser } from './find-browser.mjs';

const ARTIFACTS = 'tests/artifacts';
const SERVER_LOG = join(ARTIFACTS, 'server.log');
// A fresh demo database is seeded before the first answer: on a loaded machine that can take minutes.
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 120_000);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 200; gives up early when the server answers but keeps refusing. */
async function waitUntilServing(url, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let firstAnswerAt;
  let lastStatus;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}) before serving`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastStatus = response.status;
      firstAnswerAt ??= Date.now();
      if (Date.now() - firstAnswerAt > 15_000) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const answered = lastStatus ? ` (it answers ${lastStatus})` : '';
  throw new Error(`the server did not serve ${url} with 200 in time${answered}`);
}

function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 5_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

function printServerLogTail() {
  try {
    const lines = readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n');
    console.error(`--- last lines of ${SERVER_LOG} ---\n${lines.slice(-40).join('\n')}`);
  } catch {
    // no log to show
  }
}

async function main() {
  // Screenshots of an earlier run would pass for this run's: start from an empty folder.
  rmSync(join(ARTIFACTS, 'screens'), { recursive: true, force: true });
  mkdirSync(join(ARTIFACTS, 'screens'), { recursive: true });
  // Likewise the transitions the machine-path replay walked (`npm run paths -- --check` reads them).
  rmSync(join(ARTIFACTS, 'paths'), { recursive: true, force: true });
  const chromiumPath = await findBrowser();
  ensureBuild();

  // Every deposit and account opening goes through the double (accepting by default); adapters add
  // rules matching their own path's names to be refused, unavailable or held.
  const safe = await startSafeDouble();
  console.log(`[e2e] personal-safe double on ${safe.url}`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    // Single sign-on through the demo identity provider (tests/e2e/sso.spec.ts), on a free port of its own.
    SSO_DEMO: '1',
    SSO_DEMO_PORT: '0',
    PUBLIC_URL: baseUrl,
    SAFE_URL: safe.url,
    // Signature codes live 30 s here (10 min by default): one signer path waits one out for the server's own
    // « expired ». Every other code is answered within seconds of being asked (2 s at most in the signer paths
    // on a machine loaded 10 times over), and an app test gives up after 30 s anyway.
    SIGNATURE_CODE_TTL_S: '30',
  };
  delete serverEnv.DATABASE_URL; // the e2e database is always a fresh embedded one

  console.log(`[e2e] starting the server on ${baseUrl} (DATA_DIR=${dataDir}); log in ${SERVER_LOG}`);
  const log = createWriteStream(SERVER_LOG);
  // The product as `npm start` runs it: the server bundle under plain node.
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, await buildServer()], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  let exitCode = 1;
  try {
    const started = Date.now();
    // The login page is where every browser test starts: the SPA is served once it answers.
    await waitUntilServing(`${baseUrl}/login`, server);
    console.log(`[e2e] server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const runner = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      // The server's console: a demo server prints there the e-mails nobody else may read (guest links).
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        CHROMIUM_PATH: chromiumPath,
        E2E_SERVER_LOG: SERVER_LOG,
        SAFE_DOUBLE_URL: safe.url,
      },
    });
    exitCode = await new Promise((resolve) => runner.on('exit', (code) => resolve(code ?? 1)));
    if (exitCode !== 0) printServerLogTail();
  } catch (error) {
    console.error(`[e2e] ${error.message}`);
    printServerLogTail();
  } finally {
    await stop(server);
    await safe.close();
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`[e2e] screenshots and results in ${ARTIFACTS}/`);
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(`[e2e] ${error.stack ?? error.message}`);
  process.exit(1);
});
