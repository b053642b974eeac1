/**
 * Time slicing for long work on the API's own thread (docs/operations.md « API responsiveness during
 * a campaign »). A job that chains awaits never lets the event loop turn: PGlite answers through
 * promises alone, so a dispatch of thousands of documents would hold every HTTP request, socket and
 * timer until it ends. `pause()` after each unit of work gives the loop a turn once the slice is used
 * up: incoming requests are read and their queries queue on the single PGlite connection before the
 * job's next transaction (its queue is first come, first served). The split's PDF work runs in the PDF
 * worker thread instead (src/server/pdf/worker).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work this long (ms) at most between two turns of the event loop. */
export const SLICE_MS = 8;

/** A turn of the event loop now, between two steps that each hold the thread for tens of milliseconds. */
export const yieldNow = (): Promise<void> => nextTurn();

export function timeSlicer(sliceMs: number = SLICE_MS): { pause(): Promise<void> } {
  let since = performance.now();
  return {
    async pause(): Promise<void> {
      if (performance.now() - since < sliceMs) return;
      await nextTurn();
      since = performance.now();
    },
  };
}
