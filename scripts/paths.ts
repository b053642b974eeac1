/**
 * `npm run paths`: per machine, its states, transitions and one generated path per transition,
 * as Markdown on stdout and as JSON in docs/machines/<name>.paths.json for QA to read and reuse.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventObject } from 'xstate';
import { MACHINES } from '../machines/catalog.ts';
import { pathsReport, reportJson } from '../tests/harness/report.ts';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
mkdirSync(outDir, { recursive: true });

const describeEvent = ({ type, ...rest }: EventObject): string => {
  if (!Object.keys(rest).length) return type;
  const payload = JSON.stringify(rest);
  // Full payloads are in the JSON file; the Markdown stays readable.
  return `${type} ${payload.length > 140 ? `${payload.slice(0, 137)}…` : payload}`;
};

const lines: string[] = ['# Machine paths', ''];
let failed = false;
for (const { name, machine, fixtures, input, serializeState } of MACHINES) {
  const report = pathsReport(machine, fixtures, input, serializeState);
  if (report.uncovered.length) failed = true;
  writeFileSync(join(outDir, `${name}.paths.json`), reportJson(report));
  const { states, transitions, paths } = report;
  lines.push(`## ${name}`, '', `States (${states.length}): ${states.map((s) => `\`${s}\``).join(', ')}`, '');
  lines.push(`### Transitions (${transitions.length})`, '', '| source | event | guard | target |', '|---|---|---|---|');
  for (const t of transitions) {
    const targets = t.targets.map((x) => `\`${x}\``).join(', ') || '(stays)';
    lines.push(`| \`${t.source}\` | \`${t.event}\` | ${t.guard ?? ''} | ${targets} |`);
  }
  lines.push('', `### Paths (${paths.length})`, '');
  paths.forEach((p, i) => {
    lines.push(`${i + 1}. **${p.transition}** → \`${JSON.stringify(p.finalState)}\``);
    p.events.forEach((e) => lines.push(`   - ${describeEvent(e)}`));
  });
  if (report.uncovered.length) lines.push('', `**Uncovered:** ${report.uncovered.join('; ')}`);
  lines.push('');
}
process.stdout.write(`${lines.join('\n')}\n`);
if (failed) process.exitCode = 1;
