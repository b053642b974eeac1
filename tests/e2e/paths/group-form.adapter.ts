/**
 * The employee group page in the browser, opened by `admin`: the creation (`/employee-groups/create`),
 * then, for what only an existing group does (its read, the save that stays, the deletion), the page
 * of a group of the path's own (`/employee-groups/{id}`), created through the real API with one member
 * and deleted after the path (a group the path creates on the page is deleted after it too).
 *
 * Nothing is mocked. Members are real employees of the organisation, found with the page's own search;
 * the other organisation is another one the admin may create groups in. A name another group of the
 * same organisation has (one made for the path through the API) is the save the server refuses (409);
 * a read or a deletion that fails is the browser's connection dropped for it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { EmployeeGroupDetail, EmployeePage, Organization } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { GROUP, MEMBER, PATHS_INPUT } from '../../../machines/group-form/groupForm.fixtures.ts';
import {
  selectGroupForm,
  type GroupFormContext,
  type GroupFormEvent,
  type GroupFormSnapshot,
} from '../../../machines/group-form/index.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, afterPath, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends GroupFormEvent['type']> = Extract<GroupFormEvent, { type: T }>;
type Headers = Record<string, string>;
interface Person {
  readonly id: string;
  readonly label: string;
}

const form = (page: Page) => page.getByRole('form', { name: fr('groups.form.label') });
const nameField = (page: Page) => form(page).getByRole('textbox', { name: fr('groups.form.name') });
const orgSelect = (page: Page) => form(page).getByRole('combobox', { name: fr('groups.form.organization') });
const button = (page: Page, key: string) => form(page).getByRole('button', { name: fr(key), exact: true });
const saveButton = (page: Page, creating: boolean) =>
  button(page, creating ? 'groups.form.create' : 'common.actions.save');
const search = (page: Page) => form(page).getByRole('searchbox', { name: fr('groups.form.findEmployee') });
const memberRows = (page: Page) =>
  form(page)
    .getByRole('table', { name: fr('groups.members.label') })
    .getByRole('row');
const deleteDialog = (page: Page) => page.getByRole('alertdialog', { name: fr('groups.delete.title') });
const toast = (page: Page, key: string, type: 'error' | 'success') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });
const removeButton = (page: Page, label: string) =>
  form(page).getByRole('button', { name: fr('groups.members.removeNamed').replace('{{name}}', label) });
const addButton = (page: Page, label: string) =>
  form(page).getByRole('button', { name: fr('groups.form.addNamed').replace('{{name}}', label) });

const contextOf = (s: AnyMachineSnapshot) => s.context as GroupFormContext;

let unique = 0;
const uniqueName = (what: string) => `Parcours ${what} ${Date.now()}.${test.info().parallelIndex}.${(unique += 1)}`;

/** An active employee of the organisation (and below), with an e-mail: the one the page's search finds. */
async function employeeOf(page: Page, headers: Headers, orgId: string): Promise<Person> {
  const answer = await page.request.post(routeUrl('employees.list'), {
    headers,
    data: { limit: 20, organizations: [{ organizationId: orgId, active: true }] },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { items } = (await answer.json()) as EmployeePage;
  const e = items.find((i) => i.email);
  if (!e) throw new Error(`no active employee with an e-mail in organisation ${orgId}`);
  return { id: e.id, label: `${e.name} ${e.firstName}` };
}

/** A group of the path's own, through the real API, deleted after the path. */
async function createGroup(
  page: Page,
  memo: Map<string, unknown>,
  orgId: string,
  name: string,
  ids: readonly string[],
): Promise<EmployeeGroupDetail> {
  const headers = memo.get('headers') as Headers;
  const created = await page.request.post(routeUrl('groups.create'), {
    headers,
    data: { name, orgId, employeesIds: ids },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const group = (await created.json()) as EmployeeGroupDetail;
  deleteAfter(page, memo, group.id);
  return group;
}

/** The group is deleted after the path (deleted by it already: nothing to do). */
function deleteAfter(page: Page, memo: Map<string, unknown>, id: string): void {
  afterPath(memo, async () => {
    const answer = await page.request.delete(routeUrl('groups.delete', { id }), {
      headers: memo.get('headers') as Headers,
    });
    expect([200, 204, 404].includes(answer.status()), await answer.text()).toBe(true);
  });
}

/** The name a change types: a name another group of the organisation has when the save that follows is refused. */
const nameFor = (
  event: Of<'group.name.change'>,
  events: readonly EventObject[],
  index: number,
  memo: Map<string, unknown>,
) => {
  if (event.value.trim() === '') return event.value;
  const after = events.slice(index + 1);
  const outcome = after.find((e) => e.type === 'group.name.change' || /saveGroup$/.test(e.type));
  if (outcome?.type === 'xstate.error.actor.saveGroup') return memo.get('takenName') as string;
  return uniqueName('groupe');
};

/** What both screens share: typing, the members, the save and its answers. */
const shared = (creating: boolean): Pick<MachineAdapter, 'events' | 'how' | 'states'> => ({
  how: {
    'group.name.change': 'typing the name (a new one, or one another group of the organisation has, or blanks)',
    'group.name.blur': 'leaving the name',
    'group.member.add': '« Ajouter » beside an employee the page’s search finds',
    'group.member.remove': '« Retirer » on the member’s row',
    'group.save': `« ${fr(creating ? 'groups.form.create' : 'common.actions.save')} » (enabled exactly when the chart takes it)`,
    'xstate.done.actor.saveGroup': creating
      ? 'the server creates the group (the page goes back to the list)'
      : 'the server saves the group',
    'xstate.error.actor.saveGroup': 'the server refuses a name another group of the organisation has (409)',
  },
  events: {
    'group.name.change': async ({ page, event, events, index, memo }) => {
      await nameField(page).fill(nameFor(event as Of<'group.name.change'>, events, index, memo));
    },
    'group.name.blur': async ({ page }) => {
      await nameField(page).focus();
      await nameField(page).blur();
    },
    'group.member.add': async ({ page, before, memo }) => {
      const person = (memo.get('people') as Map<string, Person>).get(contextOf(before).orgId)!;
      await search(page).fill(person.label.split(' ')[0]!);
      await addButton(page, person.label).first().click();
      memo.set('member', person);
    },
    'group.member.remove': async ({ page, memo }) => {
      await removeButton(page, (memo.get('member') as Person).label).click();
    },
    'group.save': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.done.actor.saveGroup' && creating) {
        const answered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === routeUrl('groups.create') && r.request().method() === 'POST',
        );
        answered.catch(() => undefined);
        memo.set('created', answered);
      }
      await saveButton(page, creating).click();
    },
    'xstate.done.actor.saveGroup': async ({ page, memo }) => {
      const created = memo.get('created') as Promise<{ json(): Promise<unknown> }> | undefined;
      if (created) {
        const { id } = (await (await created).json()) as EmployeeGroupDetail;
        deleteAfter(page, memo, id);
      }
      const key = creating ? ALERT_KEYS.groups.createSuccess : ALERT_KEYS.groups.updateSuccess;
      await expect(toast(page, key, 'success')).toBeVisible();
    },
    'xstate.error.actor.saveGroup': async ({ page }) => {
      const key = creating ? ALERT_KEYS.groups.createError : ALERT_KEYS.groups.updateError;
      await expect(toast(page, key, 'error')).toBeVisible();
    },
  },
  states: {
    'groupForm.data.loading': null,
    'groupForm.data.ready': null,
    'groupForm.data.failed': async (page) => {
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(form(page)).toHaveCount(0);
    },
    'groupForm.form.open.editing': async (page, snapshot) => {
      const view = selectGroupForm(snapshot as GroupFormSnapshot);
      if (!creating && !view.group) return; // the group's read is still out (or failed)
      await expect(deleteDialog(page)).toHaveCount(0);
      await expect(saveButton(page, creating)).toBeEnabled({ enabled: !view.saveDisabled });
      // A header row, then one per member (or the empty line).
      await expect(memberRows(page)).toHaveCount(1 + Math.max(1, view.members.length));
      if (view.nameError) await expect(form(page).getByText(fr(view.nameError))).toBeVisible();
      else await expect(nameField(page)).not.toHaveAttribute('aria-invalid', 'true');
    },
    'groupForm.form.open.saving': null,
    'groupForm.form.open.confirmingDelete': async (page) => {
      await expect(deleteDialog(page)).toBeVisible();
    },
    'groupForm.form.open.deleting': null,
    'groupForm.form.left': async (page) => {
      await expect(page).toHaveURL(/\/employee-groups\/?$/);
    },
  },
});

/** The admin logged in, the people the paths add (one per organisation the page may be on), the rival's name. */
async function prepare(page: Page, memo: Map<string, unknown>) {
  await skipWelcome(page);
  const { session, headers } = await logInThroughApi(page, 'admin');
  memo.set('headers', headers);
  const people = new Map<string, Person>();
  people.set(PATHS_INPUT.orgId, await employeeOf(page, headers, session.orgId));
  memo.set('people', people);
  return { session, headers, people };
}

const creation = shared(true);

export const groupFormAdapter: MachineAdapter = {
  machine: 'group-form',
  input: PATHS_INPUT,
  start: async (page, events, memo) => {
    const { session, headers, people } = await prepare(page, memo);
    // The model's organisations: the session's (the fixtures' `org-paris`) and another one offered.
    const orgChange = events.find((e) => e.type === 'group.org.change') as Of<'group.org.change'> | undefined;
    let target = session.orgId;
    if (orgChange) {
      const answer = await page.request.get(routeUrl('organizations.eligible'), { headers });
      const others = ((await answer.json()) as Organization[]).filter((o) => o.id !== session.orgId);
      let found: Organization | undefined;
      for (const o of others) {
        try {
          people.set(orgChange.orgId, await employeeOf(page, headers, o.id));
          found = o;
          break;
        } catch {
          // no employee there: the next one
        }
      }
      if (!found) throw new Error('no other eligible organisation with an employee');
      memo.set('otherOrgName', found.name);
      target = found.id;
    }
    if (events.some((e) => e.type === 'xstate.error.actor.saveGroup')) {
      const rival = await createGroup(page, memo, target, uniqueName('rival'), []);
      memo.set('takenName', rival.name);
    }
    await openLoggedIn(page, '/employee-groups/create');
    await expect(form(page)).toBeVisible();
  },
  // The creation reads the organisations offered (never a group, never failing: the current one stays).
  // The organisation select shows once they are read; a member is added once, removed once there.
  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      case 'xstate.done.actor.loadGroup':
        return (event as Of<'xstate.done.actor.loadGroup'>).output.group === null;
      case 'xstate.error.actor.loadGroup':
        return false;
      case 'group.org.change':
        return c.orgs.length > 0 && c.orgId !== (event as Of<'group.org.change'>).orgId;
      case 'group.member.add':
        return !c.members.some((m) => m.id === MEMBER.id);
      case 'group.member.remove':
        return c.members.some((m) => m.id === MEMBER.id);
      default:
        return true;
    }
  },
  how: {
    ...creation.how,
    'xstate.done.actor.loadGroup': 'the server answers the organisations offered (on opening the page)',
    'group.org.change': 'choosing another organisation in the select',
  },
  events: {
    ...creation.events,
    'xstate.done.actor.loadGroup': async ({ page }) => {
      await expect(orgSelect(page)).toBeVisible();
    },
    'group.org.change': async ({ page, memo }) => {
      await orgSelect(page).selectOption({ label: memo.get('otherOrgName') as string });
    },
  },
  states: creation.states,
};

