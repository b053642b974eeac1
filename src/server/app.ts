/**
 * Builds the Fastify app (no listen: tests use `app.inject`, `main.ts` listens). Every contract
 * route is registered here with its id; one hook checks the session and the feature; one error
 * handler shapes every failure as `ApiError`. With `push: true` socket.io is attached to the same
 * HTTP server.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { errorHandler } from './http/errors.ts';
import { buildOpenApi } from './http/openapi.ts';
import { type Deps, type RouteTable, installAuthHook, registerRoutes } from './http/routes.ts';
import { registerSpa } from './http/spa.ts';
import type { JobSender } from './modules/dispatch/jobs.ts';
import { dispatchRoutes } from './modules/dispatch/routes.ts';
import { dsnRoutes } from './modules/employee/dsn/routes.ts';
import { employeeRoutes } from './modules/employee/routes.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { hrdeskRoutes } from './modules/hrdesk/routes.ts';
import { maskRoutes } from './modules/masks/routes.ts';
import { organizationRoutes } from './modules/organization/routes.ts';
import { signbookRoutes } from './modules/signbook/routes.ts';
import { staticRoutes } from './modules/static/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { type MailPort, createMailPort } from './ports/mail.ts';
import { type Push, type PushServer, attachPush, noPush } from './push/push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
    io: PushServer | null;
  }
}

export interface BuildAppOptions {
  db: Db;
  config: Config;
  mail?: MailPort;
  /** Attach socket.io to the app's HTTP server (off for `inject`-only tests). */
  push?: boolean;
  logger?: boolean;
  /** The job queue (pg-boss); without it, campaign jobs run inline after the request's commit. */
  jobs?: JobSender;
}

export const ROUTE_TABLE: RouteTable = {
  ...userRoutes,
  ...organizationRoutes,
  ...hrdeskRoutes,
  ...staticRoutes,
  ...employeeRoutes,
  ...dsnRoutes,
  ...groupRoutes,
  ...dispatchRoutes,
  ...signbookRoutes,
  ...maskRoutes,
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 11 * 1024 * 1024,
  });
  const attached = options.push ? attachPush(app.server, db, config) : null;
  const push = attached?.push ?? noPush;
  app.decorate('push', push);
  app.decorate('io', attached?.io ?? null);
  app.addHook('preClose', async () => push.close());

  const deps: Deps = {
    db,
    config,
    mail: options.mail ?? createMailPort(db, config.smtpUrl),
    push,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  };
  app.setErrorHandler(errorHandler);
  installAuthHook(app, deps);
  // Multipart bodies (uploads: DSN, campaign PDFs, masks); each route sets its own file-size limit.
  await app.register(multipart);
  registerRoutes(app, deps, ROUTE_TABLE);

  const openApi = buildOpenApi(ROUTE_TABLE, config.version);
  app.get('/api/docs', async () => openApi);
  app.get('/api/docs.html', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>API</title></head><body>
<h1>${String((openApi.info as { title: string }).title)}</h1><p><a href="/api/docs">OpenAPI (JSON)</a></p><ul>
${Object.entries(openApi.paths as Record<string, Record<string, { operationId: string; summary: string }>>)
  .flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => `<li><code>${method.toUpperCase()} ${path}</code> — ${op.summary}</li>`),
  )
  .join('\n')}
</ul></body></html>`,
    ),
  );

  await registerSpa(app, config.webDir);
  return app;
}
