/**
 * The organisation form in the browser: the creation page (`/organizations/create`) opened by `admin`.
 * Every transition of the chart is taken there (the edit page runs the same regions: its read shows
 * the organisation instead of the eligible parents, its save is an update).
 *
 * Nothing is mocked. The company lookup is the server's: a SIRET of the embedded company directory (one
 * no organisation of the domain holds yet) is found, an unknown valid SIRET is not (404). A SIRET an
 * organisation of the domain holds is the creation the server refuses (409, marked on the field): the admin's
 * own organisation's, which the lookup finds, or the free trial's company's, which the lookup (reading only
 * what the admin sees, then the directory) does not. A lookup's or a creation's call waits in the browser's
 * network until its answer is the path's next fact. Each path that creates an organisation types a new valid SIRET of its own (no route deletes an
 * organisation: the replay's demo database is fresh each run). The parents' read that fails is the
 * browser's connection dropped for it: the form stays, with the failure.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CompanyInfo, Organization } from '../../../src/contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { siretError } from '../../../src/contract/validation.ts';
import { findOrg } from '../../../src/server/db/seed/orgs.ts';
import { ROOT_TRIAL } from '../../../src/server/db/seed/personas.ts';
import { embeddedCompanies } from '../../../src/server/ports/companies.ts';
import { PATHS_INPUT } from '../../../machines/org-form/orgForm.fixtures.ts';
import {
  selectOrgForm,
  type OrgFormEvent,
  type OrgFormSnapshot,
  type TextField,
} from '../../../machines/org-form/index.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends OrgFormEvent['type']> = Extract<OrgFormEvent, { type: T }>;
type Headers = Record<string, string>;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: fr('organizations.form.createTitle') });
const form = (page: Page) => page.locator('form').filter({ has: heading(page) });
const field = (page: Page, name: TextField) =>
  form(page).getByRole('textbox', { name: fr(`organizations.fields.${name}`) });
const button = (page: Page, key: string) => form(page).getByRole('button', { name: fr(key), exact: true });
const parentOptions = (page: Page) =>
  form(page)
    .getByRole('combobox', { name: fr('organizations.fields.parentId') })
    .locator('option');
const failureAlert = (page: Page) => form(page).getByTestId('org-form-errors');
const toast = (page: Page, key: string) =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole('status')
    .filter({ hasText: fr(key) });

let unique = 0;

/** A check digit making `body` pass the Luhn check. */
const luhnDigit = (body: string): string => {
  for (let d = 0; d <= 9; d += 1) {
    const candidate = `${body}${d}`;
    let sum = 0;
    [...candidate].reverse().forEach((c, i) => {
      let n = Number(c);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    });
    if (sum % 10 === 0) return String(d);
  }
  throw new Error('no Luhn digit');
};

/** A valid SIRET no one has: 9 (SIREN, its own check digit) + 5 digits, from the time, the worker and a counter. */
export const newSiret = (): string => {
  const seed = `${Date.now()}${test.info().parallelIndex}${(unique += 1)}`.slice(-12);
  const siren = `9${seed.slice(0, 7)}`;
  const body = `${siren}${luhnDigit(siren)}${seed.slice(7, 11)}`;
  const siret = `${body}${luhnDigit(body)}`;
  expect(siretError(siret), siret).toBeNull();
  return siret;
};

/** A company of the directory the domain has no organisation for yet: the lookup finds it there. */
async function directorySiret(page: Page, headers: Headers): Promise<string> {
  const companies = embeddedCompanies().filter((c) => siretError(c.siret) === null);
  for (let tries = 0; tries < 20; tries += 1) {
    const { siret } = companies[Math.floor(Math.random() * companies.length)]!;
    const answer = await page.request.get(routeUrl('organizations.bySiret', { siret }), { headers });
    if (answer.ok() && ((await answer.json()) as CompanyInfo).source === 'directory') return siret;
  }
  throw new Error('no company of the directory is free in the domain');
}

/** The SIRET of the admin's own organisation (read once a path needs it): the lookup finds it, the creation is refused. */
async function ownSiret(page: Page, memo: Map<string, unknown>): Promise<string> {
  const { orgId, headers } = memo.get('session') as { orgId: string; headers: Headers };
  const own = await page.request.get(routeUrl('organizations.get', { id: orgId }), { headers });
  expect(own.status(), await own.text()).toBe(200);
  return ((await own.json()) as Organization).siret;
}

/**
 * The SIRET of another company of the domain (the free trial's bakery, no organisation of the admin's): the
 * creation is refused for it (a SIRET is the domain's once), while the lookup, which reads only the
 * organisations the admin sees, then the company directory, finds nothing.
 */
