/**
 * Builds the Fastify app (no listen: tests use `app.inject`, `main.ts` listens). Every contract
 * route is registered here with its id; one hook checks the session and the feature; one error
 * handler shapes every failure as `ApiError`. With `push: true` socket.io is attached to the same
 * HTTP server.
 */
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ERROR_KEYS } from '../contract/keys.ts';
import { ROUTES, type RouteId } from '../contract/routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { errorHandler } from './http/errors.ts';
import { registerHealth } from './http/health.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { buildOpenApi } from './http/openapi.ts';
import { type Deps, type RouteTable, installAuthHook, registerRoutes } from './http/routes.ts';
import { BARE_ERROR_HEADERS, registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import type { JobSender } from './modules/dispatch/jobs.ts';
import { dispatchRoutes } from './modules/dispatch/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { dsnRoutes } from './modules/employee/dsn/routes.ts';
import { employeeRoutes } from './modules/employee/routes.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { hrdeskRoutes } from './modules/hrdesk/routes.ts';
import { maskRoutes } from './modules/masks/routes.ts';
import { organizationRoutes } from './modules/organization/routes.ts';
import { rightsRoutes } from './modules/rights/routes.ts';
import { signbookRoutes } from './modules/signbook/routes.ts';
import { staticRoutes } from './modules/static/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { type MailPort, createMailPort } from './ports/mail.ts';
import type { PushAdapter } from './push/cluster.ts';
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
  /** Several nodes: socket.io's PostgreSQL or Redis adapter relays push between them (push/cluster.ts). */
  pushCluster?: PushAdapter;
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
  ...rightsRoutes,
  ...documentRoutes,
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 11 * 1024 * 1024,
    // The client address (login limits) comes from X-Forwarded-For only behind a proxy we were told to trust.
    trustProxy: config.trustProxy,
    // A URL Fastify cannot even parse (`/api/%`) is answered before any hook: keyed, with headers all the same.
    frameworkErrors: (error, _req, reply: FastifyReply) => {
      void reply
        .headers(BARE_ERROR_HEADERS)
        .status(400)
        .send({ key: ERROR_KEYS.badRequest, status: 400, message: error.message });
    },
  });
  const attached = options.push
    ? attachPush(app.server, db, config, options.pushCluster ? { cluster: options.pushCluster } : {})
    : null;
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
  // First of the onRequest hooks: a refusal by the auth hook carries the headers too.
  await registerSecurityHeaders(app, config);
  installAuthHook(app, deps);
  // Multipart bodies (uploads: DSN, campaign PDFs, masks); each route sets its own file-size limit.
  await app.register(multipart);
  // Cookies carry one thing only: the login device token (src/server/auth/device.ts).
  await app.register(cookie);
  registerRoutes(app, deps, ROUTE_TABLE);
  // A write that changed who sees which organisation (access rows, the tree): sockets follow at once.
  app.addHook('onResponse', async (req) => {
    const before = req.session?.scopeVersion;
    if (req.method === 'GET' || !before) return;
    // A list or search sent as POST changes nothing (its route says so).
    const routeId = (req.routeOptions.config as { routeId?: RouteId } | undefined)?.routeId;
    if (routeId && ROUTES[routeId].reads) return;
    const { rows } = await db.query<{ v: string }>(`SELECT v::text AS v FROM directory.scope_version WHERE id = 1`);
    if (rows[0] && rows[0].v !== before) await push.accessChanged();
  });

  registerHealth(app, db, config.version, options.pushCluster?.check?.bind(options.pushCluster));
  const openApi = buildOpenApi(ROUTE_TABLE, config.version);
  // `/api/openapi.json` (the document) and `/api/docs` (a viewer reading it); `/api/docs.html` is kept for old links.
  registerApiDocs(app, openApi);
  app.get('/api/docs.html', async (_req, reply) => reply.redirect('/api/docs', 301));

  await registerSpa(app, config.webDir);
  return app;
}
