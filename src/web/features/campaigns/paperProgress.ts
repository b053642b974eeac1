/**
 * Paper dispatch progress, SIMULATED as seed 000 §4 says: one step every 300 ms per paper document,
 * the notification removed 3 s after it reaches 100 %. No print provider reports real progress; the
 * campaign page runs this when its PAPER_DISPATCHED count grows while it is open.
 */
import { useEffect, useRef } from 'react';
import { useServices } from '../../app/index.ts';

export const PAPER_STEP_MS = 300;
export const PAPER_REMOVE_AFTER_MS = 3_000;

export interface PaperSink {
  start(): void;
  progress(percentage: number): void;
  done(): void;
  remove(): void;
}

/** Schedules the simulation for `count` documents; returns what stops it (its notification stays as it is). */
export function simulatePaperProgress(
  count: number,
  sink: PaperSink,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  const handles: ReturnType<typeof setTimeout>[] = [];
  if (count <= 0) return () => undefined;
  sink.start();
  for (let step = 1; step <= count; step += 1) {
    handles.push(
      timers.setTimeout(() => {
        sink.progress(Math.round((step / count) * 100));
        if (step === count) {
          sink.done();
          handles.push(timers.setTimeout(() => sink.remove(), PAPER_REMOVE_AFTER_MS));
        }
      }, step * PAPER_STEP_MS),
    );
  }
  return () => {
    for (const h of handles) timers.clearTimeout(h);
  };
}

/** Runs the simulation in the notifications panel for every growth of `paperCount` seen while mounted. */
export function usePaperProgress(campaignId: string | undefined, paperCount: number | undefined) {
  const { actors, cancelHandlers } = useServices();
  const seen = useRef<{ id: string; count: number } | null>(null);
  useEffect(() => {
    if (!campaignId || paperCount === undefined) return;
    const last = seen.current;
    seen.current = { id: campaignId, count: paperCount };
    // The first count of a page is its baseline: only growth seen live is animated.
    if (!last || last.id !== campaignId || paperCount <= last.count) return;
    const added = paperCount - last.count;
    const id = `paper:${campaignId}:${paperCount}`;
    const n = actors.notifications;
    // Cancelled or closed in the panel while it runs: the simulation stops there.
    const stop = simulatePaperProgress(added, {
      start: () =>
        n.send({
          type: 'notification.start',
          id,
          text: 'campaigns.postal.progress',
          values: { count: added },
          cancelToken: id,
        }),
      progress: (percentage) => n.send({ type: 'notification.progress', id, percentage }),
      done: () => {
        cancelHandlers.delete(id);
        n.send({ type: 'notification.done', id });
      },
      remove: () => n.send({ type: 'notification.remove', id }),
    });
    cancelHandlers.set(id, stop);
  }, [actors, cancelHandlers, campaignId, paperCount]);
}
