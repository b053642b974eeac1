/**
 * The Node version the README and package.json state is the one every dependency accepts (issue 15,
 * point 12: `npm install` printed EBADENGINE warnings). The machines run Node 20 and cannot install
 * 22, so a dependency whose engines want more must be pinned back or overridden — except pg-boss,
 * whose every version with the embedded (PGlite) backend says Node 22 while running on 20.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const semver = require('semver') as {
  satisfies: (v: string, range: string) => boolean;
  minVersion: (r: string) => { version: string } | null;
};
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};
/** Declares Node 22, runs on 20 (its tests pass on the machines' 20.20); no release with PGlite support accepts 20. */
const KNOWN_EXCEPTIONS = new Set(['pg-boss']);

describe('engines', () => {
  it('every locked dependency accepts the oldest Node the project declares', () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version;
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      const name = path.replace(/^.*node_modules\//, '');
      if (!path || !range || KNOWN_EXCEPTIONS.has(name)) return [];
      return semver.satisfies(oldest!, range) ? [] : [`${name} (${range})`];
    });
    expect(refusing).toEqual([]);
  });
});
