/**
 * The employee form in the browser: the « Nouveau salarié » sheet (create mode, the current
 * organisation on the first line). The e-mail lookup and the import are the real server's: an
 * e-mail of an employee of the same company outside the current organisation is offered for import,
 * a new one is not. A lookup, import or creation that fails is the browser's connection dropped for it.
 * The sheet closes once the employee is created; what follows a save is walked on the employee's page
 * (`employeeEditAdapter`, update mode), where the form stays.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Employee, EmployeePage, Organization } from '../../../src/contract/entities.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { IMPORTED, TODAY } from '../../../machines/employee-form/employeeForm.fixtures.ts';
import type { EmployeeFormEvent } from '../../../machines/employee-form/index.ts';
import {
  type EmployeeFormSnapshot,
  selectEmployeeForm,
} from '../../../machines/employee-form/employeeForm.selectors.ts';
import { fr, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, afterPath, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends EmployeeFormEvent['type']> = Extract<EmployeeFormEvent, { type: T }>;

const sheet = (page: Page) => page.getByRole('form', { name: fr('employees.sheet.title') });
const field = (page: Page, name: string) => sheet(page).locator(`input[name="${name}"]`);
const button = (page: Page, key: string) => sheet(page).getByRole('button', { name: fr(key), exact: true });
const importOffer = (page: Page) => page.getByRole('alertdialog', { name: fr('employees.import.title') });

const outputOf = (event: EventObject | undefined) => (event as { output?: unknown } | undefined)?.output;

/**
 * An e-mail the server offers for import: an employee of the company outside the current organisation.
 * A path whose import succeeds takes that employee into the organisation (no more offer for it): it
 * takes a later one than the first, one per worker, so that a path running beside it still finds the
 * first one offered.
 */
const importableEmail = async (page: Page, imports: boolean): Promise<string> => {
  let skip = imports ? 1 + test.info().parallelIndex : 0;
  let last: string | undefined;
  const headers = await sessionHeaders(page);
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('hrdesk.session'))) ?? '{}') as {
    orgId: string;
  };
  const orgs = (await (
    await page.request.post(routeUrl('organizations.list'), { headers, data: { limit: 50 } })
  ).json()) as { items: readonly Organization[] } | readonly Organization[];
  const list = Array.isArray(orgs) ? orgs : (orgs as { items: readonly Organization[] }).items;
  for (const org of list.filter((o) => o.id !== session.orgId)) {
    const { items } = (await (
      await page.request.post(routeUrl('employees.list'), {
        headers,
        data: { limit: 100, organizations: [{ organizationId: org.id, active: true }] },
      })
    ).json()) as EmployeePage;
    const candidates = items.filter(
      (e) => e.email?.trim() && !e.organizations.some((o) => o.organizationId === session.orgId),
    );
    // Only the server knows which organisations share the current one's company (the tests run
    // before the replay add organisations): ask its lookup, as the sheet will.
    for (const candidate of candidates) {
      const offer = (await (
        await page.request.post(routeUrl('employees.importSearch'), {
          headers,
          data: { email: candidate.email, ...(session.orgId ? { orgId: session.orgId } : {}) },
        })
      ).json()) as { items: readonly unknown[] };
      if (offer.items.length > 0 && candidate.email) {
        last = candidate.email;
        if (skip === 0) return last;
        skip -= 1;
      }
    }
  }
  if (last) return last;
  throw new Error('the demo has no employee of another organisation of the company with an e-mail');
};

let unique = 0;

