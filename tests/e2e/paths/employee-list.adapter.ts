/**
 * The employees list in the browser (machines/employee-list): `/employees` (« Tous ») or
 * `/employees/status/to-validate` (« À valider ») opened by `admin`, the other list reached through the
 * side navigation (the same page, its machine kept: a new query). Each path has its own employees,
 * created through the real API to be validated, named so that they come first on both lists (the
 * later a path, the earlier its name sorts) and deactivated after the path.
 *
 * The page's reads of the employees and of the statistics are held in the browser's network until
 * the path's next fact: then they go to the real server, which answers, or the connection drops under
 * them. While one is held the page is seen loading, and a new query or a reload (an employee created
 * through « Nouveau salarié », which reads the list again) can be made then. A bulk action's failure is
 * its call dropped by the connection.
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { EmployeeListContext, EmployeeListEvent } from '../../../machines/employee-list/index.ts';
import type { Employee } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterPath, logInThroughApi, openLoggedIn, skipWelcome, type ApiSession } from './screens.ts';

type Event<T extends EmployeeListEvent['type']> = Extract<EmployeeListEvent, { type: T }>;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as EmployeeListContext;

const pathOf = (url: string) => new URL(url, 'http://app').pathname;
const LIST_PATH = pathOf(routeUrl('employees.list'));
const STATS_PATH = pathOf(routeUrl('employees.stats'));

/** The table and its rows are also read while a dialog hides the page from assistive technology. */
const table = (page: Page) => page.getByRole('table', { name: fr('employees.list.label'), includeHidden: true });
const rowOf = (page: Page, name: string) =>
  table(page).getByRole('row', { includeHidden: true }).filter({ hasText: name });
const checkedRows = (page: Page) =>
  table(page)
    .getByRole('row', { includeHidden: true })
    .filter({ has: page.locator('input[type="checkbox"]:checked') });
const stat = (page: Page) => page.getByTestId('stat-totalCount');
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: fr('employees.confirm.title') });
const toast = (page: Page, key: string, type: 'error' | 'success') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });
const navLink = (page: Page, href: string) =>
  page.getByRole('navigation', { name: fr('shell.nav.label') }).locator(`a[href="${href}"]`);
const listHref = (query: Event<'list.query'>['query']) =>
  query.status === 'to-validate' ? '/employees/status/to-validate' : '/employees';
const sheet = (page: Page) => page.getByRole('form', { name: fr('employees.sheet.title') });

let unique = 0;

