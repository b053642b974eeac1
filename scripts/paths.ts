/**
 * `npm run paths`: per machine, its states, transitions and one generated path per transition,
 * as Markdown on stdout and as JSON in docs/machines/<name>.paths.json for QA to read and reuse;
 * then, per machine and per transition, the layers that replay it (machine, API, browser) and the
 * percentage per layer. The browser column is what the last browser replay walked
 * (tests/artifacts/paths/, written by tests/e2e/machine-paths.spec.ts); before any replay, its plan.
 *
 * `npm run paths -- --check` (the last step of `npm test`, after the browser tests): fails when a
 * machine has a transition without a generated path, when the replay left no record, or when a
 * machine's browser coverage is below its threshold (BROWSER_THRESHOLDS, tests/harness/layers.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventObject } from 'xstate';
import { MACHINES } from '../machines/catalog.ts';
import { pathsReport, reportJson } from '../tests/harness/report.ts';
import { BROWSER_THRESHOLDS } from '../tests/harness/layers.ts';
import { coverage } from '../tests/e2e/paths/coverage.ts';
import { readWalked, WALKED_DIR } from '../tests/e2e/paths/walked.ts';

const check = process.argv.includes('--check');

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
  if (!check) writeFileSync(join(outDir, `${name}.paths.json`), reportJson(report));
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
const walked = readWalked();
const problems: string[] = [];
if (failed) problems.push('a transition has no generated path (machine layer below 100 %)');
if (check && !walked) problems.push(`no browser replay records in ${WALKED_DIR}/: run the browser tests first`);
const source = walked
  ? `browser = walked by the last replay (${WALKED_DIR}/)`
  : 'browser = planned (no replay records yet: `npm run test:e2e` writes them)';
const summaryStart = lines.length;
lines.push(
  '# Coverage per layer',
  '',
  `machine = a generated path replayed on the machine; API = replayed through the real API; ${source}.`,
  '',
);
lines.push('| machine | transitions | machine | API | browser |', '|---|---|---|---|---|');
const table = coverage(walked ?? undefined);
for (const m of table) {
  const floor = BROWSER_THRESHOLDS[m.name];
  const browser =
    m.browserPaths === null
      ? '— (no adapter)'
      : `${m.percent.browser} % (${m.browserPaths} paths${floor === undefined ? '' : `; required ≥ ${floor} %`})`;
  lines.push(
    `| ${m.name} | ${m.transitions.length} | ${m.percent.machine} % | ${m.apiSuite ? `${m.percent.api} %` : '—'} | ${browser} |`,
  );
}
const summaryEnd = lines.length;
for (const m of table) {
  lines.push(
    '',
    `## ${m.name}: coverage per transition`,
    '',
    '| transition | machine | API | browser |',
    '|---|---|---|---|',
  );
  for (const t of m.transitions) {
    const mark = (on: boolean) => (on ? '✓' : '—');
    lines.push(
      `| \`${t.key}\` | ${mark(t.machine)} | ${m.apiSuite ? mark(t.api) : 'n/a'} | ${t.browser ? '✓' : `— ${t.browserGap ?? ''}`} |`,
    );
  }
  if (m.percent.machine < 100) problems.push(`${m.name}: machine layer at ${m.percent.machine} %`);
  const threshold = BROWSER_THRESHOLDS[m.name];
  if (threshold !== undefined && m.percent.browser < threshold) {
    const missing = m.transitions.filter((t) => !t.browser).map((t) => `\n  ${t.key}: ${t.browserGap ?? ''}`);
    problems.push(
      `${m.name}: browser layer at ${m.percent.browser} % (required: ${threshold} %, tests/harness/layers.ts)${missing.join('')}`,
    );
  }
}
process.stdout.write(`${(check ? lines.slice(summaryStart, summaryEnd) : lines).join('\n')}\n`);
if (problems.length) {
  process.stderr.write(`\nnpm run paths: ${problems.join('; ')}\n`);
  process.exitCode = 1;
}