export const employeeFormAdapter: MachineAdapter = {
  machine: 'employee-form',
  // The sheet: create mode, the current organisation locked on the first line, one more line possible.
  input: { mode: 'create', orgId: 'org-a', visibleOrgCount: 2, today: TODAY },
  start: async (page, events, memo) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, '/employees/create', { behindDialog: true });
    await expect(sheet(page)).toBeVisible();
    if (events.some((e) => e.type === 'xstate.done.actor.lookupEmail' && outputOf(e))) {
      const imports = events.some((e) => e.type === 'xstate.done.actor.importEmployee');
      memo.set('importable', await importableEmail(page, imports));
    }
  },
  offered: (snapshot: AnyMachineSnapshot, event: EventObject) => {
    if (event.type === 'form.submit') {
      // « Créer » is disabled until the form can be sent: only the submit that leaves is offered.
      return snapshot.machine
        .getTransitionData(snapshot, event)
        .some((t) => (t.target ?? []).some((n) => n.id === 'employeeForm.submitting'));
    }
    if (event.type === 'form.org.change') return (event as Of<'form.org.change'>).organizationId === undefined;
    // The lookup answers within a moment of typing (then its offer is a modal dialog): an organisation
    // line is changed before or after it, not while it runs.
    if (event.type.startsWith('form.org.') && snapshot.matches({ editing: 'checkingEmail' })) return false;
    return true;
  },
  how: {
    'form.change': 'typing in the field (a unique new e-mail, or one the server offers for import)',
    'form.blur': 'leaving the field',
    'form.erase': '« Effacer »',
    'form.org.add': '« Ajouter une organisation »',
    'form.org.change': 'the line’s registration number',
    'form.org.remove': '« Retirer cette organisation »',
    'form.submit': '« Créer » (enabled only when the form can be sent)',
    'import.confirm': '« Intégrer » in the import offer',
    'import.cancel': '« Annuler » in the import offer',
    'xstate.done.actor.lookupEmail': 'the server answers the e-mail lookup (an offer, or none)',
    'xstate.done.actor.importEmployee': 'the server links the employee into the organisation',
    'xstate.done.actor.saveEmployee': 'the server creates the employee',
    'xstate.error.actor.lookupEmail': 'the lookup fails: the connection drops for it (half a second in flight first)',
    'xstate.error.actor.importEmployee': 'the import fails: the connection drops for it',
    'xstate.error.actor.saveEmployee': 'the creation fails: the connection drops for it',
  },
  events: {
    'form.change': async ({ page, event, events, index, memo }) => {
      const change = event as Of<'form.change'>;
      let value = change.value;
      if (change.field === 'email' && value.includes('@')) {
        // The lookup's outcome, if it comes before anything that starts another lookup or drops this one.
        const outcome = events.slice(index + 1).find((e) => /lookupEmail$|^form\.(change|erase)$/.test(e.type));
        if (outcome?.type === 'xstate.done.actor.lookupEmail' && outputOf(outcome))
          value = memo.get('importable') as string;
        else value = `parcours.${Date.now()}.${(unique += 1)}@example.fr`;
        const path = routeUrl('employees.importSearch');
        const isLookup = (r: { url(): string }) => new URL(r.url()).pathname === path;
        if (outcome?.type === 'xstate.error.actor.lookupEmail') await dropCall(page, path, memo, 500);
        if (outcome?.type === 'xstate.done.actor.lookupEmail') {
          const answered = page.waitForResponse(isLookup);
          answered.catch(() => undefined); // a path that ends here never waits for it
          memo.set('lookup', answered);
        }
      }
      await field(page, change.field).fill(value);
    },
    'form.blur': async ({ page, event }) => {
      const input = field(page, (event as Of<'form.blur'>).field);
      await input.focus();
      await input.blur();
    },
    'form.erase': async ({ page }) => button(page, 'employees.actions.erase').click(),
    'form.org.add': async ({ page }) => button(page, 'employees.actions.addOrg').click(),
    'form.org.change': async ({ page, event }) => {
      const { index, registrationNumber } = event as Of<'form.org.change'>;
      await sheet(page)
        .getByLabel(fr('employees.fields.registrationNumber'))
        .nth(index)
        .fill(`${registrationNumber ?? ''}-${Date.now()}`);
    },
    'form.org.remove': async ({ page }) => {
      await sheet(page)
        .getByRole('button', { name: fr('employees.actions.removeOrg') })
        .first()
        .click();
    },
    'form.submit': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.saveEmployee') await dropCall(page, routeUrl('employees.create'), memo);
      await button(page, 'employees.actions.create').click();
    },
    'import.confirm': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.importEmployee') await dropCall(page, routeUrl('employees.import'), memo);
      await importOffer(page)
        .getByRole('button', { name: fr('employees.actions.integrate') })
        .click();
    },
    'import.cancel': async ({ page }) =>
      importOffer(page)
        .getByRole('button', { name: fr('employees.actions.cancel') })
        .click(),
    'xstate.done.actor.lookupEmail': async ({ page, memo }) => {
      await (memo.get('lookup') as Promise<unknown>);
      await expect(sheet(page).getByText(fr('employees.sheet.checkingEmail'))).toBeHidden();
    },
    'xstate.error.actor.lookupEmail': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(sheet(page).getByText(fr('employees.sheet.checkingEmail'))).toBeHidden();
    },
    'xstate.done.actor.importEmployee': async () => {},
    'xstate.error.actor.importEmployee': async ({ page, memo }) => afterDrop(page, memo),
    'xstate.done.actor.saveEmployee': async () => {},
    'xstate.error.actor.saveEmployee': async ({ page, memo }) => afterDrop(page, memo),
  },
  states: {
    'employeeForm.editing': async (page) => {
      await expect(sheet(page)).toBeVisible();
      await expect(importOffer(page)).toHaveCount(0);
    },
    'employeeForm.editing.checkingEmail': null,
    'employeeForm.awaitingImportConfirmation': async (page) => {
      await expect(importOffer(page)).toBeVisible();
    },
    'employeeForm.importing': null,
    'employeeForm.submitting': null,
    'employeeForm.succeeded': async (page) => {
      await expect(sheet(page)).toBeHidden();
    },
    'employeeForm.failed': async (page) => {
      // Said in the sheet itself (the app's alerts are behind its overlay).
      await expect(sheet(page).getByRole('alert')).toContainText(fr('alert.employees.create.error'));
    },
  },
  notDriven: {
    'employeeForm.succeeded —form.change[0]→ employeeForm.editing':
      'the sheet closes once the employee is created (the new employee’s page opens): nothing is typed after',
  },
};

