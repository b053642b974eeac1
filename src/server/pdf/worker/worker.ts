/**
 * The PDF worker thread's side (pool.ts is the main thread's): every mupdf call of the split and of the
 * upload checks. It imports the PDF modules one by one, never pdf/index.ts nor the database: the thread
 * holds mupdf's WebAssembly and nothing else. Calls run concurrently, interleaved where they await (a
 * split between two batches), each answered by its id.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { loadMupdf } from '../mupdf.ts';
import { isPdfProblem } from '../problem.ts';
import type { WorkerReply, WorkerRequest } from './pool.ts';
import { TASKS, type TaskContext } from './tasks.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as the PDF worker thread');

interface Running {
  acked: number;
  sent: number;
  cancelled: boolean;
  wake: (() => void) | null;
}
const running = new Map<number, Running>();

// Messages wait in the port's queue until the listener below is attached.
await loadMupdf();

const post = (reply: WorkerReply, transfer: readonly ArrayBuffer[] = []): void =>
  port.postMessage(reply, transfer as ArrayBuffer[]);

async function run(id: number, task: string, input: unknown): Promise<void> {
  const state: Running = { acked: 0, sent: 0, cancelled: false, wake: null };
  running.set(id, state);
  const context: TaskContext = {
    get cancelled() {
      return state.cancelled;
    },
    async emit(value, transfer = []) {
      // Work ahead by one event at most: wait until the previous one was taken by the main thread.
      while (state.acked < state.sent && !state.cancelled) await new Promise<void>((r) => (state.wake = r));
      if (state.cancelled) return;
      state.sent += 1;
      post({ id, type: 'event', value }, transfer);
    },
    sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  };
  try {
    const handler = TASKS[task];
    if (!handler) throw new Error(`unknown PDF worker task ${task}`);
    const { value, transfer } = await handler(input as never, context);
    post({ id, type: 'result', value }, transfer);
  } catch (error) {
    post({
      id,
      type: 'error',
      key: isPdfProblem(error) ? error.key : undefined,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    running.delete(id);
  }
}

port.on('message', (message: WorkerRequest) => {
  if (message.type === 'call') {
    void run(message.id, message.task, message.input);
    return;
  }
  const state = running.get(message.id);
  if (!state) return;
  if (message.type === 'ack') state.acked += 1;
  else state.cancelled = true;
  state.wake?.();
  state.wake = null;
});
