/** Prints the directory bench: one table per engine, memory, and the list screen's first row. */
import { cpus, loadavg } from 'node:os';
import type { EngineResult, ScenarioResult } from './engine.ts';
import type { FirstPaint } from './first-paint.ts';
import { mb } from './measure.ts';

export interface Report {
  pglite: EngineResult;
  postgres: EngineResult | string;
  paint: FirstPaint;
  totalMs: number;
  /** 1-minute load average when the bench started: other work on the machine inflates every time. */
  loadAtStart: number;
}

const PAINT_GOAL_MS = 1_000;
const num = (n: number): string => n.toLocaleString('en');
const ms = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const s = (n: number): string => `${(n / 1000).toFixed(1)} s`;

const pad = (cells: string[], widths: number[]): string =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

const HEAD = ['call', 'rows', 'server p50', 'p95', 'goal p95', 'verdict', 'SQL p50', 'p95', 'stmts', 'server/SQL'];
const WIDTHS = [34, 8, 10, 6, 8, 7, 7, 6, 5, 10];

function row(r: ScenarioResult): string {
  if (!r.server || !r.sql) {
    const why = r.error ?? (r.status === 501 ? 'route answers 501 (not implemented yet)' : `answered ${r.status}`);
    return (
      pad([r.label, '', '', '', r.goalMs === null ? '—' : `${r.goalMs}`, 'n/a', '', '', '', ''], WIDTHS) + `  ${why}`
    );
  }
  const verdict = r.goalMs === null ? '' : r.server.p95 <= r.goalMs ? 'PASS' : 'OVER';
  return pad(
    [
      r.label,
      r.rows === null ? '' : num(r.rows),
      ms(r.server.p50),
      ms(r.server.p95),
      r.goalMs === null ? '—' : `${r.goalMs}`,
      verdict,
      ms(r.sql.p50),
      ms(r.sql.p95),
      String(r.statements),
      `×${(r.server.p50 / r.sql.p50).toFixed(1)}`,
    ],
    WIDTHS,
  );
}

function engineTable(title: string, r: EngineResult): string[] {
  const counts = r.scenarios.flatMap((x) => (x.server ? [x.server.n] : []));
  const calls = counts.length ? `${Math.min(...counts)}–${Math.max(...counts)}` : '0';
  return [
    `${title}: ${num(r.employees)} employees over ${r.organizations} organisations seeded in ${s(r.seedMs)}` +
      ` (+ VACUUM ANALYZE ${s(r.vacuumMs)}; migrate + demo seed ${s(r.demoMs)}); ${calls} timed calls each (after 5 warm-ups), ms`,
    `  ${pad(HEAD, WIDTHS)}`,
    ...r.scenarios.map((x) => `  ${row(x)}`),
  ];
}

export function printReport({ pglite, postgres, paint, totalMs, loadAtStart }: Report): void {
  const lines: string[] = [
    '',
    '(d) directory at scale (issue 5). server = Fastify app.inject in the same process (routing, auth hook, body',
    '    decoding, handler, JSON; no socket). SQL = the statements that same call ran (auth, scope, page, count),',
    "    replayed directly on the database, concurrent ones concurrently. rows = the answer's total.",
    '',
    ...engineTable(`  PGlite (embedded PostgreSQL ${pglite.serverVersion})`, pglite),
    '',
    ...(typeof postgres === 'string'
      ? [`  PostgreSQL: ${postgres}`]
      : engineTable(`  PostgreSQL ${postgres.serverVersion} (throwaway database, dropped after)`, postgres)),
    '',
    '  memory (resident set of the process holding the app)',
    `    PGlite, in-process database: after the load ${mb(pglite.rssAfterLoad)}, after the measurements ${mb(pglite.rssAfterMeasure)}`,
  ];
  if (typeof postgres !== 'string') {
    lines.push(
      `    PostgreSQL, node process only: after the load ${mb(postgres.rssAfterLoad)}, after the measurements ${mb(postgres.rssAfterMeasure)}`,
    );
    if (postgres.postgresPss)
      lines.push(
        `    PostgreSQL server itself (PSS of its ${postgres.postgresPss.processes} processes, whole cluster): ${mb(postgres.postgresPss.bytes)}`,
      );
  }
  if (paint.measured) {
    const worst = Math.max(paint.coldMs, ...paint.warmMs);
    lines.push(
      `    real server (main.ts, PGlite, 100k) after showing the list screen: ${paint.serverRss === null ? 'unknown' : mb(paint.serverRss)}`,
      '',
      `  list screen, navigation to /employees until the first employee row is visible (Chromium, ${paint.rows} rows shown)`,
      `    first visit ${ms(paint.coldMs)} ms; next visits ${paint.warmMs.map(ms).join(', ')} ms; goal < ${PAINT_GOAL_MS} ms: ${worst < PAINT_GOAL_MS ? 'PASS' : 'OVER'}`,
    );
  } else {
    lines.push('', `  list screen first row: not measured: ${paint.reason}`);
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores`;
  lines.push(
    '',
    `  whole directory bench: ${s(totalMs)} (${load}${loadAtStart > cpus().length ? ': the machine was busy, times are inflated' : ''})`,
  );
  console.log(lines.join('\n'));
}
