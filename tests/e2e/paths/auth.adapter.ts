/**
 * The auth machine in the browser: the login form, the demo identity provider (Microsoft), domain
 * choice, the dashboard's domain cards, the organisation drawer, the profile (which refreshes the
 * session), the account menu's logout. Expiry and network failures are caused for real: the session
 * is revoked through the real API, stored tokens the server does not honour are presented, or the
 * browser's connection drops for one call.
 */
import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../../src/web/app/sessionStore.ts';
import { ROOT_MAIN } from '../../../src/server/db/seed/personas.ts';
import { DEMO_PASSWORD } from '../../../src/server/auth/sso/demo-idp.ts';
import { fr, persona, sessionHeaders, submitLogin } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import {
  accountMenu,
  afterDrop,
  afterPath,
  chooseDomainButton,
  dropCall,
  logInThroughForm,
  ownSessionHeaders,
  loginPageShown,
  pushJoined,
  shellShown,
  skipWelcome,
} from './screens.ts';

type Output = { output?: { login?: string; domains?: readonly unknown[]; domainChoicePending?: boolean } | null };
const outputOf = (event: EventObject | undefined) => (event as (EventObject & Output) | undefined)?.output;

/** A new login (the form or the provider): the session the path had before ends there. */
const isLogin = (event: EventObject) => event.type === 'auth.login' || event.type === 'auth.sso';

/**
 * The events one session lives through: from `from` up to the path's next login (a chained path logs in
 * several times, each session with the persona its own events need).
 */
const sessionEvents = (events: readonly EventObject[], from: number): readonly EventObject[] => {
  const end = events.findIndex((e, i) => i > from && isLogin(e));
  return events.slice(from, end < 0 ? undefined : end);
};

/** The persona whose session the events need: domain changes need two domains, the profile a spare user. */
const sessionPersona = (events: readonly EventObject[]): string => {
  if (events.some((e) => e.type === 'auth.domain.choose')) return 'multi';
  if (events.some((e) => e.type === 'auth.session.refresh')) return 'paie';
  return 'admin';
};

/** What a session's page remembers of the last one: a new login starts from none of it. */
const forgetSession = (memo: Map<string, unknown>) => {
  for (const key of ['org', 'domain', 'pressed', 'backed', 'alert']) memo.delete(key);
};

/** A session whose events end in a revocation pushed: its page's push rooms are awaited from its first load. */
const awaitPush = (page: Page, events: readonly EventObject[], memo: Map<string, unknown>) => {
  if (events.some((e) => e.type === 'push.session.expired')) memo.set('push', pushJoined(page));
};

const domainAccess = (page: Page, domain: string) =>
  page.getByRole('button', {
    name: fr('dashboard.domains.accessLabel').replace('{{name}}', fr(`common.domains.${domain}`)),
  });

const openMenuItem = async (page: Page, key: string) => {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: fr(key), exact: true }).click();
};

const orgDrawer = (page: Page) => page.getByRole('dialog', { name: fr('shell.orgSwitch.title') });

