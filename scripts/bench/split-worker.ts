/**
 * Child process of `scripts/bench-split.ts`. `setup` (its own process) prepares the database; `run`
 * (pinned to one core by the parent) opens it and times the product's campaign core — `runSplitJob`: read each page's mask zone, identify the
 * employee, group consecutive pages, write each part with mupdf, store the parts (files +
 * dispatched_docs) — and prints one JSON line with its numbers and its own peak memory.
 *   node --import tsx scripts/bench/split-worker.ts setup <payroll.pdf> <employees.json> <pglite-dir | postgres-url>
 *   node --expose-gc --import tsx scripts/bench/split-worker.ts run <pglite-dir | postgres-url> <campaignId>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runSplitJob } from '../../src/server/modules/dispatch/split.job.ts';
import { noPush } from '../../src/server/push/push.ts';
import { openDb } from '../../src/server/db/db.ts';
import { type BenchEmployee, benchDb } from './split-setup.ts';

const [mode, ...args] = process.argv.slice(2);
if (mode === 'setup') {
  // Own process: the fixture's bytes and the inserts never weigh on the measured worker.
  const [pdfPath, employeesPath, dataDir] = args;
  if (!pdfPath || !employeesPath || !dataDir)
    throw new Error('usage: split-worker.ts setup <pdf> <employees.json> <db>');
  const employees = JSON.parse(readFileSync(employeesPath, 'utf8')) as BenchEmployee[];
  const { db, campaignId } = await benchDb(dataDir, employees, new Uint8Array(readFileSync(pdfPath)));
  await db.close();
  console.log(JSON.stringify({ campaignId }));
  process.exit(0);
}
const [dataDir, campaignId] = args;
if (mode !== 'run' || !dataDir || !campaignId) throw new Error('usage: split-worker.ts run <db> <campaignId>');

const vmHwm = (): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

const db = await openDb(/^postgres(ql)?:\/\//.test(dataDir) ? { databaseUrl: dataDir, poolMax: 2 } : { dataDir });
const employeeCount = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dom_main.employees`)).rows[0]!.n;
const inputBytes = (
  await db.query<{ size: number }>(
    `SELECT f.size FROM dom_main.campaign_sources s JOIN dom_main.files f ON f.id = s.file_id WHERE s.campaign_id = $1`,
    [campaignId],
  )
).rows[0]!.size;
const setupPeak = vmHwm();
// PGlite's start-up garbage is collected before measuring.
(globalThis as { gc?: () => void }).gc?.();
const rssBefore = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
// Linux: writing 5 resets VmHWM, so the peak below is the core's own (PGlite's start-up peak excluded).
let hwmReset = true;
try {
  writeFileSync('/proc/self/clear_refs', '5');
} catch {
  hwmReset = false;
}

const began = performance.now();
await runSplitJob({ db, push: noPush }, { domain: 'main', campaignId });
const ms = performance.now() - began;
const peak = vmHwm();

const { rows } = await db.query<{
  status: string;
  pages_total: number;
  parts: number;
  employees: number;
  stored: number;
  ignored: number;
}>(
  `SELECT c.status, c.pages_total,
          (SELECT count(*)::int FROM dom_main.dispatched_docs d WHERE d.campaign_id = c.id) AS parts,
          (SELECT count(DISTINCT employee_id)::int FROM dom_main.dispatched_docs d WHERE d.campaign_id = c.id) AS employees,
          (SELECT coalesce(sum(f.size), 0)::bigint FROM dom_main.dispatched_docs d JOIN dom_main.files f ON f.id = d.file_id
            WHERE d.campaign_id = c.id) AS stored,
          (SELECT count(*)::int FROM dom_main.campaign_ignored_pages i WHERE i.campaign_id = c.id) AS ignored
     FROM dom_main.campaigns c WHERE c.id = $1`,
  [campaignId],
);
await db.close();
const r = rows[0]!;
console.log(
  JSON.stringify({
    ms,
    status: r.status,
    pages: r.pages_total,
    parts: r.parts,
    employeesFound: r.employees,
    employeesExpected: employeeCount,
    ignored: r.ignored,
    storedBytes: Number(r.stored),
    inputBytes,
    peakBytes: peak,
    setupPeakBytes: setupPeak,
    rssBeforeBytes: rssBefore,
    hwmReset,
    maxRssKb: process.resourceUsage().maxRSS,
  }),
);
