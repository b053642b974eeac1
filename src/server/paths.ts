/**
 * Files the server reads beside its code (migrations, locale catalogues, the company register),
 * named from the project's root: the folder holding package.json, found by walking up from this
 * module. The same path then works whether the server runs from its TypeScript sources (tests,
 * `npm run dev`) or from the bundle `npm start` builds into dist/server (docs/operations.md « Memory »).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'server'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no project root (package.json beside src/server) above ${from}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** `PROJECT_ROOT/<parts…>`. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
