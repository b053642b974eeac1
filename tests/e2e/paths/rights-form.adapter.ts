/**
 * The rights form in the browser: a user's page (`/users/$id`) opened by `admin`. The user is the
 * path's own, created through the real API in the admin's organisation (unique login and e-mail) and
 * deleted after the path. What the chart calls a user, a user group or a rule is one layout
 * (`RightsFormLayout`): the user's page is the one with every action (deactivate, reactivate, the
 * password link), so every transition is driven there.
 *
 * Nothing is mocked. Another session saving the same user through the real API between the page's
 * read and its save (or its deactivation) is the conflict; a login another user already has is the
 * save the server refuses field by field; a user who has logged in once (their password set from the
 * mailed link, then a login through the real route) is the one the server deactivates instead of
 * deleting. A read, save or action that fails without an answer is the browser's connection dropped for it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../../src/contract/keys.ts';
import type { UserAdminDetail, UserInput } from '../../../src/contract/rights.ts';
import { AUTH_HEADERS, routeUrl } from '../../../src/contract/routes.ts';
import { actionSuccessKey } from '../../../machines/rights-form/rightsForm.model.ts';
import {
  selectRightsForm,
  type RightsAction,
  type RightsFormContext,
  type RightsFormEvent,
  type RightsFormSnapshot,
} from '../../../machines/rights-form/index.ts';
import { PATHS_INPUT } from '../../../machines/rights-form/rightsForm.fixtures.ts';
import { fr, persona, printedMessage } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, afterPath, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends RightsFormEvent['type']> = Extract<RightsFormEvent, { type: T }>;
type Headers = Record<string, string>;

const form = (page: Page) => page.getByRole('form', { name: fr('users.form.label') });
const button = (page: Page, key: string) => page.getByRole('button', { name: fr(key), exact: true });
const loginField = (page: Page) => form(page).getByRole('textbox', { name: fr('users.fields.login'), exact: true });
/** The banner of a conflict (with its reload button). */
const conflictBanner = (page: Page) => page.getByRole('alert').filter({ hasText: fr(ERROR_KEYS.rightsConflict) });
const TITLES: Record<RightsAction, string> = {
  delete: 'users.confirm.deleteTitle',
  deactivate: 'users.confirm.deactivateTitle',
  reactivate: 'users.confirm.reactivateTitle',
  sendPassword: 'users.confirm.sendPasswordTitle',
};
const ACTION_BUTTONS: Record<RightsAction, string> = {
  delete: 'users.form.delete',
  deactivate: 'users.form.deactivate',
  reactivate: 'users.form.reactivate',
  sendPassword: 'users.form.sendPassword',
};
const confirmDialog = (page: Page, action?: RightsAction) =>
  action ? page.getByRole('alertdialog', { name: fr(TITLES[action]) }) : page.getByRole('alertdialog');
/** A toast of the app's alerts: errors are alerts, successes statuses. */
const toast = (page: Page, key: string, type: 'error' | 'success' = 'error') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RightsFormContext;
const errorOf = (event: EventObject | undefined) =>
  (event as { error?: { key?: string; fields?: Record<string, string> } } | undefined)?.error;
const outcomeOf = (event: EventObject | undefined) =>
  (event as { output?: { outcome?: string } } | undefined)?.output?.outcome;
const isConflict = (event: EventObject | undefined) => errorOf(event)?.key === ERROR_KEYS.rightsConflict;

let unique = 0;
const PASSWORD = 'Parcours!2027';

