import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import { digest } from '../../src/server/auth/tokens.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { PERSONAS, ROOT_LEGACY, ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { type TestDb, authHeaders, createSeededDb, header, login, testApp } from './support/server.ts';

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

const LOGIN_URL = '/api/user/rh-user/login';
const current = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/user/user/current', headers });
const expireAccess = (access: string) =>
  t.db.query(`UPDATE directory.sessions SET access_expires_at = now() - interval '1 second' WHERE access_hash = $1`, [
    digest(access),
  ]);

describe('login', () => {
  it.each(PERSONAS.map((p) => [p.login, p] as const))(
    'logs %s in with the seed fields and both token headers',
    async (_, persona) => {
      const res = await app.inject({
        method: 'POST',
        url: LOGIN_URL,
        payload: { login: persona.login, password: persona.password },
      });
      expect(res.statusCode).toBe(200);
      expect(header(res, 'set-authorization')).toMatch(/^[\w-]{43}$/);
      expect(header(res, 'set-refresh-token')).toMatch(/^[\w-]{43}$/);
      const body = res.json();
      expect(body).toMatchObject({
        login: persona.login,
        firstName: persona.firstName,
        name: persona.lastName,
        email: persona.email,
        isFreeTrial: persona.isFreeTrial,
        domain: persona.roots[0]!.domain,
        userOrgId: orgId(persona.roots[0]!.domain, persona.roots[0]!.orgName),
        userOrgName: persona.roots[0]!.orgName,
      });
      expect([...body.features].sort()).toEqual([...persona.features].sort());
      expect(body.userRootOrgs.map((r: { domain: string }) => r.domain)).toEqual(persona.roots.map((r) => r.domain));
    },
  );

  it('binds a two-domain user to the legacy domain first and lists its organisations', async () => {
    const { body } = await login(app, 'multi');
    expect(body.domain).toBe('legacy');
    const roots = body.userRootOrgs as { domain: string; orgsInVisu: { id: string }[] }[];
    expect(roots.map((r) => r.domain)).toEqual(['legacy', 'main']);
    expect(roots[0]!.orgsInVisu.map((o) => o.id)).toContain(orgId('legacy', ROOT_LEGACY));
    expect(roots[1]!.orgsInVisu.map((o) => o.id)).toContain(orgId('main', ROOT_MAIN));
  });

  it('answers a wrong password with the seed message and no token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: { login: 'paie', password: 'nope' },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      key: ERROR_KEYS.authBadCredentials,
      message: SEED_TEXTS.loginDefaultError,
      status: 401,
    });
    expect(res.headers['set-authorization']).toBeUndefined();
    await t.db.query(`UPDATE directory.users SET failed_logins = 0 WHERE login = 'paie'`);
  });

  it('blocks the account on the 5th failure, even against the right password, for 30 minutes', async () => {
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: LOGIN_URL,
        payload: { login: 'sansmail', password },
        remoteAddress: '10.2.0.1',
      });
    for (let i = 1; i <= 4; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const fifth = await attempt('wrong');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().key).toBe(ERROR_KEYS.authBlocked);
    expect(fifth.json().message).toMatch(/bloqué.*30 minutes/);
    const right = await attempt('Sansmail!2026');
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toMatch(/30 minutes/);
    const { rows } = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM blocked_until - now()) / 60)::int AS minutes FROM directory.users WHERE login = 'sansmail'`,
    );
    expect(rows[0]!.minutes).toBe(30);
    // Once the block has passed, the right password works and the counter starts again.
    await t.db.query(`UPDATE directory.users SET blocked_until = now() - interval '1 second' WHERE login = 'sansmail'`);
    expect((await attempt('Sansmail!2026')).statusCode).toBe(200);
  });

  it('resets the failure counter on success', async () => {
    const attempt = (password: string) =>
      app.inject({ method: 'POST', url: LOGIN_URL, payload: { login: 'essai', password }, remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 4; i++) await attempt('wrong');
    expect((await attempt('Essai!2026')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('Essai!2026')).statusCode).toBe(200);
  });

  it('refuses an address after 20 failed attempts in 10 minutes (429), whatever the login', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({
        method: 'POST',
        url: LOGIN_URL,
        payload: { login: `ghost${i}`, password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
    }
    const persona = PERSONAS[0]!;
    const res = await app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: { login: persona.login, password: persona.password },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().key).toBe(ERROR_KEYS.authTooManyRequests);
    const other = await app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: { login: persona.login, password: persona.password },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('rejects a malformed body with 400 and the failing paths', async () => {
    const res = await app.inject({ method: 'POST', url: LOGIN_URL, payload: { login: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: ERROR_KEYS.badRequest, status: 400, errors: ['password'] });
    const notJson = await app.inject({
      method: 'POST',
      url: LOGIN_URL,
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().key).toBe(ERROR_KEYS.badRequest);
  });

  it('answers single sign-on with 501 and a key: no provider is configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/auto-login-ms',
      payload: { code: 'x', state: 'y' },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json().key).toBe(ERROR_KEYS.authSsoUnavailable);
  });
});

describe('tokens', () => {
  it('401 without a token, with an unknown one, and after logout', async () => {
    const missing = await current({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ key: ERROR_KEYS.authMissingToken, status: 401 });
    expect((await current({ authorization: 'Bearer not-a-token' })).json().key).toBe(ERROR_KEYS.authInvalidToken);

    const session = await login(app, 'admin');
    expect((await current(authHeaders(session))).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/user/rh-user/logout', headers: authHeaders(session) });
    expect(out.statusCode).toBe(204);
    const after = await current(authHeaders(session));
    expect(after.statusCode).toBe(401);
    expect(after.json().key).toBe(ERROR_KEYS.authInvalidToken);
  });

  it('401 expired-token for an expired access token without a refresh token', async () => {
    const session = await login(app, 'admin');
    await expireAccess(session.access);
    const res = await current({ authorization: `Bearer ${session.access}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(ERROR_KEYS.authExpiredToken);
  });

  it('expires access tokens after ACCESS_TOKEN_TTL_S', async () => {
    const shortLived = await testApp(t.db, { accessTokenTtlS: 1 });
    try {
      const session = await login(shortLived, 'paie');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const res = await shortLived.inject({
        method: 'GET',
        url: '/api/user/user/current',
        headers: { authorization: `Bearer ${session.access}` },
      });
      expect(res.json().key).toBe(ERROR_KEYS.authExpiredToken);
    } finally {
      await shortLived.close();
    }
  });

  it('rotates both tokens on an expired access token, and a reused refresh token revokes the session', async () => {
    const session = await login(app, 'admin');
    await expireAccess(session.access);
    const rotated = await current(authHeaders(session));
    expect(rotated.statusCode).toBe(200);
    const next = { access: header(rotated, 'set-authorization'), refresh: header(rotated, 'set-refresh-token') };
    expect(next.access).not.toBe(session.access);
    expect(next.refresh).not.toBe(session.refresh);
    // The new pair works without further rotation.
    const ok = await current(authHeaders(next));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-authorization']).toBeUndefined();

    const reuse = await current(authHeaders(session));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().key).toBe(ERROR_KEYS.authRefreshReused);
    // The whole session is gone, including the fresh pair.
    const revoked = await current(authHeaders(next));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().key).toBe(ERROR_KEYS.authInvalidToken);
  });

  it('sends rotated tokens even when the call itself is refused (403)', async () => {
    const session = await login(app, 'paie');
    await expireAccess(session.access);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-users',
      headers: authHeaders(session),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-authorization']).toBeTruthy();
    expect(res.headers['set-refresh-token']).toBeTruthy();
  });
});

