import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { ROUTES, ROUTE_IDS } from '../../src/contract/routes.ts';
import { type TestDb, createSeededDb, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

describe('plumbing', () => {
  it('answers unknown API paths with a 404 key', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/user/nope'],
      ['GET', '/socket.io/x'],
      ['GET', '/static/x.js'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ key: ERROR_KEYS.notFound, status: 404 });
    }
  });

  it('serves translations by locale with cache headers, 404 for an unknown locale', async () => {
    const fr = await app.inject({ method: 'GET', url: '/static/i18n/v1/fr.json' });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['cache-control']).toContain('max-age');
    expect(typeof fr.json()).toBe('object');
    expect((await app.inject({ method: 'GET', url: '/static/i18n/v1/xx.json' })).statusCode).toBe(404);
  });

  it('serves the front configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/front_conf.json' });
    expect(res.json()).toEqual({ analyticsToken: null, version: expect.any(String) });
  });

  it('flags as read-only (no after-write scope check) only searches sent as POST', () => {
    const reads = ROUTE_IDS.filter((id) => ROUTES[id].reads);
    expect(reads.filter((id) => ROUTES[id].method !== 'POST')).toEqual([]);
    // Lists, trees, stats and searches; never a create, import, sign or upload.
    expect(reads.filter((id) => /create|import$|sign$|upload|retry|cancel|refuse|login|logout/i.test(id))).toEqual([]);
    expect(reads).toEqual(expect.arrayContaining(['employees.list', 'campaigns.list', 'users.list', 'documents.list']));
  });

  it('publishes an OpenAPI document with every contract route and the login schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (ops) => Object.values(ops).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual([...ROUTE_IDS].sort());
    const login = doc.paths['/api/user/rh-user/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('password');
    expect(login.security).toEqual([]);
  });

  it('serves an API reference viewer at /api/docs, from this origin, reading /api/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui"></div>');
    // No inline script and no other origin: every script and style is a file served here.
    const sources = [...res.body.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      '/api/docs/favicon-32x32.png',
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/init.js',
    ]);
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    const init = await app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' });
    expect([bundle.statusCode, bundle.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(bundle.body).toContain('SwaggerUIBundle');
    const css = await app.inject({ method: 'GET', url: '/api/docs/swagger-ui.css' });
    expect([css.statusCode, String(css.headers['content-type'])]).toEqual([200, 'text/css; charset=utf-8']);
    // Only the viewer's files: nothing else of the package (its source maps included) is reachable.
    for (const other of ['swagger-ui-bundle.js.map', 'package.json', 'index.html', '..%2Fpackage.json'])
      expect((await app.inject({ method: 'GET', url: `/api/docs/${other}` })).statusCode, other).toBe(404);
    const old = await app.inject({ method: 'GET', url: '/api/docs.html' });
    expect([old.statusCode, old.headers.location]).toEqual([301, '/api/docs']);
  });

  it('says in French to build the SPA when dist/web is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });

  it('serves the built SPA with index.html for client routes but never for the API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>spa</title>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1)');
    const spa = await testApp(t.db, { webDir: dir });
    try {
      // The root itself is the page the README sends people to.
      const root = await spa.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('spa');
      const route = await spa.inject({ method: 'GET', url: '/campaigns/status/validation' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('spa');
      const asset = await spa.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await spa.inject({ method: 'GET', url: '/api/nope' })).json().key).toBe(ERROR_KEYS.notFound);
      expect((await spa.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      // A client route whose last segment merely contains a dot (a signing link's token) is a page.
      const guest = await spa.inject({ method: 'GET', url: '/signworkflows/guest/main.AbC9xYz' });
      expect(guest.statusCode).toBe(200);
      expect(guest.body).toContain('spa');
    } finally {
      await spa.close();
    }
  });
});
