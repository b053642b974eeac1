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
 * Node flags of a server on PostgreSQL (DATABASE_URL set: an API node or a worker of a cluster, the image):
 * 32 MB semi-spaces, twice V8's own. Under 200 clients reading lists, each scavenge copies the calls in
 * flight; with the young generation capped at 16 MB a node ran a scavenge every ~100 ms, each ~9.5 ms,
 * and spent 1.97 s of a 35 s run in them; with 32 MB 1.03 s (64 MB: 0.47 s, but the node then stayed at
 * 370–450 MB resident at rest instead of 140). Measured with `--trace-gc` and
 * scripts/bench/list-load.ts, alternated (docs/deploy.md « Figures of 28 November, fifth sitting »).
 * 4 MB ones (the embedded default below) cost 10 % more CPU per call than V8's own.
 */
export const POSTGRES_NODE_ARGS = ['--max-semi-space-size=32'];

/** The flags for a server started with `env`: `POSTGRES_NODE_ARGS` on PostgreSQL, `SERVER_NODE_ARGS` embedded. */
export const serverNodeArgs = (env = process.env) => (env.DATABASE_URL ? POSTGRES_NODE_ARGS : SERVER_NODE_ARGS);
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
