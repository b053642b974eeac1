/**
 * The employee form in the browser: the « Nouveau salarié » sheet (create mode, the current
 * organisation on the first line). The e-mail lookup and the import are the real server's: an
 * e-mail of an employee of the same company outside the current organisation is offered for import,
 * a new one is not. A lookup, import or creation that fails is the browser's connection dropped for it.
 * The sheet closes once the employee is created; what follows a save is walked on the employee's page
 * (`employeeEditAdapter`, update mode), where the form stays.
 */
import { expect, type Page } from '@playwright/test';
import { transition as step, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { Employee, EmployeePage, Organization } from '../../../src/contract/entities.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { isValidEmail } from '../../../src/contract/validation.ts';
import { IMPORTED, TODAY } from '../../../machines/employee-form/employeeForm.fixtures.ts';
import type { EmployeeFormEvent } from '../../../machines/employee-form/index.ts';
import type { EmployeeFormContext } from '../../../machines/employee-form/employeeForm.types.ts';
import {
  type EmployeeFormSnapshot,
  selectEmployeeForm,
} from '../../../machines/employee-form/employeeForm.selectors.ts';
import { fr } from '../support.ts';
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

type Of<T extends EmployeeFormEvent['type']> = Extract<EmployeeFormEvent, { type: T }>;

const sheet = (page: Page) => page.getByRole('form', { name: fr('employees.sheet.title') });
const field = (page: Page, name: string) => sheet(page).locator(`input[name="${name}"]`);
const button = (page: Page, key: string) => sheet(page).getByRole('button', { name: fr(key), exact: true });
const importOffer = (page: Page) => page.getByRole('alertdialog', { name: fr('employees.import.title') });

const outputOf = (event: EventObject | undefined) => (event as { output?: unknown } | undefined)?.output;

let unique = 0;

/**
 * An organisation of the current one's company other than it: an employee there with an e-mail is
 * offered for import. Only the server knows which organisations share the current one's company (the
 * tests run before the replay add organisations): the first whose demo employee its lookup offers,
 * asked once per worker.
 */
const importOrgs = new Map<string, Promise<string>>();
const importOrgOf = (page: Page, headers: Record<string, string>, orgId: string): Promise<string> => {
  const known = importOrgs.get(orgId);
  if (known) return known;
  const found = (async () => {
    const orgs = (await (
      await page.request.post(routeUrl('organizations.list'), { headers, data: { limit: 50 } })
    ).json()) as { items: readonly Organization[] } | readonly Organization[];
    const list = Array.isArray(orgs) ? orgs : (orgs as { items: readonly Organization[] }).items;
    for (const org of list.filter((o) => o.id !== orgId)) {
      const { items } = (await (
        await page.request.post(routeUrl('employees.list'), {
          headers,
          data: { limit: 20, organizations: [{ organizationId: org.id, active: true }] },
        })
      ).json()) as EmployeePage;
      const candidate = items.find((e) => e.email?.trim() && !e.organizations.some((o) => o.organizationId === orgId));
      if (!candidate) continue;
      const offer = (await (
        await page.request.post(routeUrl('employees.importSearch'), {
          headers,
          data: { email: candidate.email, orgId },
        })
      ).json()) as { items: readonly unknown[] };
      if (offer.items.length > 0) return org.id;
    }
    throw new Error('the demo has no other organisation of the current one’s company');
  })();
  found.catch(() => importOrgs.delete(orgId));
  importOrgs.set(orgId, found);
  return found;
};

interface Offered {
  readonly employee: Employee;
  readonly input: Record<string, unknown>;
}

/**
 * The step's own employee offered for import: created for it in another organisation of the company,
 * with a new e-mail (so that an import, which takes it into the current organisation, never takes
 * another path's; given back after the path). Made per lookup that offers an import, never for the
 * whole path: a chained path may decline one offer and take the next.
 */
const importableEmail = async (page: Page, memo: Map<string, unknown>): Promise<string> => {
  const { session, headers } = memo.get('api') as ApiSession;
  const orgId = await importOrgOf(page, headers, session.orgId);
  const n = `${Date.now()}-${(unique += 1)}`;
  const input = {
    name: 'Parcours',
    firstName: `Import ${n}`,
    birthDate: '1987-05-06',
    email: `import.${n}@example.fr`,
    address: { street: '5 rue des Tilleuls', postal: '69002', city: 'Lyon', country: 'France' },
    organizations: [{ organizationId: orgId }],
  };
  const created = await page.request.post(routeUrl('employees.create'), { headers, data: input });
  expect(created.status(), await created.text()).toBe(201);
  const employee = (await created.json()) as Employee;
  afterPath(memo, async () => {
    await page.request.put(routeUrl('employees.deactivate', { id: employee.id }), { headers });
  });
  const offered = (memo.get('offered') as Offered[] | undefined) ?? [];
  memo.set('offered', [...offered, { employee, input }]);
  return input.email;
};

/**
 * A creation the model saves, with the e-mail of an import offer the path declined (or whose import
 * failed): the model keeps no trace of the offer, the real server refuses an e-mail an employee of the
 * company has. The employee offered changes theirs first (through the API), as a colleague could
 * meanwhile: the form's e-mail is then free, as the model has it.
 */
const freeOfferedEmail = async (page: Page, memo: Map<string, unknown>): Promise<void> => {
  const typed = (await field(page, 'email').inputValue()).trim().toLowerCase();
  const offered = ((memo.get('offered') as Offered[] | undefined) ?? []).find(
    (o) => (o.input.email as string).toLowerCase() === typed,
  );
  if (!offered) return;
  const { headers } = memo.get('api') as ApiSession;
  const input = { ...offered.input, email: `ailleurs.${Date.now()}.${(unique += 1)}@example.fr` };
  const updated = await page.request.put(routeUrl('employees.update', { id: offered.employee.id }), {
    headers,
    data: input,
  });
  expect(updated.status(), await updated.text()).toBe(200);
  memo.set(
    'offered',
    (memo.get('offered') as Offered[]).map((o) => (o === offered ? { ...o, input } : o)),
  );
};

/**
 * The lookup a `form.change` starts, in the model, and its outcome in the path: the first lookup
 * answer before the form leaves `checkingEmail` (another change starts its own lookup).
 */
const lookupOutcome = (
  before: AnyMachineSnapshot,
  events: readonly EventObject[],
  index: number,
): { starts: boolean; outcome: EventObject | undefined } => {
  const checking = (s: AnyMachineSnapshot) => s.matches({ editing: 'checkingEmail' });
  const next = (s: AnyMachineSnapshot, e: EventObject) =>
    (step(before.machine, s as never, e as never) as unknown as [AnyMachineSnapshot])[0];
  // An e-mail change ends in `checkingEmail` only when it starts a lookup (else it goes to `idle`).
  let s = next(before, events[index]!);
  if (!checking(s)) return { starts: false, outcome: undefined };
  for (const e of events.slice(index + 1)) {
    if (/\.lookupEmail$/.test(e.type)) return { starts: true, outcome: e };
    if (e.type === 'form.change') return { starts: true, outcome: undefined };
    s = next(s, e);
    if (!checking(s)) return { starts: true, outcome: undefined };
  }
  return { starts: true, outcome: undefined };
};

export const employeeFormAdapter: MachineAdapter = {
  machine: 'employee-form',
  // The sheet: create mode, the current organisation locked on the first line, one more line possible.
  input: { mode: 'create', orgId: 'org-a', visibleOrgCount: 2, today: TODAY },
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    memo.set('api', await logInThroughApi(page, 'admin'));
    await openLoggedIn(page, '/employees/create', { behindDialog: true });
    await expect(sheet(page)).toBeVisible();
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
    'form.change':
      'typing in the field (a unique new e-mail; the one the last lookup checked when the model checks it again; for a lookup that offers an import, the e-mail of an employee created for it in another organisation of the company)',
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
    'form.change': async ({ page, event, events, index, before, memo }) => {
      const change = event as Of<'form.change'>;
      let value = change.value;
      if (change.field === 'email' && isValidEmail(value)) {
        // Decided per change, from what follows it: a chained path types several e-mails, each with its
        // own lookup outcome (or none), and may decline an offer then take the next.
        const { starts, outcome } = lookupOutcome(before, events, index);
        const context = before.context as EmployeeFormContext;
        if (starts) {
          value =
            outcome?.type === 'xstate.done.actor.lookupEmail' && outputOf(outcome)
              ? await importableEmail(page, memo)
              : `parcours.${Date.now()}.${(unique += 1)}@example.fr`;
          memo.set('checked', value);
          const path = routeUrl('employees.importSearch');
          const isLookup = (r: { url(): string }) => new URL(r.url()).pathname === path;
          if (outcome?.type === 'xstate.error.actor.lookupEmail') await dropCall(page, path, memo, 500);
          if (outcome?.type === 'xstate.done.actor.lookupEmail') {
            const answered = page.waitForResponse(isLookup);
            answered.catch(() => undefined); // a path that ends here never waits for it
            memo.set('lookup', answered);
          }
        } else if (context.mode === 'create' && value.trim() === context.checkedEmail) {
          // The e-mail the model checked last, typed again: the one the form looked up, so no new lookup.
          value = memo.get('checked') as string;
          expect(value, 'an e-mail typed again after its lookup').toBeTruthy();
        } else value = `parcours.${Date.now()}.${(unique += 1)}@example.fr`;
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
    'form.submit': async ({ page, next, before, memo }) => {
      if (next?.type === 'xstate.error.actor.saveEmployee') await dropCall(page, routeUrl('employees.create'), memo);
      else if ((before.context as EmployeeFormContext).mode === 'create') await freeOfferedEmail(page, memo);
      await button(page, 'employees.actions.create').click();
    },
    'import.confirm': async ({ page, next, memo }) => {
      const path = routeUrl('employees.import');
      if (next?.type === 'xstate.error.actor.importEmployee') await dropCall(page, path, memo);
      if (next?.type === 'xstate.done.actor.importEmployee') {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
        answered.catch(() => undefined); // a path that ends here never waits for it
        memo.set('import', answered);
      }
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
    'xstate.done.actor.importEmployee': async ({ page, memo }) => {
      // The offer closes as the import leaves: the form reads the employee once it is answered (a
      // chained path types on after it, which the import's answer would overwrite).
      await (memo.get('import') as Promise<unknown>);
      const offered = (memo.get('offered') as Offered[]).at(-1)!;
      await expect(field(page, 'firstName')).toHaveValue(offered.input.firstName as string);
    },
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
