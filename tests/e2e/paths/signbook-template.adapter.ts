/**
 * A signbook template's page in the browser: `/signworkflows/templates/{id}` opened by `admin` on the
 * path's own template, created through the real API in Horizon Services Paris (the demo templates'
 * organisation, the model's `org-b`; the session's organisation is the model's `org-a`), with one
 * user step holding the admin (the fixture's Camille Martin) and the payroll officer: the step
 * changed is the payroll officer removed from it. The template is deleted after the path (when the
 * path has not). A read, a save or a deletion that fails is the browser's connection dropped for that one
 * call (the template's read too: it was an id no template has, but a chained walk goes on to delete the
 * template it failed to read, which the model deletes and the real server answers « not found »). A
 * chained path reads the document types at the opening and at each organisation chosen: each read's outcome
 * is the next the path names before another read starts.
 */
import { expect, request, test, type Page, type Request } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TemplateView } from '../../../src/contract/signbook.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import {
  signbookTemplateMachine,
  type SignbookTemplateContext,
  type SignbookTemplateEvent,
} from '../../../machines/signbook-template/index.ts';
import { templateProblems } from '../../../machines/signbook-template/signbookTemplate.model.ts';
import { stepsOf, type Step } from '../../harness/coverset.ts';
import { fr, persona } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterPath, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends SignbookTemplateEvent['type']> = Extract<SignbookTemplateEvent, { type: T }>;

const isDocTypes = (url: string) => /\/organization\/[^/]+\/conf\/doc-type$/.test(new URL(url).pathname);
const field = (page: Page, key: string) => page.getByLabel(fr(key), { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: fr('common.actions.save') });
const deleteButton = (page: Page) =>
  page.getByRole('button', { name: fr('signbooks.templates.delete'), exact: true }).first();
const dialog = (page: Page) => page.getByRole('alertdialog', { name: fr('signbooks.templates.deleteTitle') });
const typeBoxes = (page: Page) =>
  page
    .locator('fieldset')
    .filter({ hasText: fr('signbooks.templates.docTypes') })
    .locator('input[type="checkbox"]');
const toast = (page: Page, key: string) =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole('status')
    .filter({ hasText: fr(key) });
const contextOf = (s: AnyMachineSnapshot) => s.context as SignbookTemplateContext;
const deleted = (s: AnyMachineSnapshot) => s.matches('deleted');

/**
 * Drops the next call of this kind (that one only: a chained path may make it again and see it answered),
 * half a second after it leaves; `dropped <kind>` waits until it has failed.
 */
const dropOnce = async (
  page: Page,
  memo: Map<string, unknown>,
  kind: string,
  method: string,
  matchesUrl: (url: URL) => boolean,
) => {
  let dropped = false;
  const matches = (r: Request) => r.method() === method && matchesUrl(new URL(r.url()));
  await page.route(matchesUrl, async (route) => {
    if (dropped || !matches(route.request())) return route.fallback();
    dropped = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.abort('internetdisconnected');
  });
  const failed = page.waitForEvent('requestfailed', matches);
  failed.catch(() => undefined);
  memo.set(`dropped ${kind}`, failed);
};
const at = (path: string) => (url: URL) => url.pathname === path;
const docTypesUrl = (url: URL) => isDocTypes(url.href);

const INPUT = { id: 'tpl-avenant', orgId: 'org-a' };
const stepsIn = (memo: Map<string, unknown>) => memo.get('steps') as Step[];
/** The first of `outcomes` the path names after `index` (the answer to the call this step makes). */
const outcomeAfter = (memo: Map<string, unknown>, index: number, outcomes: readonly string[]) =>
  stepsIn(memo)
    .slice(index + 1)
    .find((s) => outcomes.includes(s.event.type))?.event.type;
/**
 * The steps that start a read of the document types whose read fails: the template's read answered (the
 * form shows, the types of its organisation are read) or another organisation chosen; the read's outcome is
 * the first `loadDocTypes` outcome after it, unless another read starts before.
 */
