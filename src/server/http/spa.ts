/**
 * Serves the built SPA from `dist/web`: files as they are, `index.html` for client routes, never
 * for the API, socket, static or e-signature prefixes (those get a JSON 404 with a key).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_KEYS } from '../../contract/keys.ts';

const ASSET_EXTENSION =
  /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|txt|xml|webmanifest|wasm|pdf)$/i;

const NOT_SPA = /^\/(api|socket\.io|static|edocsign)(\/|$|\?)/;

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Application non construite</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>L'interface n'est pas encore construite</h1>
<p>Le serveur et l'API fonctionnent, mais le dossier <code>dist/web</code> est absent.</p>
<p>Lancez <code>npm run build</code> puis rechargez cette page, ou démarrez avec <code>npm start</code>, qui la construit.</p>
</body></html>`;

export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const root = resolve(webDir);
  const built = existsSync(resolve(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      // Source maps are not built for production; one left in the folder (a dev build) stays unserved.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must be revalidated to pick up a new build.
        void reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (NOT_SPA.test(path) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ key: ERROR_KEYS.notFound, status: 404 });
    }
    if (!built)
      return reply
        .status(path === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(MISSING_BUILD_PAGE);
    // A missing asset (a file extension the build emits) is a real 404, not a client route. Only
    // known extensions count: client routes may end in anything (signing links carry tokens).
    if (ASSET_EXTENSION.test(path)) return reply.status(404).send({ key: ERROR_KEYS.notFound, status: 404 });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
