/**
 * The parent side of `push-clients.ts`: forks client processes and reads what each sent, in order.
 * Used by `push-latency.ts` (one node) and `bench-cluster.ts` (two nodes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { PushClientsSpec } from './push-clients.ts';

export type FromPushClients =
  { type: 'ready'; connected: number; failed: number } | { type: 'round'; round: number; receipts: number[] };

/** The parent's clock as the children report it: performance.timeOrigin + now(). */
export const clockNow = (): number => performance.timeOrigin + performance.now();

/** One client process and the messages it sent, read in order. */
export function pushClientProcess(spec: PushClientsSpec): {
  child: ChildProcess;
  next(): Promise<FromPushClients>;
} {
  const child = fork('scripts/bench/push-clients.ts', [JSON.stringify(spec)], { execArgv: ['--import', 'tsx'] });
  const queue: FromPushClients[] = [];
  let wake: (() => void) | null = null;
  child.on('message', (m) => {
    queue.push(m as FromPushClients);
    wake?.();
  });
  return {
    child,
    async next(): Promise<FromPushClients> {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      return queue.shift()!;
    },
  };
}

/** `total` split over `processes` as evenly as it goes. */
export const shares = (total: number, processes: number): number[] =>
  Array.from({ length: processes }, (_, i) => Math.floor(total / processes) + (i < total % processes ? 1 : 0));
