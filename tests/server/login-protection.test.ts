/**
 * Login protection (issue 10, points 2, 3 and 5): the failure count is taken atomically before any
 * password check (parallel guesses cannot slip a right password past a block), a success during a
 * block does not lift it, a browser that logged in before is counted apart and never refused for its
 * address, the owner gets a one-time unlock link, the client address comes from X-Forwarded-For only
 * when the proxy is trusted, unknown logins cost the same scrypt and get the same answers, and the
 * old password of a change and reset requests have budgets.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { deviceCookieName } from '../../src/server/auth/device.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Echo, createMailPort } from '../../src/server/ports/mail.ts';
import { type TestDb, authHeaders, createSeededDb, login, testConfig } from './support/server.ts';

const scrypt = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('../../src/server/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/auth/password.ts')>();
  return {
    ...real,
    verifyPassword: (plain: string, stored: string) => {
      scrypt.verifications += 1;
      return real.verifyPassword(plain, stored);
    },
  };
});

let t: TestDb;
let app: FastifyInstance;
const printed: Parameters<Echo>[0][] = [];

const build = (trustProxy = false) =>
  buildApp({
    db: t.db,
    config: testConfig({ trustProxy }),
    mail: createMailPort(t.db, null, { echo: (m) => printed.unshift(m) }),
  });

beforeAll(async () => {
  t = await createSeededDb();
  app = await build();
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const LOGIN = routeUrl('auth.login');
const attempt = (
  loginName: string,
  password: string,
  options: { ip?: string; cookie?: string; headers?: Record<string, string>; on?: FastifyInstance } = {},
) =>
  (options.on ?? app).inject({
    method: 'POST',
    url: LOGIN,
    payload: { login: loginName, password },
    remoteAddress: options.ip ?? '10.50.0.1',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });

/** The `name=value` of the device cookie a successful login handed out. */
function deviceCookie(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name.startsWith('pd_device_'));
  if (!set) throw new Error('no device cookie');
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user' });
  return `${set.name}=${set.value}`;
}

const blockedUntil = async (loginName: string) =>
  (
    await t.db.query<{ until: string | null }>(
      `SELECT blocked_until::text AS until FROM directory.users WHERE login = $1`,
      [loginName],
    )
  ).rows[0]?.until ?? null;

describe('the account block', () => {
  it('100 parallel guesses with the right one last: none gets in, and the account ends blocked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt('paie', i === 99 ? 'Paie!2026' : `Faux!${i}abc`, { ip: `10.60.${Math.floor(i / 50)}.${i % 50}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).not.toContain(200);
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true);
    // At most five guesses were ever checked: those in flight when the fifth failure is counted answer the block.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(await blockedUntil('paie')).not.toBeNull();
    expect((await attempt('paie', 'Paie!2026', { ip: '10.60.9.9' })).statusCode).toBe(423);
  });

  it('a right password during a block is refused and does not lift the block', async () => {
    await t.db.query(
      `UPDATE directory.users SET blocked_until = now() + interval '20 minutes', failed_logins = 0 WHERE login = 'multi'`,
    );
    const before = await blockedUntil('multi');
    const res = await attempt('multi', 'Multi!2026', { ip: '10.61.0.1' });
    expect([res.statusCode, res.json().key]).toEqual([423, ERROR_KEYS.authBlocked]);
    expect(await blockedUntil('multi')).toBe(before);
    await t.db.query(`UPDATE directory.users SET blocked_until = NULL WHERE login = 'multi'`);
  });

  it('mails the owner a one-time unlock link the moment the account is blocked', async () => {
    printed.length = 0;
    for (let i = 0; i < 4; i++) expect((await attempt('essai', 'wrong', { ip: '10.62.0.1' })).statusCode).toBe(401);
    expect(printed).toHaveLength(0);
    expect((await attempt('essai', 'wrong', { ip: '10.62.0.1' })).statusCode).toBe(423);
    const mail = printed.find((m) => m.to === 'emma.leroy@levain-demo.fr');
    const token = mail?.body.match(/\/account-unlock\/([\w-]+)/)?.[1];
    expect(token, mail?.body).toBeTruthy();
    // One mail per block: more failures during the block send nothing more.
    await attempt('essai', 'wrong', { ip: '10.62.0.1' });
    expect(printed.filter((m) => m.subject === 'Votre compte a été bloqué')).toHaveLength(1);
    // The mail is the owner's: in the app, only their own session would list it.
    const { rows } = await t.db.query<{ mine: boolean }>(
      `SELECT o.user_id = u.id AS mine FROM directory.outbox o JOIN directory.users u ON u.login = 'essai'
        WHERE o.subject = 'Votre compte a été bloqué' AND o.recipient = u.email`,
    );
    expect(rows).toEqual([{ mine: true }]);

    const unlock = (value: string) =>
      app.inject({ method: 'POST', url: routeUrl('users.unlockAccount'), payload: { token: value } });
    expect((await unlock('made-up-token')).statusCode).toBe(410);
    expect((await unlock(token!)).statusCode).toBe(204);
    expect(await blockedUntil('essai')).toBeNull();
    expect((await attempt('essai', 'Essai!2026', { ip: '10.62.0.2' })).statusCode).toBe(200);
    const again = await unlock(token!);
    expect([again.statusCode, again.json().key]).toEqual([410, ERROR_KEYS.unlockTokenExpired]);
  });
});

