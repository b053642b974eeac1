/**
 * pdf.js, loaded only when the mask editor shows a page (about 1 MB: never in the initial bundle).
 * The worker is served by Vite as a file of its own (`?url`).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

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

export interface OpenedSample {
  readonly doc: PDFDocumentProxy;
  /** Frees the document in the worker. */
  close(): void;
}

/** Opens sample bytes (copied: pdf.js transfers the buffer it is given to its worker). */
export async function openSample(bytes: Uint8Array): Promise<OpenedSample> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes.slice() });
  const doc = await task.promise;
  return { doc, close: () => void task.destroy() };
}