/** The employee page's form (`/employees/$id`): the same machine in update mode, on a fresh employee. */
const editForm = (page: Page) => page.locator('form').filter({ has: page.locator('input[name="name"]') });
const editField = (page: Page, name: string) => editForm(page).locator(`input[name="${name}"]`);
const editButton = (page: Page, key: string) => editForm(page).getByRole('button', { name: fr(key), exact: true });

export const employeeEditAdapter: MachineAdapter = {
  machine: 'employee-form',
  variant: 'the employee page (update)',
  // The page's form: update mode on the employee read, its organisation first, another possible.
  input: { mode: 'update', employee: IMPORTED, orgId: 'org-a', visibleOrgCount: 2, today: TODAY },
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    const n = `${Date.now()}-${(unique += 1)}`;
    const created = await page.request.post(routeUrl('employees.create'), {
      headers,
      data: {
        name: 'Parcours',
        firstName: `Modification ${n}`,
        birthDate: '1988-02-03',
        email: `modification.${n}@example.fr`,
        organizations: [{ organizationId: session.orgId }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const employee = (await created.json()) as Employee;
    memo.set('employee', employee);
    // Its place in the company's employee limit is given back, whatever the path did.
    afterPath(memo, async () => {
      await page.request.put(routeUrl('employees.deactivate', { id: employee.id }), { headers });
    });
    await openLoggedIn(page, `/employees/${employee.id}`);
    await expect(editField(page, 'name')).toHaveValue('Parcours');
  },
  // « Effacer » is enabled on this page once something changed (« Enregistrer » when the chart takes a submit).
  offered: (snapshot: AnyMachineSnapshot, event: EventObject) =>
    event.type !== 'form.erase' || selectEmployeeForm(snapshot as EmployeeFormSnapshot).dirty,
  how: {
    'form.change': 'typing in the field of the employee page',
    'form.erase': '« Effacer » (enabled once something changed)',
    'form.submit': '« Enregistrer » (enabled only when the form can be sent)',
    'xstate.done.actor.saveEmployee': 'the server saves the employee',
    'xstate.error.actor.saveEmployee': 'the save fails: the connection drops for it',
  },
  events: {
    'form.change': async ({ page, event }) => {
      const change = event as Of<'form.change'>;
      const input = editField(page, change.field);
      const value =
        change.field === 'email' && change.value.includes('@')
          ? `modification.${Date.now()}.${(unique += 1)}@example.fr`
          : change.value;
      // Typing what the field already reads is no change for the page: a letter typed and taken back is
      // (the form leaves « saved » on the first, and reads as the model's at the end).
      if ((await input.inputValue()) === value) await input.fill(`${value}e`);
      await input.fill(value);
    },
    'form.erase': async ({ page }) => editButton(page, 'employees.actions.erase').click(),
    'form.submit': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.saveEmployee') {
        const { id } = memo.get('employee') as Employee;
        await dropCall(page, routeUrl('employees.update', { id }), memo);
      }
      await editButton(page, 'employees.actions.save').click();
    },
    'xstate.done.actor.saveEmployee': async () => {},
    'xstate.error.actor.saveEmployee': async ({ page, memo }) => afterDrop(page, memo),
  },
  states: {
    'employeeForm.editing': async (page, snapshot) => {
      await expect(editForm(page)).toBeVisible();
      const { dirty } = selectEmployeeForm(snapshot as EmployeeFormSnapshot);
      await expect(editButton(page, 'employees.actions.erase')).toBeEnabled({ enabled: dirty });
    },
    'employeeForm.editing.checkingEmail': null,
    'employeeForm.submitting': null,
    'employeeForm.succeeded': async (page) => {
      await expect(page.getByText(fr('alert.employees.update.success'))).toBeVisible();
      await expect(editForm(page).getByText(fr('employees.form.unchanged'))).toBeVisible();
    },
    'employeeForm.failed': async (page) => {
      await expect(page.getByText(fr('alert.employees.update.error'))).toBeVisible();
      await expect(editButton(page, 'employees.actions.save')).toBeEnabled();
    },
  },
};
