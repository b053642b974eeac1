import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/catalog.ts';
import { pathsReport, reportJson } from './report.ts';

const docs = join(import.meta.dirname, '..', '..', 'docs', 'machines');

describe('docs/machines', () => {
  it.each(MACHINES.map((m) => [m.name, m] as const))(
    '%s: the committed paths JSON is what the machine generates (run `npm run paths` and `npm run docs:machines`)',
    (name, { machine, fixtures, input, serializeState }) => {
      const committed = readFileSync(join(docs, `${name}.paths.json`), 'utf8');
      expect(committed).toBe(reportJson(pathsReport(machine, fixtures, input, serializeState)));
      expect(readFileSync(join(docs, `${name}.md`), 'utf8')).toContain('stateDiagram-v2');
    },
  );
});
