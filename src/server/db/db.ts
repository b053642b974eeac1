/**
 * One database interface over embedded PGlite and PostgreSQL (`pg`), so every query runs through
 * the same code path on both engines.
 *
 * Values come back identically on both engines:
 * - timestamptz / timestamp → ISO 8601 string (`2026-01-31T08:00:00.000Z`), as the contract expects;
 * - date → `YYYY-MM-DD` string (no time-zone shift);
 * - bigint (int8, `count(*)`, bigserial) → JS number; `count(*)::int` is still welcome for clarity;
 * - numeric → string; uuid → string; json/jsonb → parsed value; bytea → Buffer; arrays → JS arrays.
 * Parameters: pass json/jsonb values as `JSON.stringify(value)` (pg would turn a JS array into a
 * PostgreSQL array literal); text[] / uuid[] / int[] as JS arrays; timestamps as ISO strings or Dates.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { lockDataDir } from './lock.ts';
import pg from 'pg';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { type FileStore, fileStore } from '../files/store.ts';

export interface QueryOptions {
  /**
   * PostgreSQL: run as a named prepared statement (the name a digest of the text), so that each
   * connection parses it once and PostgreSQL may keep a generic plan when it costs no more than the
   * custom ones (`plan_cache_mode` auto). For a hot read whose text comes from a bounded set of shapes
   * only (never a text built from a list's length): every connection keeps each one it has seen.
   * PGlite: ignored (one connection, statements planned as they come).
   */
  readonly prepared?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Where stored files' bytes live (src/server/files/store.ts); the same store in and out of a transaction. */
  readonly files: FileStore;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside `fn` use only `q`: on PGlite (a single connection) a call on the outer `Db` waits for
   * the transaction to end and would deadlock.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite: milliseconds since its one connection last finished a statement (0 while one runs), so
   * that background upkeep waits for a quiet moment (db/maintenance.ts).
   */
  idleMs?: () => number;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface OpenDbOptions {
  /** PGlite data directory (created if missing) or `memory://`. Ignored when `databaseUrl` is set. */
  dataDir?: string;
  /** PostgreSQL connection string; selects the `pg` pool. */
  databaseUrl?: string;
  /** Pool size on PostgreSQL (default 10). */
  poolMax?: number;
  /**
   * Directory for stored files' bytes (FILES_DIR). Default: `<dataDir>/files` for PGlite on disk; in the
   * database for PGlite in memory and for PostgreSQL (a directory there must be shared by every node).
   */
  filesDir?: string | null;
  /** PGlite: start from this dumped data directory (`pglite.dumpDataDir()`) instead of an empty one. */
  loadDataDir?: Blob;
}

const OID = {
  int8: 20,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  bytea: 17,
} as const;

const toIso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** PostgreSQL's text of a timestamptz in UTC (DateStyle ISO, TimeZone UTC): `2026-11-28 09:02:46.081234+00`. */
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;

/**
 * A timestamptz as the API gives it, `2026-11-28T09:02:46.081Z`: written from PostgreSQL's text when
 * the session is in UTC (the millisecond kept, as a Date keeps it), else through `parse` and a Date.
 * Every row of every list carries some: the Date and its parse were 4 % of an API node's CPU under the
 * cluster bench's list calls (docs/deploy.md).
 */
export const timestamptzToIso = (text: string, parse: (text: string) => unknown): unknown => {
  if (!UTC_TIMESTAMP.test(text)) return toIso(parse(text));
  const fraction = text.length > 22 ? text.slice(20, text.length - 3) : '';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
};
const toInt = (text: string): number => Number(text);
const rawDate = (text: string): string => text;

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    // PostgreSQL fsyncs its commits: bytes outside it are fsynced before the row naming them is written.
    const files = fileStore({ dir: opts.filesDir ?? null, fsync: true, engine: 'postgres' });
    return openPostgres(opts.databaseUrl, opts.poolMax ?? 10, files);
  }
  const dataDir = opts.dataDir ?? './data';
  const dir =
    opts.filesDir !== undefined ? opts.filesDir : dataDir.startsWith('memory://') ? null : join(dataDir, 'files');
  // PGlite runs with fsync=off (its own pages reach the disk when the OS writes them): files match it.
  return openPglite(dataDir, fileStore({ dir, fsync: false, engine: 'pglite' }), opts.loadDataDir);
}

