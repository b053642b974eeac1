// Bundles the server (src/server/main.ts and what it imports from src/) into dist/server/main.mjs, and
// the PDF worker thread (src/server/pdf/worker/worker.ts) into dist/server/pdf-worker.mjs,
// with esbuild; packages stay in node_modules. `npm start` and the browser tests run this bundle
// with plain node: no TypeScript loader in the running process, ~50 MB less at rest than
// `node --import tsx` (docs/operations.md « Memory »). Rebuilt on every start: it takes ~0.3 s.
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist/server/main.mjs';
/**
 * Node flags of the server process on the embedded database (`npm start` without DATABASE_URL, the
 * browser tests, the PGlite benches). V8's young generation grows to 16 MB semi-spaces under load and
 * keeps them at rest: 4 MB ones left 235–255 MB resident at rest with 100,000 employees on PGlite instead
 * of 300–320 MB (docs/operations.md « Memory »).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

/**
 * The flags for a server started with `env`: on PostgreSQL (DATABASE_URL set: an API node or a worker of
 * a cluster, the image) none — V8's own semi-spaces. Under 200 clients reading lists the 4 MB ones cost
 * an API node 10 % more CPU per call (0.80 against 0.73 ms, alternated runs) and its p99 went from 246 to
 * 285 ms: calls in flight outlive more scavenges and are promoted (docs/deploy.md).
 */
export const serverNodeArgs = (env = process.env) => (env.DATABASE_URL ? [] : SERVER_NODE_ARGS);
/** The PDF worker thread's bundle, beside the server's (src/server/pdf/worker/pool.ts finds it there). */
export const PDF_WORKER_BUNDLE = 'dist/server/pdf-worker.mjs';

export async function buildServer() {
  await build({
    entryPoints: { main: 'src/server/main.ts', 'pdf-worker': 'src/server/pdf/worker/worker.ts' },
    outdir: 'dist/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    // A few dependencies are CommonJS: give the bundle the require its ESM scope lacks.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return SERVER_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
