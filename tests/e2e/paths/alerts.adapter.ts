/**
 * The alert queue (`alerts`) and one alert's life (`alert`) in the browser. Nothing is injected:
 * - a success alert is the profile's « Votre profil a été mis à jour » (the identity saved through
 *   the real API, put back after the path), saved again with another name for a duplicate;
 * - an error alert is « L'export des salariés a échoué » (the employees' CSV export while the
 *   browser is offline: the call really fails);
 * - the queue is reset (`alert.clear`) by a session expiry the server pushes (the session revoked
 *   through the real API), which also raises its own « Votre session a expiré » warning;
 * - lifetimes pass on Playwright's clock (installed before the app loads in a path with toasts, paused at its
 *   first toast): 5 s and 16 s are run in a few milliseconds, and the toast is seen still there just before;
 *   the clock's run and each toast's arrival are kept, so an alert's end runs only what its lifetime has left;
 * - the count reminders come from the real counts: `shell.badges` at login or after an
 *   organisation switch (`alerts.counts.updated`), and the `badges.updated` the server pushes on
 *   those same moments (`push.badges.updated`); the persona is the one whose organisations have the
 *   counts all the path's count events need (`personaFor`: both reminders, admin at Groupe Horizon, then
 *   Marseille and back; the to-validate one only: sansmail, without DocCreateDispatch; none: essai; both,
 *   then none: multi in the legacy domain, its root and Saint-Herblain with, Rezé without); a path's first
 *   count event is its first event, the form login, and each later one a switch to another of its organisations,
 *   but a push right after a loaded count, both with or both without reminders, is the one that login or switch
 *   brought (`sameMoment`);
 * - the paths are chained (plan.ts): `chainable` keeps out what the real world keeps of earlier steps and the
 *   model does not (a count after a toast: the paused clock under a switch; a count with reminders after a
 *   reminder closed: the model keeps the closed count, 12, the real one differs between organisations; anything
 *   but its end after a toast closed: the real one is gone at once; an end that would outlive another toast;
 *   anything after the session's expiry);
 * - a manual (standing) toast is a campaign's outcome « La campagne « … » est en erreur. »: a campaign
 *   of the free-trial company (essai), its trial's documents spent (trial.ts), validated on its page.
 * - both reminders at once (one closed, the other left) need a retryable campaign in error among the
 *   admin's organisations whatever ran before (the demo's own may have been retried): the path makes its
 *   own — the admin's sample payroll, one deposit refused by the personal safe the server deposits
 *   through (the test double, a rule on the campaign's name) — before the admin logs in.
 */
import { expect, request, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ALERT_TIMINGS } from '../../../src/contract/constants.ts';
import type { Alert } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { AUTH_HEADERS, routeUrl } from '../../../src/contract/routes.ts';
import { alertsFixtures } from '../../../machines/alerts/alerts.fixtures.ts';
import { ERROR_RETRY_ID, TO_VALIDATE_ID, toAlert } from '../../../machines/alerts/alerts.rules.ts';
import type { AlertsContext } from '../../../machines/alerts/alerts.types.ts';
import type { AlertContext } from '../../../machines/alerts/alert.machine.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../../src/server/db/seed/personas.ts';
import { fr, persona, sessionHeaders } from '../support.ts';
import type { Action, MachineAdapter } from './adapter.ts';
import {
  accountMenu,
  afterPath,
  chooseDomainButton,
  logInThroughApi,
  logInThroughForm,
  openLoggedIn,
  shellShown,
  skipWelcome,
} from './screens.ts';
import { createPayrollCampaign } from './payroll.ts';
import { safeControl } from '../support/safe-control.ts';
import { createManualCampaign, spendTrialAllowance } from './trial.ts';

// ---------------------------------------------------------------- what the real screens raise

/** The fixtures' alerts (translation keys) and the alert the screens really raise in their place. */
const RAISED: Readonly<Record<string, string>> = {
  [ALERT_KEYS.employees.createSuccess]: 'profile.identity.saved',
  [ALERT_KEYS.employees.createError]: 'employees.messages.export.error',
  [ALERT_KEYS.campaigns.validationInProgress]: 'employees.messages.export.error',
};
const realKey = (message: string): string => {
  const key = RAISED[message];
  if (!key) throw new Error(`no screen raises an alert in place of ${message}`);
  return key;
};

