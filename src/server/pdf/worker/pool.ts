/**
 * The PDF worker thread, seen from the main thread (docs/architecture.md « The PDF worker »). mupdf works
 * synchronously and holds whatever thread runs it: on the main thread a split's zone reading and part
 * writing, and an upload's checks, held HTTP requests and the embedded database for tens of milliseconds
 * at a time. They run here instead, on one worker thread started on the first PDF and ended after
 * `IDLE_EXIT_MS` without work (its mupdf WebAssembly heap goes with it). This module imports no mupdf.
 *
 * Bytes cross by transfer, never copied twice: a buffer that owns its whole ArrayBuffer is moved (the
 * caller's view is detached after the call), any other is copied once. A worker that dies rejects every
 * call in flight (the split job then fails like on any other error and is retried by the queue; nothing it
 * stored is lost: the store is still the main thread's, in the same transactions as before).
 */
import { Worker } from 'node:worker_threads';
import { PdfProblem, type PdfProblemKey } from '../problem.ts';

/** The worker ends this long after its last call (its ~50 MB of WebAssembly are freed). */
export const IDLE_EXIT_MS = Number(process.env.PDF_WORKER_IDLE_MS ?? 30_000);

export type WorkerReply =
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'event'; value: unknown }
  | { id: number; type: 'error'; key?: PdfProblemKey; message: string };

export type WorkerRequest =
  | { id: number; type: 'call'; task: string; input: unknown }
  | { id: number; type: 'ack' }
  | { id: number; type: 'cancel' };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onEvent?: (value: unknown) => void;
}

/** The worker's script: the bundle's (`npm start`) beside it, else the sources through tsx (tests, dev). */
function workerUrl(): URL {
  return import.meta.url.endsWith('.mjs')
    ? new URL('./pdf-worker.mjs', import.meta.url)
    : new URL('./entry.mjs', import.meta.url);
}

/** `bytes` as a transferable ArrayBuffer of exactly its size: its own buffer moved, else a copy. */
export function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer
    ? new Uint8Array(bytes.buffer)
    : (new Uint8Array(bytes) as Uint8Array<ArrayBuffer>);
}

class PdfWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idle: NodeJS.Timeout | null = null;

  private thread(): Worker {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.worker) return this.worker;
    const worker = new Worker(workerUrl(), { name: 'pdf' });
    worker.on('message', (reply: WorkerReply) => this.received(reply));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the PDF worker exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(error);
  }

  private received(reply: WorkerReply): void {
    const call = this.pending.get(reply.id);
    if (!call) return;
    if (reply.type === 'event') {
      call.onEvent?.(reply.value);
      return;
    }
    this.pending.delete(reply.id);
    this.settled();
    if (reply.type === 'result') call.resolve(reply.value);
    else call.reject(reply.key ? new PdfProblem(reply.key, reply.message) : new Error(reply.message));
  }

  /** No call left: the worker no longer holds the process open, and ends after IDLE_EXIT_MS. */
  private settled(): void {
    if (this.pending.size > 0 || !this.worker) return;
    const worker = this.worker;
    worker.unref();
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, IDLE_EXIT_MS);
    this.idle.unref();
  }

  call<T>(
    task: string,
    input: unknown,
    transfer: readonly ArrayBuffer[] = [],
    onEvent?: (value: unknown) => void,
  ): { id: number; result: Promise<T> } {
    const worker = this.thread();
    worker.ref();
    const id = this.nextId++;
    const result = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onEvent });
    });
    worker.postMessage({ id, type: 'call', task, input } satisfies WorkerRequest, transfer as ArrayBuffer[]);
    return { id, result };
  }

  signal(id: number, type: 'ack' | 'cancel'): void {
    if (this.pending.has(id)) this.worker?.postMessage({ id, type } satisfies WorkerRequest);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idle) clearTimeout(this.idle);
    if (worker) await worker.terminate();
  }
}

const shared = new PdfWorker();

/** One call to the worker: its result, or its error (`PdfProblem` keeps its key). */
export function callPdfWorker<T>(task: string, input: unknown, transfer: readonly ArrayBuffer[] = []): Promise<T> {
  return shared.call<T>(task, input, transfer).result;
}

/**
 * A streaming call: the worker's events one by one, with back-pressure — the worker posts its next
 * event only once the previous one is taken (it works ahead by one). Leaving the loop early (a
 * `break`, or an error thrown by the consumer) cancels the work in the worker.
 */
export async function* streamPdfWorker<E, R>(
  task: string,
  input: unknown,
  transfer: readonly ArrayBuffer[] = [],
): AsyncGenerator<E, R> {
  const events: E[] = [];
  let wake: (() => void) | null = null;
  let outcome: { value: R } | { error: Error } | null = null;
  const { id, result } = shared.call<R>(task, input, transfer, (event) => {
    events.push(event as E);
    wake?.();
  });
  result.then(
    (value) => {
      outcome = { value };
      wake?.();
    },
    (error: Error) => {
      outcome = { error };
      wake?.();
    },
  );
  let ended = false;
  try {
    for (;;) {
      while (events.length === 0 && !outcome) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const event = events.shift();
      if (event !== undefined) {
        yield event;
        shared.signal(id, 'ack');
        continue;
      }
      ended = true;
      const done = outcome as { value: R } | { error: Error } | null;
      if (done && 'error' in done) throw done.error;
      return (done as { value: R }).value;
    }
  } finally {
    if (!ended) shared.signal(id, 'cancel');
  }
}

/** Ends the worker now (tests, shutdown); the next call starts a new one. */
export const stopPdfWorker = (): Promise<void> => shared.stop();
