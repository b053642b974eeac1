/**
 * The profile machine in the browser: `/profile` of a user of its own, so no demo persona's names,
 * password or language change. Each path has the administrator create a user through the real rights
 * API (Camille Martin, as the machine's input), send them the password link, which the demo server
 * prints on its console, and set their password from it; the user then logs in through the real login
 * route. Names, passwords and the language are typed and chosen on the page; the saves are the real
 * server's answers. A current password that is not the user's is refused by the server; a failing
 * identity or language save is the connection dropped for it. Once English is chosen the page speaks it.
 */
import { expect, type Page, type Response } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PROFILE_INPUT } from '../../../machines/profile/profile.fixtures.ts';
import type { ProfileContext } from '../../../machines/profile/profile.types.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../src/contract/keys.ts';
import type { UserAdminDetail, UserInput } from '../../../src/contract/rights.ts';
import { printedMessage, text } from '../support.ts';
import type { MachineAdapter, StepContext } from './adapter.ts';
import { afterDrop, afterPath, dropCall, logInThroughApi, openLoggedIn, ownSession, skipWelcome } from './screens.ts';

/** The current password the fixtures type: the user's own, unless the path has it refused. */
const TYPED_CURRENT = 'Hiver-2025';
const OTHER_PASSWORD = 'Automne-2024';
let unique = 0;

type Locale = 'fr' | 'en';
const localeOf = (memo: Map<string, unknown>) => (memo.get('locale') as Locale | undefined) ?? 'fr';
const tr = (memo: Map<string, unknown>, key: string) => text(key, localeOf(memo));
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProfileContext;

const section = (page: Page, memo: Map<string, unknown>, card: string) =>
  page.getByRole('region', { name: tr(memo, `profile.${card}.title`) });
const identityField = (page: Page, memo: Map<string, unknown>, field: 'firstName' | 'lastName') =>
  section(page, memo, 'identity').getByRole('textbox', { name: tr(memo, `profile.identity.${field}`), exact: true });
const PASSWORD_LABELS = { current: 'current', password: 'new', confirmation: 'confirmation' } as const;
const passwordField = (page: Page, memo: Map<string, unknown>, field: keyof typeof PASSWORD_LABELS) =>
  section(page, memo, 'password').getByLabel(tr(memo, `profile.password.${PASSWORD_LABELS[field]}`), { exact: true });
const saveButton = (page: Page, memo: Map<string, unknown>) =>
  section(page, memo, 'identity').getByRole('button', { name: tr(memo, 'common.actions.save'), exact: true });
const submitButton = (page: Page, memo: Map<string, unknown>) =>
  section(page, memo, 'password').getByRole('button', { name: tr(memo, 'profile.password.submit'), exact: true });
const languageSelect = (page: Page, memo: Map<string, unknown>) =>
  section(page, memo, 'language').getByRole('combobox');
const successToast = (page: Page, memo: Map<string, unknown>, key: string) =>
  page
    .getByRole('region', { name: tr(memo, 'shell.alerts.region') })
    .getByRole('status')
    .filter({ hasText: tr(memo, key) });

/** The outcome of the call the step starts: the first of its actor's answers after it. */
const outcomeOf = ({ events, index }: StepContext, actor: string) =>
  events.slice(index + 1).find((e) => e.type.endsWith(`.actor.${actor}`))?.type;

const awaitAnswer = (page: Page, memo: Map<string, unknown>, name: string, path: string, method: string) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method);
  answer.catch(() => undefined);
  memo.set(name, answer);
};

