/**
 * `npm run docs:machines`: one page per machine in docs/machines/, with a Mermaid state diagram
 * generated from the machine definition (walking `machine.root`), the events table, the generated
 * paths, and the coverage per layer (machine, API, browser: the browser replay's plan, with how
 * each event is caused on the screens and why a transition is left out).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyStateNode } from 'xstate';
import { MACHINES } from '../machines/catalog.ts';
import { allStateNodes, listTransitions, pathsReport } from '../tests/harness/index.ts';
import { coverage } from '../tests/e2e/paths/coverage.ts';
import { plansByMachine } from '../tests/e2e/paths/plan.ts';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
mkdirSync(outDir, { recursive: true });

const mid = (id: string) => id.replace(/[^A-Za-z0-9]/g, '_');

const machinesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'machines');
/** The file that defines the machine with this id (`machines/<folder>/<file>.machine.ts`): files are camelCase, folders kebab. */
const sourceOf = (name: string, id: string): string => {
  const defines = (folder: string, file: string) =>
    new RegExp(`createMachine\\(\\{\\s*id:\\s*'${id}'`).test(readFileSync(join(machinesDir, folder, file), 'utf8'));
  const folders = readdirSync(machinesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  // Its own folder first (a machine may invoke another by the same id), then any folder (`alert` is in alerts/).
  for (const folder of [name, ...folders.map((d) => d.name)]) {
    const files = folders.some((d) => d.name === folder) ? readdirSync(join(machinesDir, folder)) : [];
    const file = files.find((f) => f.endsWith('.machine.ts') && defines(folder, f));
    if (file) return `machines/${folder}/${file}`;
  }
  return `machines/${name}/${name}.machine.ts`;
};
const label = (event: string) =>
  event.replace(/^xstate\.done\.actor\.(.+)$/, 'done $1').replace(/^xstate\.error\.actor\.(.+)$/, 'error $1');

const diagram = (root: AnyStateNode): string[] => {
  const out: string[] = ['stateDiagram-v2'];
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) out.push(`${indent}--`);
        declare(child, indent);
      });
      return;
    }
    if (node.initial?.target?.[0]) out.push(`${indent}[*] --> ${mid(node.initial.target[0].id)}`);
    for (const child of children) declare(child, indent);
  };
  const declare = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states ?? {});
    if (children.length) {
      out.push(`${indent}state "${node.key}" as ${mid(node.id)} {`);
      walk(node, `${indent}  `);
      out.push(`${indent}}`);
    } else {
      out.push(`${indent}state "${node.key}" as ${mid(node.id)}`);
    }
    if (node.type === 'final') out.push(`${indent}${mid(node.id)} --> [*]`);
  };
  walk(root, '  ');
  return out;
};

const layers = new Map(coverage().map((c) => [c.name, c]));
const plans = plansByMachine();
const eventLine = ({ type, ...rest }: { type: string }) => {
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `\`${type}\`${payload.length > 120 ? ` ${payload.slice(1, 118)}…` : payload}`;
};

const mark = (on: boolean) => (on ? '✓' : '—');

