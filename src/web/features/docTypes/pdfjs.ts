/** A mask sample opened with pdf.js (loaded on first use, components/pdfjs.ts). */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfjs } from '../../components/pdfjs.ts';

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