const alertsRegion = (page: Page) => page.getByRole('region', { name: fr('shell.alerts.region') });
/** The toast of a translation key (texts without values). */
const toast = (page: Page, key: string) =>
  alertsRegion(page)
    .getByRole(key.endsWith('.error') ? 'alert' : 'status')
    .filter({ hasText: fr(key) });

/** Every frame the page's push channel received, whatever transport carried it. */
const recordPush = (page: Page, memo: Map<string, unknown>): void => {
  const frames: string[] = [];
  memo.set('frames', frames);
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    response
      .text()
      .then((body) => frames.push(body))
      .catch(() => undefined);
  });
};
const framesOf = (memo: Map<string, unknown>) => memo.get('frames') as string[];
/** Resolves once a push `event` arrives after frame number `since` (rejects after 30 s). */
const pushed = async (memo: Map<string, unknown>, event: string, since: number): Promise<void> => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (
      framesOf(memo)
        .slice(since)
        .some((f) => f.includes(`"${event}"`))
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server pushed no ${event}`);
};

/** Playwright's clock, stopped a moment ahead of now: lifetimes pass only when a step runs them. */
const pauseClock = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  if (memo.get('paused')) return;
  memo.set('paused', true);
  // The page's clock follows real time since its install; it may have run a little ahead.
  for (const ahead of [1_000, 3_000]) {
    try {
      return await page.clock.pauseAt(Date.now() + ahead);
    } catch {
      // ahead of that already: a little further
    }
  }
  await page.clock.pauseAt(Date.now() + 10_000);
};

/** Runs `ms` of the page's clock, checking first that the toast is still there just before. */
const runLifetime = async (page: Page, key: string, ms: number): Promise<void> => {
  await page.clock.runFor(ms - 100);
  await expect(toast(page, key)).toHaveCount(1);
  await page.clock.runFor(100);
};

/** The real lifetime of the toast the screens raise in place of the fixture's `message`. */
const lifetimeOfKey = (key: string): number =>
  key.endsWith('.error') ? ALERT_TIMINGS.automaticMs : ALERT_TIMINGS.successMs;

/**
 * The page's clock since it was paused (`clock`, the milliseconds run) and when each toast shown came (`raisedAt`,
 * by alert id): in a chained path an alert's end runs only what its lifetime has left.
 */
const clockOf = (memo: Map<string, unknown>) => {
  if (!memo.has('raisedAt')) memo.set('raisedAt', new Map<string, number>());
  return {
    run: (memo.get('clock') as number | undefined) ?? 0,
    raisedAt: memo.get('raisedAt') as Map<string, number>,
    advance: (ms: number) => memo.set('clock', ((memo.get('clock') as number | undefined) ?? 0) + ms),
  };
};

let renamed = 0;

/** « Votre profil a été mis à jour »: the identity saved under a new first name (put back after the path). */
const saveProfile = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  const who = persona(memo.get('persona') as string);
  if (!memo.has('restoreName')) {
    const headers = await sessionHeaders(page);
    const userId = (
      JSON.parse((await page.evaluate(() => localStorage.getItem('hrdesk.session'))) ?? '{}') as {
        userId: string;
      }
    ).userId;
    // Put back before the session may be revoked (alert.clear), else after the path.
    const restore = async () => {
      memo.delete('restoreName');
      await page.request.put(routeUrl('users.updateBasic', { id: userId }), {
        headers,
        data: { firstName: who.firstName, lastName: who.lastName },
      });
    };
    memo.set('restoreName', restore);
    afterPath(memo, async () => {
      const pending = memo.get('restoreName') as (() => Promise<void>) | undefined;
      await pending?.();
    });
  }
  const onProfile = page.getByRole('heading', { name: fr('profile.identity.title') });
  if (!(await onProfile.isVisible())) {
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: fr('shell.topbar.profile'), exact: true }).click();
    await expect(onProfile).toBeVisible();
  }
  // A name of this worker's own: a path beside it renames the same persona (the form would see no change).
  const name = `${who.firstName}-${test.info().workerIndex}-${(renamed += 1)}`;
  await page.getByLabel(fr('profile.identity.firstName')).fill(name);
  const path = routeUrl('users.updateBasic', { id: 'x' }).replace(/x$/, '');
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith(path) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: fr('common.actions.save') }).click();
  expect((await saved).ok()).toBeTruthy();
};

/** « L'export des salariés a échoué »: the CSV export while the browser is offline. */
const failExport = async (page: Page): Promise<void> => {
  const nav = page.getByRole('navigation', { name: fr('shell.nav.label') });
  // « Salariés › Tous » in the side menu: an in-app navigation (a reload would start a new alert queue).
  await nav
    .getByRole('list', { name: fr('shell.nav.employees'), exact: true })
    .getByRole('link')
    .first()
    .click({ timeout: 20_000 });
  const exportButton = page.getByRole('button', { name: fr('employees.actions.export') });
  await expect(exportButton).toBeVisible();
  await page.context().setOffline(true);
  try {
    await exportButton.click();
    await expect(toast(page, 'employees.messages.export.error').first()).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
};

/** Raises the alert the screens give in place of the fixture's `message`. */
const raise = async (page: Page, memo: Map<string, unknown>, message: string, id?: string): Promise<void> => {
  await pauseClock(page, memo);
  const key = realKey(message);
  // A duplicate keeps the first one's lifetime (the queue adds nothing).
  const clock = clockOf(memo);
  if (id && !clock.raisedAt.has(id)) clock.raisedAt.set(id, clock.run);
  const raised = (memo.get('raised') as Set<string> | undefined) ?? new Set<string>();
  raised.add(key);
  memo.set('raised', raised);
  if (key === 'profile.identity.saved') await saveProfile(page, memo);
  else await failExport(page);
};

/** The session revoked through the real API: the server pushes its expiry to the page. */
const expireSession = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  await pushed(memo, 'rooms.joined', 0);
  await (memo.get('restoreName') as (() => Promise<void>) | undefined)?.();
  const headers = await sessionHeaders(page);
  const answer = await page.request.post(routeUrl('auth.logout'), { headers });
  expect(answer.ok(), `logout answered ${answer.status()}`).toBeTruthy();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    alertsRegion(page)
      .getByRole('status')
      .filter({ hasText: fr(ALERT_KEYS.sessionExpired) }),
  ).toBeVisible();
};

// ---------------------------------------------------------------- reminders

type Counts = { toValidate: number; errorRetry: number };
const countsOf = (event: EventObject): Counts | null => {
  if (event.type === 'alerts.counts.updated') return event as EventObject & Counts;
  if (event.type === 'push.badges.updated') {
    const { employees, campaigns } = (
      event as EventObject & { payload: { employees: Counts & { toValidate: number }; campaigns: Counts } }
    ).payload;
    return { toValidate: employees.toValidate, errorRetry: campaigns.errorRetry };
  }
  return null;
};
const isZero = (c: Counts) => c.toValidate === 0 && c.errorRetry === 0;

/** Where each persona's login opens (its root organisation), and the others with the counts an event needs. */
const ORGS: Readonly<Record<string, { root: string; some: readonly string[]; none?: string }>> = {
  admin: { root: ROOT_MAIN, some: [ROOT_MAIN, 'Horizon Santé Marseille'] },
  multi: {
    root: ROOT_LEGACY,
    some: [ROOT_LEGACY, 'Martin & Fils Dépôt Saint-Herblain'],
    none: 'Martin & Fils Atelier Rezé',
  },
  sansmail: { root: 'Horizon Services Paris', some: [] },
  essai: { root: ROOT_TRIAL, some: [] },
};

/**
 * The persona that can give every count event of `events` (null: none can), with the organisation each one is
 * read in: the first count event is the login's (the path's first event), each later one an organisation switch.
 * No count event: essai (no reminders), logged in through the API. At login: none, essai; to-validate only from a
 * push (which brings no features), sansmail, without DocCreateDispatch; both, admin, or multi when a later count
 * is zero (the legacy root, then an organisation without any). A count after the first goes to an organisation of
 * the persona's other than the current one with such counts: admin and multi each have two with reminders, multi
 * one without. A reminder closed while both are shown leaves the retryable campaign's, which only the admin has
 * for sure (its own, made before the login).
 */
/**
 * A push right after a loaded count, both with reminders or both without: the `badges.updated` the server pushed at
 * that same login or switch (the app turns both into counts), no switch of its own.
 */
const sameMoment = (events: readonly EventObject[], index: number): boolean => {
  const [before, event] = [events[index - 1], events[index]];
  return (
    event?.type === 'push.badges.updated' &&
    before?.type === 'alerts.counts.updated' &&
    isZero(countsOf(event)!) === isZero(countsOf(before)!)
  );
};

const personaFor = (events: readonly EventObject[]): { who: string; orgs: string[] } | null => {
  const counted = events.map(countsOf);
  if (!counted.some((c) => c !== null)) return { who: 'essai', orgs: [] };
  const first = counted[0];
  if (!first) return null;
  const later = counted.slice(1).filter((c): c is Counts => c !== null);
  const who = isZero(first)
    ? 'essai'
    : events[0]!.type === 'push.badges.updated'
      ? 'sansmail'
      : later.some(isZero)
        ? 'multi'
        : 'admin';
  if (who === 'multi' && events.some((e) => e.type === 'reminder.close')) return null;
  const { root, some, none } = ORGS[who]!;
  const orgs = [root];
  for (const [index, c] of counted.entries()) {
    if (index === 0 || !c) continue;
    const current = orgs[orgs.length - 1]!;
    if (sameMoment(events, index)) {
      orgs.push(current);
      continue;
    }
    const next = isZero(c) ? none : some.find((org) => org !== current);
    if (!next || next === current) return null;
    orgs.push(next);
  }
  return { who, orgs };
};

const switchOrg = async (page: Page, name: string, root: boolean): Promise<void> => {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: fr('shell.topbar.connectOrg'), exact: true }).click();
  const drawer = page.getByRole('dialog', { name: fr('shell.orgSwitch.title') });
  await (
    root
      ? drawer.getByRole('button', { name: fr('shell.orgSwitch.backToRoot'), exact: true })
      : drawer.getByRole('button', {
          name: fr('shell.orgSwitch.connectTo').replace('{{name}}', name),
          exact: true,
        })
  ).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('group', { name: fr('shell.topbar.currentOrg') })).toContainText(name);
};

/** The login whose counts a path's first count event is: through the form (and the domain choice). */
const logIn = async (page: Page, who: string): Promise<void> => {
  await logInThroughForm(page, who);
  if (who === 'multi') {
    await chooseDomainButton(page, 'legacy').click();
    await shellShown(page);
  }
};

/** A count event: the login (the path's first event), else an organisation switch; then its call or its push. */
const countEvent = async (
  page: Page,
  event: EventObject,
  events: readonly EventObject[],
  index: number,
  memo: Map<string, unknown>,
): Promise<void> => {
  const who = memo.get('persona') as string;
  const since = framesOf(memo).length;
  const badges = routeUrl('shell.badges');
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === badges, { timeout: 30_000 });
  loaded.catch(() => undefined);
  const counted = events.slice(0, index + 1).filter((e) => countsOf(e) !== null).length;
  const org = (memo.get('orgs') as string[])[counted - 1]!;
  if (sameMoment(events, index)) {
    await pushed(memo, 'badges.updated', memo.get('countSince') as number);
    return;
  }
  memo.set('countSince', since);
  if (index === 0) {
    // Both reminders, one closed further on: the admin's retryable failed campaign must exist when the counts are read.
    if (who === 'admin' && events.some((e) => e.type === 'reminder.close')) await retryableCampaignInError();
    await logIn(page, who);
  } else {
    await switchOrg(page, org, org === ORGS[who]!.root);
  }
  const push = pushed(memo, 'badges.updated', since);
  // The app turns the loaded counts, and each pushed one, into `alerts.counts.updated` (web/app/services.ts).
  if (event.type === 'push.badges.updated') await push;
  else await Promise.any([loaded, push]);
};

const remindersRow = (page: Page) => page.getByRole('region', { name: fr('shell.reminders.region') });
const REMINDER_TEXT: Readonly<Record<string, string>> = {
  [TO_VALIDATE_ID]: ALERT_KEYS.employees.toValidateWarning,
  [ERROR_RETRY_ID]: ALERT_KEYS.campaigns.retryableFailed,
};
/** A reminder by its text, whatever its count (« 4 salariés sont à valider. », « 1 campagne … »). */
const reminder = (page: Page, id: string) => {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const forms = ['_one', '_other'].map((suffix) => {
    const [before = '', after = ''] = fr(`${REMINDER_TEXT[id]!}${suffix}`).split('{{count}}');
    return `${escape(before)}\\d+${escape(after)}`;
  });
  return remindersRow(page)
    .getByRole('group')
    .filter({ hasText: new RegExp(`(${forms.join('|')})`) });
};

// ---------------------------------------------------------------- the queue

/** An alert's end: with its close (nothing more to do), else what its own lifetime has left run on the clock. */
const alertEnded: Action = async ({ page, event, before, memo }) => {
  const { actorId } = event as EventObject & { actorId: string };
  const clock = clockOf(memo);
  const raisedAt = clock.raisedAt.get(actorId) ?? clock.run;
  clock.raisedAt.delete(actorId);
  if (closedOf(memo).has(actorId)) {
    closedOf(memo).delete(actorId);
    return;
  }
  const alert = (before.context as AlertsContext).alerts.find((a) => a.id === actorId)!;
  const key = realKey(alert.message);
  // The real alerts' own lifetimes (the screens' success, and their automatic error), less what already ran.
  const left = lifetimeOfKey(key) - (clock.run - raisedAt);
  await runLifetime(page, key, left);
  clock.advance(left);
};

const closedOf = (memo: Map<string, unknown>) => (memo.get('closed') as Set<string> | undefined) ?? new Set<string>();

/** The toasts the model holds are each shown once (a duplicate added nothing); a closed one is on its way out. */
const toastsShown = async (page: Page, snapshot: AnyMachineSnapshot, memo: Map<string, unknown>): Promise<void> => {
  const { alerts } = snapshot.context as AlertsContext;
  const closed = closedOf(memo);
  const held = new Set(alerts.filter((a) => !closed.has(a.id)).map((a) => realKey(a.message)));
  for (const key of held) await expect(toast(page, key)).toHaveCount(1);
  for (const key of (memo.get('raised') as Set<string> | undefined) ?? []) {
    if (!held.has(key)) await expect(toast(page, key)).toHaveCount(0);
  }
};

/**
 * A campaign of the admin's in error that a retry may fix (« 1 campagne en erreur peut être relancée »):
 * made through the real API with a session of its own (the page logs in through the form afterwards).
 */
async function retryableCampaignInError(): Promise<void> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL! });
  try {
    const admin = persona('admin');
    const login = await api.post(routeUrl('auth.login'), { data: { login: admin.login, password: admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    const headers = { [AUTH_HEADERS.authorization]: `Bearer ${login.headers()[AUTH_HEADERS.setAuthorization]}` };
    const name = `Rappel relance ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    await safeControl().addRule({ match: name, action: 'refuse', reason: 'Coffre-fort en maintenance', times: 1 });
    // The payroll helper only uses the page's request context: this session's stands in for it.
    const id = await createPayrollCampaign({ request: api } as unknown as Page, headers, { name, review: false });
    await expect
      .poll(
        async () => {
          const answer = await api.get(routeUrl('campaigns.get', { id }), { headers });
          const { status, canRetry } = (await answer.json()) as { status: string; canRetry: boolean };
          return `${status} ${canRetry}`;
        },
        { message: 'the campaign ends in error, retryable', timeout: 60_000 },
      )
      .toBe('IN_ERROR true');
  } finally {
    await api.dispose();
  }
}

