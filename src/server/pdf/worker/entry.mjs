// The PDF worker thread when the server runs from its TypeScript sources (tests, `npm run dev`): the
// worker gets no loader from its parent, so it loads worker.ts through tsx. `npm start` runs the bundled
// dist/server/pdf-worker.mjs instead (scripts/build-server.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