/** A session of its own (another tab, another administrator): the API's login, not the page's token. */
async function otherSession(page: Page): Promise<Headers> {
  const p = persona('admin');
  const answer = await page.request.post(routeUrl('auth.login'), { data: { login: p.login, password: p.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const token = answer.headers()[AUTH_HEADERS.setAuthorization]?.replace(/^Bearer\s+/i, '');
  expect(token).toBeTruthy();
  return { [AUTH_HEADERS.authorization]: `Bearer ${token}` };
}

const inputOf = (user: UserAdminDetail): UserInput => ({
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  rootOrgId: user.rootOrgId ?? '',
  access: user.access.map((a) => ({ orgId: a.orgId, includeChildren: a.includeChildren })),
  rootIncludesChildren: user.rootIncludesChildren,
  features: [...user.features],
  userGroupIds: [...user.userGroupIds],
  linkedToMicrosoft: user.linkedToMicrosoft,
});

/**
 * Another session saves the same user (a first name changed) through the real API, with the version
 * it reads now: the page still holds the earlier version, so its next write answers 409.
 */
async function savedElsewhere(page: Page, memo: Map<string, unknown>): Promise<void> {
  const { id } = memo.get('user') as UserAdminDetail;
  const headers = await otherSession(page);
  const read = await page.request.get(routeUrl('users.get', { id }), { headers });
  expect(read.status(), await read.text()).toBe(200);
  const user = (await read.json()) as UserAdminDetail;
  const firstName = `${user.firstName.replace(/ bis$/, '')} bis`;
  const saved = await page.request.put(routeUrl('users.update', { id }), {
    headers,
    data: { ...inputOf(user), firstName, version: user.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  memo.set('name', `${firstName} ${user.lastName}`);
}

/**
 * The user logs in once: the password link mailed to them (the demo server prints it), their
 * password set from it, then a login through the real route. From then on they have a history.
 */
async function loggedInOnce(page: Page, headers: Headers, { id }: UserAdminDetail): Promise<void> {
  // Their login as saved now (a chained path may have changed it on the page).
  const read = await page.request.get(routeUrl('users.get', { id }), { headers });
  expect(read.status(), await read.text()).toBe(200);
  const user = (await read.json()) as UserAdminDetail;
  const sent = await page.request.post(routeUrl('users.reinitPassword'), { headers, data: { userId: user.id } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const mail = await printedMessage(user.email!, '');
  const token = mail.body.match(/\/token-reinitialization\/(\S+)/)?.[1];
  expect(token, mail.body).toBeTruthy();
  const set = await page.request.post(routeUrl('users.reinitPasswordToken'), {
    data: { token, password: PASSWORD, confirmation: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  const login = await page.request.post(routeUrl('auth.login'), { data: { login: user.login, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

/** The route an action calls (what a dropped connection cuts). */
const actionRoute = (action: RightsAction, id: string): string =>
  action === 'delete'
    ? routeUrl('users.delete', { id })
    : action === 'sendPassword'
      ? routeUrl('users.reinitPassword')
      : routeUrl('users.update', { id });

/**
 * The login a change types: one another user has when a save that sends it is refused on the login
 * (the server's « identifiant déjà utilisé »), else a new unique one. Every save until the next change
 * or reset sends it, a conflict's reload and « Reprendre mes saisies » included (the server checks the
 * version before the login, so a save that conflicts first answers 409 whatever the login).
 */
const loginFor = (events: readonly EventObject[], index: number, user: UserAdminDetail): string => {
  const after = events.slice(index + 1);
  const end = after.findIndex((e) => e.type === 'form.change' || e.type === 'form.reset');
  const sent = end < 0 ? after : after.slice(0, end);
  if (sent.some((e) => e.type === 'xstate.error.actor.saveForm' && errorOf(e)?.fields?.['login']))
    return persona('paie').login;
  return `${user.login}.bis${(unique += 1)}`;
};

export const rightsFormAdapter: MachineAdapter = {
  machine: 'rights-form',
  input: PATHS_INPUT,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    const n = `${Date.now()}.${test.info().parallelIndex}.${(unique += 1)}`;
    const created = await page.request.post(routeUrl('users.create'), {
      headers,
      data: {
        login: `parcours.droits.${n}`,
        firstName: 'Camille',
        lastName: `Parcours ${n}`,
        email: `parcours.droits.${n}@horizon-demo.fr`,
        rootOrgId: session.orgId,
        access: [],
        rootIncludesChildren: true,
        features: ['EmpList', 'DocListDispatch'],
        userGroupIds: [],
        linkedToMicrosoft: false,
      } satisfies UserInput,
    });
    expect(created.ok(), await created.text()).toBe(true);
    const user = (await created.json()) as UserAdminDetail;
    memo.set('user', user);
    memo.set('headers', headers);
    memo.set('name', `${user.firstName} ${user.lastName}`);
    afterPath(memo, async () => {
      const answer = await page.request.delete(routeUrl('users.delete', { id: user.id }), { headers });
      expect([200, 204, 404].includes(answer.status()), await answer.text()).toBe(true);
    });
    if (events[0]?.type === 'xstate.error.actor.loadForm')
      await dropCall(page, routeUrl('users.get', { id: user.id }), memo);
    await openLoggedIn(page, `/users/${user.id}`);
  },
  offered: (snapshot, event) => {
    const view = selectRightsForm(snapshot as RightsFormSnapshot);
    const c = contextOf(snapshot);
    switch (event.type) {
      // « Enregistrer » is disabled until something changed and no rule fails.
      case 'form.submit':
        return view.canSubmit;
      // « Annuler les modifications » shows once something changed.
      case 'form.reset':
        return view.canReset;
      // The model cannot tell a user deactivated on a delete (they had logged in: the server keeps them, and
      // the page offers no delete any more) from one deactivated on request (deleted then): a chained path
      // deletes only an active user.
      case 'form.action':
        return (
          (event as Of<'form.action'>).action !== 'delete' || (c.record as UserAdminDetail | null)?.active !== false
        );
      case 'xstate.done.actor.runAction': {
        // Only a delete deletes; a deactivation (or a delete kept as one) leaves the user inactive.
        const outcome = outcomeOf(event);
        if (outcome === 'deleted') return c.confirming === 'delete';
        return outcome === 'deactivated' && (c.confirming === 'delete' || c.confirming === 'deactivate');
      }
      // The delete route carries no version: only the (de)activation, an update, answers a conflict.
      case 'xstate.error.actor.runAction':
        return !isConflict(event) || c.confirming === 'deactivate' || c.confirming === 'reactivate';
      default:
        return true;
    }
  },
  how: {
    'xstate.done.actor.loadForm':
      'the server answers the user’s read (on opening the page, on « Réessayer », on reload)',
    'xstate.error.actor.loadForm': 'the read fails: the connection drops for it',
    'form.retry': '« Réessayer »',
    'form.change': 'typing the login (emptied, a new one, or one another user has)',
    'form.reset': '« Annuler les modifications »',
    'form.submit': '« Enregistrer » (enabled only when something changed and no rule fails)',
    'xstate.done.actor.saveForm': 'the server saves the user',
    'xstate.error.actor.saveForm':
      'the save fails: another session saved the user first (409), the login is another user’s, or the connection drops',
    'form.reload': '« Recharger la version enregistrée » in the conflict banner',
    'form.reapply': '« Reprendre mes saisies »',
    'form.pending.dismiss': '« Les abandonner »',
    'form.action':
      '« Supprimer l’utilisateur », « Désactiver l’utilisateur », « Réactiver l’utilisateur », « Envoyer un mot de passe généré »',
    'action.confirm': 'the confirmation’s confirm button',
    'action.cancel': '« Annuler » in the confirmation',
    'xstate.done.actor.runAction':
      'the server deletes the user, or deactivates them (asked, or a delete of a user who has logged in once)',
    'xstate.error.actor.runAction':
      'the action fails: another session saved the user first (409 on the deactivation), or the connection drops',
  },
  events: {
    'xstate.done.actor.loadForm': async ({ page, before, memo }) => {
      if (before.matches('reloading')) await (memo.get('reload') as Promise<unknown>);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(memo.get('name') as string);
    },
    'xstate.error.actor.loadForm': async ({ page, memo }) => afterDrop(page, memo),
    'form.retry': async ({ page, next, memo }) => {
      const { id } = memo.get('user') as UserAdminDetail;
      if (next?.type === 'xstate.error.actor.loadForm') await dropCall(page, routeUrl('users.get', { id }), memo);
      await button(page, 'common.actions.retry').click();
    },
    'form.change': async ({ page, event, events, index, memo }) => {
      const { login } = (event as Of<'form.change'>).patch as { login?: string };
      expect(login, 'the fixtures change the login').toBeDefined();
      await loginField(page).fill(login === '' ? '' : loginFor(events, index, memo.get('user') as UserAdminDetail));
    },
    'form.reset': async ({ page }) => button(page, 'rights.form.reset').click(),
    'form.submit': async ({ page, next, memo }) => {
      const { id } = memo.get('user') as UserAdminDetail;
      if (isConflict(next)) await savedElsewhere(page, memo);
      else if (next?.type === 'xstate.error.actor.saveForm' && !errorOf(next)?.fields) {
        await dropCall(page, routeUrl('users.update', { id }), memo);
        memo.set('failure', ERROR_KEYS.network);
      } else if (next?.type === 'xstate.error.actor.saveForm') memo.set('failure', ERROR_KEYS.rightsLoginTaken);
      await button(page, 'common.actions.save').click();
    },
    'xstate.done.actor.saveForm': async ({ page }) => {
      await expect(toast(page, ALERT_KEYS.rights.updateUserSuccess, 'success')).toBeVisible();
    },
    'xstate.error.actor.saveForm': async ({ page, event, memo }) => {
      if (isConflict(event)) return;
      if (!errorOf(event)?.fields) await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.rights.updateUserError)).toBeVisible();
    },
    'form.reload': async ({ page, next, memo }) => {
      const { id } = memo.get('user') as UserAdminDetail;
      const path = routeUrl('users.get', { id });
      if (next?.type === 'xstate.error.actor.loadForm') await dropCall(page, path, memo);
      else {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
        answered.catch(() => undefined); // a path that ends here never waits for it
        memo.set('reload', answered);
      }
      await button(page, 'rights.conflict.reload').click();
    },
    'form.reapply': async ({ page }) => button(page, 'rights.pending.reapply').click(),
    'form.pending.dismiss': async ({ page }) => button(page, 'rights.pending.dismiss').click(),
    'form.action': async ({ page, event }) => button(page, ACTION_BUTTONS[(event as Of<'form.action'>).action]).click(),
    'action.confirm': async ({ page, before, next, memo }) => {
      const action = contextOf(before).confirming!;
      const { id } = memo.get('user') as UserAdminDetail;
      if (isConflict(next)) await savedElsewhere(page, memo);
      else if (action === 'delete' && outcomeOf(next) === 'deactivated') {
        // Deleting a user who has logged in deactivates them instead: they log in once, now.
        if (!memo.get('loggedIn'))
          await loggedInOnce(page, memo.get('headers') as Headers, memo.get('user') as UserAdminDetail);
        memo.set('loggedIn', true);
      } else if (next?.type === 'xstate.error.actor.runAction') {
        await dropCall(page, actionRoute(action, id), memo);
        memo.set('failure', ERROR_KEYS.network);
      }
      await confirmDialog(page, action)
        .getByRole('button', { name: fr(`users.confirm.${action}`), exact: true })
        .click();
    },
    'action.cancel': async ({ page, before }) =>
      confirmDialog(page, contextOf(before).confirming!)
        .getByRole('button', { name: fr('common.actions.cancel'), exact: true })
        .click(),
    'xstate.done.actor.runAction': async ({ page, event, before }) => {
      const action = contextOf(before).confirming!;
      // A deactivation's answer says « done »; the model's fixture names the delete kept as a deactivation.
      const outcome = action === 'delete' ? outcomeOf(event)! : 'done';
      await expect(toast(page, actionSuccessKey('user', action, outcome), 'success')).toBeVisible();
      if (action === 'delete' && outcome === 'deactivated') {
        // Inactive now, with a history: deleting would only deactivate them again, so it is offered no more.
        await expect(button(page, ACTION_BUTTONS.delete)).toBeDisabled();
        await expect(button(page, ACTION_BUTTONS.reactivate)).toBeEnabled();
      }
    },
    'xstate.error.actor.runAction': async ({ page, event, before, memo }) => {
      if (isConflict(event)) return;
      await afterDrop(page, memo);
      const action = contextOf(before).confirming!;
      const key = action === 'delete' ? ALERT_KEYS.rights.deleteUserError : ALERT_KEYS.rights.updateUserError;
      await expect(toast(page, key)).toBeVisible();
    },
  },
  states: {
    'rightsForm.loading': null,
    'rightsForm.reloading': null,
    'rightsForm.saving': null,
    'rightsForm.acting': null,
    'rightsForm.loadFailed': async (page) => {
      await expect(page.getByRole('main').getByRole('alert')).toContainText(fr(ERROR_KEYS.network));
      await expect(button(page, 'common.actions.retry')).toBeVisible();
      await expect(form(page)).toHaveCount(0);
    },
    'rightsForm.editing': async (page, snapshot, memo) => {
      await editable(page, snapshot, memo);
      await expect(page.getByText(fr('rights.form.saved'), { exact: true })).toHaveCount(0);
    },
    'rightsForm.saved': async (page, snapshot, memo) => {
      await editable(page, snapshot, memo);
      await expect(form(page).getByRole('status')).toHaveText(fr('rights.form.saved'));
    },
    'rightsForm.failed': async (page, snapshot, memo) => {
      await editable(page, snapshot, memo);
      await expect(form(page).getByRole('alert')).toContainText(fr(memo.get('failure') as string));
    },
    'rightsForm.conflict': async (page) => {
      await expect(conflictBanner(page)).toBeVisible();
      await expect(button(page, 'rights.conflict.reload')).toBeEnabled();
      await expect(confirmDialog(page)).toHaveCount(0);
      // The form keeps what was typed, read-only until reloaded.
      await expect(loginField(page)).toBeDisabled();
    },
    'rightsForm.awaitingConfirmation': async (page, snapshot) => {
      await expect(confirmDialog(page, contextOf(snapshot).confirming!)).toBeVisible();
    },
    'rightsForm.deleted': async (page) => {
      await expect(page).toHaveURL(/\/users(\?.*)?$/);
      await expect(toast(page, ALERT_KEYS.rights.deleteUserSuccess, 'success')).toBeVisible();
    },
  },
};

/** The form as the model says it is: save enabled or not, what was typed before a conflict, the status. */
async function editable(page: Page, snapshot: AnyMachineSnapshot, memo: Map<string, unknown>): Promise<void> {
  const view = selectRightsForm(snapshot as RightsFormSnapshot);
  await expect(form(page)).toBeVisible();
  await expect(confirmDialog(page)).toHaveCount(0);
  await expect(conflictBanner(page)).toHaveCount(0);
  await expect(loginField(page)).toBeEnabled();
  await expect(button(page, 'common.actions.save')).toBeEnabled({ enabled: view.canSubmit });
  await expect(button(page, 'rights.form.reset')).toHaveCount(view.canReset ? 1 : 0);
  await expect(page.getByText(fr('rights.pending.title'), { exact: true })).toHaveCount(view.pending ? 1 : 0);
  await expect(
    page.getByText(fr(view.active ? 'rights.status.active' : 'rights.status.inactive'), { exact: true }),
  ).toBeVisible();
  if (view.failure) await expect(form(page).getByRole('alert')).toContainText(fr(memo.get('failure') as string));
  else await expect(form(page).getByRole('alert')).toHaveCount(0);
}
