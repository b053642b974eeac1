/**
 * For load balancers and orchestrators: `GET /api/health` (liveness: the process answers) and
 * `GET /api/ready` (readiness: the database answers, the job queue's tables are there, the stored
 * files' folder is readable and writable and, when push crosses nodes through Redis, Redis answers
 * (`checks.push`; a node that cannot reach it would publish into nothing). Outside the route table: no session, nothing private.
 */
import { accessSync, constants } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { Db } from '../db/db.ts';

type Check = 'ok' | string;

type Checks = Record<'database' | 'queue' | 'files', Check> & { push?: Check };

async function checks(db: Db, pushCheck?: () => Promise<Check>): Promise<Checks> {
  const out: Checks = { database: 'ok', queue: 'ok', files: 'ok' };
  if (pushCheck) out.push = await pushCheck().catch((error: unknown) => String(error));
  try {
    await db.query('SELECT 1');
    const { rows } = await db.query<{ ok: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    // The queue's tables are created on first start; an api node that never started one has none yet.
    if (!rows[0]?.ok) out.queue = 'job tables missing (pgboss schema)';
  } catch (error) {
    out.database = error instanceof Error ? error.message : String(error);
    out.queue = 'database unreachable';
  }
  const dir = db.files.dir;
  if (dir) {
    try {
      accessSync(dir, constants.R_OK | constants.W_OK);
    } catch (error) {
      out.files = `${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
    }
  }
  return out;
}

export function registerHealth(app: FastifyInstance, db: Db, version: string, pushCheck?: () => Promise<Check>): void {
  const started = Date.now();
  app.get('/api/health', async () => ({ status: 'ok', version, uptimeS: Math.round((Date.now() - started) / 1000) }));
  app.get('/api/ready', async (_req, reply) => {
    const found = await checks(db, pushCheck);
    const ready = Object.values(found).every((c) => c === 'ok');
    if (ready) return { status: 'ready', checks: found };
    return reply.status(503).send({ key: ERROR_KEYS.notReady, status: 503, checks: found });
  });
}
