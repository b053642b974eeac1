/** Percentiles, repeated timing and process memory for the directory bench. */
import { readdirSync, readFileSync } from 'node:fs';

export interface Timing {
  p50: number;
  p95: number;
  n: number;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  // Nearest rank: p95 of 50 calls is the 48th value, a real observation rather than an interpolation.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The largest value (NaN when none): `Math.max(...values)` overflows the stack past ~100,000 values. */
export function maximum(values: readonly number[]): number {
  let max = Number.NaN;
  for (const v of values) if (!(v <= max)) max = v;
  return max;
}

/**
 * `warmup` untimed calls, then up to `calls` timed ones, strictly one after the other. On a slow
 * or busy machine sampling stops after `budgetMs` (at least 10 samples), so the bench stays short.
 */
export async function timeCalls(
  fn: () => Promise<unknown>,
  calls: number,
  warmup: number,
  budgetMs = 6_000,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < calls && (i < 10 || performance.now() < deadline); i++) {
    const began = performance.now();
    await fn();
    samples.push(performance.now() - began);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

export const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Resident memory of another process, from /proc (Linux); null when unreadable. */
export function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Proportional set size summed over every `postgres` process of the machine: shared buffers are
 * split between the processes mapping them instead of being counted once per backend.
 */
export function postgresPss(): { bytes: number; processes: number } | null {
  let bytes = 0;
  let processes = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const kb = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'))?.[1];
      if (!kb) continue;
      bytes += Number(kb) * 1024;
      processes++;
    } catch {
      // the process ended while we read it, or is not ours to read
    }
  }
  return processes > 0 ? { bytes, processes } : null;
}
