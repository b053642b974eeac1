/**
 * The API reference: `/api/openapi.json` is the OpenAPI document, `/api/docs` a Swagger UI page
 * reading it. The viewer is swagger-ui-dist from npm (pinned), served from this origin — no CDN —
 * and started by a file, not an inline script, so the product's Content-Security-Policy holds here
 * too; only this page's policy says that no validator badge or other origin is contacted.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const VIEWER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Started from a file: the policy allows no inline script. `validatorUrl: null` keeps every call on this origin. */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

const page = (title: string) => `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&"]/g, '')} — API</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript><p>La référence de l'API demande JavaScript ; le document brut est à <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

/** The viewer page's own policy: the product's, with nothing else reachable (no frames, no other origin). */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI sets style attributes and draws its icons as data: SVG.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function registerApiDocs(app: FastifyInstance, openApi: Record<string, unknown>): void {
  const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const title = String((openApi.info as { title?: string } | undefined)?.title ?? 'API');
  const files = new Map<string, Promise<Buffer>>();

  app.get('/api/openapi.json', async () => openApi);
  app.get('/api/docs', async (_req, reply) =>
    reply
      .header('content-security-policy', API_DOCS_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page(title)),
  );
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(INITIALIZER),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', async (req, reply) => {
    const type = Object.hasOwn(VIEWER_FILES, req.params.file) ? VIEWER_FILES[req.params.file] : undefined;
    if (!type) return reply.callNotFound();
    let bytes = files.get(req.params.file);
    if (!bytes) {
      bytes = readFile(join(distDir, req.params.file));
      files.set(req.params.file, bytes);
    }
    // The version is pinned in package.json: a day's cache is safe, and a new version comes with a restart.
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type(type)
      .send(await bytes);
  });
}