/**
 * What may follow `walked` in a chained path, beyond the model: a persona (and organisations) can give every count
 * event (`personaFor`), none after a toast (the page's clock is paused from the first one, and an organisation
 * switch waits on the page's timers) nor, with reminders, after a reminder closed (the model keeps the count it
 * closed at, 12; the real one differs between organisations), a push with reminders only where the model holds the
 * session's features (a push brings none; the real session has them), and the closed reminder is the admin's at its root
 * (where its retryable campaign is); nothing after the session's expiry (the page is back on the login); a toast
 * closed ends (its real end is at once) before anything else; an alert's end runs what its lifetime has left,
 * which must be less than every other toast's shown (the real one would end first).
 */
const chainable = (walked: readonly EventObject[], snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
  if (walked.some((e) => e.type === 'alert.clear')) return false;
  const events = [...walked, event];
  const who = personaFor(events);
  if (!who) return false;
  const counts = countsOf(event);
  if (counts && walked.length > 0) {
    if (walked.some((e) => e.type === 'alert.push')) return false;
    if (!isZero(counts) && walked.some((e) => e.type === 'reminder.close')) return false;
    // A push brings no features: the model's, from a zero count's login, lack the retryable campaigns' reminder.
    const { features } = snapshot.context as AlertsContext;
    if (event.type === 'push.badges.updated' && !isZero(counts) && !features.includes('DocCreateDispatch'))
      return false;
  }
  if (event.type === 'reminder.close' && who.who === 'admin') {
    const counted = walked.filter((e) => countsOf(e) !== null).length;
    if (who.orgs[counted - 1] !== ORGS.admin!.root) return false;
  }
  // The toasts on the clock: when each came, and which are closed and not yet ended.
  let run = 0;
  const shown = new Map<string, number>();
  const closed = new Set<string>();
  const lifetimeLeft = (id: string) => {
    const alert = [...alertsFixtures['alert.push']].find((e) => toAlert(e.alert).id === id)!;
    return lifetimeOfKey(realKey(alert.alert.message)) - (run - shown.get(id)!);
  };
  for (const e of walked) {
    if (e.type === 'alert.push') {
      const id = toAlert((e as EventObject & { alert: Alert }).alert).id;
      if (!shown.has(id)) shown.set(id, run);
    } else if (e.type === 'alert.close') closed.add((e as EventObject & { id: string }).id);
    else if (e.type.startsWith('xstate.done.actor.')) {
      const id = (e as EventObject & { actorId: string }).actorId;
      if (!closed.delete(id)) run += lifetimeLeft(id);
      shown.delete(id);
    } else if (e.type === 'alert.clear') {
      shown.clear();
      closed.clear();
    }
  }
  const ending = event.type.startsWith('xstate.done.actor.')
    ? (event as EventObject & { actorId: string }).actorId
    : null;
  if (closed.size > 0) return ending !== null && closed.has(ending);
  if (ending && shown.has(ending)) {
    const left = lifetimeLeft(ending);
    for (const id of shown.keys()) if (id !== ending && !closed.has(id) && lifetimeLeft(id) <= left + 500) return false;
  }
  return true;
};

