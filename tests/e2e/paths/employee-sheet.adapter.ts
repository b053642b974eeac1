/**
 * The employee sheet in the browser: `/employees/$id` opened by `admin`, the toolbar's actions
 * clicked, their outcome read on the page (the safe's status, the app's alerts, the downloaded letter,
 * the list after deactivation). The employee is the path's own, created through the real API in the
 * admin's current organisation with its safe not created (the safe service, the test double, refuses
 * its account once, at the creation), as the model's employee, and deactivated after the path. The
 * world is made per step, so that a chained path may take any action after any other: the e-mail the
 * page reads (the saved one, which the form shows) is the one the next reminder needs, set before each
 * read (the first, and the re-read after a change); the postal address the letter needs (or its
 * absence, for « no letter ») is set just before each download.
 * A read that fails is an id no employee has (or the connection dropped for the re-read); a call that
 * fails is the browser's connection dropped for it.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Download, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Employee } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { EmployeeSheetEvent } from '../../../machines/employee-sheet/index.ts';
import { fr } from '../support.ts';
import { safeControl } from '../support/safe-control.ts';
import type { MachineAdapter } from './adapter.ts';
import {
  afterDrop,
  afterPath,
  type ApiSession,
  dropCall,
  logInThroughApi,
  openLoggedIn,
  skipWelcome,
} from './screens.ts';

type Of<T extends EmployeeSheetEvent['type']> = Extract<EmployeeSheetEvent, { type: T }>;

const toolbar = (page: Page) => page.getByRole('toolbar');
const action = (page: Page, key: string) => toolbar(page).getByRole('button', { name: fr(key), exact: true });
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: fr('employees.confirm.title') });
/** A toast of the app's alerts: errors are alerts, successes statuses. */
const toast = (page: Page, key: string, type: 'error' | 'success' = 'error') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });
/** A fact of the sheet (« Coffre-fort », « Dernière notification »), by its label. */
const fact = (page: Page, labelKey: string) =>
  page
    .locator('dt, [data-part="item-label"]')
    .filter({ hasText: new RegExp(`^${fr(labelKey)}$`) })
    .locator('..');

const outputOf = (event: EventObject | undefined) => (event as { output?: unknown } | undefined)?.output;

let unique = 0;

const ADDRESS = { street: '3 rue des Lilas', postal: '69003', city: 'Lyon', country: 'France' } as const;

/**
 * Whether the employee the page reads at the step `index` (the read's answer) must have a saved
 * e-mail: the model's next reminder before the next read sends (its `hasEmail`: the form's e-mail,
 * which is the saved one, else none). Undefined when no reminder comes before the next read.
 */
const emailWanted = (events: readonly EventObject[], index: number): boolean | undefined => {
  const read = outputOf(events[index]) as Employee | undefined;
  for (const e of events.slice(index + 1)) {
    if (e.type.endsWith('.actor.loadEmployee')) return undefined;
    if (e.type === 'sheet.reminder.send')
      return Boolean((e as Of<'sheet.reminder.send'>).formEmail.trim() || read?.email);
  }
  return undefined;
};

/** The employee as saved now (what `start` created, then each change): the server's copy, changed through the API. */
interface Saved {
  readonly id: string;
  readonly input: Record<string, unknown>;
  readonly email: string;
}

/** Saves the path's employee with (or without) an e-mail and a postal address, if it differs. */
const save = async (
  page: Page,
  memo: Map<string, unknown>,
  want: { readonly email?: boolean | undefined; readonly address?: boolean | undefined },
): Promise<void> => {
  const saved = memo.get('saved') as Saved;
  const { headers } = memo.get('api') as ApiSession;
  const email = want.email === undefined ? saved.input.email : want.email ? saved.email : null;
  const address = want.address === undefined ? saved.input.address : want.address ? ADDRESS : undefined;
  if (email === saved.input.email && address === saved.input.address) return;
  const input = { ...saved.input, email, address };
  const updated = await page.request.put(routeUrl('employees.update', { id: saved.id }), { headers, data: input });
  expect(updated.status(), await updated.text()).toBe(200);
  memo.set('saved', { ...saved, input });
};

