/**
 * Starts the product: opens the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * migrates, seeds the demo on an empty database (unless SEED=none), then serves API, SPA and
 * socket.io on one port and prints the URL and the demo logins.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirUnreadable, DatabaseUnusable, openDb } from './db/db.ts';
import { DataDirInUse } from './db/lock.ts';
import { CLUSTER_LOCKS, isClusterLockHeld, splitLock, withClusterLock } from './db/advisory.ts';
import { startMaintenance } from './db/maintenance.ts';
import { migrate } from './db/migrate.ts';
import { bootstrap } from './db/seed/bootstrap.ts';
import { seedDemo } from './db/seed/demo.ts';
import { PERSONAS } from './db/seed/personas.ts';
import { startQueue } from './jobs/queue.ts';
import { DOMAINS } from '../contract/constants.ts';
import {
  CAMPAIGN_DISPATCH_JOB,
  type DispatchJobData,
  resumeDispatches,
  runDispatchJob,
} from './modules/dispatch/dispatch.job.ts';
import { CAMPAIGN_SPLIT_JOB, type SplitJobData, resumeSplits, runSplitJob } from './modules/dispatch/split.jobs.ts';
import { SIGNBOOK_SEAL_JOB, type SealJobData, resumeSeals, runSealJob } from './modules/signbook/seal.job.ts';
import { MAIL_DELIVER_JOB, consoleEcho, createMailPort } from './ports/mail.ts';
import { safePortOf } from './ports/safe.ts';
import { type PushAdapter, pushAdapterFor, pushPublisher, redactedUrl } from './push/cluster.ts';
import { noPush, type Push } from './push/push.ts';

const FILES_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

const PREPARE_FLAG = '--prepare-only';

/**
 * Opens the database, migrates it and seeds the demo on an empty one. On PostgreSQL several nodes may
 * start at once: the first to take the cluster's prepare lock does it, the others wait and find it done.
 */
async function prepare(config: ReturnType<typeof loadConfig>) {
  const db = await openDb({
    ...(config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax }
      : { dataDir: config.dataDir }),
    ...(config.filesDir ? { filesDir: config.filesDir } : {}),
  });
  const prepared = await withClusterLock(
    db,
    CLUSTER_LOCKS.prepare,
    async () => {
      await migrate(db);
      if (config.seed === 'demo') return await seedDemo(db);
      return { seeded: false, bootstrap: await bootstrap(db, config.firstAdmin) };
    },
    { wait: true },
  );
  return { db, seeded: prepared.ran ? prepared.value : { seeded: false } };
}

/**
 * A new embedded database is created, migrated and seeded in a child process that then exits:
 * initdb and the seed grow PGlite's WebAssembly memory to ~900 MB, which a process never gives back,
 * so the server that then opens the ready directory stays small (docs/operations.md « Memory »).
 * Resolves true when the child prepared it.
 */
