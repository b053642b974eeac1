/** Steps and checks the browser adapters share. */
import { type CDPSession, expect, type Page, type Route } from '@playwright/test';
import { sessionFromLogin } from '../../../machines/auth/auth.actors.ts';
import type { CurrentUser, LoginResponse, Session } from '../../../src/contract/entities.ts';
import { AUTH_HEADERS, routeUrl } from '../../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../../src/web/app/sessionStore.ts';
import { fr, persona, submitLogin } from '../support.ts';

/** The dashboard's welcome dialog stays closed, as for a user who closed it once (a stored preference). */
export async function skipWelcome(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('app.welcome.dismissed', '1'));
}

export const accountMenu = (page: Page) => page.getByRole('button', { name: fr('shell.topbar.accountMenu') });

/** The shell of a logged-in user is on screen (top bar with the account menu), not the login page. */
export async function shellShown(page: Page): Promise<void> {
  await expect(accountMenu(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

export async function loginPageShown(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: fr('auth.login.title') })).toBeVisible();
}

/** Logs in through the login form and waits for the screen the persona lands on. */
export async function logInThroughForm(page: Page, login: string): Promise<void> {
  const p = persona(login);
  await page.goto('/login');
  await submitLogin(page, p.login, p.password);
  if (login === 'multi') await expect(page).toHaveURL(/\/domain-choice/);
  else await shellShown(page);
}

/** A session opened through the login route, as the web app stores it, and the headers of calls made with it. */
export interface ApiSession {
  readonly session: Session;
  readonly headers: Record<string, string>;
}

interface OpenedSession {
  readonly session: Session;
  readonly refresh: string;
  readonly openedAt: number;
}

/**
 * Persona sessions this worker opened, reused by its later paths: a login through the route costs a
 * scrypt and a dozen statements on the server's one database connection (0.3 to 1.3 s a path on two
 * busy cores). A worker walks one path at a time, so one session never serves two tabs at once.
 * Reused only while its access token has time left for a whole path (tokens live 15 min, a path at
 * most 90 s), so the app never refreshes it (a refresh rotates the tokens the next path would hold),
 * and only after the server says it is still the session the login opened (not revoked, same domain
 * and organisation).
 */
const opened = new Map<string, OpenedSession>();
const REUSE_FOR_MS = 10 * 60_000;

const headersOf = (token: string, refresh: string): Record<string, string> => ({
  [AUTH_HEADERS.authorization]: `Bearer ${token}`,
  [AUTH_HEADERS.refreshToken]: refresh,
});

async function stillOpen(page: Page, { session, refresh, openedAt }: OpenedSession): Promise<boolean> {
  if (Date.now() - openedAt > REUSE_FOR_MS) return false;
  const answer = await page.request.get(routeUrl('users.current'), { headers: headersOf(session.token, refresh) });
  if (answer.status() !== 200) return false;
  const current = (await answer.json()) as CurrentUser;
  return current.domain === session.domain && current.orgId === session.orgId;
}

/**
 * A session of the persona's own, opened through the real login route, for a test's own API calls (the page
 * keeps its user's): its headers and organisation.
 */
export async function ownSession(
  page: Page,
  login: string,
): Promise<{ headers: Record<string, string>; orgId: string }> {
  const p = persona(login);
  const { session, refresh } = await openSession(page, p.login, p.password);
  return { headers: headersOf(session.token, refresh), orgId: session.orgId };
}

/** The headers of a session of the persona's own (`ownSession`). */
export async function ownSessionHeaders(page: Page, login: string): Promise<Record<string, string>> {
  return (await ownSession(page, login)).headers;
}

async function openSession(page: Page, login: string, password: string): Promise<OpenedSession> {
  const answer = await page.request.post(routeUrl('auth.login'), { data: { login, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const token = answer.headers()[AUTH_HEADERS.setAuthorization]?.replace(/^Bearer\s+/i, '');
  const refresh = answer.headers()[AUTH_HEADERS.setRefreshToken];
  expect(token, 'the login route answers an access token').toBeTruthy();
  expect(refresh, 'the login route answers a refresh token').toBeTruthy();
  const session = sessionFromLogin((await answer.json()) as LoginResponse, token!, '0.1.0');
  return { session, refresh: refresh!, openedAt: Date.now() };
}

/**
 * Logs in through the real login route with the persona's credentials (the server checks the
 * password and opens the session as for the form; a persona's login, or a user's own credentials) and stores the session where the web app keeps
 * it (web/app/sessionStore.ts: session, tokens, domains), before the page's first load: the app
 * then opens on it as after a reload (it re-reads `users.current`, joins the push rooms). Written
 * once per tab (a reload or a later logout keeps what the app made of it). For the machines that
 * are not about logging in: the auth and domain-choice paths walk the form (`logInThroughForm`).
 * Open the screen with `openLoggedIn`.
 *
 * A persona's session is the one this worker opened for it before, while it holds (`opened`); `own`
 * opens one for this path alone: a path that ends its session (a logout, a revocation), or changes
 * what it stands for on the server (a domain or organisation switch), must ask for it.
 */
export async function logInThroughApi(
  page: Page,
  who: string | { readonly login: string; readonly password: string },
  { own = false }: { readonly own?: boolean } = {},
): Promise<ApiSession> {
  const p = typeof who === 'string' ? persona(who) : who;
  const shared = typeof who === 'string' && !own ? who : undefined;
  const earlier = shared ? opened.get(shared) : undefined;
  const reused = earlier && (await stillOpen(page, earlier)) ? earlier : undefined;
  const { session, refresh } = reused ?? (await openSession(page, p.login, p.password));
  if (shared && !reused) opened.set(shared, { session, refresh, openedAt: Date.now() });
  await page.addInitScript(
    ({ keys, session, refresh }) => {
      if (window !== window.top) return;
      const written = 'e2e.sessionStored';
      if (sessionStorage.getItem(written)) return;
      sessionStorage.setItem(written, '1');
      localStorage.setItem(keys.session, JSON.stringify(session));
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.refreshToken, refresh);
      localStorage.setItem(keys.domains, JSON.stringify(session.domains));
    },
    { keys: SESSION_KEYS, session, refresh },
  );
  return { session, headers: headersOf(session.token, refresh) };
}

/**
 * Opens `path` with the session `logInThroughApi` stored, and waits for the shell, as a form login
 * does. A screen that opens as a modal dialog (`behindDialog`) hides the shell from assistive
 * technology: the shell is then checked drawn behind it.
 */
export async function openLoggedIn(page: Page, path: string, { behindDialog = false } = {}): Promise<void> {
  await page.goto(path);
  if (!behindDialog) return shellShown(page);
  const menu = page.getByRole('button', { name: fr('shell.topbar.accountMenu'), includeHidden: true });
  await expect(menu).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

export const chooseDomainButton = (page: Page, domain: string) =>
  page.getByRole('button', {
    name: fr('auth.domainChoice.chooseLabel').replace('{{name}}', fr(`common.domains.${domain}`)),
  });

/**
 * Resolves once the server's push channel has joined the page's rooms (`rooms.joined` seen on the
 * socket, whichever transport carries it): from then on a server push reaches this page.
 */
export function pushJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('rooms.joined')) resolve();
      }),
    );
    page.on('response', (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      response
        .text()
        .then((body) => body.includes('rooms.joined') && resolve())
        .catch(() => undefined);
    });
  });
}

