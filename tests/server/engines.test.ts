/**
 * The Node version the README and package.json state is the one every dependency accepts (issue 15,
 * point 12: `npm install` printed EBADENGINE warnings). The project states Node 22.13 (pg-boss 12, the
 * job queue with the embedded backend, declares 22.12, eslint 22.13; Node 20 is past its end of life); `.ci/run` gives a
 * machine with an older Node Node 22 from the npm registry, so CI runs on the Node the README states.
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

describe('engines', () => {
  it('every locked dependency accepts the oldest Node the project declares', () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version;
    expect(oldest).toBe('22.13.0');
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      const name = path.replace(/^.*node_modules\//, '');
      if (!path || !range) return [];
      return semver.satisfies(oldest!, range) ? [] : [`${name} (${range})`];
    });
    expect(refusing).toEqual([]);
  });
});