function prepareInChild(config: ReturnType<typeof loadConfig>): Promise<boolean> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return Promise.resolve(false);
  if (existsSync(join(config.dataDir, 'PG_VERSION'))) return Promise.resolve(false);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', PREPARE_FLAG], {
      stdio: 'inherit',
      env: process.env,
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done(true) : fail(new Error(`preparing the database in ${config.dataDir} failed (exit ${code})`)),
    );
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  if (process.argv.includes(PREPARE_FLAG)) {
    const { db } = await prepare(config);
    await db.close();
    return;
  }
  const preparedByChild = await prepareInChild(config);
  const prepared = await prepare(config);
  const db = prepared.db;
  const seeded = preparedByChild ? { seeded: config.seed === 'demo' } : prepared.seeded;
  // A new database has its stored-files folder from the start (/api/ready checks it is there).
  if ((preparedByChild || seeded.seeded) && db.files.dir) mkdirSync(db.files.dir, { recursive: true });

  // PGlite has no autovacuum: statistics for the planner and dead rows reclaimed (db/maintenance.ts).
  const stopMaintenance = startMaintenance(db);

  // Jobs live in the same database; `api` nodes only enqueue, `worker` and `all` nodes also work.
  const queue = await startQueue(db, {
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    supervise: config.role !== 'api',
  });
  const mail = createMailPort(db, config.smtpUrl, {
    schedule: async (outboxId) => void (await queue.send(MAIL_DELIVER_JOB, { outboxId })),
    // Demo: messages nobody sends are printed here, as development mail tools do.
    ...(config.demoOutbox ? { echo: consoleEcho } : {}),
  });
  if (config.role !== 'api') {
    await queue.work<{ outboxId: string }>(MAIL_DELIVER_JOB, ({ outboxId }) => mail.deliverNow(outboxId));
  }

  // Push across nodes (push/cluster.ts): through PostgreSQL, or Redis when REDIS_URL is set. API nodes
  // share their rooms through the adapter, a worker publishes through it. The dispatch job pushes
  // through the HTTP server's socket.io once it exists (ROLE=all), through the publisher on a worker.
  const cluster = await pushAdapterFor(config);
  const clustered = cluster !== null;
  if (config.redisUrl && config.pushAdapter !== 'redis')
    console.warn(
      `REDIS_URL is set but not used: PUSH_ADAPTER=${config.pushAdapter}${config.databaseUrl ? '' : ' (no DATABASE_URL: one process, nothing to share)'}.`,
    );
  const adapterName = cluster?.kind === 'redis' ? 'Redis push adapter' : 'PostgreSQL push adapter';
  console.log(
    cluster
      ? `Push across nodes: ${cluster.kind === 'redis' ? `Redis Streams adapter (${redactedUrl(config.redisUrl!)}, connection-state recovery on)` : 'PostgreSQL adapter (LISTEN/NOTIFY)'}.`
      : 'Push: this process only (no adapter).',
  );
  let push: Push = config.role === 'worker' && cluster ? pushPublisher(db, cluster) : noPush;
  const pushCluster: PushAdapter | null = config.role !== 'worker' ? cluster : null;
  let stopSweep = (): void => undefined;
  if (config.role !== 'api') {
    // Bytes in FILES_DIR whose row was deleted or never committed (a process killed mid-write); one node at a time.
    const sweep = (): Promise<unknown> =>
      withClusterLock(db, CLUSTER_LOCKS.sweep, () => db.files.sweep(db), { wait: false }).catch((error: unknown) =>
        console.error('files sweep failed', error),
      );
    const timer = setInterval(() => void sweep(), FILES_SWEEP_EVERY_MS);
    timer.unref();
    stopSweep = () => clearInterval(timer);
    await queue.work<DispatchJobData>(CAMPAIGN_DISPATCH_JOB, (data) =>
      runDispatchJob({ db, push, safe: safePortOf({ db }), mail, publicUrl: config.publicUrl }, data),
    );
    // The split job: a source not marked split_done is wiped and redone, so resending never duplicates parts.
    // One worker of the cluster splits a campaign at a time (a resent job finding it taken ends at once);
    // a worker killed mid-split drops its connection, and with it the lock.
    await queue.work<SplitJobData>(CAMPAIGN_SPLIT_JOB, async (data) => {
      const splitDeps = { db, push, jobs: queue, safe: safePortOf({ db }), mail, publicUrl: config.publicUrl };
      await withClusterLock(db, splitLock(data.domain, data.campaignId), () => runSplitJob(splitDeps, data), {
        wait: false,
      });
    });
    // Signbook sealing: idempotent (a signbook no longer SEALING is left alone), so resending is safe.
    await queue.work<SealJobData>(SIGNBOOK_SEAL_JOB, (data) =>
      runSealJob({ db, push, safe: safePortOf({ db }) }, data),
    );
    // Startup work, once across the cluster at a time: nodes starting together take turns, and a
    // campaign whose split another worker is running now is left to it.
    await withClusterLock(
      db,
      CLUSTER_LOCKS.resume,
      async () => {
        await db.files.sweep(db).catch((error: unknown) => console.error('files sweep failed', error));
        // A process killed mid-distribution left campaigns waiting: their documents are guarded, so resending is safe.
        await resumeDispatches(db, DOMAINS, (data) => queue.send(CAMPAIGN_DISPATCH_JOB, data));
        await resumeSplits(db, DOMAINS, async (data) => {
          if (!(await isClusterLockHeld(db, splitLock(data.domain, data.campaignId))))
            await queue.send(CAMPAIGN_SPLIT_JOB, data);
        });
        await resumeSeals(db, (data) => queue.send(SIGNBOOK_SEAL_JOB, data));
      },
      { wait: true },
    );
  }

  if (config.role === 'worker') {
    console.log(
      `ROLE=worker: working background jobs (mail, campaign split and distribution, sealing)${clustered ? `, publishing through the ${adapterName}` : ''}; no HTTP server in this process.`,
    );
    const stopWorker = async (): Promise<void> => {
      stopSweep();
      await queue.stop();
      await push.close();
      await db.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stopWorker());
    process.once('SIGTERM', () => void stopWorker());
    return;
  }
  // SSO_DEMO=1: the local demo identity provider (OpenID Connect, CAS, the safe portal), single sign-on pointed at it.
  // Loaded only then: the provider's dependencies stay out of a normal server's memory.
  const demo = config.sso.demo ? await import('./auth/sso/demo-idp.ts') : null;
  const demoSso = demo ? await demo.startDemoSso(config) : null;
  const app = await buildApp({
    db,
    config: demoSso?.config ?? config,
    mail,
    jobs: queue,
    push: true,
    ...(pushCluster ? { pushCluster } : {}),
    logger: process.argv.includes('--dev'),
  });
  push = app.push;
  await app.listen({ port: config.port, host: config.host });

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shown}:${config.port}/`;
  const storage = config.databaseUrl
    ? `PostgreSQL (DATABASE_URL), ROLE=${config.role}${clustered ? `, push across nodes (${cluster.kind === 'redis' ? 'Redis' : 'PostgreSQL'})` : ''}`
    : `PGlite in ${config.dataDir}`;
  console.log(
    `\nPaie Docs is running: ${url}  (${storage}${seeded.seeded ? ', demo data just seeded' : ''}; ready in ${Date.now() - started} ms)`,
  );
  if (config.seed === 'none') {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM directory.users');
    if ((rows[0]?.n ?? 0) === 0)
      console.log(
        '\nNo user yet (SEED=none): to create the first company and its administrator, start with ' +
          'ADMIN_LOGIN, ADMIN_PASSWORD, ADMIN_EMAIL, COMPANY_NAME, COMPANY_SIRET and COMPANY_CITY set (README « Production »).',
      );
    else if ('bootstrap' in seeded && seeded.bootstrap === 'created' && config.firstAdmin)
      console.log(
        `\nFirst administrator « ${config.firstAdmin.login} » created, root of « ${config.firstAdmin.company.name} » (main domain).`,
      );
  }
  if (config.seed === 'demo') {
    console.log('\nDemo logins:');
    const width = Math.max(...PERSONAS.map((p) => p.login.length));
    for (const p of PERSONAS) console.log(`  ${p.login.padEnd(width)}  ${p.password.padEnd(14)}  ${p.description}`);
  }
  if (demo && demoSso) {
    console.log(
      `\nSingle sign-on (SSO_DEMO=1): demo identity provider on ${demoSso.idp.url} — « Continuer avec un compte Microsoft », CAS at ${demoSso.idp.url}/cas/login, safe portal at ${demoSso.idp.url}/portal; demo password ${demo.DEMO_PASSWORD}.`,
    );
  }
  console.log(
    config.smtpUrl
      ? '\nE-mail: sent by SMTP.'
      : config.demoOutbox
        ? '\nE-mail: no SMTP_URL (demo). Messages are printed below on this console; in the app each person reads only their own (signature codes).'
        : '\nWARNING: NODE_ENV=production without SMTP_URL: e-mails (password resets, signing links, codes) are recorded but NOT sent.',
  );

  const stop = async (signal: string): Promise<void> => {
    console.log(`\n${signal}: stopping`);
    stopMaintenance();
    stopSweep();
    await app.close();
    await demoSso?.idp.close();
    await queue.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // Errors meant for the operator read as sentences; anything else keeps its stack.
  if (error instanceof DataDirInUse || error instanceof DataDirUnreadable || error instanceof DatabaseUnusable)
    console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