const edit = shared(false);

export const groupEditAdapter: MachineAdapter = {
  machine: 'group-form',
  variant: 'the group’s page (edit)',
  input: { groupId: GROUP.id, orgId: PATHS_INPUT.orgId },
  start: async (page, events, memo) => {
    const { session, people } = await prepare(page, memo);
    const member = people.get(PATHS_INPUT.orgId)!;
    memo.set('member', member);
    const group = await createGroup(page, memo, session.orgId, uniqueName('groupe'), [member.id]);
    memo.set('group', group);
    if (events.some((e) => e.type === 'xstate.error.actor.saveGroup')) {
      const rival = await createGroup(page, memo, session.orgId, uniqueName('rival'), []);
      memo.set('takenName', rival.name);
    }
    if (events[0]?.type === 'xstate.error.actor.loadGroup')
      await dropCall(page, routeUrl('groups.get', { id: group.id }), memo);
    await openLoggedIn(page, `/employee-groups/${group.id}`);
  },
  // The group's page: its read is a group; its organisation is fixed; its member is the fixtures' one.
  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      case 'xstate.done.actor.loadGroup':
        return (event as Of<'xstate.done.actor.loadGroup'>).output.group !== null;
      case 'group.org.change':
        return false;
      case 'group.member.add':
        return c.group !== null && !c.members.some((m) => m.id === MEMBER.id);
      case 'group.member.remove':
        return c.members.some((m) => m.id === MEMBER.id);
      // Nothing is typed before the group is read (the page shows it loading).
      case 'group.name.change':
      case 'group.name.blur':
      case 'group.save':
        return c.group !== null;
      default:
        return true;
    }
  },
  how: {
    ...edit.how,
    'xstate.done.actor.loadGroup': 'the server answers the group’s read (on opening the page)',
    'xstate.error.actor.loadGroup': 'the read fails: the connection drops for it',
    'group.delete.ask': '« Supprimer le groupe »',
    'group.delete.cancel': '« Annuler » in the confirmation',
    'group.delete.confirm': '« Supprimer » in the confirmation',
    'xstate.done.actor.deleteGroup': 'the server deletes the group (the page goes back to the list)',
    'xstate.error.actor.deleteGroup': 'the deletion fails: the connection drops for it',
  },
  events: {
    ...edit.events,
    'xstate.done.actor.loadGroup': async ({ page, memo }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText((memo.get('group') as EmployeeGroupDetail).name);
    },
    'xstate.error.actor.loadGroup': async ({ page, memo }) => afterDrop(page, memo),
    'group.delete.ask': async ({ page }) => button(page, 'groups.form.delete').click(),
    'group.delete.cancel': async ({ page }) =>
      deleteDialog(page)
        .getByRole('button', { name: fr('common.actions.cancel'), exact: true })
        .click(),
    'group.delete.confirm': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.deleteGroup') {
        const { id } = memo.get('group') as EmployeeGroupDetail;
        await dropCall(page, routeUrl('groups.delete', { id }), memo);
      }
      await deleteDialog(page)
        .getByRole('button', { name: fr('groups.delete.confirm'), exact: true })
        .click();
    },
    'xstate.done.actor.deleteGroup': async ({ page }) => {
      await expect(toast(page, ALERT_KEYS.groups.deleteSuccess, 'success')).toBeVisible();
    },
    'xstate.error.actor.deleteGroup': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.groups.deleteError, 'error')).toBeVisible();
    },
  },
  states: edit.states,
};