export const employeeSheetAdapter: MachineAdapter = {
  machine: 'employee-sheet',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const api = await logInThroughApi(page, 'admin');
    const { session, headers } = api;
    memo.set('api', api);
    if (events[0]?.type === 'xstate.error.actor.loadEmployee') {
      // No employee has this id: the server answers « not found », as for an employee deleted meanwhile.
      await openLoggedIn(page, `/employees/${randomUUID()}`);
      return;
    }
    const n = `${Date.now()}-${(unique += 1)}`;
    const email = `fiche.${n}@example.fr`;
    const input = {
      name: 'Parcours',
      firstName: `Fiche ${n}`,
      birthDate: '1990-04-12',
      email,
      address: ADDRESS,
      organizations: [{ organizationId: session.orgId }],
    };
    // The creation opens the safe at once: the safe service refuses this one (its name), so that the
    // safe is not created, as the model's employee.
    await safeControl().addRule({
      match: input.firstName,
      action: 'refuse',
      status: 409,
      reason: 'Parcours',
      times: 1,
    });
    const created = await page.request.post(routeUrl('employees.create'), { headers, data: input });
    expect(created.status(), await created.text()).toBe(201);
    const employee = (await created.json()) as Employee;
    expect(employee.safeStatus).toBe('NOT_CREATED');
    // Its place in the company's employee limit is given back, whatever the path did.
    afterPath(memo, async () => {
      const answer = await page.request.put(routeUrl('employees.deactivate', { id: employee.id }), { headers });
      expect([200, 204, 404].includes(answer.status()) || answer.ok(), await answer.text()).toBe(true);
    });
    memo.set('saved', { id: employee.id, input, email } satisfies Saved);
    // An e-mail is required to create an employee, not to keep one: it is removed when the page's first
    // reminder must find none, as the sheet's form can.
    await save(page, memo, { email: emailWanted(events, 0) });
    memo.set('employee', employee);
    memo.set('safeStatus', employee.safeStatus);
    await openLoggedIn(page, `/employees/${employee.id}`);
  },
  how: {
    'xstate.done.actor.loadEmployee': 'the server answers the read (on opening the page, and again after a change)',
    'xstate.error.actor.loadEmployee':
      'the read fails: an id no employee has (on opening), the connection dropped (the re-read)',
    'sheet.safe.create': '« Créer le coffre-fort » (the path’s employee, whose safe is not created)',
    'xstate.done.actor.createSafe':
      'the server opens the safe through the safe service (the test double), or the service refuses this employee’s account (a rule on its id)',
    'xstate.error.actor.createSafe': 'the opening fails: the connection drops for it',
    'sheet.reminder.send':
      '« Envoyer un rappel » (an employee with an e-mail, or without one and the field left empty: saved so before the page reads them)',
    'xstate.done.actor.sendReminder': 'the server sends the reminder',
    'xstate.error.actor.sendReminder': 'the reminder fails: the connection drops for it',
    'sheet.letter.download':
      '« Courrier d’activation » (a postal address saved just before, or removed for « no letter »)',
    'xstate.done.actor.fetchLetter':
      'the server answers the letter (a PDF downloaded), or nothing for an employee without a postal address',
    'xstate.error.actor.fetchLetter': 'the letter fails: the connection drops for it',
    'sheet.deactivate.ask': '« Désactiver »',
    'sheet.deactivate.confirm': '« Confirmer » in the confirmation',
    'sheet.deactivate.cancel': '« Annuler » in the confirmation',
    'xstate.done.actor.deactivate': 'the server deactivates the employee (the path’s own)',
    'xstate.error.actor.deactivate': 'the deactivation fails: the connection drops for it',
  },
  events: {
    'xstate.done.actor.loadEmployee': async ({ page, before, memo }) => {
      const employee = memo.get('employee') as Employee;
      if (before.matches('reloading')) await (memo.get('reload') as Promise<unknown>);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${employee.name} ${employee.firstName}`);
    },
    'xstate.error.actor.loadEmployee': async ({ page, before, memo }) => {
      if (before.matches('reloading')) await afterDrop(page, memo);
    },
    'sheet.safe.create': async ({ page, events, index, memo }) => {
      const next = events[index + 1];
      // The model's re-read employee still has no safe: a path may not open it twice.
      expect(memo.get('safeStatus'), 'a safe opened once in the path').toBe('NOT_CREATED');
      if (next?.type === 'xstate.error.actor.createSafe')
        await dropCall(page, routeUrl('employees.createEDocPerso'), memo);
      else await watchReload(page, events, index, memo);
      if (
        next?.type === 'xstate.done.actor.createSafe' &&
        !(outputOf(next) as { accountCreated: boolean }).accountCreated
      )
        // The safe service (the test double the server opens accounts through) refuses this employee's account.
        await safeControl().addRule({
          match: (memo.get('employee') as Employee).id,
          action: 'refuse',
          status: 409,
          reason: 'Compte déjà existant',
          times: 1,
        });
      await action(page, 'employees.actions.createSafe').click();
    },
    'xstate.done.actor.createSafe': async ({ page, event, memo }) => {
      if (!(outputOf(event) as { accountCreated: boolean }).accountCreated) {
        await expect(toast(page, 'employees.messages.safe.error')).toBeVisible();
        return;
      }
      await expect(toast(page, 'employees.messages.safe.success', 'success')).toBeVisible();
      memo.set('safeStatus', 'NOT_FINALISED');
    },
    'xstate.error.actor.createSafe': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, 'employees.messages.safe.error')).toBeVisible();
    },
    'sheet.reminder.send': async ({ page, events, index, memo }) => {
      const next = events[index + 1];
      if (next?.type === 'xstate.error.actor.sendReminder') await dropCall(page, routeUrl('employees.reminder'), memo);
      else if (next?.type === 'xstate.done.actor.sendReminder') await watchReload(page, events, index, memo);
      await action(page, 'employees.actions.reminder').click();
      if (next?.type !== 'xstate.done.actor.sendReminder' && next?.type !== 'xstate.error.actor.sendReminder')
        await expect(toast(page, ALERT_KEYS.reminderNeedsEmail)).toBeVisible();
    },
    'xstate.done.actor.sendReminder': async ({ page }) => {
      await expect(toast(page, ALERT_KEYS.employees.reminderSuccess, 'success')).toBeVisible();
    },
    'xstate.error.actor.sendReminder': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.employees.reminderError)).toBeVisible();
    },
    'sheet.letter.download': async ({ page, next, memo }) => {
      // The server produces no activation letter without a postal address (it answers 204).
      await save(page, memo, { address: !(next?.type === 'xstate.done.actor.fetchLetter' && !outputOf(next)) });
      if (next?.type === 'xstate.error.actor.fetchLetter')
        await dropCall(page, routeUrl('employees.activationMail'), memo);
      if (next?.type === 'xstate.done.actor.fetchLetter' && outputOf(next)) {
        const download = page.waitForEvent('download');
        download.catch(() => undefined); // a path that ends here never waits for it
        memo.set('download', download);
      }
      await action(page, 'employees.actions.activationLetter').click();
    },
    'xstate.done.actor.fetchLetter': async ({ page, event, memo }) => {
      if (outputOf(event)) {
        const download = await (memo.get('download') as Promise<Download>);
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      } else await expect(toast(page, ALERT_KEYS.employees.activationMailError)).toBeVisible();
    },
    'xstate.error.actor.fetchLetter': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.employees.activationMailError)).toBeVisible();
    },
    'sheet.deactivate.ask': async ({ page }) => action(page, 'employees.actions.deactivate').click(),
    'sheet.deactivate.cancel': async ({ page }) =>
      confirmDialog(page)
        .getByRole('button', { name: fr('common.actions.cancel') })
        .click(),
    'sheet.deactivate.confirm': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.deactivate') {
        const { id } = memo.get('employee') as Employee;
        await dropCall(page, routeUrl('employees.deactivate', { id }), memo);
      }
      await confirmDialog(page)
        .getByRole('button', { name: fr('employees.actions.confirm') })
        .click();
    },
    'xstate.done.actor.deactivate': async () => {},
    'xstate.error.actor.deactivate': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.employees.deleteError)).toBeVisible();
    },
  },
  states: {
    'employeeSheet.loading': null,
    'employeeSheet.failed': async (page) => {
      await expect(page.getByRole('main').getByText(fr('employees.messages.get.error'))).toBeVisible();
      await expect(toolbar(page)).toHaveCount(0);
    },
    'employeeSheet.ready.idle': async (page, _snapshot, memo) => {
      const safeStatus = memo.get('safeStatus') as Employee['safeStatus'];
      await expect(confirmDialog(page)).toHaveCount(0);
      await expect(fact(page, 'employees.fields.safeStatus')).toContainText(fr(`employees.safeStatus.${safeStatus}`));
      // « Créer le coffre-fort » is offered while the safe is not created; the other actions are.
      await expect(action(page, 'employees.actions.createSafe')).toBeEnabled({ enabled: safeStatus === 'NOT_CREATED' });
      for (const key of ['employees.actions.reminder', 'employees.actions.activationLetter'])
        await expect(action(page, key)).toBeEnabled();
      await expect(action(page, 'employees.actions.deactivate')).toBeEnabled();
    },
    'employeeSheet.ready.confirmingDeactivation': async (page) => {
      await expect(confirmDialog(page)).toBeVisible();
    },
    // Calls in flight: the fact that ends each asserts its outcome.
    'employeeSheet.ready.creatingSafe': null,
    'employeeSheet.ready.sendingReminder': null,
    'employeeSheet.ready.downloadingLetter': null,
    'employeeSheet.ready.deactivating': null,
    'employeeSheet.reloading': null,
    'employeeSheet.deactivated': async (page) => {
      await expect(page).toHaveURL(/\/employees$/);
      await expect(toast(page, 'employees.messages.deactivate.success', 'success')).toBeVisible();
    },
  },
  notDriven: {},
};

/**
 * The employee re-read after the action: its answer is awaited by the read's event; when the re-read
 * is to fail, the connection drops for it. Before the server answers it, the employee is saved with
 * the e-mail the reminder after it needs (the action itself may have needed another).
 */
async function watchReload(
  page: Page,
  events: readonly EventObject[],
  index: number,
  memo: Map<string, unknown>,
): Promise<void> {
  const { id } = memo.get('employee') as Employee;
  const path = routeUrl('employees.get', { id });
  // The action, its answer, then the re-read's.
  const reload = events[index + 2];
  if (reload?.type === 'xstate.error.actor.loadEmployee') return dropCall(page, path, memo);
  const isReload = (url: URL) => url.pathname === path;
  const email = reload ? emailWanted(events, index + 2) : undefined;
  if (email !== undefined) {
    await page.route(isReload, async (route) => {
      if (route.request().method() === 'GET') {
        await page.unroute(isReload);
        await save(page, memo, { email });
      }
      await route.fallback();
    });
  }
  const answered = page.waitForResponse((r) => isReload(new URL(r.url())) && r.request().method() === 'GET');
  answered.catch(() => undefined); // a path that ends here never waits for it
  memo.set('reload', answered);
}