/**
 * The page's reads at `path` (a pathname) wait in the browser's network, kept in the memo's `held`
 * (counted in `reads`), until the path lets them go: to the real server, which answers, or the
 * connection dropped under them (`route.continue()` or `route.abort('internetdisconnected')`). A read the
 * page abandoned meanwhile (a new query overtook it) goes too, and nobody listens to it.
 */
export async function holdReads(page: Page, path: string, memo: Map<string, unknown>): Promise<void> {
  const held: Route[] = [];
  memo.set('held', held);
  memo.set('reads', 0);
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      held.push(route);
      memo.set('reads', (memo.get('reads') as number) + 1);
    },
  );
}

/** Runs after the path (whatever its end): puts shared demo data back as it was. */
export function afterPath(memo: Map<string, unknown>, cleanup: () => Promise<void>): void {
  const list = (memo.get('cleanup') as (() => Promise<void>)[] | undefined) ?? [];
  list.push(cleanup);
  memo.set('cleanup', list);
}

/**
 * The browser's connection drops for the next calls to these paths (the server never sees them),
 * after `delayMs` (the screen shows the call in flight meanwhile); `afterDrop` waits until one has failed.
 */
export async function dropCall(
  page: Page,
  paths: string | readonly string[],
  memo: Map<string, unknown>,
  delayMs = 0,
): Promise<void> {
  const list = typeof paths === 'string' ? [paths] : paths;
  const isCall = (url: URL) => list.includes(url.pathname);
  await page.route(isCall, async (route) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.abort('internetdisconnected');
  });
  const failed = page.waitForEvent('requestfailed', (r) => isCall(new URL(r.url())));
  failed.catch(() => undefined); // a path that ends here never waits for it
  memo.set('dropped', failed);
}

/** After a dropped call: wait until it has failed, then give the connection back. */
export async function afterDrop(page: Page, memo: Map<string, unknown>): Promise<void> {
  await (memo.get('dropped') as Promise<unknown>);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

/** The page's DevTools session that sets its network emulation (`emulateNetwork`). */
const emulations = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The page's network as Chromium emulates it (DevTools protocol): upload and download bandwidth in
 * bytes per second (-1: not limited) and a round-trip latency; `emulateNetwork(page)` gives the page
 * its own network back. A change applies to requests in flight too: an upload slowed until the path
 * has seen its percentage goes on at full speed. Chromium keeps the conditions per DevTools session
 * and only the session that slowed a request can speed it up again (a second session's « full speed »
 * leaves it at the first one's pace), so each page has one.
 */
export async function emulateNetwork(
  page: Page,
  {
    latencyMs = 0,
    uploadBytesPerSecond = -1,
    downloadBytesPerSecond = -1,
  }: { latencyMs?: number; uploadBytesPerSecond?: number; downloadBytesPerSecond?: number } = {},
): Promise<void> {
  let session = emulations.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .then(async (cdp) => {
        await cdp.send('Network.enable');
        return cdp;
      });
    emulations.set(page, session);
  }
  const cdp = await session;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: downloadBytesPerSecond,
    uploadThroughput: uploadBytesPerSecond,
  });
}

/**
 * Uploads limited to 256 KB/s in this page (or `uploadBytesPerSecond`): long enough to see a
 * percentage and to cancel. `latencyMs` adds the emulation's round-trip latency to every request;
 * `downloadBytesPerSecond` limits what the page receives too (unlimited by default).
 */
export async function slowUploads(
  page: Page,
  latencyMs = 0,
  downloadBytesPerSecond = -1,
  uploadBytesPerSecond = 256 * 1024,
): Promise<void> {
  await emulateNetwork(page, { latencyMs, downloadBytesPerSecond, uploadBytesPerSecond });
}

/** The page's network at full speed again, requests in flight included: a slowed upload ends at once. */
export async function fullSpeed(page: Page): Promise<void> {
  await emulateNetwork(page);
}
