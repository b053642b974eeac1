/**
 * Vitest global setup: the attack suite's files each record their figures in a shared folder; once
 * every file has run, one line sums them (routes × cases, requests, leaks, 500s). Silent when no
 * attack file ran.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export interface SuiteFigures {
  readonly routes: readonly string[];
  readonly cases: readonly string[];
  readonly requests: number;
  readonly leaks: number;
  readonly errors500: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    attackSummaryDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'attack-suite-'));
  project.provide('attackSummaryDir', dir);
  return () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    if (files.length > 0) {
      const all = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SuiteFigures);
      const routes = new Set(all.flatMap((f) => f.routes));
      const cases = new Set(all.flatMap((f) => f.cases));
      const sum = (k: 'requests' | 'leaks' | 'errors500') => all.reduce((n, f) => n + f[k], 0);
      console.log(
        `\nattack suite: ${routes.size} routes × ${cases.size} cases = ${sum('requests')} requests tried, ` +
          `leaks: ${sum('leaks')}, 500s: ${sum('errors500')}`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