export const alertsAdapter: MachineAdapter = {
  machine: 'alerts',
  ownContext: true,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    recordPush(page, memo);
    const { who, orgs } = personaFor(events)!;
    memo.set('persona', who);
    memo.set('orgs', orgs);
    // The clock before the app loads, for a path with toasts (paused at the first one).
    if (events.some((e) => e.type === 'alert.push')) await page.clock.install();
    // The path's first count event is its login (through the form).
    if (countsOf(events[0]!) !== null) {
      await page.goto('/login');
      return;
    }
    // No count event: the login is not the path's (the session opened through the login route), its own
    // when the path revokes it.
    await logInThroughApi(page, who, { own: events.some((e) => e.type === 'alert.clear') });
    await openLoggedIn(page, '/dashboard');
  },
  chainable,
  offered: (snapshot, event) => {
    // The « en cours » / outcome pair on a campaign's topic needs a campaign sent during the path: not raised here.
    if (event.type === 'alert.push') return !(event as EventObject & { alert: Alert }).alert.topic;
    // An alert leaves by its lifetime: the success one (5 s) first, or the last one left.
    if (event.type.startsWith('xstate.done.actor.')) {
      const { alerts } = snapshot.context as AlertsContext;
      const ended = alerts.find((a) => a.id === (event as EventObject & { actorId: string }).actorId);
      return !!ended && (ended.type === 'success' || alerts.length === 1);
    }
    return true;
  },
  how: {
    'alert.push':
      'a real call’s outcome: the profile saved (« Votre profil a été mis à jour »), or the employees’ CSV export with the browser offline (« L’export des salariés a échoué »)',
    'alert.close': 'the toast’s « Fermer l’alerte »',
    'xstate.done.actor.*':
      'the alert’s lifetime run on Playwright’s clock (5 s for a success, 16 s else), or its close just before',
    'alert.clear': 'the session revoked through the real API (logout call from the test): the server pushes its expiry',
    'alerts.counts.updated':
      'the counts the app loads (`shell.badges`) or is pushed, at login or after « Se connecter à une autre organisation »',
    'push.badges.updated': 'the counts the server pushes when the socket joins its rooms (login, organisation switch)',
    'reminder.close': 'the reminder’s « Masquer ce rappel pour la session »',
  },
  events: {
    'alert.push': async ({ page, event, memo }) => {
      const { alert } = event as EventObject & { alert: Alert };
      await raise(page, memo, alert.message, toAlert(alert).id);
    },
    'alert.close': async ({ page, event, before, memo }) => {
      const { id } = event as EventObject & { id: string };
      const alert = (before.context as AlertsContext).alerts.find((a) => a.id === id)!;
      memo.set('closed', closedOf(memo).add(id));
      await toast(page, realKey(alert.message))
        .getByRole('button', { name: fr('shell.alerts.close') })
        .click();
    },
    'xstate.done.actor.*': alertEnded,
    // The replay looks events up by their own type: each alert's end is named after it.
    ...Object.fromEntries(alertsFixtures['xstate.done.actor.*'].map((e) => [e.type, alertEnded])),
    'alert.clear': async ({ page, memo }) => expireSession(page, memo),
    'alerts.counts.updated': async ({ page, event, events, index, memo }) =>
      countEvent(page, event, events, index, memo),
    'push.badges.updated': async ({ page, event, events, index, memo }) => countEvent(page, event, events, index, memo),
    'reminder.close': async ({ page, event }) => {
      await reminder(page, (event as EventObject & { id: string }).id)
        .getByRole('button', { name: fr('shell.reminders.close') })
        .click();
    },
  },
  states: {
    'alerts.toasts.empty': async (page, _snapshot, memo) => {
      for (const key of (memo.get('raised') as Set<string> | undefined) ?? []) {
        await expect(toast(page, key)).toHaveCount(0);
      }
    },
    'alerts.toasts.showing': toastsShown,
    'alerts.reminders.none': async (page) => {
      await expect(remindersRow(page)).toHaveCount(0);
    },
    'alerts.reminders.shown': async (page, snapshot) => {
      const { reminders } = snapshot.context as AlertsContext;
      await expect(remindersRow(page)).toBeVisible();
      // The to-validate reminder is there exactly when the model has it; none the model lacks is shown.
      for (const id of [TO_VALIDATE_ID, ERROR_RETRY_ID]) {
        if (!reminders.some((r) => r.id === id)) await expect(reminder(page, id)).toHaveCount(0);
      }
      if (reminders.some((r) => r.id === TO_VALIDATE_ID)) await expect(reminder(page, TO_VALIDATE_ID)).toHaveCount(1);
    },
  },
  notDriven: {},
};

