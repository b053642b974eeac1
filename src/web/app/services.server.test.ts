/**
 * The browser services against the real server (Fastify + seeded PGlite + socket.io on a local
 * port): the session protocol, domain choice, push and expiry as a user would live them.
 */
import type { FastifyInstance } from 'fastify';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectAlerts } from '../../../machines/alerts/alerts.selectors.ts';
import { selectAuth } from '../../../machines/auth/auth.selectors.ts';
import { revokeUserSessions } from '../../server/auth/sessions.ts';
import { personaByLogin } from '../../server/db/seed/personas.ts';
import { createSeededDb, testApp, type TestDb } from '../../../tests/server/support/server.ts';
import { ALERT_KEYS } from '../../contract/keys.ts';
import { createServices, waitForAuthSettled, type Services } from './services.ts';
import { memoryStorage } from './sessionStore.ts';

let t: TestDb;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db, {}, true);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const running: Services[] = [];
afterEach(() => running.splice(0).forEach((s) => s.stop()));

/** `storage`: the same browser storage as an earlier start — a reload of the page. */
const start = async (storage = memoryStorage()) => {
  const services = createServices({
    baseUrl: base,
    storage,
    socket: { url: base, socketOptions: { transports: ['websocket'] } },
  });
  running.push(services);
  await waitForAuthSettled(services);
  return services;
};
const password = (login: string) => personaByLogin(login)?.password ?? '';
const until = (s: Services, check: (v: ReturnType<typeof selectAuth>) => boolean) =>
  waitFor(s.actors.auth, (snap) => check(selectAuth(snap)), { timeout: 10_000 });

describe('web services against the server', () => {
  it('logs the administrator in, connects the socket and receives the badge counts', async () => {
    const s = await start();
    s.actors.auth.send({ type: 'auth.login', login: 'admin', password: password('admin') });
    const auth = await until(s, (a) => a.isLoggedIn);
    expect(selectAuth(auth).hasFeature('UserAccess')).toBe(true);
    expect(s.sessionStore.getToken()).toBeTruthy();
    expect(s.sessionStore.getRefreshToken()).toBeTruthy();
    const badges = await firstValueFrom(
      s.badges$.pipe(
        filter((b) => b !== null),
        timeout(10_000),
      ),
    );
    expect(badges.employees.all).toBeGreaterThan(0);
    if (!s.push.connected) await firstValueFrom(s.bus.ofType('push.connected').pipe(timeout(10_000)));
    expect(s.push.connected).toBe(true);
  });

  it('shows a wrong password with the server key and stays logged out', async () => {
    const s = await start();
    s.actors.auth.send({ type: 'auth.login', login: 'paie', password: 'wrong-password' });
    const auth = selectAuth(await until(s, (a) => a.isLoggedOut && a.loginError !== null));
    expect(auth.loginError?.key).toMatch(/^error\.auth\./);
  });

  it('sends the two-domain user to domain choice, then into the chosen domain', async () => {
    const s = await start();
    s.actors.auth.send({ type: 'auth.login', login: 'multi', password: password('multi') });
    const choosing = selectAuth(await until(s, (a) => a.isChoosingDomain));
    expect(choosing.domains.map((d) => d.domain)).toEqual(['legacy', 'main']);
    s.actors.auth.send({ type: 'auth.domain.choose', domain: 'main' });
    const auth = selectAuth(await until(s, (a) => a.isLoggedIn));
    expect(auth.session?.domain).toBe('main');
  });

  it('a reload before the domain is chosen comes back to the choice; once chosen, a reload stays in the domain', async () => {
    const storage = memoryStorage();
    const first = await start(storage);
    first.actors.auth.send({ type: 'auth.login', login: 'multi', password: password('multi') });
    await until(first, (a) => a.isChoosingDomain);
    first.stop();
    const reloaded = await start(storage);
    expect(selectAuth(reloaded.actors.auth.getSnapshot()).isChoosingDomain).toBe(true);
    reloaded.actors.auth.send({ type: 'auth.domain.choose', domain: 'main' });
    expect(selectAuth(await until(reloaded, (a) => a.isLoggedIn)).session?.domain).toBe('main');
    reloaded.stop();
    const again = await start(storage);
    const auth = selectAuth(again.actors.auth.getSnapshot());
    expect([auth.isLoggedIn, auth.session?.domain]).toEqual([true, 'main']);
  });

  it('ends a session revoked on the server: login status, expiry alert, storage wiped', async () => {
    const s = await start();
    s.actors.auth.send({ type: 'auth.login', login: 'admin', password: password('admin') });
    const auth = selectAuth(await until(s, (a) => a.isLoggedIn));
    await revokeUserSessions(t.db, auth.session?.userId ?? '', 'test');
    await s.api.call('users.current').catch(() => undefined);
    const ended = selectAuth(await until(s, (a) => a.isLoggedOut));
    expect(ended.expiredReason).toBe(ALERT_KEYS.sessionExpired);
    expect(selectAlerts(s.actors.alerts.getSnapshot()).map((a) => a.message)).toContain(ALERT_KEYS.sessionExpired);
    expect(s.sessionStore.getToken()).toBeNull();
  });
});
