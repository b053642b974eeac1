/**
 * Wraps a `Db` so the statements one API call runs can be captured and replayed directly on the
 * database: the replay is the "same query" reference of the directory bench. Statements that ran
 * concurrently (e.g. a page and its count in `Promise.all`) are replayed concurrently too, so
 * the reference is not penalised for work the server overlapped.
 */
import type { Db, Queryable } from '../../src/server/db/db.ts';

export interface Statement {
  sql: string;
  params: unknown[];
  start: number;
  end: number;
}

export interface RecordingDb {
  db: Db;
  /** Runs `fn` and returns the statements issued while it ran. */
  capture(fn: () => Promise<unknown>): Promise<Statement[]>;
}

export function recordingDb(inner: Db): RecordingDb {
  let log: Statement[] | null = null;
  const wrap = (target: Queryable): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const start = performance.now();
      const result = await target.query<T>(sql, params);
      log?.push({ sql, params: params ?? [], start, end: performance.now() });
      return result;
    },
    exec: (sql: string) => target.exec(sql),
    files: target.files,
  });
  const outer = wrap(inner);
  const db: Db = {
    ...inner,
    query: outer.query,
    exec: outer.exec,
    tx: (fn) => inner.tx((q) => fn(wrap(q))),
    close: () => inner.close(),
  };
  return {
    db,
    async capture(fn) {
      log = [];
      try {
        await fn();
        return log;
      } finally {
        log = null;
      }
    },
  };
}

/** Only reads are replayed: writes (session bookkeeping) would change what is measured. */
export const isRead = (sql: string): boolean =>
  /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete)\b\s/i.test(sql.replace(/'[^']*'/g, ''));

/** Statements grouped by overlap in time: each group ran concurrently, groups ran one after the other. */
export function concurrentGroups(statements: readonly Statement[]): Statement[][] {
  const groups: Statement[][] = [];
  let groupEnd = -Infinity;
  for (const s of [...statements].sort((a, b) => a.start - b.start)) {
    if (s.start < groupEnd && groups.length > 0) groups[groups.length - 1]!.push(s);
    else groups.push([s]);
    groupEnd = Math.max(s.start < groupEnd ? groupEnd : -Infinity, s.end);
  }
  return groups;
}

export async function replay(db: Queryable, groups: readonly Statement[][]): Promise<void> {
  for (const group of groups) await Promise.all(group.map((s) => db.query(s.sql, s.params)));
}