describe('feature rights', () => {
  it('403 for paie on the user list, with a key and no data', async () => {
    const session = await login(app, 'paie');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-users',
      headers: authHeaders(session),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ key: ERROR_KEYS.featureForbidden, status: 403 });
  });

  it('lets admin list the users who share its organisations, and not the trial user of another root', async () => {
    const session = await login(app, 'admin');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-users',
      headers: authHeaders(session),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const logins = res.json().items.map((u: { login: string }) => u.login);
    expect(logins).toEqual(expect.arrayContaining(['admin', 'paie', 'multi', 'sansmail']));
    expect(logins).not.toContain('essai');
  });

  it('checks the feature before looking anything up', async () => {
    // paie lacks UserAccess: refused before the rule is even looked for; admin is told it is unknown.
    const session = await login(app, 'paie');
    const url = '/api/user/access-rule/00000000-0000-4000-8000-000000000000';
    const forbidden = await app.inject({ method: 'GET', url, headers: authHeaders(session) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().key).toBe(ERROR_KEYS.featureForbidden);
    const admin = await login(app, 'admin');
    const unknown = await app.inject({ method: 'GET', url, headers: authHeaders(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe(ERROR_KEYS.notFound);
  });
});

describe('domains', () => {
  it('switches multi to the main domain with a new access token', async () => {
    const session = await login(app, 'multi');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain',
      headers: authHeaders(session),
      payload: { domain: 'main' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      domain: 'main',
      orgId: orgId('main', ROOT_MAIN),
      baseOrgId: orgId('main', ROOT_MAIN),
    });
    const access = header(res, 'set-authorization');
    expect((await current({ authorization: `Bearer ${session.access}` })).statusCode).toBe(401);
    const now = await current({ authorization: `Bearer ${access}` });
    expect(now.json().domain).toBe('main');
  });

  it('403 domain-denied for admin to legacy, and 400 for an unknown domain', async () => {
    const session = await login(app, 'admin');
    const denied = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain',
      headers: authHeaders(session),
      payload: { domain: 'legacy' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().key).toBe(ERROR_KEYS.authDomainDenied);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain',
      headers: authHeaders(session),
      payload: { domain: 'mars' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['domain']);
  });
});
