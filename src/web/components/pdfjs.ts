/**
 * pdf.js, loaded on first use only (about 1 MB: never in the initial bundle): the PDF viewer, the mask
 * editor's pages and the check of a dropped PDF share this one load. The worker is served by Vite as a
 * file of its own (`?url`).
 */
let loading: Promise<typeof import('pdfjs-dist')> | null = null;

export function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return loading;
}