function coverageSection(name: string): string[] {
  const c = layers.get(name)!;
  const plan = plans.get(name);
  const out = [
    '## Coverage per layer',
    '',
    '| layer | covered | how |',
    '|---|---|---|',
    `| machine | ${c.percent.machine} % | one generated path per transition, replayed on the machine (\`machines/${name}/*.paths.test.ts\`) |`,
    `| API | ${c.apiSuite ? `${c.percent.api} %` : '—'} | ${c.apiSuite ? `every path through the real API and jobs (\`${c.apiSuite}\`)` : 'the server does not apply this machine'} |`,
    `| browser | ${plan ? `${c.percent.browser} %` : '—'} | ${plan ? `${plan.paths} paths (a covering set) walked through the screens in Chromium (\`tests/e2e/machine-paths.spec.ts\`, ${plan.plans.length > 1 ? 'adapters in' : 'adapter'} \`tests/e2e/paths/${name}.adapter.ts\`)` : 'no browser adapter yet'} |`,
    '',
    '| transition | machine | API | browser |',
    '|---|---|---|---|',
    ...c.transitions.map(
      (t) =>
        `| \`${t.key}\` | ${mark(t.machine)} | ${c.apiSuite ? mark(t.api) : 'n/a'} | ${t.browser ? '✓' : `— ${t.browserGap}`} |`,
    ),
    '',
  ];
  for (const one of plan?.plans ?? []) {
    out.push(
      `### In the browser${one.adapter.variant ? `: ${one.adapter.variant}` : ''}`,
      '',
      '| event | caused by |',
      '|---|---|',
    );
    for (const [event, how] of Object.entries(one.adapter.how)) out.push(`| \`${event}\` | ${how} |`);
    out.push('', 'Paths the browser walks:', '');
    one.paths.forEach((p, i) => out.push(`${i + 1}. ${p.events.map((e) => `\`${e.type}\``).join(' → ')}`));
    out.push('');
  }
  return out;
}

function pathsSection(paths: ReturnType<typeof pathsReport>['paths'], name: string): string[] {
  const out = [
    `## Generated paths (${paths.length})`,
    '',
    `The same paths as JSON: [${name}.paths.json](./${name}.paths.json).`,
    '',
  ];
  paths.forEach((p, i) => {
    out.push(`${i + 1}. **${p.transition}** → \`${JSON.stringify(p.finalState)}\``);
    p.events.forEach((e) => out.push(`   - ${eventLine(e)}`));
  });
  out.push('');
  return out;
}

for (const { name, machine, fixtures, input, serializeState } of MACHINES) {
  const transitions = listTransitions(machine);
  const lines = diagram(machine.root);
  for (const t of transitions) {
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) {
      const guard = t.guard ? ` [${t.guard}]` : '';
      lines.push(`  ${mid(t.source)} --> ${mid(target)} : ${label(t.event)}${guard}`);
    }
  }
  // Eventless (decision) transitions: drawn on the diagram; no event drives them, so no row below.
  for (const node of allStateNodes(machine)) {
    for (const t of node.always ?? []) {
      const guard = typeof t.guard === 'string' ? ` [${t.guard}]` : '';
      for (const target of t.target ?? []) lines.push(`  ${mid(node.id)} --> ${mid(target.id)} : always${guard}`);
    }
  }
  const events = [...new Set(transitions.map((t) => t.event))].sort();
  const rows = events.map((event) => {
    const uses = transitions.filter((t) => t.event === event);
    const where = uses
      .map(
        (t) =>
          `\`${t.source}\`${t.guard ? ` [${t.guard}]` : ''} → ${t.targets.map((x) => `\`${x}\``).join(', ') || '(stays)'}`,
      )
      .join('<br>');
    return `| \`${event}\` | ${where} |`;
  });
  const page = [
    `# Machine \`${machine.id}\``,
    '',
    `Generated by \`npm run docs:machines\` from \`${sourceOf(name, machine.id)}\`; do not edit by hand.`,
    `Generated test paths (one per transition): [${name}.paths.json](./${name}.paths.json) (\`npm run paths\`).`,
    '',
    '```mermaid',
    ...lines,
    '```',
    '',
    '## Events',
    '',
    '| event | handled in [guard] → target |',
    '|---|---|',
    ...rows,
    '',
    ...coverageSection(name),
    ...pathsSection(pathsReport(machine, fixtures, input, serializeState).paths, name),
  ].join('\n');
  const file = join(outDir, `${name}.md`);
  // Formatted like the rest of the repo so `prettier --check` passes on generated pages.
  writeFileSync(file, await format(page, { ...(await resolveConfig(file)), parser: 'markdown' }));
  process.stdout.write(`docs/machines/${name}.md: ${transitions.length} transitions, ${events.length} events\n`);
}