// ---------------------------------------------------------------- one alert

const alertOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as AlertContext).alert;

/** « La campagne « … » est en erreur. »: the outcome that stands until closed (web/app/outcomes.ts). */
const outcomeToast = (page: Page, name: string) =>
  alertsRegion(page)
    .getByRole('alert')
    .filter({ hasText: fr(ALERT_KEYS.campaigns.outcome.error).replace('{{name}}', name) });

/**
 * A manual (standing) toast: the trial company's campaign, validated on its page with its trial's
 * documents spent (trial.ts), ends in error; its outcome replaces « Validation de la campagne en cours… ».
 * The page hears the outcome only if the run's end is pushed after the validation's answer arrived (the
 * web waits for the push from the moment it shows « en cours »): a campaign of a few documents can end
 * first, so this one has as many as a campaign takes (20 files to each recipient), as a payroll would.
 */
const campaignEndsInError = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  const recipients = await spendTrialAllowance(page);
  const name = `Alerte essai ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  memo.set('campaign', name);
  const id = await createManualCampaign(page, { name, review: true, recipients, files: 20 });
  await page.goto(`/campaigns/${id}`);
  await page
    .getByRole('group', { name: fr('campaigns.actions.label') })
    .getByRole('button', { name: fr('campaigns.actions.validate'), exact: true })
    .click();
  const dialog = page.getByRole('alertdialog', { name: fr('campaigns.confirm.validate.title') });
  await dialog.getByRole('button', { name: fr('campaigns.confirm.validate.confirm'), exact: true }).click();
  // The run tries each of its 80 documents before it ends in error: over 20 s on a loaded machine.
  await expect(outcomeToast(page, name)).toBeVisible({ timeout: 60_000 });
};

/** The toast of the path's one alert: the campaign's outcome for the manual one, else by its real key. */
const toastOf = (page: Page, alert: Alert, memo: Map<string, unknown>) =>
  alert.mode === 'manual' ? outcomeToast(page, memo.get('campaign') as string) : toast(page, realKey(alert.message));

export const alertAdapter: MachineAdapter = {
  machine: 'alert',
  ownContext: true,
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    await page.clock.install();
    memo.set('persona', 'essai');
    await logInThroughApi(page, 'essai');
    await openLoggedIn(page, '/dashboard');
  },
  // Chained, one alert a path (its end is final): the standing toast, whose path makes a campaign, is the one closed;
  // a timed one's lifetime is run out (a close after a timed one would leave the standing one a path of its own).
  chainable: (walked, _snapshot, event) =>
    event.type !== 'alert.close' || walked.some((e) => (e as EventObject & { alert: Alert }).alert?.mode === 'manual'),
  how: {
    'alert.show':
      'a real call’s outcome: the profile saved (success, 5 s), the employees’ CSV export with the browser offline (automatic error, 16 s), or a campaign of the free-trial company (essai, its trial’s documents spent) validated on its page and ending in error (manual: « La campagne « … » est en erreur. » stands until closed)',
    'alert.close': 'the toast’s « Fermer l’alerte »',
    'alert.lifetime.ended':
      'its lifetime run on Playwright’s clock (5 s or 16 s), the toast seen still there 100 ms before',
  },
  events: {
    'alert.show': async ({ page, event, memo }) => {
      const { alert } = event as EventObject & { alert: Alert };
      if (alert.mode === 'manual') await campaignEndsInError(page, memo);
      else await raise(page, memo, alert.message);
    },
    'alert.close': async ({ page, before, memo }) => {
      await toastOf(page, alertOf(before)!, memo)
        .getByRole('button', { name: fr('shell.alerts.close') })
        .click();
    },
    'alert.lifetime.ended': async ({ page, before }) => {
      const alert = alertOf(before)!;
      await runLifetime(page, realKey(alert.message), alert.time);
    },
  },
  states: {
    'alert.arriving': null,
    'alert.showing': async (page, snapshot, memo) => {
      await expect(toastOf(page, alertOf(snapshot)!, memo)).toHaveCount(1);
    },
    'alert.expired': async (page, snapshot, memo) => {
      await expect(toastOf(page, alertOf(snapshot)!, memo)).toHaveCount(0);
    },
    'alert.closed': async (page, snapshot, memo) => {
      await expect(toastOf(page, alertOf(snapshot)!, memo)).toHaveCount(0);
    },
  },
};