/** The embedded data directory exists but the engine cannot open it (damaged, or written by a newer version). */
export class DataDirUnreadable extends Error {
  constructor(dir: string, cause: unknown) {
    super(
      `The embedded database in ${dir} cannot be opened (${cause instanceof Error ? cause.message || cause.name : String(cause)}). ` +
        'It may be damaged (two servers on one folder, a full disk, a copy taken while it was running). ' +
        'Restore the last backup with `npm run restore -- <backup folder>` (`npm run backup` makes them; see the README, ' +
        `« Backup and restore »), or move ${dir} aside to start from an empty database.`,
    );
    this.name = 'DataDirUnreadable';
  }
}

/**
 * The PostgreSQL database named by DATABASE_URL cannot serve this product: it does not answer, refuses
 * the login, does not exist, or is not encoded in UTF-8. Said in one sentence to the operator, with
 * the host and database but never the password.
 */
export class DatabaseUnusable extends Error {
  constructor(databaseUrl: string, reason: string) {
    super(`The PostgreSQL database ${describeDatabase(databaseUrl)} (DATABASE_URL) cannot be used: ${reason}`);
    this.name = 'DatabaseUnusable';
  }
}

function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    return `« ${name} » on ${url.host || 'the local socket'}${url.username ? ` as ${decodeURIComponent(url.username)}` : ''}`;
  } catch {
    return '(unreadable address)';
  }
}

/** The first connection's failure, as the operator can act on it; null when it is not one of those. */
function unusableReason(error: unknown): string | null {
  const e = error as { code?: string; message?: string; errors?: { code?: string }[] };
  const code = e.code ?? e.errors?.[0]?.code;
  switch (code) {
    case '3D000':
      return "it does not exist. Create it first (createdb -E UTF8 <name>, or CREATE DATABASE … ENCODING 'UTF8').";
    case '28P01':
    case '28000':
      return `the server refused the login (${e.message}). Check the user and password in DATABASE_URL.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `the server does not answer (${code}). Start it, or correct the host and port in DATABASE_URL.`;
    default:
      return null;
  }
}

/**
 * PGlite's memory (docs/operations.md « Memory »): its shared buffers live in the WebAssembly heap,
 * which never gives memory back, and initdb's 128 MB made them the biggest part of an idle
 * product. 16 MB hold the demo and the directory's hot pages; the operating system's file cache
 * serves the rest. `PGLITE_SHARED_BUFFERS` (a PostgreSQL size, e.g. `128MB`) overrides it for a
 * large embedded database.
 */
export function pgliteMemorySettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const sharedBuffers = env.PGLITE_SHARED_BUFFERS?.trim() || '16MB';
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB (got « ${sharedBuffers} »)`);
  // One backend in one process: the slots for 100 connections were shared memory nobody used.
  return ['-c', `shared_buffers=${sharedBuffers}`, '-c', 'max_connections=8', '-c', 'wal_buffers=1MB'];
}

