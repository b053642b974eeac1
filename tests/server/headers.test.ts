/**
 * Security headers on every kind of answer (an API answer, the SPA's page, its assets, an auth
 * refusal, a 404), HSTS only over TLS, and no source map built or served.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import viteConfig from '../../vite.config.ts';
import { type TestDb, createSeededDb, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let web: string;

beforeAll(async () => {
  t = await createSeededDb();
  web = mkdtempSync(join(tmpdir(), 'web-headers-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>spa</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(web, 'assets', 'app-123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  app = await testApp(t.db, { webDir: web });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
  rmSync(web, { recursive: true, force: true });
});

/** The policy as directive → sources. */
const policyOf = (res: LightMyRequestResponse): Map<string, string[]> =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = policyOf(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'"]));
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('come with an API answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/front_conf.json' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('keep API answers out of every cache: a login (its tokens), a refusal, the demo outbox', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      payload: { login: 'admin', password: 'Admin!2026' },
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
    const token = String(login.headers['set-authorization']);
    const current = await app.inject({
      method: 'GET',
      url: '/api/user/user/current',
      headers: { authorization: `Bearer ${token}` },
    });
    const refused = await app.inject({ method: 'GET', url: '/api/user/outbox' });
    for (const res of [login, current, refused]) expect(res.headers['cache-control'], res.body).toBe('no-store');
    // The SPA's own files keep theirs.
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('come with the SPA page, for the root and for a client route, and with its assets', async () => {
    for (const url of ['/', '/campaigns/status/validation', '/assets/app-123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res);
    }
  });

  it('come with errors: an unknown API path, a refused token, a bad body', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown);
    const refused = await app.inject({ method: 'POST', url: '/api/dispatch/dispatchs', payload: {} });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad);
  });

  it('let the socket connect to the origin the page was asked from, over ws and wss', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'paie.example.fr:8443' } });
    expect(policyOf(res).get('connect-src')).toEqual([
      "'self'",
      'ws://paie.example.fr:8443',
      'wss://paie.example.fr:8443',
    ]);
    // A Host that would add a directive is not copied into the policy.
    const forged = await app.inject({ method: 'GET', url: '/', headers: { host: "x; script-src 'unsafe-inline'" } });
    expect(forged.statusCode).toBe(200);
    expect(policyOf(forged).get('script-src')).toEqual(["'self'"]);
  });

  it("come with socket.io's own answers (long polling), which Fastify never sees", async () => {
    const live = await testApp(t.db, {}, true);
    try {
      const address = await live.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/socket.io/?EIO=4&transport=polling`);
      await res.text();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await live.close();
    }
  });

  it('pin https (HSTS) only when the product is served over TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/front_conf.json' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A proxy that is not trusted cannot claim TLS.
    const claimed = await app.inject({
      method: 'GET',
      url: '/front_conf.json',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    expect(policyOf(plain).has('upgrade-insecure-requests')).toBe(false);

    const proxied = await testApp(t.db, { trustProxy: true });
    try {
      const res = await proxied.inject({ method: 'GET', url: '/api/nope', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      const plainBehindProxy = await proxied.inject({ method: 'GET', url: '/api/nope' });
      expect(plainBehindProxy.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }

    const tls = await testApp(t.db, { publicUrl: 'https://paie.example.fr' });
    try {
      const res = await tls.inject({ method: 'GET', url: '/api/nope' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expect(policyOf(res).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await tls.close();
    }
  });
});

describe('no inline script, no source map', () => {
  it('index.html loads every script from a file (the policy allows no inline script)', () => {
    const html = readFileSync(join(import.meta.dirname, '../../src/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
  });

  it('builds no source map and serves none left in the folder', async () => {
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
    const res = await app.inject({ method: 'GET', url: '/assets/app-123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: ERROR_KEYS.notFound, status: 404 });
    expect(res.body).not.toContain('secret.ts');
  });

  it('a URL Fastify cannot parse still gets a keyed 400 with the headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'error.validation.body', status: 400 });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
