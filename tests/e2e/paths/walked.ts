/** What the browser replay walked: one JSON file per passed path, written by tests/e2e/machine-paths.spec.ts. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WALKED_DIR = 'tests/artifacts/paths';

export interface WalkedRecord {
  readonly machine: string;
  readonly path: string;
  readonly walked: readonly string[];
}

/** Per machine, the transitions the last browser replay walked; `null` when no replay left records. */
export const readWalked = (dir = WALKED_DIR): Map<string, Set<string>> | null => {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (!files.length) return null;
  const out = new Map<string, Set<string>>();
  for (const file of files) {
    const record = JSON.parse(readFileSync(join(dir, file), 'utf8')) as WalkedRecord;
    const set = out.get(record.machine) ?? new Set<string>();
    record.walked.forEach((key) => set.add(key));
    out.set(record.machine, set);
  }
  return out;
};
