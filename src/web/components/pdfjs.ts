/**
 * pdf.js, loaded on first use only (about 1 MB: never in the initial bundle): the PDF viewer, the mask
 * editor's pages and the check of a dropped PDF share this one load. The worker is served by Vite as a
 * file of its own (`?url`).
 */
let loading: Promise<typeof import('pdfjs-dist')> | null = null;

/** pdf.js 5+ calls `Promise.withResolvers` (Chromium 119+, Firefox 121+, Node 22): given where it is missing. */
function withResolversWhereMissing(): void {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve!: (value: unknown) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

export function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  withResolversWhereMissing();
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return loading;
}