const otherCompanySiret = (): string => {
  const { siret } = findOrg('main', ROOT_TRIAL);
  expect(embeddedCompanies().some((c) => c.siret === siret)).toBe(false);
  return siret;
};

/**
 * The SIRET a valid change types, from what follows it (until the SIRET is typed again): when the creation
 * is refused for it, one an organisation of the domain holds (another company's when a lookup finds nothing,
 * else the admin's own organisation's, which the lookup finds); a free company of the directory when the
 * lookup finds it; else a new one (the lookup then finds nothing, the creation passes).
 */
async function siretFor(page: Page, events: readonly EventObject[], index: number, memo: Map<string, unknown>) {
  const rest = events.slice(index + 1);
  const until = rest.findIndex((e) => e.type === 'form.change' && (e as Of<'form.change'>).field === 'siret');
  const ahead = until < 0 ? rest : rest.slice(0, until);
  const found = ahead.some((e) => e.type === 'xstate.done.actor.lookupCompany');
  const notFound = ahead.some((e) => e.type === 'xstate.error.actor.lookupCompany');
  expect(found && notFound, 'one SIRET is found by the lookup or not, not both').toBe(false);
  if (ahead.some((e) => e.type === 'xstate.error.actor.saveOrganization'))
    return notFound ? otherCompanySiret() : ownSiret(page, memo);
  if (found) return directorySiret(page, memo.get('headers') as Headers);
  return newSiret();
}

const watchResponse = (page: Page, path: string, memo: Map<string, unknown>, key: string) => {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  answered.catch(() => undefined); // a path that ends here never waits for it
  memo.set(key, answered);
};

/**
 * A call (the lookup's, the creation's) waits in the browser's network until its answer is the path's next
 * fact (the call is seen in flight, the form as it was meanwhile: a quick answer would fill the form, or leave
 * for the sheet, before the step's checks); `answerOf` lets it go to the real server and waits for the answer.
 */
async function holdCall(page: Page, path: string, memo: Map<string, unknown>, key: string): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const isCall = (url: URL) => url.pathname === path;
  await page.route(isCall, async (route) => {
    await released;
    await route.continue();
  });
  watchResponse(page, path, memo, key);
  memo.set(`${key}Release`, async () => {
    release();
    const answer = (await memo.get(key)) as { status(): number; ok(): boolean };
    await page.unroute(isCall);
    return answer;
  });
}

const answerOf = async (memo: Map<string, unknown>, key: string): Promise<{ status(): number; ok(): boolean }> =>
  (memo.get(`${key}Release`) as () => Promise<{ status(): number; ok(): boolean }>)();

