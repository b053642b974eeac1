// Bundles the server (src/server/main.ts and what it imports from src/) into dist/server/main.mjs
// with esbuild; packages stay in node_modules. `npm start` and the browser tests run this bundle
// with plain node: no TypeScript loader in the running process, ~50 MB less at rest than
// `node --import tsx` (docs/operations.md « Memory »). Rebuilt on every start: it takes ~0.3 s.
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist/server/main.mjs';

export async function buildServer() {
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_BUNDLE,
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
