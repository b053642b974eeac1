import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Echo, createMailPort } from '../../src/server/ports/mail.ts';
import { type TestDb, authHeaders, createSeededDb, login, testApp, testConfig } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
/** What the demo server printed on its console (newest first), as `npm start` does without SMTP. */
const printed: Parameters<Echo>[0][] = [];

beforeAll(async () => {
  t = await createSeededDb();
  const config = testConfig();
  app = await buildApp({ db: t.db, config, mail: createMailPort(t.db, null, { echo: (m) => printed.unshift(m) }) });
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
/** The reset links reach their reader through the server's console only (nobody can list them). */
const outbox = async () => printed;
const tokenFrom = (body: string): string => {
  const match = body.match(/\/token-reinitialization\/([\w-]+)/);
  if (!match?.[1]) throw new Error(`no link in ${body}`);
  return match[1];
};

describe('password lost → e-mail → reinit', () => {
  it('answers the same for an unknown address and writes no mail', async () => {
    const before = (await outbox()).length;
    const res = await post('/api/user/rh-user/password-lost', { email: 'nobody@nowhere.example' });
    expect(res.statusCode).toBe(204);
    expect((await outbox()).length).toBe(before);
  });

  it('mails a link, enforces the rules, sets the password, ends sessions, and the link works once', async () => {
    const old = await login(app, 'paie');
    const res = await post('/api/user/rh-user/password-lost', { email: 'JULIEN.BERNARD@horizon-demo.fr' });
    expect(res.statusCode).toBe(204);
    const [mail] = await outbox();
    expect(mail!.to).toBe('julien.bernard@horizon-demo.fr');
    expect(mail!.body).toContain('http://test.local/token-reinitialization/');
    const token = tokenFrom(mail!.body);

    const weak = await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'short',
      confirmation: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().key).toBe(ERROR_KEYS.passwordRules);
    const mismatch = await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'Nouveau!2026',
      confirmation: 'Nouveau!2027',
    });
    expect(mismatch.json().key).toBe(ERROR_KEYS.passwordMismatch);

    const good = await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'Nouveau!2026',
      confirmation: 'Nouveau!2026',
    });
    expect(good.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/user/current', headers: authHeaders(old) })).statusCode,
    ).toBe(401);
    const oldPassword = await post('/api/user/rh-user/login', { login: 'paie', password: 'Paie!2026' });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/user/rh-user/login', { login: 'paie', password: 'Nouveau!2026' });
    expect(newPassword.statusCode).toBe(200);

    const again = await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'Encore!2026',
      confirmation: 'Encore!2026',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ key: ERROR_KEYS.reinitTokenExpired, message: SEED_TEXTS.resetTokenExpired });
  });

  it('refuses an expired link with the seed message', async () => {
    await post('/api/user/rh-user/password-lost', { email: 'emma.leroy@levain-demo.fr' });
    const token = tokenFrom((await outbox())[0]!.body);
    await t.db.query(
      `UPDATE directory.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const res = await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'Nouveau!2026',
      confirmation: 'Nouveau!2026',
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SEED_TEXTS.resetTokenExpired);
    expect((await post('/api/user/rh-user/login', { login: 'essai', password: 'Essai!2026' })).statusCode).toBe(200);
  });

  it('unblocks a blocked account once the password is reset', async () => {
    await t.db.query(`UPDATE directory.users SET blocked_until = now() + interval '30 minutes' WHERE login = 'multi'`);
    await post('/api/user/rh-user/password-lost', { email: 'sophie.durand@horizon-demo.fr' });
    const token = tokenFrom((await outbox())[0]!.body);
    await post('/api/user/rh-user/reinit-password-token', {
      token,
      password: 'Sophie!2026',
      confirmation: 'Sophie!2026',
    });
    expect((await post('/api/user/rh-user/login', { login: 'multi', password: 'Sophie!2026' })).statusCode).toBe(200);
  });

  it('never lets an anonymous visitor read the reset link: the outbox wants a session', async () => {
    await post('/api/user/rh-user/password-lost', { email: 'camille.martin@horizon-demo.fr' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/user/outbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('token-reinitialization');
  });

  it('closes the outbox when SMTP delivers the mail', async () => {
    const withSmtp = await testApp(t.db, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const res = await withSmtp.inject({ method: 'GET', url: '/api/user/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});

describe('password change (profile)', () => {
  it('checks the old password and the rules, then keeps this session and ends the others', async () => {
    const here = await login(app, 'admin');
    const elsewhere = await login(app, 'admin');
    const change = (payload: object) => post('/api/user/users/change-password', payload, authHeaders(here));
    const wrong = await change({ oldPassword: 'nope', password: 'Admin!2027', confirmation: 'Admin!2027' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().key).toBe(ERROR_KEYS.passwordIncorrect);
    const weak = await change({ oldPassword: 'Admin!2026', password: 'admin', confirmation: 'admin' });
    expect(weak.json().key).toBe(ERROR_KEYS.passwordRules);
    const ok = await change({ oldPassword: 'Admin!2026', password: 'Admin!2027', confirmation: 'Admin!2027' });
    expect(ok.statusCode).toBe(204);
    const current = (session: { access: string }) =>
      app.inject({ method: 'GET', url: '/api/user/user/current', headers: authHeaders(session) });
    expect((await current(here)).statusCode).toBe(200);
    expect((await current(elsewhere)).statusCode).toBe(401);
    expect((await post('/api/user/rh-user/login', { login: 'admin', password: 'Admin!2027' })).statusCode).toBe(200);
  });
});