/** The demo provider's page (SSO_DEMO=1 in scripts/e2e.mjs): the account, the demo password. */
const microsoftLogin = async (page: Page, account: string) => {
  // The button leads to the provider once the server's single sign-on settings are in (the demo notice says so).
  await expect(page.getByText(fr('auth.sso.demoNotice'))).toBeVisible();
  // A provider session left by an earlier login of the path (a logout that failed offline keeps it) would
  // answer at once with that account: the provider asks again, as for a new browser.
  await page.context().clearCookies();
  await page.getByRole('button', { name: fr('auth.actions.microsoft') }).click();
  // The provider is a second server on the machine: its page may take longer than the app's own.
  await expect(page.getByText("Fournisseur d'identité de démonstration")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Compte').selectOption(account);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
};

const serverAnswers = async () => {};

/** The domain switch, by password or by Microsoft: the calls a dropped connection fails. */
const SWITCH_DOMAIN = [routeUrl('auth.switchDomain'), routeUrl('auth.switchDomainMicrosoft')];

type ChildSnapshot = { snapshot?: { value?: unknown; context?: { chosen?: string | null; error?: unknown } } };
/** A move of the domain-choice child that is a refusal (back to choosing, with its error). */
const isRefusal = (event: EventObject | undefined) =>
  event?.type === 'xstate.snapshot.domainChoice' &&
  (event as EventObject & ChildSnapshot).snapshot?.value === 'choosing';

/** A card pressed on the domain choice page (once per path: the child's moves follow from it). */
const pressCard = async (page: Page, domain: string, memo: Map<string, unknown>, refused: boolean) => {
  if (refused) await dropCall(page, SWITCH_DOMAIN, memo);
  else memo.set('domain', domain);
  memo.set('pressed', true);
  await chooseDomainButton(page, domain).click();
};

const backToLogin = (page: Page) => page.getByRole('button', { name: fr('common.actions.backToLogin') });

/**
 * The login page after a session ends; a session opened at the demo provider ends there too (RP-initiated
 * logout): its page asks to confirm (« Se déconnecter ») and sends the browser back to /login. Which one
 * is the page's own logout call's answer (`endSessionUrl`, kept by `watchLogouts`): the app may show its
 * login page a moment before it leaves for the provider, so the page seen first does not tell.
 */
const loggedOutShown = async (page: Page, memo: Map<string, unknown>, { loggingOut = false } = {}) => {
  // Just asked (« Retour à la connexion »): the page's logout call is on its way.
  if (loggingOut)
    await expect.poll(() => memo.has(LOGOUT_ANSWER), { message: 'the page calls logout', timeout: 30_000 }).toBe(true);
  const answer = memo.get(LOGOUT_ANSWER) as Promise<string | null> | undefined;
  memo.delete(LOGOUT_ANSWER);
  if (answer && (await answer)) {
    const provider = page.getByRole('button', { name: 'Se déconnecter' });
    await expect(provider).toBeVisible({ timeout: 30_000 });
    await provider.click();
  }
  await expect(page.getByRole('heading', { name: fr('auth.login.title') })).toBeVisible({ timeout: 30_000 });
  await loginPageShown(page);
};

const LOGOUT_ANSWER = 'logout answer';
const OFFLINE = 'offline';
/**
 * The page's logout calls pass through the test, which reads the real server's answer before the page
 * gets it unchanged: its `endSessionUrl` (null when none) is kept for `loggedOutShown`. Read from the
 * page's response instead, the body was gone once the page had left for the provider. A call made while
 * the path has the browser offline goes on to fail in the browser. Routed on the path's own context (auth
 * paths have one each), so that `afterDrop`'s clearing of the page's routes leaves it in place.
 */
const watchLogouts = (page: Page, memo: Map<string, unknown>) =>
  page.context().route(
    (url) => url.pathname === routeUrl('auth.logout'),
    async (route) => {
      if (memo.get(OFFLINE)) {
        memo.set(LOGOUT_ANSWER, Promise.resolve(null));
        return route.continue();
      }
      const answered = route.fetch();
      memo.set(
        LOGOUT_ANSWER,
        answered.then(async (response) => {
          const body = (await response.json().catch(() => null)) as { endSessionUrl?: string | null } | null;
          return response.ok() ? (body?.endSessionUrl ?? null) : null;
        }),
      );
      await route.fulfill({ response: await answered });
    },
  );

export const authAdapter: MachineAdapter = {
  machine: 'auth',
  ownContext: true,
  // Stored tokens the server does not honour are met by the next call; the domain choice page makes none
  // of its own, and a card's switch in flight stores the tokens it answers with over them.
  chainable: (_walked, snapshot, event) =>
    !(event.type === 'api.session.expired' && snapshot.matches({ session: 'choosingDomain' })),
  start: async (page, events, memo) => {
    await skipWelcome(page);
    await watchLogouts(page, memo);
    const first = events[0];
    const restored =
      first?.type === 'xstate.error.actor.restoreSession' ||
      (first?.type === 'xstate.done.actor.restoreSession' && outputOf(first));
    if (!restored) return;
    // A session restored before its domain was chosen: `multi` logged in and left on the choice page.
    const pending = outputOf(first)?.domainChoicePending === true;
    const who = pending ? 'multi' : sessionPersona(sessionEvents(events, 0));
    await logInThroughForm(page, who);
    if (who === 'multi' && !pending) {
      // Enter the domain the path does not choose later from the dashboard.
      const target = (
        sessionEvents(events, 0).find((e) => e.type === 'auth.domain.choose') as { domain?: string } | undefined
      )?.domain;
      await chooseDomainButton(page, target === 'main' ? 'legacy' : 'main').click();
      await shellShown(page);
    }
  },
  how: {
    'xstate.done.actor.restoreSession':
      'the app is opened: with the session a login stored (reload; `multi` reloads the domain choice page before choosing), or none',
    'xstate.error.actor.restoreSession':
      'the app is opened with a stored session the server revoked (401, real logout call), or the connection drops for `users.current`',
    'xstate.error.actor.refreshSession':
      'the session’s re-read after the profile is saved fails: the connection drops for it',
    'auth.login': 'the login form, with the credentials the answer that follows needs (a persona, or an unknown login)',
    'xstate.done.actor.login': 'the server answers the login',
    'xstate.error.actor.login': 'the server refuses the login',
    'auth.sso':
      '« Continuer avec un compte Microsoft » on the demo identity provider, with the account the answer needs',
    'xstate.done.actor.ssoLogin': 'the server answers the provider’s code',
    'xstate.error.actor.ssoLogin': 'the server refuses an identity linked to no account',
    'auth.domain.choose':
      'a domain card on the domain choice page, or « Accéder » on the dashboard’s other domain (the connection dropped for the switch when a refusal follows)',
    'auth.domain.back': '« Retour à la connexion » on the domain choice page',
    'xstate.snapshot.domainChoice':
      'the domain-choice child moves: a card pressed (switching), or its switch failed (the connection dropped for it)',
    'xstate.done.actor.domainChoice':
      'the domain-choice child ends: the server answers the chosen card’s switch, or « Retour à la connexion » abandons',
    'xstate.error.actor.changeDomain': 'the dashboard’s domain switch fails: the connection drops for it',
    'xstate.error.actor.switchOrg': 'the organisation switch fails: the connection drops for it',
    'api.token.rotated':
      'the stored access token is one the server does not know, the refresh token the real one: the next call (the documents list) makes the server rotate both',
    'xstate.done.actor.switchDomain': 'the server answers the domain switch',
    'xstate.done.actor.changeDomain': 'the server answers the domain switch',
    'auth.org.switch': 'account menu › « Se connecter à une autre organisation » › an organisation',
    'xstate.done.actor.switchOrg': 'the server answers the organisation switch',
    'auth.org.reset': 'the same drawer › « Revenir à l’organisation de rattachement »',
    'auth.logout': 'account menu › « Se déconnecter » (the browser offline when the call’s failure follows)',
    'xstate.done.actor.logout': 'the server answers the logout',
    'xstate.error.actor.logout': 'the logout call fails: the browser is offline (Chromium’s network emulation)',
    'auth.session.refresh': 'the profile’s identity saved (restored after the path through the API)',
    'xstate.done.actor.refreshSession': 'the server answers `users.current`',
    'api.session.expired':
      'the stored tokens are ones the server does not honour; the next call (the documents list) gets a 401',
    'push.session.expired':
      'the session is revoked through the real API (logout call from the test); the server pushes',
  },
  events: {
    'xstate.done.actor.restoreSession': async ({ page, event, events, index, memo }) => {
      // The page about to open joins its push rooms; a revocation pushed before that would reach nobody.
      awaitPush(page, sessionEvents(events, index), memo);
      await page.goto(outputOf(event) ? '/dashboard' : '/login');
    },
    'xstate.error.actor.restoreSession': async ({ page, event, memo }) => {
      if ((event as EventObject & { error?: { status?: number } }).error?.status === 0) {
        // The connection drops for `users.current` as the app opens with its stored session.
        await dropCall(page, routeUrl('users.current'), memo);
        await page.goto('/dashboard');
        await afterDrop(page, memo);
        return;
      }
      const headers = await sessionHeaders(page);
      // Away from the app first: its live socket would hear the revocation and end the session itself.
      await page.goto('about:blank');
      const answer = await page.request.post(routeUrl('auth.logout'), { headers });
      expect(answer.ok(), `logout answered ${answer.status()}`).toBeTruthy();
      await page.goto('/dashboard');
    },
    'auth.login': async ({ page, events, index, next, memo }) => {
      forgetSession(memo);
      if (next?.type === 'xstate.error.actor.login') {
        memo.set('alert', fr('alert.login.failure'));
        return submitLogin(page, 'inconnu.parcours', 'Mauvais!2026');
      }
      const session = sessionEvents(events, index);
      awaitPush(page, session, memo);
      // An administrator's answer: the spare user when the session saves a profile (its name changes meanwhile).
      const p = persona(outputOf(next)?.login === 'multi' ? 'multi' : sessionPersona(session));
      await submitLogin(page, p.login, p.password);
    },
    'xstate.done.actor.login': serverAnswers,
    'xstate.error.actor.login': serverAnswers,
    'auth.sso': async ({ page, events, index, next, memo }) => {
      forgetSession(memo);
      if (next?.type !== 'xstate.error.actor.ssoLogin') awaitPush(page, sessionEvents(events, index), memo);
      if (next?.type === 'xstate.error.actor.ssoLogin') {
        memo.set('alert', fr('error.auth.sso-not-linked'));
        return microsoftLogin(page, 'julien');
      }
      await microsoftLogin(page, outputOf(next)?.login === 'multi' ? 'sophie' : 'camille');
    },
    'xstate.done.actor.ssoLogin': serverAnswers,
    'xstate.error.actor.ssoLogin': serverAnswers,
    'auth.domain.choose': async ({ page, event, before, next, memo }) => {
      const { domain } = event as EventObject & { domain: string };
      if (before.matches({ session: 'choosingDomain' })) {
        // The child takes only the first choice it is offered; a second press waits on the first.
        if (!memo.get('pressed')) await pressCard(page, domain, memo, isRefusal(next));
        return;
      }
      if (next?.type === 'xstate.error.actor.changeDomain') await dropCall(page, SWITCH_DOMAIN, memo);
      else memo.set('domain', domain);
      await domainAccess(page, domain).click();
    },
    'auth.domain.back': async ({ page, memo }) => {
      if (memo.get('pressed')) {
        // A card already pressed: « Retour à la connexion » is disabled while its switch runs (the child, switching,
        // would not take it either), until the page leaves with the switch's answer.
        await expect
          .poll(
            async () =>
              !/\/domain-choice/.test(page.url()) ||
              (await backToLogin(page)
                .isDisabled({ timeout: 1_000 })
                .catch(() => true)),
          )
          .toBe(true);
        return;
      }
      memo.set('backed', true);
      await backToLogin(page).click();
    },
    'xstate.snapshot.domainChoice': async ({ page, event, memo }) => {
      const snapshot = (event as EventObject & ChildSnapshot).snapshot;
      const refused = snapshot?.value === 'choosing';
      if (!memo.get('pressed')) await pressCard(page, snapshot?.context?.chosen ?? 'main', memo, refused);
      if (refused) {
        await afterDrop(page, memo);
        memo.set('pressed', false);
      }
    },
    'xstate.done.actor.domainChoice': async ({ page, event, memo }) => {
      const output = outputOf(event) as { domain?: string } | null | undefined;
      if (!output) {
        if (!memo.get('backed')) await backToLogin(page).click();
        memo.set('backed', true);
        await loggedOutShown(page, memo, { loggingOut: true });
        return;
      }
      if (!memo.get('pressed')) await pressCard(page, output.domain ?? 'main', memo, false);
    },
    'xstate.error.actor.changeDomain': async ({ page, memo }) => afterDrop(page, memo),
    'xstate.error.actor.switchOrg': async ({ page, memo }) => {
      await afterDrop(page, memo);
      // The drawer says the server did not answer; the user closes it.
      await expect(orgDrawer(page).getByRole('alert')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(orgDrawer(page)).toBeHidden();
    },
    'api.token.rotated': async ({ page, memo }) => {
      const before = await page.evaluate((k) => localStorage.getItem(k), SESSION_KEYS.token);
      await page.evaluate((k) => localStorage.setItem(k, 'jeton-que-le-serveur-ne-connait-pas'), SESSION_KEYS.token);
      memo.set('rotatedFrom', before);
      await page
        .getByRole('navigation', { name: fr('shell.nav.label') })
        .getByRole('link', { name: fr('shell.nav.documents'), exact: true })
        .click();
      // The server's new token is stored: neither the old one nor the unknown one.
      await expect
        .poll(() => page.evaluate((k) => localStorage.getItem(k), SESSION_KEYS.token))
        .not.toMatch(new RegExp(`^(jeton-que-le-serveur-ne-connait-pas|${before ?? ''})$`));
    },
    'xstate.done.actor.switchDomain': serverAnswers,
    'xstate.done.actor.changeDomain': serverAnswers,
    'auth.org.switch': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.switchOrg') await dropCall(page, routeUrl('auth.currentOrg'), memo);
      await openMenuItem(page, 'shell.topbar.connectOrg');
      const other = orgDrawer(page)
        .getByRole('button', { name: fr('shell.orgSwitch.connectTo').replace('{{name}}', '') })
        .first();
      const label = (await other.getAttribute('aria-label')) ?? '';
      if (next?.type !== 'xstate.error.actor.switchOrg')
        memo.set('org', label.replace(fr('shell.orgSwitch.connectTo').replace('{{name}}', ''), ''));
      await other.click();
    },
    'xstate.done.actor.switchOrg': serverAnswers,
    'auth.org.reset': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.switchOrg') await dropCall(page, routeUrl('auth.currentOrg'), memo);
      await openMenuItem(page, 'shell.topbar.connectOrg');
      if (next?.type !== 'xstate.error.actor.switchOrg') memo.set('org', ROOT_MAIN);
      await orgDrawer(page)
        .getByRole('button', { name: fr('shell.orgSwitch.backToRoot') })
        .click();
    },
    'auth.logout': async ({ page, next, memo }) => {
      // The browser goes offline (Chromium's network emulation): the logout call fails.
      if (next?.type === 'xstate.error.actor.logout') {
        memo.set(OFFLINE, true);
        await page.context().setOffline(true);
      }
      await openMenuItem(page, 'shell.topbar.logout');
    },
    'xstate.done.actor.logout': serverAnswers,
    'xstate.error.actor.logout': async ({ page, memo }) => {
      await loggedOutShown(page, memo);
      await page.context().setOffline(false);
      memo.delete(OFFLINE);
    },
    'auth.session.refresh': async ({ page, next, memo }) => {
      // The session's user (a chained path saves several profiles, of several sessions): its persona's name is
      // restored after the path, through a session of its own (the page's may be ended by then).
      const session = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SESSION_KEYS.session)) ?? '{}');
      const who = persona(String(session.login));
      if (session.userId && !memo.get(`restore:${session.userId}`)) {
        memo.set(`restore:${session.userId}`, true);
        afterPath(memo, async () => {
          await page.request.put(routeUrl('users.updateBasic', { id: session.userId }), {
            headers: await ownSessionHeaders(page, who.login),
            data: { firstName: who.firstName, lastName: who.lastName },
          });
        });
      }
      const me = who;
      await openMenuItem(page, 'shell.topbar.profile');
      // A name of its own: another path of the same persona may run alongside (« Enregistrer » needs a change).
      await page.getByLabel(fr('profile.identity.firstName')).fill(`${me.firstName}-Paule-${Date.now() % 100_000}`);
      const path = routeUrl('users.current');
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === path);
      refreshed.catch(() => undefined); // a path that ends while refreshing never waits for it
      memo.set('refreshed', refreshed);
      // The connection drops for the session's re-read that follows the save, when its failure follows.
      if (next?.type === 'xstate.error.actor.refreshSession') await dropCall(page, path, memo);
      await page.getByRole('button', { name: fr('common.actions.save') }).click();
      await expect(page.getByText(fr('profile.identity.saved'))).toBeVisible();
    },
    'xstate.done.actor.refreshSession': async ({ memo }) => {
      await (memo.get('refreshed') as Promise<unknown>);
    },
    'xstate.error.actor.refreshSession': async ({ page, memo }) => afterDrop(page, memo),
    'api.session.expired': async ({ page }) => {
      await page.evaluate(
        (keys) => {
          localStorage.setItem(keys.token, 'jeton-que-le-serveur-ne-connait-pas');
          localStorage.setItem(keys.refreshToken, 'jeton-que-le-serveur-ne-connait-pas');
        },
        { token: SESSION_KEYS.token, refreshToken: SESSION_KEYS.refreshToken },
      );
      // Any call now gets a 401 (the app may make one by itself first): a menu entry makes sure one is made.
      // On a loaded machine the click may take a while: it stops waiting once the app has left by itself.
      const leftByItself = page.waitForURL(/\/login/, { timeout: 20_000 });
      const click = page
        .getByRole('navigation', { name: fr('shell.nav.label') })
        .getByRole('link', { name: fr('shell.nav.documents'), exact: true })
        .click({ timeout: 20_000 });
      await Promise.any([leftByItself, click]).catch(() => undefined);
      leftByItself.catch(() => undefined);
      click.catch(() => undefined);
    },
    'push.session.expired': async ({ page, memo }) => {
      await (memo.get('push') as Promise<void>);
      const headers = await sessionHeaders(page);
      const answer = await page.request.post(routeUrl('auth.logout'), { headers });
      expect(answer.ok(), `logout answered ${answer.status()}`).toBeTruthy();
    },
  },
  states: {
    'auth.restoring': null,
    'auth.loggedOut': async (page, snapshot, memo) => {
      const alert = memo.get('alert') as string | undefined;
      if (alert) {
        memo.delete('alert');
        await expect(page.getByRole('alert').filter({ hasText: alert }).first()).toBeVisible();
        return;
      }
      await loggedOutShown(page, memo);
      const expired = page.getByText(fr('alert.login.warning.session-expired'));
      if ((snapshot.context as { expiredReason: unknown }).expiredReason) await expect(expired).toBeVisible();
      // An explicit logout keeps no page for whoever logs in next.
      if ((snapshot.context as { loggedOutByUser?: boolean }).loggedOutByUser)
        expect(new URL(page.url()).searchParams.has('redirect')).toBe(false);
    },
    'auth.loggingIn': null,
    'auth.loggingInSso': null,
    'auth.loggingOut': null,
    'auth.session.choosingDomain': async (page, snapshot, memo) => {
      // A card pressed or the choice abandoned: the child's end (switch answered, logout) follows and is checked then.
      if (memo.get('pressed') || memo.get('backed')) return;
      await expect(page).toHaveURL(/\/domain-choice/);
      await expect(page.getByRole('heading', { name: fr('auth.domainChoice.title') })).toBeVisible();
      if ((snapshot.context as { domainError: unknown }).domainError)
        await expect(page.getByRole('alert')).toBeVisible();
    },
    'auth.session.switchingDomain': null,
    'auth.session.loggedIn': async (page, _snapshot, memo) => {
      await shellShown(page);
      const org = memo.get('org') as string | undefined;
      if (org) await expect(page.getByRole('group', { name: fr('shell.topbar.currentOrg') })).toContainText(org);
      // A domain entered: the dashboard offers only the other one.
      const domain = memo.get('domain') as string | undefined;
      if (domain) await expect(domainAccess(page, domain)).toHaveCount(0);
    },
    'auth.session.loggedIn.changingDomain': null,
    'auth.session.loggedIn.switchingOrg': null,
    'auth.session.loggedIn.refreshing': null,
    'auth.session.loggedIn.orgSwitchFailed': async (page) => {
      await expect(page.getByText(fr('alert.organizations.switch.failure')).first()).toBeVisible();
    },
  },
};