/** A new user of the administrator's organisation, with a password set from the link they are mailed. */
async function newUser(page: Page, memo: Map<string, unknown>, password: string): Promise<UserAdminDetail> {
  const { headers, orgId: rootOrgId } = await ownSession(page, 'admin');
  const n = `${Date.now()}.${process.pid}.${(unique += 1)}`;
  const created = await page.request.post(routeUrl('users.create'), {
    headers,
    data: {
      login: `parcours.profil.${n}`,
      firstName: PROFILE_INPUT.firstName,
      lastName: PROFILE_INPUT.lastName,
      email: `parcours.profil.${n}@horizon-demo.fr`,
      rootOrgId,
      access: [],
      rootIncludesChildren: true,
      features: ['EmpList'],
      userGroupIds: [],
      linkedToMicrosoft: false,
    } satisfies UserInput,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const user = (await created.json()) as UserAdminDetail;
  afterPath(memo, async () => {
    const answer = await page.request.delete(routeUrl('users.delete', { id: user.id }), { headers });
    expect([200, 204, 404].includes(answer.status()), await answer.text()).toBe(true);
  });
  const sent = await page.request.post(routeUrl('users.reinitPassword'), { headers, data: { userId: user.id } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const mail = await printedMessage(user.email!, '');
  const token = mail.body.match(/\/token-reinitialization\/(\S+)/)?.[1];
  expect(token, mail.body).toBeTruthy();
  const set = await page.request.post(routeUrl('users.reinitPasswordToken'), {
    data: { token, password, confirmation: password },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return user;
}

const IDENTITY = (memo: Map<string, unknown>) => routeUrl('users.updateBasic', { id: memo.get('userId') as string });

export const profileAdapter: MachineAdapter = {
  machine: 'profile',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    // The typed current password is refused when the path's first change of password is.
    const first = events.find((e) => e.type.endsWith('.actor.changePassword'));
    const password = first?.type === 'xstate.error.actor.changePassword' ? OTHER_PASSWORD : TYPED_CURRENT;
    const user = await newUser(page, memo, password);
    memo.set('userId', user.id);
    memo.set('password', password);
    await logInThroughApi(page, { login: user.login, password });
    await openLoggedIn(page, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: tr(memo, 'sections.profile') })).toBeVisible();
  },
  how: {
    'profile.identity.edit': 'a name typed in « Prénom » or « Nom »',
    'profile.password.edit': 'a password typed in one of the three password fields',
    'profile.identity.save': '« Enregistrer » under the names',
    'xstate.done.actor.saveIdentity': 'the real server saves the names: the page says so',
    'xstate.error.actor.saveIdentity': 'the connection dropped for the save: the form says the server is unreachable',
    'profile.password.submit': '« Changer le mot de passe »',
    'xstate.done.actor.changePassword': 'the real server changes the password (the current one typed is the user’s)',
    'xstate.error.actor.changePassword':
      'the real server refuses the change: the current password typed is not the user’s (set otherwise, or changed just before)',
    'profile.locale.change': 'English chosen in the language list: the page switches at once',
    'xstate.done.actor.persistLocale': 'the real server keeps the language',
    'xstate.error.actor.persistLocale': 'the connection dropped for it: silent, the page stays in English',
  },
  events: {
    'profile.identity.edit': async ({ page, memo, event }) => {
      const { field, value } = event as EventObject & { field: 'firstName' | 'lastName'; value: string };
      await identityField(page, memo, field).fill(value);
    },
    'profile.password.edit': async ({ page, memo, event }) => {
      const { field, value } = event as EventObject & { field: keyof typeof PASSWORD_LABELS; value: string };
      await passwordField(page, memo, field).fill(value);
    },
    'profile.identity.save': async (ctx) => {
      const { page, memo } = ctx;
      if (outcomeOf(ctx, 'saveIdentity') === 'xstate.error.actor.saveIdentity')
        await dropCall(page, IDENTITY(memo), memo);
      else awaitAnswer(page, memo, 'identity', IDENTITY(memo), 'PUT');
      await saveButton(page, memo).click();
    },
    'xstate.done.actor.saveIdentity': async ({ page, memo }) => {
      const answer = await (memo.get('identity') as Promise<Response>);
      expect(answer.ok(), await answer.text()).toBe(true);
      await expect(successToast(page, memo, 'profile.identity.saved')).toBeVisible();
    },
    'xstate.error.actor.saveIdentity': ({ page, memo }) => afterDrop(page, memo),
    'profile.password.submit': async ({ page, memo }) => {
      awaitAnswer(page, memo, 'password', routeUrl('users.changePassword'), 'POST');
      await submitButton(page, memo).click();
    },
    'xstate.done.actor.changePassword': async ({ page, memo, before }) => {
      // 204, no body: Playwright has none to read (reading it throws), so the status alone is checked.
      const answer = await (memo.get('password') as Promise<Response>);
      expect(answer.status()).toBe(204);
      memo.set('password', contextOf(before).passwords.password);
      await expect(successToast(page, memo, ALERT_KEYS.users.passwordChangeSuccess)).toBeVisible();
    },
    'xstate.error.actor.changePassword': async ({ memo }) => {
      const answer = await (memo.get('password') as Promise<Response>);
      expect(answer.status(), await answer.text()).toBe(400);
      expect(((await answer.json()) as { key: string }).key).toBe(ERROR_KEYS.passwordIncorrect);
    },
    'profile.locale.change': async (ctx) => {
      const { page, memo, event } = ctx;
      if (outcomeOf(ctx, 'persistLocale') === 'xstate.error.actor.persistLocale')
        await dropCall(page, IDENTITY(memo), memo);
      else awaitAnswer(page, memo, 'localeSaved', IDENTITY(memo), 'PUT');
      const locale = (event as EventObject & { locale: Locale }).locale;
      await languageSelect(page, memo).selectOption(locale);
      memo.set('locale', locale);
    },
    'xstate.done.actor.persistLocale': async ({ memo }) => {
      const answer = await (memo.get('localeSaved') as Promise<Response>);
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    'xstate.error.actor.persistLocale': ({ page, memo }) => afterDrop(page, memo),
  },

  offered: (snapshot, event) => {
    // A save the server would refuse is never sent (« Enregistrer » waits for both names): a failure is the connection's.
    if (event.type === 'xstate.error.actor.saveIdentity')
      return (event as EventObject & { error: { key: string } }).error.key === ERROR_KEYS.network;
    // A language is chosen between calls: the real server has answered a save or a change of password before
    // a step could choose one (the machine keeps both answers meanwhile: profile.machine.test.ts).
    if (event.type === 'profile.locale.change') return snapshot.matches({ identity: 'editing', password: 'editing' });
    return true;
  },
  states: {
    'profile.identity.editing': async (page, snapshot, memo) => {
      const c = contextOf(snapshot);
      await expect(identityField(page, memo, 'firstName')).toHaveValue(c.draft.firstName);
      await expect(identityField(page, memo, 'lastName')).toHaveValue(c.draft.lastName);
      const save = saveButton(page, memo);
      if (snapshot.can({ type: 'profile.identity.save' })) await expect(save).toBeEnabled();
      else await expect(save).toBeDisabled();
      const error = section(page, memo, 'identity').getByRole('alert');
      if (c.identityError) await expect(error).toHaveText(tr(memo, c.identityError));
      else await expect(error).toHaveCount(0);
    },
    'profile.identity.saving': null,
    'profile.password.editing': async (page, snapshot, memo) => {
      const c = contextOf(snapshot);
      for (const field of ['current', 'password', 'confirmation'] as const)
        await expect(passwordField(page, memo, field)).toHaveValue(c.passwords[field]);
      const submit = submitButton(page, memo);
      if (snapshot.can({ type: 'profile.password.submit' })) await expect(submit).toBeEnabled();
      else await expect(submit).toBeDisabled();
      const error = section(page, memo, 'password').getByRole('alert');
      if (c.passwordError) await expect(error).toHaveText(tr(memo, c.passwordError));
      else await expect(error).toHaveCount(0);
    },
    'profile.password.sending': null,
    'profile.language': async (page, _snapshot, memo) => {
      await expect(languageSelect(page, memo)).toHaveValue(localeOf(memo));
    },
  },
};