describe('the device cookie (a browser that logged in before)', () => {
  it("strangers' five failures do not lock the owner out of their usual browser", async () => {
    const first = await attempt('admin', 'Admin!2026', { ip: '10.70.0.1' });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    expect(cookie.startsWith(`${deviceCookieName('admin')}=`)).toBe(true);

    for (let i = 0; i < 5; i++) await attempt('admin', 'wrong', { ip: '10.71.0.1' });
    expect(await blockedUntil('admin')).not.toBeNull();
    expect((await attempt('admin', 'Admin!2026', { ip: '10.72.0.1' })).statusCode).toBe(423);
    // A forged cookie is just an untrusted browser.
    const forged = `${deviceCookieName('admin')}=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await attempt('admin', 'Admin!2026', { ip: '10.72.0.1', cookie: forged })).statusCode).toBe(423);
    // The owner's browser gets in, and the account block still holds for everyone else.
    expect((await attempt('admin', 'Admin!2026', { ip: '10.70.0.1', cookie })).statusCode).toBe(200);
    expect(await blockedUntil('admin')).not.toBeNull();
    // Another account's cookie does not vouch for this one.
    const essai = deviceCookie(await attempt('essai', 'Essai!2026', { ip: '10.70.0.1' }));
    const borrowed = `${deviceCookieName('admin')}=${essai.split('=')[1]}`;
    expect((await attempt('admin', 'Admin!2026', { ip: '10.70.0.1', cookie: borrowed })).statusCode).toBe(423);
    await t.db.query(`UPDATE directory.users SET blocked_until = NULL, failed_logins = 0 WHERE login = 'admin'`);
  });

  it('wrong passwords through a trusted browser block that browser, not the account', async () => {
    const cookie = deviceCookie(await attempt('sansmail', 'Sansmail!2026', { ip: '10.73.0.1' }));
    for (let i = 0; i < 4; i++)
      expect((await attempt('sansmail', 'x', { ip: '10.73.0.1', cookie })).statusCode).toBe(401);
    expect((await attempt('sansmail', 'x', { ip: '10.73.0.1', cookie })).statusCode).toBe(423);
    expect((await attempt('sansmail', 'Sansmail!2026', { ip: '10.73.0.1', cookie })).statusCode).toBe(423);
    expect(await blockedUntil('sansmail')).toBeNull();
    expect((await attempt('sansmail', 'Sansmail!2026', { ip: '10.73.0.2' })).statusCode).toBe(200);
  });

  it('an address refused after 20 failures still lets in a browser that logged in before', async () => {
    const cookie = deviceCookie(await attempt('essai', 'Essai!2026', { ip: '10.74.0.1' }));
    for (let i = 0; i < 20; i++) await attempt(`ghost${i}`, 'x', { ip: '10.74.0.1' });
    const stranger = await attempt('essai', 'Essai!2026', { ip: '10.74.0.1' });
    expect([stranger.statusCode, stranger.json().key]).toEqual([429, ERROR_KEYS.authTooManyRequests]);
    expect((await attempt('essai', 'Essai!2026', { ip: '10.74.0.1', cookie })).statusCode).toBe(200);
  }, 120_000);
});

describe('the client address', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    for (let i = 0; i < 20; i++)
      await attempt(`ghost-a${i}`, 'x', { ip: '10.80.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    const spoofed = await attempt('essai', 'Essai!2026', {
      ip: '10.80.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(spoofed.statusCode).toBe(429);

    const behindProxy = await build(true);
    try {
      for (let i = 0; i < 20; i++)
        await attempt(`ghost-b${i}`, 'x', {
          on: behindProxy,
          ip: '10.81.0.1',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
      const someoneElse = await attempt('essai', 'Essai!2026', {
        on: behindProxy,
        ip: '10.81.0.1',
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(someoneElse.statusCode).toBe(200);
      const attacker = await attempt('essai', 'Essai!2026', {
        on: behindProxy,
        ip: '10.81.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(attacker.statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
    // Forty-two logins, each a deliberate scrypt: seconds on a quiet machine, more on a busy one.
  }, 120_000);
});

describe('unknown logins', () => {
  it('cost one scrypt like a known login, and get the same answers, block included', async () => {
    const answers = async (loginName: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 6; i++) {
        const before = scrypt.verifications;
        const res = await attempt(loginName, 'wrong', { ip: `10.90.${loginName.length}.${i}` });
        out.push([res.statusCode, res.json().key]);
        if (i === 0) expect(scrypt.verifications - before, loginName).toBe(1);
      }
      return out;
    };
    const known = await answers('multi');
    const unknown = await answers('nobody-here');
    expect(unknown).toEqual(known);
    await t.db.query(`UPDATE directory.users SET blocked_until = NULL, failed_logins = 0 WHERE login = 'multi'`);
  });
});

describe('other guessable actions have budgets', () => {
  it('the old password of a change: five wrong tries, then 429 even for the right one', async () => {
    const session = await login(app, 'multi', '10.91.0.1');
    const change = (oldPassword: string) =>
      app.inject({
        method: 'POST',
        url: routeUrl('users.changePassword'),
        headers: authHeaders(session),
        payload: { oldPassword, password: 'Sophie!2027', confirmation: 'Sophie!2027' },
      });
    const wrong = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`Faux!${i}`)));
    expect(wrong.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(wrong.filter((r) => r.statusCode === 429)).toHaveLength(3);
    const right = await change('Multi!2026');
    expect([right.statusCode, right.json().key]).toEqual([429, ERROR_KEYS.authTooManyRequests]);
  });

  it('reset requests: a few mails per address, then silence; 20 requests per address, then 429', async () => {
    printed.length = 0;
    const lost = (email: string, ip = '10.92.0.1') =>
      app.inject({ method: 'POST', url: routeUrl('users.passwordLost'), payload: { email }, remoteAddress: ip });
    for (let i = 0; i < 8; i++) expect((await lost('julien.bernard@horizon-demo.fr')).statusCode).toBe(204);
    expect(printed.filter((m) => m.to === 'julien.bernard@horizon-demo.fr')).toHaveLength(5);
    for (let i = 0; i < 12; i++) await lost(`nobody${i}@example.fr`);
    const flood = await lost('camille.martin@horizon-demo.fr');
    expect([flood.statusCode, flood.json().key]).toEqual([429, ERROR_KEYS.authTooManyRequests]);
    expect((await lost('camille.martin@horizon-demo.fr', '10.92.0.2')).statusCode).toBe(204);
  });
});
