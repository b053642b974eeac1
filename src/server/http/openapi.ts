/**
 * The OpenAPI 3.1 document, generated from the contract: every route of `ROUTES` with its access
 * rule, plus the JSON Schema (Effect `JSONSchema`) of the bodies and answers the server declares.
 */
import { JSONSchema } from 'effect';
import { ApiError } from '../../contract/entities.ts';
import { AUTH_HEADERS, ROUTE_IDS, ROUTES, type RouteDef, SERVICES } from '../../contract/routes.ts';
import type { RouteTable } from './routes.ts';

type Json = Record<string, unknown>;

export function buildOpenApi(table: RouteTable, version: string): Json {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  const schemaOf = (schema: { ast: Parameters<typeof JSONSchema.fromAST>[0] }): Json =>
    JSONSchema.fromAST(schema.ast, {
      definitions,
      definitionPath: '#/components/schemas/',
      target: 'openApi3.1',
    }) as unknown as Json;
  const errorSchema = schemaOf(ApiError);
  const paths: Record<string, Record<string, Json>> = {};
  for (const id of ROUTE_IDS) {
    const def: RouteDef = ROUTES[id];
    const spec = table[id];
    const url = `${SERVICES[def.service]}${def.path}`;
    const parameters = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const access =
      def.access === 'public' ? 'public' : def.access === 'session' ? 'any session' : `feature ${def.access.feature}`;
    const ok: Json = def.binary
      ? {
          description: 'File',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : spec?.response
        ? { description: 'OK', content: { 'application/json': { schema: schemaOf(spec.response) } } }
        : { description: spec ? 'OK (or 204 without body)' : 'Not served yet (501)' };
    const operation: Json = {
      operationId: id,
      summary: `${id} (${access}; timeout ${def.timeout}; issue ${def.issue})`,
      tags: [def.service],
      parameters,
      responses: {
        '200': ok,
        default: { description: 'ApiError', content: { 'application/json': { schema: errorSchema } } },
      },
      ...(def.access === 'public' ? { security: [] } : {}),
    };
    if (spec?.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(spec.body) } } };
    } else if (def.multipart) {
      operation.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    }
    (paths[url] ??= {})[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Paie Docs back-office API',
      version,
      description: `Bearer access token in Authorization and the refresh token in ${AUTH_HEADERS.refreshToken}; rotated tokens come back in ${AUTH_HEADERS.setAuthorization} / ${AUTH_HEADERS.setRefreshToken}.`,
    },
    components: {
      schemas: definitions,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
