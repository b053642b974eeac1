/**
 * Single sign-on against real providers (issue 16): the demo identity provider runs the real
 * `oidc-provider` and a CAS server speaking protocol 3.0; portal tokens are signed by keys it made.
 * Each flow logs in; each refusal answers a keyed error and opens no session.
 */
import type { FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import { type DemoIdp, DEMO_PASSWORD, startDemoIdp } from '../../src/server/auth/sso/demo-idp.ts';
import { casLoginUrl } from '../../src/server/auth/sso/cas.ts';
import { type TestDb, createSeededDb, testApp, testConfig } from './support/server.ts';
import { PUBLIC_URL, completeMicrosoft, query, startMicrosoft, walk } from './sso-support.ts';

let t: TestDb;
let idp: DemoIdp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createSeededDb();
  idp = await startDemoIdp({ publicUrl: PUBLIC_URL, hostname: '127.0.0.1' });
  app = await testApp(t.db, { sso: idp.ssoConfig(testConfig().sso, PUBLIC_URL) });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
  await t?.dispose();
});

const sessions = async (login: string): Promise<number> => {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM directory.sessions s JOIN directory.users u ON u.id = s.user_id WHERE u.login = $1`,
    [login],
  );
  return rows[0]!.n;
};

/** One whole OpenID walk as `account`: the callback's query and the browser cookie. */
const microsoftWalk = async (account: string) => {
  const { url, cookie } = await startMicrosoft(app);
  const back = await walk(url, { login: account, password: DEMO_PASSWORD });
  expect(back.pathname).toBe('/auto-login-ms');
  return { params: query(back), cookie };
};

describe('settings', () => {
  it('tells the login screen which entries work', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/sso/settings' });
    expect(res.json()).toEqual({
      microsoft: { label: 'Microsoft' },
      casLoginUrl: casLoginUrl(`${idp.url}/cas`, PUBLIC_URL),
      casRedirect: false,
      edoc: true,
      demo: true,
      specialLogin: false,
    });
  });

  it('without configuration: nothing, and the SSO routes answer 501 with a key', async () => {
    const bare = await testApp(t.db);
    try {
      const settings = await bare.inject({ method: 'GET', url: '/api/user/sso/settings' });
      expect(settings.json()).toEqual({
        microsoft: null,
        casLoginUrl: null,
        casRedirect: false,
        edoc: false,
        demo: false,
        specialLogin: false,
      });
      const start = await bare.inject({ method: 'POST', url: '/api/user/auto-login-ms/start' });
      expect(start.statusCode).toBe(501);
      expect(start.json().key).toBe(ERROR_KEYS.authSsoUnavailable);
    } finally {
      await bare.close();
    }
  });

  it('names the customer host whose visitors get the special login page', async () => {
    const special = await testApp(t.db, {
      sso: { ...testConfig().sso, specialLoginHosts: ['rh.client-am.example'] },
    });
    try {
      const on = await special.inject({
        method: 'GET',
        url: '/api/user/sso/settings',
        headers: { host: 'rh.client-am.example' },
      });
      expect(on.json().specialLogin).toBe(true);
      const off = await special.inject({
        method: 'GET',
        url: '/api/user/sso/settings',
        headers: { host: 'autre.example' },
      });
      expect(off.json().specialLogin).toBe(false);
    } finally {
      await special.close();
    }
  });
});

describe('OpenID Connect (Microsoft)', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { url } = await startMicrosoft(app);
    const auth = new URL(url);
    expect(auth.origin).toBe(idp.url);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auto-login-ms`);
    const { rows } = await t.db.query(`SELECT 1 FROM directory.sso_requests WHERE state_hash = $1`, [
      auth.searchParams.get('state'),
    ]);
    expect(rows).toHaveLength(0); // only the state's digest is kept
  });

  it('logs a linked account in by its verified e-mail, then records the subject', async () => {
    const { params, cookie } = await microsoftWalk('camille');
    const res = await completeMicrosoft(app, params, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ login: 'admin', domain: 'main' });
    expect(res.headers['set-authorization']).toBeTruthy();
    expect(res.headers['set-refresh-token']).toBeTruthy();
    const { rows } = await t.db.query<{ oidc_subject: string }>(
      `SELECT oidc_subject FROM directory.users WHERE login = 'admin'`,
    );
    expect(rows[0]!.oidc_subject).toBe(`${idp.url}#camille`);
    // The session works like a password one.
    const me = await app.inject({
      method: 'GET',
      url: '/api/user/user/current',
      headers: { authorization: `Bearer ${String(res.headers['set-authorization'])}` },
    });
    expect(me.json()).toMatchObject({ login: 'admin' });
  });

  it('matches by the subject once linked, even when the e-mail changed', async () => {
    await t.db.query(`UPDATE directory.users SET email = 'camille.nouvelle@horizon-demo.fr' WHERE login = 'admin'`);
    try {
      const { params, cookie } = await microsoftWalk('camille');
      const res = await completeMicrosoft(app, params, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().login).toBe('admin');
    } finally {
      await t.db.query(`UPDATE directory.users SET email = 'camille.martin@horizon-demo.fr' WHERE login = 'admin'`);
    }
  });

  it('a user of two domains lands in the first and may switch with switch-domain-for-microsoft', async () => {
    const { params, cookie } = await microsoftWalk('sophie');
    const res = await completeMicrosoft(app, params, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userRootOrgs.map((r: { domain: string }) => r.domain)).toEqual(['legacy', 'main']);
    const switched = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain-for-microsoft',
      headers: { authorization: `Bearer ${String(res.headers['set-authorization'])}` },
      payload: { domain: 'main' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().domain).toBe('main');
    expect(switched.headers['set-authorization']).toBeTruthy();
  });

  it('switch-domain-for-microsoft refuses a session opened by password', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      payload: { login: 'multi', password: 'Multi!2026' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/switch-domain-for-microsoft',
      headers: { authorization: `Bearer ${String(login.headers['set-authorization'])}` },
      payload: { domain: 'main' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.authDomainDenied);
  });

  it('refuses an account whose e-mail is not linked, with the keyed message, and opens nothing', async () => {
    const before = await sessions('paie');
    const { params, cookie } = await microsoftWalk('julien');
    const res = await completeMicrosoft(app, params, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.authSsoNotLinked);
    expect(res.headers['set-authorization']).toBeUndefined();
    expect(await sessions('paie')).toBe(before);
  });

  it('refuses an identity no account has, and creates none', async () => {
    const { params, cookie } = await microsoftWalk('inconnu');
    const res = await completeMicrosoft(app, params, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.authSsoNotLinked);
    const { rows } = await t.db.query(`SELECT 1 FROM directory.users WHERE email = 'inconnu@idp-demo.example'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a replayed code and state', async () => {
    const { params, cookie } = await microsoftWalk('camille');
    expect((await completeMicrosoft(app, params, cookie)).statusCode).toBe(200);
    const again = await completeMicrosoft(app, params, cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ key: ERROR_KEYS.authMicrosoftFailure, message: SEED_TEXTS.microsoftFailure });
  });

  it('refuses a state it did not issue, and one completed in another browser', async () => {
    const { params, cookie } = await microsoftWalk('camille');
    const forged = await completeMicrosoft(app, { ...params, state: 'etat-fabrique' }, cookie);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().key).toBe(ERROR_KEYS.authMicrosoftFailure);
    const other = await microsoftWalk('camille');
    const elsewhere = await completeMicrosoft(app, other.params, 'sso-flow=un-autre-navigateur');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().key).toBe(ERROR_KEYS.authMicrosoftFailure);
  });

  it('refuses a code issued for another login attempt (its nonce and PKCE verifier do not match)', async () => {
    const first = await microsoftWalk('camille');
    const second = await microsoftWalk('camille');
    // The second attempt's state and browser, the first attempt's code.
    const res = await completeMicrosoft(app, { ...second.params, code: first.params.code! }, second.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(ERROR_KEYS.authMicrosoftFailure);
  });

  it('refuses an expired login attempt', async () => {
    const { params, cookie } = await microsoftWalk('camille');
    await t.db.query(`UPDATE directory.sso_requests SET expires_at = now() - interval '1 second'`);
    const res = await completeMicrosoft(app, params, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(ERROR_KEYS.authMicrosoftFailure);
  });

  it('a provider that is down: the seed failure message, nothing half-logged-in', async () => {
    const down = await testApp(t.db, {
      sso: {
        ...testConfig().sso,
        oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', label: 'Microsoft' },
        timeoutS: 2,
      },
    });
    try {
      const res = await down.inject({ method: 'POST', url: '/api/user/auto-login-ms/start' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ key: ERROR_KEYS.authMicrosoftFailure, message: SEED_TEXTS.microsoftFailure });
    } finally {
      await down.close();
    }
  });

  it('logout of an OpenID session answers the provider logout URL (RP-initiated logout)', async () => {
    const { params, cookie } = await microsoftWalk('camille');
    const res = await completeMicrosoft(app, params, cookie);
    const out = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/logout',
      headers: { authorization: `Bearer ${String(res.headers['set-authorization'])}` },
    });
    expect(out.statusCode).toBe(200);
    const end = new URL(out.json().endSessionUrl as string);
    expect(end.origin).toBe(idp.url);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
  });
});

describe('CAS 3.0', () => {
  const casTicket = async (user: string) => {
    const back = await walk(casLoginUrl(`${idp.url}/cas`, PUBLIC_URL), { username: user, password: DEMO_PASSWORD });
    expect(back.pathname).toBe('/autologin');
    return back.searchParams.get('ticket')!;
  };
  const casLogin = (ticket: string, a = app) =>
    a.inject({ method: 'POST', url: '/api/user/autologin', payload: { ticket } });

  it('logs the CAS user in by login', async () => {
    const res = await casLogin(await casTicket('paie'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().login).toBe('paie');
    expect(res.headers['set-authorization']).toBeTruthy();
  });

  it('logout of a CAS session answers the CAS logout URL', async () => {
    const res = await casLogin(await casTicket('paie'));
    const out = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/logout',
      headers: { authorization: `Bearer ${String(res.headers['set-authorization'])}` },
    });
    expect(out.json().endSessionUrl).toBe(`${idp.url}/cas/logout?service=${encodeURIComponent(`${PUBLIC_URL}/login`)}`);
  });

  it('refuses a replayed ticket, an invented one, and one issued for another service', async () => {
    const ticket = await casTicket('admin');
    expect((await casLogin(ticket)).statusCode).toBe(200);
    const replay = await casLogin(ticket);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().key).toBe(ERROR_KEYS.authCasFailure);
    const invented = await casLogin('ST-invente');
    expect(invented.json().key).toBe(ERROR_KEYS.authCasFailure);
    // A ticket issued for this service, presented by a server whose service URL differs.
    const other = await testApp(t.db, {
      publicUrl: 'http://autre.local',
      sso: { ...idp.ssoConfig(testConfig().sso, PUBLIC_URL) },
    });
    try {
      const res = await casLogin(await casTicket('admin'), other);
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe(ERROR_KEYS.authCasFailure);
    } finally {
      await other.close();
    }
  });

  it('refuses answers carrying a document type (no entity expansion)', async () => {
    const { parseServiceResponse } = await import('../../src/server/auth/sso/cas.ts');
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseServiceResponse(xxe)).toBeNull();
    const ok = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>admin</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseServiceResponse(ok)?.user).toBe('admin');
  });
});

describe('the safe portal token', () => {
  const edoc = (code: string) => app.inject({ method: 'POST', url: '/api/user/rh/auto-login-edoc', payload: { code } });

  it('logs the token subject in, once', async () => {
    const token = await idp.mintPortalToken('admin', PUBLIC_URL);
    const res = await edoc(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().login).toBe('admin');
    const replay = await edoc(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().key).toBe(ERROR_KEYS.authEdocInvalid);
  });

  it('an expired token: the offer-expired answer (501)', async () => {
    const res = await edoc(await idp.mintPortalToken('admin', PUBLIC_URL, { expiresInS: -600 }));
    expect(res.statusCode).toBe(501);
    expect(res.json().key).toBe(ERROR_KEYS.authOfferExpired);
  });

  it.each([
    ['wrong audience', { audience: 'http://autre.local' }],
    ['wrong issuer', { issuer: 'http://pirate.example/portal' }],
    ['not yet valid', { notBeforeS: 600 }],
  ])('refuses a token with a %s', async (_, overrides) => {
    const res = await edoc(await idp.mintPortalToken('admin', PUBLIC_URL, overrides));
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(ERROR_KEYS.authEdocInvalid);
  });

  it('refuses a forged signature, alg none and a symmetric key', async () => {
    const real = await idp.mintPortalToken('admin', PUBLIC_URL);
    const [h, p] = real.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'paie', jti: 'autre' })).toString('base64url');
    const forged = `${h}.${forgedPayload}.${real.split('.')[2]}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${forgedPayload}.`;
    const hs = await new SignJWT({ ...claims, jti: 'hs' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('secret-devine-0123456789abcdef0123'));
    const { privateKey } = await generateKeyPair('ES256');
    const stranger = await new SignJWT({ ...claims, jti: 'stranger' })
      .setProtectedHeader({ alg: 'ES256', kid: 'demo-portal' })
      .sign(privateKey);
    for (const token of [forged, none, hs, stranger, 'pas-un-jeton']) {
      const res = await edoc(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().key).toBe(ERROR_KEYS.authEdocInvalid);
    }
  });

  it('refuses a token for a login that does not exist', async () => {
    const res = await edoc(await idp.mintPortalToken('personne', PUBLIC_URL));
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(ERROR_KEYS.authEdocInvalid);
  });
});
