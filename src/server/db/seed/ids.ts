/** Deterministic ids and randomness for the demo seed: the same seed run gives the same rows. */
import { createHash } from 'node:crypto';

const NAMESPACE = 'paie-docs-demo';

/** A UUID (version 5 layout) derived from a stable key, e.g. `org:main:Groupe Horizon`. */
export function demoId(key: string): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** mulberry32: small, fast, good enough for demo data, and reproducible from a 32-bit seed. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (probability: number): boolean => next() < probability;
  const digits = (count: number): string => Array.from({ length: count }, () => String(int(0, 9))).join('');
  return { next, int, pick, chance, digits };
}
export type Random = ReturnType<typeof createRandom>;
