/**
 * The driver the data-set benches share (bench-visibility, bench-rights, bench-documents): each
 * engine measured in a process of its own (`<script> --engine <PGlite dir | PostgreSQL URL> <out.json>`),
 * PGlite in a temporary directory, PostgreSQL in a throwaway database created on the admin URL and
 * dropped afterwards. Returns each engine's JSON result, or a sentence saying why it was skipped.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface EngineRunOptions {
  /** The bench script itself (`fileURLToPath(import.meta.url)`), run again with `--engine`. */
  readonly self: string;
  /** `bench:visibility`…: names the temporary directory, the throwaway database and the log lines. */
  readonly name: string;
  /** Which engines (`pglite`, `postgres`). */
  readonly engines: readonly string[];
  /** PostgreSQL admin URL; `none` skips PostgreSQL. */
  readonly pgAdminUrl: string;
  /** What the log line says each engine does (« seeding 1,000,000 documents and measuring »). */
  readonly doing: string;
  /** Extra node flags for the engine process (e.g. `--expose-gc`). */
  readonly nodeArgs?: readonly string[];
  /** Environment defaults for the engine process (the caller's environment wins). */
  readonly env?: NodeJS.ProcessEnv;
}

function runEngine(options: EngineRunOptions, target: string, out: string): Promise<void> {
  return new Promise((done, fail) => {
    const args = [...(options.nodeArgs ?? []), '--import', 'tsx', options.self, '--engine', target, out];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...options.env, ...process.env },
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`engine ${target} exited with ${code}`))));
  });
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function runOnEngines<T>(options: EngineRunOptions): Promise<(T | string)[]> {
  const slug = options.name.replace(/^bench:/, '');
  const work = mkdtempSync(join(tmpdir(), `bench-${slug}-`));
  const read = (file: string): T => JSON.parse(readFileSync(join(work, file), 'utf8')) as T;
  const results: (T | string)[] = [];
  try {
    if (options.engines.includes('pglite')) {
      console.log(`[${options.name}] PGlite in ${work}/pglite: ${options.doing}…`);
      await runEngine(options, join(work, 'pglite'), join(work, 'pglite.json'));
      results.push(read('pglite.json'));
      rmSync(join(work, 'pglite'), { recursive: true, force: true });
    }
    if (options.engines.includes('postgres')) {
      if (options.pgAdminUrl === 'none') results.push('PostgreSQL skipped (BENCH_PG_URL=none)');
      else {
        const database = `bench_${slug}_${randomBytes(4).toString('hex')}`;
        const url = new URL(options.pgAdminUrl);
        url.pathname = `/${database}`;
        try {
          await admin(options.pgAdminUrl, `CREATE DATABASE ${database}`);
          console.log(`[${options.name}] PostgreSQL database ${database}: ${options.doing}…`);
          await runEngine(options, url.toString(), join(work, 'postgres.json'));
          results.push(read('postgres.json'));
        } catch (error) {
          results.push(`PostgreSQL skipped: ${(error as Error).message}`);
        } finally {
          // BENCH_KEEP=1 leaves the database for a look at its plans (drop it by hand afterwards).
          if (process.env.BENCH_KEEP) console.log(`[${options.name}] kept: ${url.toString()}`);
          else
            await admin(options.pgAdminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return results;
}

/**
 * A data-set bench's entry, acting only when its file is the process's script (a bench that imports
 * another's seed must not start that one): `--engine <target> <out.json>` measures one engine and
 * writes its result (what `runOnEngines` spawns); otherwise `main` drives. A failure exits with 1.
 */
export function benchEntry<T>(
  self: string,
  measureEngine: (target: string) => Promise<T>,
  main: () => Promise<void>,
): void {
  if (process.argv[1] !== self) return;
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  };
  if (process.argv[2] === '--engine') {
    const [target, out] = process.argv.slice(3);
    measureEngine(target!)
      .then((result) => writeFileSync(out!, JSON.stringify(result)))
      .catch(fail);
  } else main().catch(fail);
}