const failingDocTypesReads = (steps: readonly Step[]): Set<number> => {
  const failing = new Set<number>();
  let reading = -1;
  steps.forEach((step, index) => {
    const loading = step.after.matches({ editing: { organisation: 'loading' } });
    if (loading && (!step.before.matches('editing') || contextOf(step.after).orgId !== contextOf(step.before).orgId))
      reading = index;
    else if (step.event.type === 'xstate.error.actor.loadDocTypes') failing.add(reading);
  });
  return failing;
};
const isReadOutcome = (e: EventObject) => e.type.endsWith('.actor.loadTemplate');

let unique = 0;

/** A user signatory as the page stores it: its name and e-mail with its id. */
const identity = (login: string) => {
  const p = persona(login);
  return { name: p.lastName, firstName: p.firstName, email: p.email };
};

/** A demo user's id, learnt from its login through the real route once per worker. */
const userIds = new Map<string, Promise<string>>();
const userIdOf = (baseURL: string, login: string): Promise<string> => {
  if (!userIds.has(login))
    userIds.set(
      login,
      (async () => {
        const api = await request.newContext({ baseURL });
        const p = persona(login);
        const answer = await api.post(routeUrl('auth.login'), { data: { login: p.login, password: p.password } });
        expect(answer.status(), await answer.text()).toBe(200);
        const { userId } = (await answer.json()) as { userId: string };
        await api.dispose();
        return userId;
      })(),
    );
  return userIds.get(login)!;
};