export const orgFormAdapter: MachineAdapter = {
  machine: 'org-form',
  input: PATHS_INPUT,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    memo.set('headers', headers);
    memo.set('session', { orgId: session.orgId, headers });
    const eligible = routeUrl('organizations.eligible');
    if (events.some((e) => e.type === 'xstate.error.actor.loadForm')) await dropCall(page, eligible, memo);
    else watchResponse(page, eligible, memo, 'loaded');
    await openLoggedIn(page, '/organizations/create');
    await expect(heading(page)).toBeVisible();
  },
  // The creation page reads the eligible parents, never an organisation; once the organisation is created the
  // page leaves for its sheet, where the form is no more (a chained path ends there).
  offered: (snapshot: AnyMachineSnapshot, event: EventObject) =>
    !snapshot.matches({ save: 'saved' }) &&
    (event.type !== 'xstate.done.actor.loadForm' ||
      (event as Of<'xstate.done.actor.loadForm'>).output.organization === null),
  how: {
    'xstate.done.actor.loadForm': 'the server answers the eligible parents (on opening the page)',
    'xstate.error.actor.loadForm': 'the parents’ read fails: the connection drops for it',
    'form.change':
      'typing in the field (a new SIRET, one the directory knows, the admin’s organisation’s or another company’s)',
    'form.blur': 'leaving the field',
    'form.lookup': '« Rechercher » beside the SIRET',
    'xstate.done.actor.lookupCompany': 'the server finds the SIRET in the company directory',
    'xstate.error.actor.lookupCompany': 'the server finds no company for the SIRET (404)',
    'form.submit': '« Créer » (enabled whenever the chart takes it; with a rule failing it shows every message)',
    'xstate.done.actor.saveOrganization': 'the server creates the organisation (its sheet opens)',
    'xstate.error.actor.saveOrganization': 'the server refuses the SIRET another organisation holds (409)',
  },
  events: {
    'xstate.done.actor.loadForm': async ({ memo }) => {
      const answer = (await memo.get('loaded')) as { status(): number };
      expect(answer.status()).toBe(200);
    },
    'xstate.error.actor.loadForm': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(failureAlert(page)).toBeVisible();
      // The form stays, with no parent to choose but « Aucune ».
      await expect(parentOptions(page)).toHaveCount(1);
    },
    'form.change': async ({ page, event, events, index, memo }) => {
      const { field: name, value } = event as Of<'form.change'>;
      const typed =
        name === 'siret' && siretError(value) === null
          ? await siretFor(page, events, index, memo)
          : name === 'name'
            ? `Parcours ${Date.now()}.${(unique += 1)}`
            : value;
      await field(page, name as TextField).fill(typed);
    },
    'form.blur': async ({ page, event }) => {
      const input = field(page, (event as Of<'form.blur'>).field as TextField);
      await input.focus();
      await input.blur();
    },
    'form.lookup': async ({ page, next, memo }) => {
      if (next?.type.endsWith('lookupCompany')) {
        const siret = await field(page, 'siret').inputValue();
        await holdCall(page, routeUrl('organizations.bySiret', { siret }), memo, 'lookup');
      }
      await button(page, 'organizations.form.lookup').click();
    },
    'xstate.done.actor.lookupCompany': async ({ page, memo }) => {
      expect((await answerOf(memo, 'lookup')).status()).toBe(200);
      await expect(form(page).getByRole('status')).toHaveText(fr('organizations.form.lookupFilled'));
    },
    'xstate.error.actor.lookupCompany': async ({ page, memo }) => {
      expect((await answerOf(memo, 'lookup')).status()).toBe(404);
      await expect(
        form(page)
          .getByRole('alert')
          .filter({ hasText: fr(ERROR_KEYS.companyNotFound) }),
      ).toBeVisible();
    },
    'form.submit': async ({ page, next, memo }) => {
      if (next?.type.endsWith('saveOrganization')) await holdCall(page, routeUrl('organizations.create'), memo, 'save');
      await button(page, 'organizations.form.create').click();
    },
    'xstate.done.actor.saveOrganization': async ({ page, memo }) => {
      expect((await answerOf(memo, 'save')).ok()).toBe(true);
      await expect(page).toHaveURL(/\/organizations\/item\//);
    },
    'xstate.error.actor.saveOrganization': async ({ page, memo }) => {
      expect((await answerOf(memo, 'save')).status()).toBe(409);
      await expect(
        form(page)
          .getByRole('alert')
          .filter({ hasText: fr('organizations.form.createError') }),
      ).toBeVisible();
    },
  },
  states: {
    'orgForm.data.loading': null,
    'orgForm.data.ready': async (page, snapshot) => {
      // Once saved the page has left for the organisation's sheet (`orgForm.save.saved` checks it).
      if (selectOrgForm(snapshot as OrgFormSnapshot).saved) return;
      await expect(heading(page)).toBeVisible();
    },
    'orgForm.data.failed': async (page) => {
      await expect(heading(page)).toBeVisible();
      await expect(parentOptions(page)).toHaveCount(1);
    },
    'orgForm.lookup.idle': async (page, snapshot) => {
      const view = selectOrgForm(snapshot as OrgFormSnapshot);
      if (view.saved) return;
      await expect(form(page).getByText(fr('organizations.form.lookupFilled'))).toHaveCount(view.lookupFilled ? 1 : 0);
    },
    'orgForm.lookup.searching': null,
    'orgForm.save.editing': async (page, snapshot) => {
      const view = selectOrgForm(snapshot as OrgFormSnapshot);
      await expect(button(page, 'organizations.form.create')).toBeEnabled({ enabled: view.canSubmit });
      // The messages the view shows: one per field in error once left, submitted or (the SIRET) typed.
      const siret = view.fieldError('siret');
      if (siret) await expect(form(page).getByText(fr(siret), { exact: true }).first()).toBeVisible();
      const name = view.fieldError('name');
      await expect(form(page).getByText(fr('validation.required'), { exact: true })).toHaveCount(
        (['name', 'siret', 'city'] as const).filter((f) => view.fieldError(f) === 'validation.required').length,
      );
      if (name) await expect(field(page, 'name')).toHaveAttribute('aria-invalid', 'true');
    },
    'orgForm.save.saving': null,
    'orgForm.save.saved': async (page) => {
      await expect(page).toHaveURL(/\/organizations\/item\//);
      await expect(toast(page, ALERT_KEYS.organizations.createSuccess)).toBeVisible();
    },
  },
};
