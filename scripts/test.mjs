// `npm test`: every check the project has, cheapest first, stopping at the first failure.
// The build comes before the unit tests because the browser tests serve dist/web.
import { spawnSync } from 'node:child_process';

const STEPS = [
  { name: 'format (prettier --check)', cmd: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint (eslint)', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'types (tsc --noEmit)', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'build (vite build)', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  { name: 'unit, machine and server tests (vitest)', cmd: ['npx', 'vitest', 'run'] },
  { name: 'browser tests (playwright)', cmd: ['node', 'scripts/e2e.mjs'] },
  // What the browser replay walked (tests/artifacts/paths/) against each layer's threshold.
  { name: 'path coverage per layer (npm run paths -- --check)', cmd: ['npx', 'tsx', 'scripts/paths.ts', '--check'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const done = [];

for (const [index, step] of STEPS.entries()) {
  console.log(`\n━━━ [${index + 1}/${STEPS.length}] ${step.name} ━━━`);
  const stepStarted = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: process.env });
  const took = Date.now() - stepStarted;
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed after ${seconds(took)} (exit ${result.status ?? result.signal}).`);
    console.error(
      `npm test: FAILED at step ${index + 1}/${STEPS.length} (${step.name}); total ${seconds(Date.now() - started)}`,
    );
    process.exit(result.status || 1);
  }
  done.push(`${step.name} ${seconds(took)}`);
  console.log(`✓ ${step.name} (${seconds(took)})`);
}

console.log(
  `\nnpm test: PASSED ${STEPS.length}/${STEPS.length} steps in ${seconds(Date.now() - started)} — ${done.join(' · ')}`,
);