export const signbookTemplateAdapter: MachineAdapter = {
  machine: 'signbook-template',
  // A stored template, opened from a session with an organisation (the page always has one).
  input: INPUT,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    memo.set('homeOrg', session.orgId);
    page.on('request', (r: Request) => {
      if (isDocTypes(r.url()))
        memo.set(
          'docTypes',
          r.response().catch(() => null),
        );
    });
    // The demo's templates give their organisation.
    const list = await page.request.post(routeUrl('signbooks.templates'), { headers, data: {} });
    expect(list.status(), await list.text()).toBe(200);
    const demo = ((await list.json()) as { items: readonly TemplateView[] }).items;
    const orgId = demo[0]!.organizationId;
    expect(orgId, 'the demo templates are another organisation’s').not.toBe(session.orgId);
    const paieId = await userIdOf(test.info().project.use.baseURL!, 'paie');
    const name = `Parcours modèle ${Date.now()}-${(unique += 1)}`;
    const created = await page.request.post(routeUrl('signbooks.templateCreate'), {
      headers,
      data: {
        name,
        organizationId: orgId,
        docTypes: [],
        steps: [
          {
            signatoryType: 'user',
            signatories: [
              { userId: session.userId, ...identity('admin') },
              { userId: paieId, ...identity('paie') },
            ],
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const template = (await created.json()) as TemplateView;
    memo.set('name', name);
    memo.set('id', template.id);
    afterPath(memo, async () => {
      await page.request.delete(routeUrl('signbooks.templateDelete', { id: template.id }), { headers });
    });
    const steps = stepsOf(signbookTemplateMachine, events, INPUT);
    memo.set('steps', steps);
    const failingReads = failingDocTypesReads(steps);
    memo.set('failingReads', failingReads);
    // The template's read, and the document types' read its answer starts, happen as the page opens.
    const read = events.findIndex(isReadOutcome);
    if (events[read]?.type === 'xstate.error.actor.loadTemplate')
      await dropOnce(page, memo, 'template', 'GET', at(routeUrl('signbooks.template', { id: template.id })));
    if (failingReads.has(read)) await dropOnce(page, memo, 'docTypes', 'GET', docTypesUrl);
    await openLoggedIn(page, `/signworkflows/templates/${template.id}`);
  },
  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      // A stored template's read answers it (a new template's page starts with no read).
      case 'xstate.done.actor.loadTemplate':
        return Boolean((event as { output?: unknown }).output);
      case 'template.org.change':
        return (event as Of<'template.org.change'>).orgId !== c.orgId;
      // A stored template's form shows once read: nothing is typed before.
      case 'template.name.change':
        return snapshot.matches('editing') && (event as Of<'template.name.change'>).value !== c.name;
      // A type box of the organisation's, once read, not ticked yet.
      case 'template.docType.toggle':
        return c.types.length > 0 && !c.docTypes.includes((event as Of<'template.docType.toggle'>).code);
      // The payroll officer removed, once: the step left is the fixture's (the admin alone).
      case 'template.steps.change': {
        const { steps } = event as Of<'template.steps.change'>;
        return steps[0]?.signatoryType === 'user' && snapshot.matches('editing');
      }
      default:
        return true;
    }
  },
  how: {
    'xstate.done.actor.loadTemplate': 'the server answers the template (the path’s own)',
    'xstate.error.actor.loadTemplate': 'the template’s read fails: the connection drops for it',
    'xstate.done.actor.loadDocTypes': 'the server answers the organisation’s document types',
    'xstate.error.actor.loadDocTypes': 'the document types’ read fails: the connection drops for it',
    'template.name.change': 'typing the name (a unique one), or emptying it',
    'template.org.change': 'the session’s organisation chosen in « Organisation »',
    'template.docType.toggle': 'ticking a document type of the organisation',
    'template.steps.change': '« Retirer » on the payroll officer in the step (the admin stays)',
    'template.save': '« Enregistrer »',
    'xstate.done.actor.saveTemplate': 'the server saves the template',
    'xstate.error.actor.saveTemplate': 'the save fails: the connection drops for it',
    'template.delete.ask': '« Supprimer le modèle »',
    'template.delete.cancel': '« Annuler » in the confirmation',
    'template.delete.confirm': '« Supprimer le modèle » in the confirmation',
    'xstate.done.actor.deleteTemplate': 'the server deletes the template (the path’s own)',
    'xstate.error.actor.deleteTemplate': 'the deletion fails: the connection drops for it',
  },
  events: {
    'xstate.done.actor.loadTemplate': async ({ page, memo }) => {
      await expect(field(page, 'signbooks.fields.name')).toHaveValue(memo.get('name') as string);
    },
    'xstate.error.actor.loadTemplate': async ({ page, memo }) => {
      await memo.get('dropped template');
      await expect(field(page, 'signbooks.fields.name')).toBeVisible();
    },
    'xstate.done.actor.loadDocTypes': async ({ page, memo }) => {
      await expect.poll(() => memo.get('docTypes')).toBeTruthy();
      await (memo.get('docTypes') as Promise<unknown>);
      await expect(typeBoxes(page).first()).toBeAttached();
    },
    'xstate.error.actor.loadDocTypes': async ({ memo }) => {
      await memo.get('dropped docTypes');
    },
    'template.name.change': async ({ page, event, memo }) => {
      const { value } = event as Of<'template.name.change'>;
      const name = value ? `Parcours modèle ${Date.now()}-${(unique += 1)}` : '';
      if (name) memo.set('name', name);
      await field(page, 'signbooks.fields.name').fill(name);
    },
    'template.org.change': async ({ page, index, memo }) => {
      if ((memo.get('failingReads') as Set<number>).has(index))
        await dropOnce(page, memo, 'docTypes', 'GET', docTypesUrl);
      await field(page, 'signbooks.fields.organization').selectOption(memo.get('homeOrg') as string);
    },
    'template.docType.toggle': async ({ page }) => {
      const box = typeBoxes(page).and(page.locator(':not(:checked)')).first();
      await box.click({ force: true });
    },
    'template.steps.change': async ({ page }) => {
      const paie = persona('paie');
      await page.getByRole('button', { name: `Retirer ${paie.firstName} ${paie.lastName}` }).click();
      await expect(page.locator(`[data-signatory-email="${paie.email}"]`)).toHaveCount(0);
    },
    'template.save': async ({ page, index, memo }) => {
      // A save that sends (the form ready), answered by the next save outcome the path names.
      const sends = stepsIn(memo)[index]!.after.matches({ editing: { form: 'saving' } });
      const saved = ['xstate.done.actor.saveTemplate', 'xstate.error.actor.saveTemplate'];
      if (sends && outcomeAfter(memo, index, saved) === 'xstate.error.actor.saveTemplate')
        await dropOnce(
          page,
          memo,
          'save',
          'PUT',
          at(routeUrl('signbooks.templateUpdate', { id: memo.get('id') as string })),
        );
      await saveButton(page).click();
    },
    'xstate.done.actor.saveTemplate': async ({ page }) => {
      await expect(toast(page, 'signbooks.templates.saved')).toBeVisible();
    },
    'xstate.error.actor.saveTemplate': async ({ memo }) => {
      await memo.get('dropped save');
    },
    'template.delete.ask': async ({ page }) => deleteButton(page).click(),
    'template.delete.cancel': async ({ page }) =>
      dialog(page)
        .getByRole('button', { name: fr('common.actions.cancel') })
        .click(),
    'template.delete.confirm': async ({ page, index, memo }) => {
      const outcomes = ['xstate.done.actor.deleteTemplate', 'xstate.error.actor.deleteTemplate'];
      if (outcomeAfter(memo, index, outcomes) === 'xstate.error.actor.deleteTemplate')
        await dropOnce(
          page,
          memo,
          'delete',
          'DELETE',
          at(routeUrl('signbooks.templateDelete', { id: memo.get('id') as string })),
        );
      await dialog(page)
        .getByRole('button', { name: fr('signbooks.templates.delete') })
        .click();
    },
    'xstate.done.actor.deleteTemplate': async () => {},
    'xstate.error.actor.deleteTemplate': async ({ memo }) => {
      await memo.get('dropped delete');
    },
  },
  states: {
    'signbookTemplate.reading': null,
    'signbookTemplate.editing.form.idle': async (page, snapshot) => {
      const c = contextOf(snapshot);
      await expect(dialog(page)).toHaveCount(0);
      await expect(saveButton(page)).toBeEnabled();
      // The rules not met once « Enregistrer » was pressed, then the server's failure: said in one alert.
      const messages = page.getByRole('main').getByRole('alert');
      if (c.error || (c.tried && templateProblems(c).length)) await expect(messages).toBeVisible();
      else await expect(messages).toHaveCount(0);
      if (c.tried && !c.name.trim()) await expect(page.getByText(fr('validation.required')).first()).toBeVisible();
    },
    'signbookTemplate.editing.form.confirming': async (page) => {
      await expect(dialog(page)).toBeVisible();
    },
    'signbookTemplate.editing.form.saving': null,
    'signbookTemplate.editing.form.deleting': null,
    'signbookTemplate.editing.organisation.loading': null,
    'signbookTemplate.editing.organisation.ready': async (page, snapshot, memo) => {
      const c = contextOf(snapshot);
      const org = field(page, 'signbooks.fields.organization');
      // The model's `org-a` is the session's organisation; `org-b` the template's.
      if (c.orgId === 'org-a') await expect(org).toHaveValue(memo.get('homeOrg') as string);
      else await expect(org).not.toHaveValue(memo.get('homeOrg') as string);
      if (!c.types.length) await expect(typeBoxes(page)).toHaveCount(0);
    },
    'signbookTemplate.deleted': async (page, snapshot) => {
      if (!deleted(snapshot)) return;
      await expect(page).toHaveURL(/\/signworkflows\/templates$/);
      await expect(toast(page, 'signbooks.templates.deleted')).toBeVisible();
    },
  },
};
