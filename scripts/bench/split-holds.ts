/**
 * How long a campaign's split holds the API's thread (issue 13: the API must stay responsive during a
 * split). Runs `runSplitJob` on a generated payroll (DejaVu Sans embedded, ~8 % on two pages, as
 * `bench:split` makes it) in a fresh on-disk PGlite, while a 1 ms timer on the same thread records every
 * turn of the event loop that came late: the split's time, and the holds — the longest, and how many
 * exceeded 20, 50 and 100 ms. A request arriving during a hold waits for it; a list call on PGlite needs
 * several turns (its body, each query). Unlike `bench:responsiveness` it needs no clients, so it is
 * little moved by other work on the machine, and the main thread's own CPU time (Linux /proc) is not
 * moved at all. The same script runs on an older checkout (it loads mupdf
 * only if the code there loads it lazily), to compare.
 * Usage: npx tsx scripts/bench/split-holds.ts [pages=2000]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSplitJob } from '../../src/server/modules/dispatch/split.job.ts';
import * as pdfModule from '../../src/server/pdf/index.ts';
import { noPush } from '../../src/server/push/push.ts';
import { type BenchEmployee, benchDb } from './split-setup.ts';

const pages = Number(process.argv[2] ?? 2000);
/** CPU time (ms) of this process's main thread alone (Linux: /proc/self/task/<pid>/stat, utime + stime). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const lazy = (pdfModule as { loadMupdf?: () => Promise<unknown> }).loadMupdf;
if (lazy) await lazy();
const employees: BenchEmployee[] = Array.from({ length: Math.round(pages / 1.08) }, (_, i) => ({
  registrationNumber: `BEN-${String(i + 1).padStart(6, '0')}`,
  name: `NOM${i}`,
  firstName: 'Prénom',
}));
const font = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const pdf = pdfModule.payrollPdf({ employees, fontBytes: font, twoPageShare: 0.08, seed: pages });
const dir = mkdtempSync(join(tmpdir(), 'split-holds-'));
try {
  const { db, campaignId } = await benchDb(dir, employees, pdf.bytes);
  const holds: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    holds.push(now - last);
    last = now;
  }, 1);
  const began = performance.now();
  const cpuBefore = mainThreadCpuMs();
  const cpuAll = process.cpuUsage();
  await runSplitJob({ db, push: noPush }, { domain: 'main', campaignId });
  const ms = performance.now() - began;
  const mainCpu = mainThreadCpuMs() - cpuBefore;
  const allCpu = process.cpuUsage(cpuAll);
  clearInterval(timer);
  const status = (
    await db.query<{ status: string }>(`SELECT status FROM dom_main.campaigns WHERE id = $1`, [campaignId])
  ).rows[0]?.status;
  await db.close();
  const sorted = [...holds].sort((a, b) => b - a);
  const over = (limit: number): number => holds.filter((h) => h > limit).length;
  console.log(
    `${pdf.pages.length} pages: split ${ms.toFixed(0)} ms (${status}); CPU of the main thread ${mainCpu.toFixed(0)} ms ` +
      `of ${((allCpu.user + allCpu.system) / 1000).toFixed(0)} ms for the process; event-loop turns ${holds.length}, ` +
      `longest holds ${sorted
        .slice(0, 5)
        .map((h) => h.toFixed(0))
        .join(', ')} ms; over 20 ms: ${over(20)}, over 50 ms: ${over(50)}, over 100 ms: ${over(100)}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