/** The path's employee: to be validated, first on both lists (a later path's name sorts before an earlier one's). */
async function createEmployee(page: Page, api: ApiSession): Promise<Employee> {
  const n = `${9_000_000_000_000 - Date.now()}${(unique += 1) % 10}`;
  const created = await page.request.post(routeUrl('employees.create'), {
    headers: api.headers,
    data: {
      name: `Aaaa ${n}`,
      firstName: 'Parcours',
      birthDate: '1991-06-21',
      email: `liste.${n}@example.fr`,
      needsValidation: true,
      organizations: [{ organizationId: api.session.orgId }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Employee;
}

/**
 * The page's reads (the employees, the statistics) wait in the browser's network until the path lets
 * them go: to the real server, or the connection dropped. A read the page abandoned meanwhile goes too,
 * and nobody listens to it.
 */
async function holdReads(page: Page, memo: Map<string, unknown>): Promise<void> {
  for (const [name, path] of [
    ['list', LIST_PATH],
    ['stats', STATS_PATH],
  ] as const) {
    const held: Route[] = [];
    memo.set(`${name}.held`, held);
    memo.set(`${name}.reads`, 0);
    await page.route(
      (url) => url.pathname === path,
      (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        held.push(route);
        memo.set(`${name}.reads`, (memo.get(`${name}.reads`) as number) + 1);
        return undefined;
      },
    );
  }
}
type Read = 'list' | 'stats';
const readsOf = (memo: Map<string, unknown>, read: Read) => memo.get(`${read}.reads`) as number;
const readAsked = async (memo: Map<string, unknown>, read: Read, before: number) =>
  expect.poll(() => readsOf(memo, read), { message: `the page reads its ${read} again` }).toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>, read: Read, how: 'answer' | 'drop'): Promise<void> {
  const held = memo.get(`${read}.held`) as Route[];
  await expect.poll(() => held.length, { message: `a read of the ${read} is on its way` }).toBeGreaterThan(0);
  for (const route of held.splice(0)) {
    // A read the page abandoned is already gone: nothing to let through.
    if (how === 'answer') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  }
}

/** « Nouveau salarié »: an employee created in the sheet; the page then reads the list and the statistics again. */
async function createInSheet(page: Page, memo: Map<string, unknown>): Promise<void> {
  const before = readsOf(memo, 'stats');
  await page.getByRole('button', { name: fr('employees.actions.add'), exact: true }).click();
  await expect(sheet(page)).toBeVisible();
  const n = `${Date.now()}${(unique += 1) % 10}`;
  await sheet(page).locator('input[name="name"]').fill('Parcours liste');
  await sheet(page).locator('input[name="firstName"]').fill(`Nouveau ${n}`);
  await sheet(page).locator('input[name="birthDate"]').fill('1990-04-12');
  const lookup = page.waitForResponse((r) => pathOf(r.url()) === pathOf(routeUrl('employees.importSearch')));
  await sheet(page).locator('input[name="email"]').fill(`liste.nouveau.${n}@example.fr`);
  await lookup;
  const created = page.waitForResponse(
    (r) => pathOf(r.url()) === pathOf(routeUrl('employees.create')) && r.request().method() === 'POST',
  );
  await sheet(page)
    .getByRole('button', { name: fr('employees.actions.create'), exact: true })
    .click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const { id } = (await answer.json()) as Employee;
  const headers = (memo.get('api') as ApiSession).headers;
  afterPath(memo, async () => {
    await page.request.put(routeUrl('employees.deactivate', { id }), { headers });
  });
  await expect(sheet(page)).toBeHidden();
  await readAsked(memo, 'stats', before);
}

/** The bulk action's call goes, or the connection drops under it (the next fact says which). */
async function armBulk(page: Page, memo: Map<string, unknown>, action: 'validate' | 'deactivate', ok: boolean) {
  const id = (memo.get('employee') as Employee).id;
  const path = pathOf(
    action === 'validate' ? routeUrl('employees.validate') : routeUrl('employees.deactivate', { id }),
  );
  const isCall = (url: URL) => url.pathname === path;
  if (ok) {
    const answered = page.waitForResponse((r) => isCall(new URL(r.url())));
    answered.catch(() => undefined); // a path that ends before its outcome never waits for it
    memo.set('bulk', answered);
    return;
  }
  const drop = (route: Route) => route.abort('internetdisconnected');
  await page.route(isCall, drop);
  const failed = page.waitForEvent('requestfailed', (r) => isCall(new URL(r.url())));
  failed.catch(() => undefined);
  memo.set(
    'bulk',
    failed.then(() => page.unroute(isCall, drop)),
  );
}

export const employeeListAdapter: MachineAdapter = {
  machine: 'employee-list',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const api = await logInThroughApi(page, 'admin');
    memo.set('api', api);
    const employee = await createEmployee(page, api);
    memo.set('employee', employee);
    // Its place in the company's employee limit is given back, whatever the path did.
    afterPath(memo, async () => {
      await page.request.put(routeUrl('employees.deactivate', { id: employee.id }), { headers: api.headers });
    });
    await holdReads(page, memo);
  },
  how: {
    'list.query':
      'the list opened (« Tous » or « À valider »), then the other list through the side navigation (the same page: a new query)',
    'list.reload':
      '« Nouveau salarié »: an employee created in the sheet, the page reads the list and the statistics again',
    'selection.change': 'the path’s employee’s checkbox, checked or unchecked',
    'bulk.request': '« Valider la sélection » (on « À valider ») or « Désactiver la sélection »',
    'bulk.confirm': '« Confirmer » in the confirmation',
    'bulk.cancel': '« Annuler » in the confirmation',
    'xstate.done.actor.readList': 'the held read of the employees goes to the real server, which answers',
    'xstate.error.actor.readList': 'the held read of the employees: its connection drops (the browser’s network)',
    'xstate.done.actor.readStats': 'the held read of the statistics goes to the real server, which answers',
    'xstate.error.actor.readStats': 'the held read of the statistics: its connection drops (the browser’s network)',
    'xstate.done.actor.runBulk': 'the real server validates or deactivates the path’s employee',
    'xstate.error.actor.runBulk': 'the bulk call’s connection drops (the browser’s network)',
  },
  events: {
    'list.query': async ({ page, event, before, memo }) => {
      const href = listHref((event as Event<'list.query'>).query);
      const reads = readsOf(memo, 'list');
      if (before.matches({ list: 'waiting' })) await openLoggedIn(page, href);
      else await navLink(page, href).click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
      await readAsked(memo, 'list', reads);
    },
    'list.reload': async ({ page, memo }) => createInSheet(page, memo),
    'selection.change': async ({ page, event, memo }) => {
      const { ids } = event as Event<'selection.change'>;
      const employee = memo.get('employee') as Employee;
      await rowOf(page, employee.name)
        .getByRole('checkbox', { name: fr('dataTable.selectRow') })
        .setChecked(ids.length > 0);
    },
    'bulk.request': async ({ page, event }) => {
      const { action } = event as Event<'bulk.request'>;
      const key = action === 'validate' ? 'employees.actions.validate' : 'employees.actions.deactivateSelection';
      await page
        .getByRole('toolbar')
        .getByRole('button', { name: fr(key), exact: true })
        .click();
    },
    'bulk.confirm': async ({ page, before, next, memo }) => {
      const action = contextOf(before).action!;
      await armBulk(page, memo, action, next?.type !== 'xstate.error.actor.runBulk');
      await confirmDialog(page)
        .getByRole('button', { name: fr('employees.actions.confirm'), exact: true })
        .click();
    },
    'bulk.cancel': async ({ page }) => {
      await confirmDialog(page)
        .getByRole('button', { name: fr('common.actions.cancel'), exact: true })
        .click();
    },
    'xstate.done.actor.runBulk': async ({ page, before, memo }) => {
      const action = contextOf(before).action!;
      const answer = await (memo.get('bulk') as ReturnType<Page['waitForResponse']>);
      expect(answer.ok(), await answer.text()).toBe(true);
      memo.set('changed', true);
      await expect(toast(page, `employees.messages.${action}.success`, 'success')).toBeVisible();
    },
    'xstate.error.actor.runBulk': async ({ page, before, memo }) => {
      const action = contextOf(before).action!;
      await memo.get('bulk');
      const key = action === 'validate' ? ALERT_KEYS.employees.updateError : ALERT_KEYS.employees.deleteError;
      await expect(toast(page, key, 'error')).toBeVisible();
    },
    'xstate.done.actor.readList': async ({ memo }) => letReadsGo(memo, 'list', 'answer'),
    'xstate.error.actor.readList': async ({ memo }) => letReadsGo(memo, 'list', 'drop'),
    'xstate.done.actor.readStats': async ({ memo }) => letReadsGo(memo, 'stats', 'answer'),
    'xstate.error.actor.readStats': async ({ memo }) => letReadsGo(memo, 'stats', 'drop'),
  },
  offered: (snapshot, event) => {
    const waiting = snapshot.matches({ list: 'waiting' });
    const idle = snapshot.matches({ bulk: 'idle' });
    const { selected } = contextOf(snapshot);
    switch (event.type) {
      // The page asks for its list as it opens: nothing happens on it before.
      case 'list.query':
        return true;
      // The navigation and « Nouveau salarié » are used with no confirmation open nor bulk call running.
      case 'list.reload':
        return !waiting && idle;
      // The rows are checked once shown; checking the path's employee, or unchecking it.
      case 'selection.change':
        return (
          snapshot.matches({ list: 'shown' }) &&
          idle &&
          (event as Event<'selection.change'>).ids.length > 0 === (selected.length === 0)
        );
      case 'bulk.request':
        return snapshot.matches({ list: 'shown' }) && idle;
      default:
        return !waiting;
    }
  },
  states: {
    'employeeList.list.waiting': null,
    'employeeList.list.loading': async (page) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
    },
    'employeeList.list.shown': async (page, snapshot, memo) => {
      // While a bulk call runs, its answer may already have come back and the page read again (the next fact).
      if (snapshot.matches({ bulk: 'running' })) return;
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      if (!memo.get('changed')) await expect(rowOf(page, (memo.get('employee') as Employee).name)).toHaveCount(1);
      await expect(checkedRows(page)).toHaveCount(contextOf(snapshot).selected.length);
    },
    'employeeList.list.failed': async (page) => {
      await expect(toast(page, 'employees.messages.list.error', 'error')).toBeVisible();
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(table(page)).toContainText(fr('employees.list.empty'));
    },
    'employeeList.stats.loading': async (page, snapshot) => {
      if (!contextOf(snapshot).stats) await expect(stat(page)).toContainText('…');
    },
    'employeeList.stats.shown': async (page, snapshot) => {
      if (contextOf(snapshot).stats) await expect(stat(page)).toContainText(/\d/);
      else await expect(stat(page)).toContainText('…');
    },
    'employeeList.selection': null,
    'employeeList.bulk.idle': async (page) => {
      await expect(confirmDialog(page)).toHaveCount(0);
    },
    'employeeList.bulk.confirming': async (page) => {
      await expect(confirmDialog(page)).toBeVisible();
    },
    'employeeList.bulk.running': null,
  },
};
