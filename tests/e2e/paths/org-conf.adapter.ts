/**
 * The organisation's configuration panel in the browser: the sheet (`/organizations/item/{id}`) of an
 * organisation of the worker's own, opened by `admin`. The organisation is created through the real API
 * below the admin's (so the admin's access reaches it: they are a user it may notify), and each path
 * starts by setting the configuration the fixtures read — with verification, no one notified, no
 * signature, no style sheet, and one document type switched off (the fixtures' `CONTRACT`); a path saves
 * no other. No route deletes an organisation: the replay's demo database is fresh each run.
 *
 * Nothing is mocked: the choices are the panel's controls, the save is the server's. A read or a save
 * that fails is the browser's connection dropped for it.
 */
import { expect, test, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Organization, OrganizationConf, OrgDocTypeConf } from '../../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { PATHS_INPUT } from '../../../machines/org-conf/orgConf.fixtures.ts';
import { cssOf } from '../../../machines/org-conf/orgConf.model.ts';
import {
  selectOrgConf,
  type OrgConfContext,
  type OrgConfEvent,
  type OrgConfSnapshot,
} from '../../../machines/org-conf/index.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { newSiret } from './org-form.adapter.ts';
import { afterDrop, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends OrgConfEvent['type']> = Extract<OrgConfEvent, { type: T }>;

const panel = (page: Page) => page.getByRole('region', { name: fr('organizations.sheet.configuration'), exact: true });
const saveButton = (page: Page) => panel(page).getByRole('button', { name: fr('organizations.conf.save') });
const checkbox = (page: Page, label: string) => panel(page).getByRole('checkbox', { name: label, exact: true });
/** A user ticks a box by its label (Chakra draws the box over the hidden input). */
async function tick(page: Page, label: string): Promise<void> {
  await panel(page).getByText(label, { exact: true }).click();
  await expect(checkbox(page, label)).toBeChecked();
}
const cssField = (page: Page) => panel(page).getByRole('textbox', { name: fr('organizations.fields.specificCSSUrl') });
const toast = (page: Page, key: string, type: 'error' | 'success') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(type === 'error' ? 'alert' : 'status')
    .filter({ hasText: fr(key) });

const contextOf = (s: { context: unknown }) => s.context as OrgConfContext;

let unique = 0;
let workerOrg: Organization | undefined;

/** The labels the panel shows for the fixtures' user (`user-1`) and document type (`CONTRACT`). */
interface Labels {
  readonly user: string;
  readonly docType: string;
}

export const orgConfAdapter: MachineAdapter = {
  machine: 'org-conf',
  input: PATHS_INPUT,
  start: async (page, events: readonly EventObject[], memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    // One organisation per worker (its paths run one after the other), set back to the fixtures' configuration
    // at each path's start.
    workerOrg ??= await (async () => {
      const n = `${Date.now()}.${test.info().parallelIndex}.${(unique += 1)}`;
      const created = await page.request.post(routeUrl('organizations.create'), {
        headers,
        data: {
          name: `Parcours configuration ${n}`,
          siret: newSiret(),
          street: null,
          zipCode: null,
          city: 'Lyon',
          country: 'France',
          parentId: session.orgId,
          reference: null,
          billingReference: null,
          internalFolderCode: null,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      return (await created.json()) as Organization;
    })();
    const org = workerOrg;
    memo.set('org', org);
    const read = await page.request.get(routeUrl('organizations.conf', { id: org.id }), { headers });
    expect(read.status(), await read.text()).toBe(200);
    const conf = (await read.json()) as OrganizationConf;
    const types = (await (
      await page.request.get(routeUrl('documents.orgDocTypes', { id: org.id }), { headers })
    ).json()) as OrgDocTypeConf[];
    const user = conf.notifiableUsers?.[0];
    const off = types.at(-1);
    if (!user || !off) throw new Error('the new organisation has no notifiable user or no document type');
    // The fixtures' configuration: one document type switched off, nothing else chosen.
    const saved = await page.request.put(routeUrl('organizations.updateConf', { id: org.id }), {
      headers,
      data: {
        ...conf,
        distributionMode: 'WITH_VERIFICATION',
        usersToNotify: [],
        subscribeToSignature: false,
        extraOptions: {},
        docTypes: types.map((d) => ({ code: d.code, enabled: d.code !== off.code })),
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    memo.set('labels', {
      user: `${user.firstName} ${user.lastName}${user.email ? ` (${user.email})` : ''}`,
      docType: off.label,
    } satisfies Labels);
    if (events.some((e) => e.type === 'xstate.error.actor.loadConf'))
      await dropCall(page, routeUrl('organizations.conf', { id: org.id }), memo);
    await openLoggedIn(page, `/organizations/item/${org.id}`);
  },
  // A switch turns on once (it is then on); a choice already made is no change for the control.
  offered: (snapshot, event) => {
    const { conf, docTypes } = contextOf(snapshot);
    if (!conf) return true;
    switch (event.type) {
      // The server answers the configuration it was sent, the fixture's answer is the one the panel read: in
      // a chained path, a save answered so is one of the configuration as read (nothing changed since).
      case 'xstate.done.actor.saveConf':
        return JSON.stringify(conf) === JSON.stringify((event as Of<'xstate.done.actor.saveConf'>).output);
      case 'conf.mode.change':
        return conf.distributionMode !== (event as Of<'conf.mode.change'>).mode;
      case 'conf.user.toggle':
        return !conf.usersToNotify.includes((event as Of<'conf.user.toggle'>).userId);
      case 'conf.signature.toggle':
        return !conf.subscribeToSignature;
      case 'conf.css.change':
        return cssOf(conf) !== (event as Of<'conf.css.change'>).value;
      case 'conf.docType.toggle':
        return !docTypes.find((d) => d.code === (event as Of<'conf.docType.toggle'>).code)?.enabled;
      default:
        return true;
    }
  },
  how: {
    'xstate.done.actor.loadConf': 'the server answers the configuration and the document types (on opening the sheet)',
    'xstate.error.actor.loadConf': 'the read fails: the connection drops for it',
    'conf.mode.change': 'the distribution mode’s select',
    'conf.user.toggle': 'the box of a user to notify',
    'conf.signature.toggle': 'the electronic signature’s box',
    'conf.css.change': 'typing the style sheet’s address (http, refused, or https)',
    'conf.docType.toggle': 'the box of a document type switched off',
    'conf.save': '« Enregistrer la configuration » (enabled exactly when the chart takes it)',
    'xstate.done.actor.saveConf': 'the server saves the configuration',
    'xstate.error.actor.saveConf': 'the save fails: the connection drops for it',
  },
  events: {
    'xstate.done.actor.loadConf': async ({ page }) => {
      await expect(saveButton(page)).toBeVisible();
    },
    'xstate.error.actor.loadConf': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.organizations.confGetFailure, 'error')).toBeVisible();
    },
    'conf.mode.change': async ({ page, event }) => {
      await panel(page)
        .getByRole('combobox', { name: fr('organizations.fields.distributionMode') })
        .selectOption({ label: fr(`organizations.conf.modes.${(event as Of<'conf.mode.change'>).mode}`) });
    },
    'conf.user.toggle': async ({ page, memo }) => {
      await tick(page, (memo.get('labels') as Labels).user);
    },
    'conf.signature.toggle': async ({ page }) => {
      await tick(page, fr('organizations.fields.subscribeToSignature'));
    },
    'conf.css.change': async ({ page, event }) => {
      await cssField(page).fill((event as Of<'conf.css.change'>).value);
    },
    'conf.docType.toggle': async ({ page, memo }) => {
      await tick(page, (memo.get('labels') as Labels).docType);
    },
    'conf.save': async ({ page, next, memo }) => {
      if (next?.type === 'xstate.error.actor.saveConf') {
        const { id } = memo.get('org') as Organization;
        await dropCall(page, routeUrl('organizations.updateConf', { id }), memo);
      }
      await saveButton(page).click();
    },
    'xstate.done.actor.saveConf': async ({ page }) => {
      await expect(toast(page, ALERT_KEYS.organizations.confUpdateSuccess, 'success')).toBeVisible();
    },
    'xstate.error.actor.saveConf': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, ALERT_KEYS.organizations.confUpdateFailure, 'error')).toBeVisible();
    },
  },
  states: {
    'orgConf.loading': null,
    'orgConf.failed': async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(panel(page)).toHaveCount(0);
    },
    'orgConf.ready.idle': async (page, snapshot) => {
      const view = selectOrgConf(snapshot as OrgConfSnapshot);
      await expect(saveButton(page)).toBeEnabled({ enabled: view.canSave });
      await expect(cssField(page)).toHaveValue(view.css);
      if (view.cssError) await expect(cssField(page)).toHaveAttribute('aria-invalid', 'true');
      else await expect(cssField(page)).not.toHaveAttribute('aria-invalid', 'true');
    },
    'orgConf.ready.saving': null,
  },
};