async function openPglite(dataDir: string, files: FileStore, loadDataDir?: Blob): Promise<Db> {
  const isMemory = dataDir.startsWith('memory://');
  if (!isMemory) mkdirSync(dataDir, { recursive: true });
  // One process per directory: a second server on it would lose or corrupt data.
  const lock = isMemory ? null : lockDataDir(dataDir);
  const defaultTs = pgliteTypes.parsers[OID.timestamptz];
  const defaultTsNoZone = pgliteTypes.parsers[OID.timestamp];
  const pglite = await PGlite.create(isMemory ? 'memory://' : dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...pgliteMemorySettings()],
    parsers: {
      [OID.timestamptz]: (text: string, typeId?: number) =>
        defaultTs ? timestamptzToIso(text, (t) => defaultTs(t, typeId)) : text,
      [OID.timestamp]: (text: string, typeId?: number) => toIso(defaultTsNoZone ? defaultTsNoZone(text, typeId) : text),
      [OID.date]: rawDate,
      [OID.int8]: toInt,
    },
  }).catch((error: unknown) => {
    lock?.release();
    throw isMemory ? error : new DataDirUnreadable(dataDir, error);
  });
  const normaliseBytea = <T>(rows: T[]): T[] => {
    for (const row of rows as Record<string, unknown>[]) {
      for (const key of Object.keys(row)) {
        const v = row[key];
        if (v instanceof Uint8Array && !Buffer.isBuffer(v))
          row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      }
    }
    return rows;
  };
  type PgliteLike = Pick<PGlite, 'query' | 'exec'>;
  const queryable = (target: PgliteLike): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await target.query<T>(sql, params as unknown[] | undefined);
      return { rows: normaliseBytea(result.rows) };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    files,
  });
  const base = queryable(pglite);
  // Statements running or queued on the one connection, and when the last one ended.
  const activity = { running: 0, lastEnd: Date.now() };
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    activity.running += 1;
    try {
      return await work();
    } finally {
      activity.running -= 1;
      activity.lastEnd = Date.now();
    }
  };
  return {
    kind: 'pglite',
    pglite,
    files,
    query: (sql, params) => tracked(() => base.query(sql, params)),
    exec: (sql) => tracked(() => base.exec(sql)),
    tx: (fn) => tracked(() => pglite.transaction((t) => fn(queryable(t as unknown as PgliteLike)))),
    idleMs: () => (activity.running > 0 ? 0 : Date.now() - activity.lastEnd),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const statementNames = new Map<string, string>();
/**
 * A prepared statement's name: the same text gets the same name on every connection and node. Kept
 * once computed (a digest per call was 1.5 % of a node's CPU under the bench's lists): the prepared
 * texts are a bounded set of shapes, and the map is emptied should it ever grow past them.
 */
const statementName = (sql: string): string => {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= 2000) statementNames.clear();
    name = `s_${createHash('sha256').update(sql).digest('base64url').slice(0, 40)}`;
    statementNames.set(sql, name);
  }
  return name;
};

async function openPostgres(databaseUrl: string, max: number, files: FileStore): Promise<Db> {
  const defaultTs = pg.types.getTypeParser(OID.timestamptz);
  const defaultTsNoZone = pg.types.getTypeParser(OID.timestamp);
  // Per-pool parsers: the global pg.types registry is left untouched for other users of `pg`.
  const typeParsers: Record<number, (text: string) => unknown> = {
    [OID.timestamptz]: (text) => timestamptzToIso(text, defaultTs),
    [OID.timestamp]: (text) => toIso(defaultTsNoZone(text)),
    [OID.date]: rawDate,
    [OID.int8]: toInt,
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    // Text is stored and sorted as UTF-8 (accents in names, the sort keys of the lists): a database
    // created SQL_ASCII or LATIN1 would fail on the first accented row, so it is refused at startup.
    const { rows } = await pool.query<{ encoding: string }>(`SELECT current_setting('server_encoding') AS encoding`);
    const encoding = rows[0]?.encoding ?? '?';
    if (encoding !== 'UTF8') {
      throw new DatabaseUnusable(
        databaseUrl,
        `it is encoded ${encoding}, and Paie Docs needs UTF8. Create a UTF-8 database ` +
          `(createdb -E UTF8 -T template0 --locale=C.UTF-8 <name>) and point DATABASE_URL at it.`,
      );
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = unusableReason(error);
    throw reason ? new DatabaseUnusable(databaseUrl, reason) : error;
  }
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      const result = options?.prepared
        ? await target.query({ name: statementName(sql), text: sql, values: params })
        : await target.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
    files,
  });
  const base = queryable(pool);
  return {
    kind: 'postgres',
    pool,
    files,
    query: retryingDeadlocks(base.query),
    exec: base.exec,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export { DOMAIN_SCHEMAS, type DomainSchema, schemaOf } from './schemas.ts';

/** PostgreSQL's « deadlock detected »: it aborted one of the statements waiting on each other. */
const DEADLOCK = '40P01';
const DEADLOCK_RETRIES = 3;

/**
 * A statement outside a transaction that PostgreSQL chose as a deadlock's victim is run again (up to three
 * times, after a few milliseconds): it was rolled back whole, so nothing of it stays, and the writer it met
 * (two operators moving overlapping documents, a dispatch and a deletion) has gone on. Inside a
 * transaction (`tx`) the error goes to the caller, whose earlier statements were rolled back with it.
 */
function retryingDeadlocks(query: Queryable['query']): Queryable['query'] {
  return async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await query<T>(sql, params, options);
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= DEADLOCK_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
  };
}
