/**
 * Route registration driven by the contract: every route of `ROUTES` is registered with its
 * `routeId`, so the one auth hook below applies to all of them. Routes without a handler yet
 * (later issues) answer 501 with a key, after the same auth and feature checks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Schema } from 'effect';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { AUTH_HEADERS, ROUTE_IDS, ROUTES, type RouteDef, type RouteId, fastifyPath } from '../../contract/routes.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { MailPort } from '../ports/mail.ts';
import type { Push } from '../push/push.ts';
import { type SessionContext, type TokenPair, authenticate } from '../auth/sessions.ts';
import { ApiFailure } from './errors.ts';
import { installInputGuards } from './input.ts';
import { decodeBody } from './validate.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    routeId?: RouteId;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

export interface Deps {
  readonly db: Db;
  readonly config: Config;
  readonly mail: MailPort;
  readonly push: Push;
}

export interface HandlerArgs<B> {
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  readonly body: B;
  readonly params: Record<string, string>;
  /** The caller's session; throws on a public route, where there is none. */
  readonly session: SessionContext;
  readonly deps: Deps;
}

export interface RouteSpec<B = unknown> {
  /** Decoded with `Schema.decodeUnknownEither`; also documents the body in OpenAPI. */
  readonly body?: Schema.Schema.AnyNoContext & { readonly Type: B };
  /** Documents the answer in OpenAPI. */
  readonly response?: Schema.Schema.AnyNoContext;
  // Method syntax on purpose: a table of specs with different bodies must fit one record type.
  handle(args: HandlerArgs<B>): Promise<unknown>;
}

export type RouteTable = Partial<Record<RouteId, RouteSpec<never>>>;

export const route = <B = undefined>(spec: RouteSpec<B>): RouteSpec<B> => spec;

const bearer = (value: string | undefined): string | undefined => {
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};
const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export const sendTokens = (reply: FastifyReply, tokens: Partial<TokenPair>): void => {
  if (tokens.access) void reply.header(AUTH_HEADERS.setAuthorization, tokens.access);
  if (tokens.refresh) void reply.header(AUTH_HEADERS.setRefreshToken, tokens.refresh);
};

/** The one auth + feature check of every contract route. */
export function installAuthHook(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req, reply) => {
    const routeId = req.routeOptions.config?.routeId;
    if (!routeId) return;
    const def: RouteDef = ROUTES[routeId];
    if (def.access === 'public') return;
    const auth = await authenticate(
      deps.db,
      deps.config,
      bearer(single(req.headers[AUTH_HEADERS.authorization])),
      single(req.headers[AUTH_HEADERS.refreshToken]),
      (sessionId) => deps.push.sessionRevoked(sessionId, ERROR_KEYS.authRefreshReused),
    );
    if (auth.rotated) sendTokens(reply, auth.rotated);
    req.session = auth.session;
    if (def.access !== 'session' && !auth.session.features.has(def.access.feature)) {
      throw new ApiFailure(403, ERROR_KEYS.featureForbidden);
    }
  });
}

export function registerRoutes(app: FastifyInstance, deps: Deps, table: RouteTable): void {
  installInputGuards(app);
  for (const id of ROUTE_IDS) {
    const def: RouteDef = ROUTES[id];
    // Demo conveniences do not exist on a production server: not registered, an unknown path.
    if (def.demoOnly && !deps.config.demoOutbox) continue;
    const spec = table[id];
    app.route({
      method: def.method,
      url: fastifyPath(def),
      config: { routeId: id },
      handler: async (req, reply) => {
        if (!spec) throw new ApiFailure(501, ERROR_KEYS.notAvailableYet);
        const body = (spec.body ? decodeBody(spec.body, req.body) : req.body) as never;
        const result = await spec.handle({
          req,
          reply,
          body,
          params: (req.params ?? {}) as Record<string, string>,
          get session(): SessionContext {
            if (!req.session) throw new ApiFailure(401, ERROR_KEYS.authMissingToken);
            return req.session;
          },
          deps,
        });
        if (result === undefined && !reply.sent) return reply.status(204).send();
        return result;
      },
    });
  }
}
