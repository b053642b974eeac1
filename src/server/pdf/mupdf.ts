/**
 * mupdf, loaded on first use (docs/operations.md « Memory »). Its WebAssembly is ~50 MB resident once
 * loaded: a server that never touches a PDF on its main thread (the split and the campaign upload checks
 * run in the PDF worker thread, src/server/pdf/worker) no longer pays for it at rest.
 *
 * The PDF functions stay synchronous: whoever calls them awaits `loadMupdf()` first (the async entry
 * points do it themselves, e.g. `composePdf`; the route services call it before `inspectPdf` & co.).
 * Calling one before that is a programming error, reported as such.
 */
import type * as Mupdf from 'mupdf';

let loaded: typeof Mupdf | null = null;
let loading: Promise<typeof Mupdf> | null = null;

/** Loads mupdf once (the first call compiles its WebAssembly, ~50–100 ms); later calls resolve at once. */
export function loadMupdf(): Promise<typeof Mupdf> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('mupdf').then((module) => (loaded = module));
  return loading;
}

/** The loaded module; throws when `loadMupdf()` was not awaited before. */
export function mupdfLib(): typeof Mupdf {
  if (!loaded) throw new Error('mupdf is not loaded: await loadMupdf() before calling the PDF functions');
  return loaded;
}
