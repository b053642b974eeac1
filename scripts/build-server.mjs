// Bundles the server (src/server/main.ts and what it imports from src/) into dist/server/main.mjs, and
// the PDF worker thread (src/server/pdf/worker/worker.ts) into dist/server/pdf-worker.mjs,
// with esbuild; packages stay in node_modules. `npm start` and the browser tests run this bundle
// with plain node: no TypeScript loader in the running process, ~50 MB less at rest than
// `node --import tsx` (docs/operations.md « Memory »). Rebuilt on every start: it takes ~0.3 s.
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist/server/main.mjs';
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
