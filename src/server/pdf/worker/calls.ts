/**
 * What the main thread asks of the PDF worker (pool.ts runs it, tasks.ts does it). Types only from
 * tasks.ts: importing this module loads no mupdf.
 */
import { callPdfWorker, streamPdfWorker, transferable } from './pool.ts';
import type { CheckOutput, SplitInput, SplitOutput, SplitWorkerEvent } from './tasks.ts';

export type { SplitOutput, SplitWorkerEvent, WorkerPart } from './tasks.ts';

/**
 * An upload's checks in the worker (`storablePdf`, then every page loaded): the bytes to store and their
 * page count, or `PdfProblem`. `bytes` is moved to the worker when it owns its buffer: do not use it after.
 */
export async function checkPdfInWorker(bytes: Uint8Array): Promise<{ bytes: Buffer; pages: number }> {
  const sent = transferable(bytes);
  const out = await callPdfWorker<CheckOutput>('check', { bytes: sent }, [sent.buffer]);
  return { bytes: Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength), pages: out.pages };
}

/** A PDF's page count, every page checked (`PdfProblem` otherwise). `bytes` is copied, never moved. */
export function pageCountInWorker(bytes: Uint8Array): Promise<number> {
  const copy = new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;
  return callPdfWorker<number>('pages', { bytes: copy }, [copy.buffer]);
}

/** The split's PDF work in the worker, batch by batch (see tasks.ts `split`). `input.bytes` is moved. */
export function splitInWorker(
  input: Omit<SplitInput, 'bytes'> & { bytes: Uint8Array },
): AsyncGenerator<SplitWorkerEvent, SplitOutput> {
  const bytes = transferable(input.bytes);
  return streamPdfWorker<SplitWorkerEvent, SplitOutput>('split', { ...input, bytes }, [bytes.buffer]);
}
