/**
 * Signbook creation in the browser: `/signworkflows/creation` opened by `admin` (current organisation
 * Groupe Horizon, the model's `org-a`). The demo's templates are Horizon Services Paris's (the
 * model's `org-b`): choosing « Contrat de travail — RH puis salarié » moves the draft there and reads
 * that organisation's document types; choosing the current organisation again reads them back. The
 * document is a PDF picked in the drop zone (checked by the page's pdf.js), or a file that is no PDF
 * (refused); the signatory is the admin, added with the picker; « Créer et envoyer en signature »
 * sends the real multipart upload, and the signbook created is deleted after the path. A read or an
 * upload that fails is the browser's connection dropped for it, for that one call: a chained path may read
 * the document types several times (the page's opening, each organisation the draft moves to), each read's
 * outcome the next one the path names before another read starts.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ERROR_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import {
  signbookCreationMachine,
  type SignbookCreationContext,
  type SignbookCreationEvent,
} from '../../../machines/signbook-creation/index.ts';
import { stepsOf } from '../../harness/coverset.ts';
import { fr, persona, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterDrop, afterPath, dropCall, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends SignbookCreationEvent['type']> = Extract<SignbookCreationEvent, { type: T }>;

/** The demo template standing for the fixture's (another organisation's: Horizon Services Paris). */
const TEMPLATE_NAME = 'Contrat de travail — RH puis salarié';
const TEMPLATES_PATH = routeUrl('signbooks.templates');
const isDocTypes = (url: string) => /\/organization\/[^/]+\/conf\/doc-type$/.test(new URL(url).pathname);

const select = (page: Page, key: string) => page.getByLabel(fr(key), { exact: true });
const submitButton = (page: Page) => page.getByRole('button', { name: fr('signbooks.create.submit') });
const problems = (page: Page) => page.getByRole('alert').filter({ hasText: fr('signbooks.create.problems.file') });
const toast = (page: Page, key: string, role: 'alert' | 'status') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(role)
    .filter({ hasText: fr(key) });
const contextOf = (s: AnyMachineSnapshot) => s.context as SignbookCreationContext;
/**
 * Sent, or being sent: once « Créer et envoyer » is pressed the real call may already have answered and
 * the page moved to the new signbook, so the form's other regions are no longer on screen to check.
 */
const sent = (s: AnyMachineSnapshot) => s.matches({ submission: 'sent' }) || s.matches({ submission: 'sending' });

const contractPdf = async (title: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
};

/** The last call of a kind the page made, answered (or failed). */
const lastCall = (memo: Map<string, unknown>, kind: string) => memo.get(kind) as Promise<unknown> | undefined;
const track = (page: Page, memo: Map<string, unknown>, kind: string, matches: (r: Request) => boolean) =>
  page.on('request', (r) => {
    if (!matches(r)) return;
    memo.set(
      kind,
      r.response().catch(() => null),
    );
  });

const outputOf = (event: object | undefined) => (event as { output?: unknown } | undefined)?.output;

/**
 * Drops the next call of this kind (that one only), half a second after it leaves; `dropped <kind>` waits for it.
 * The route stays registered for the path's whole walk (later calls of the kind go on to the server): a route
 * registered `{ times: 1 }` is taken off when its call arrives, and when the page's last route goes, Playwright
 * stops intercepting and lets the calls still held by a route go on — so the other kind's drop, half a second
 * later, found its call already sent (« Route is already handled! », seen in CI).
 */
const dropMatching = async (page: Page, memo: Map<string, unknown>, kind: string, matches: (url: URL) => boolean) => {
  let dropped = false;
  await page.route(matches, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.abort('internetdisconnected');
  });
  const failed = page.waitForEvent('requestfailed', (r) => matches(new URL(r.url())));
  failed.catch(() => undefined);
  memo.set(`dropped ${kind}`, failed);
};

const INPUT = { orgId: 'org-a' };
const START = -1;
/**
 * The steps that start a read of the document types whose read fails (`START`: the page's opening). A read
 * starts where the draft's organisation changes (chosen, or a template's); its outcome is the first
 * `loadDocTypes` outcome the path names after it, unless another read starts before (that one is answered).
 */
const failingDocTypesReads = (events: readonly EventObject[]): Set<number> => {
  const steps = stepsOf(signbookCreationMachine, events, INPUT);
  const orgOf = (s: AnyMachineSnapshot) => contextOf(s).orgId;
  const failing = new Set<number>();
  let reading = START;
  steps.forEach((step, index) => {
    if (orgOf(step.after) !== orgOf(step.before)) reading = index;
    else if (step.event.type === 'xstate.error.actor.loadDocTypes') failing.add(reading);
  });
  return failing;
};

/** Whether the document chosen at `index` is refused: the first check's answer after it, before another choice. */
const refusedAt = (events: readonly EventObject[], index: number): boolean => {
  for (const e of events.slice(index + 1)) {
    if (e.type === 'signbook.document.choose') return false;
    if (e.type === 'xstate.done.actor.checkDocument') return Boolean(outputOf(e));
  }
  return false;
};

let unique = 0;

export const signbookCreationAdapter: MachineAdapter = {
  machine: 'signbook-creation',
  // The page starts on the session's organisation (the model's `org-a`, the fixtures' own).
  input: INPUT,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session } = await logInThroughApi(page, 'admin');
    memo.set('homeOrg', session.orgId);
    track(page, memo, 'templates', (r) => new URL(r.url()).pathname === TEMPLATES_PATH);
    track(page, memo, 'docTypes', (r) => isDocTypes(r.url()));
    // The templates are read once, at the opening.
    if (events.some((e) => e.type === 'xstate.error.actor.loadTemplates'))
      await dropMatching(page, memo, 'templates', (url) => url.pathname === TEMPLATES_PATH);
    const failingReads = failingDocTypesReads(events);
    memo.set('failingReads', failingReads);
    if (failingReads.has(START)) await dropMatching(page, memo, 'docTypes', (url) => isDocTypes(url.href));
    await openLoggedIn(page, '/signworkflows/creation');
    await expect(page.getByRole('heading', { level: 1, name: fr('sections.signbookCreation') })).toBeVisible();
    afterPath(memo, async () => {
      const id = memo.get('created') as string | undefined;
      if (!id) return;
      const answer = await page.request.delete(routeUrl('signbooks.delete', { id }), {
        headers: await sessionHeaders(page),
      });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    });
  },
  offered: (snapshot, event) => {
    const c = contextOf(snapshot);
    switch (event.type) {
      // A select or a field changed to what it already holds fires no change.
      case 'signbook.org.change':
        return (event as Of<'signbook.org.change'>).orgId !== c.orgId;
      // A template is offered once the templates are read; « Sans modèle » when a template is chosen.
      case 'signbook.template.choose': {
        const { templateId } = event as Of<'signbook.template.choose'>;
        return templateId
          ? c.templates.some((t) => t.id === templateId) && c.template?.id !== templateId
          : !!c.template;
      }
      case 'signbook.name.change':
        return (event as Of<'signbook.name.change'>).value !== c.name;
      case 'signbook.docType.change':
        return (event as Of<'signbook.docType.change'>).code !== c.docType && c.docTypes.length > 0;
      case 'signbook.toSafe.change':
        return (event as Of<'signbook.toSafe.change'>).value !== c.toSafe;
      // The picker adds the admin to the draft's one empty step (a template's steps are not the fixture's).
      case 'signbook.steps.change': {
        const steps = (event as Of<'signbook.steps.change'>).steps;
        return (
          !c.template &&
          c.steps.length === 1 &&
          c.steps[0]!.signatories.length === 0 &&
          steps[0]?.signatoryType === 'user'
        );
      }
      // The remove button is on the chosen document's chip.
      case 'signbook.document.remove':
        return snapshot.matches({ document: 'chosen' });
      // The page's own check of a dropped file (pdf.js, in the browser) ends at once: a submit the model
      // would take while it runs (not ready: tried) may find the real page's check over and send the draft.
      case 'signbook.submit':
        return !snapshot.matches({ document: 'checking' });
      default:
        return true;
    }
  },
  how: {
    'xstate.done.actor.loadTemplates': 'the server answers the templates (the demo’s)',
    'xstate.error.actor.loadTemplates': 'the templates’ read fails: the connection drops for it',
    'xstate.done.actor.loadDocTypes': 'the server answers the organisation’s document types',
    'xstate.error.actor.loadDocTypes': 'the document types’ read fails: the connection drops for it',
    'signbook.org.change':
      'the session’s organisation chosen again in « Organisation » (after a template moved the draft)',
    'signbook.template.choose': '« Modèle »: the demo’s « Contrat de travail — RH puis salarié », or « Sans modèle »',
    'signbook.name.change': 'typing the name (a unique one), or emptying it',
    'signbook.docType.change': 'another type in « Type de document »',
    'signbook.toSafe.change': 'ticking « Déposer le document signé dans le coffre-fort … »',
    'signbook.steps.change': 'the admin added as the step’s user signatory with the picker',
    'signbook.document.choose': 'a file picked in the drop zone: a PDF, or a file that is no PDF',
    'signbook.document.remove': '« Retirer … » on the document',
    'xstate.done.actor.checkDocument': 'the page’s check answers (accepted, or refused: not a PDF)',
    'signbook.submit': '« Créer et envoyer en signature »',
    'api.signbook.succeeded': 'the server creates the signbook (deleted after the path)',
    'api.signbook.failed': 'the upload fails: the connection drops for it',
  },
  events: {
    'xstate.done.actor.loadTemplates': async ({ page, memo }) => {
      await expect.poll(() => lastCall(memo, 'templates')).toBeTruthy();
      await lastCall(memo, 'templates');
      await expect(select(page, 'signbooks.create.template').locator('option', { hasText: TEMPLATE_NAME })).toHaveCount(
        1,
      );
    },
    'xstate.error.actor.loadTemplates': async ({ memo }) => {
      await memo.get('dropped templates');
    },
    'xstate.done.actor.loadDocTypes': async ({ memo }) => {
      await expect.poll(() => lastCall(memo, 'docTypes')).toBeTruthy();
      await lastCall(memo, 'docTypes');
    },
    'xstate.error.actor.loadDocTypes': async ({ memo }) => {
      await memo.get('dropped docTypes');
    },
    'signbook.org.change': async ({ page, index, memo }) => {
      if ((memo.get('failingReads') as Set<number>).has(index))
        await dropMatching(page, memo, 'docTypes', (url) => isDocTypes(url.href));
      await select(page, 'signbooks.fields.organization').selectOption(memo.get('homeOrg') as string);
    },
    'signbook.template.choose': async ({ page, event, index, memo }) => {
      const { templateId } = event as Of<'signbook.template.choose'>;
      if ((memo.get('failingReads') as Set<number>).has(index))
        await dropMatching(page, memo, 'docTypes', (url) => isDocTypes(url.href));
      await select(page, 'signbooks.create.template').selectOption(templateId ? { label: TEMPLATE_NAME } : '');
    },
    'signbook.name.change': async ({ page, event, memo }) => {
      const { value } = event as Of<'signbook.name.change'>;
      const name = value ? `Parcours création ${Date.now()}-${(unique += 1)}` : '';
      memo.set('name', name);
      await select(page, 'signbooks.fields.name').fill(name);
    },
    'signbook.docType.change': async ({ page }) => {
      const field = select(page, 'signbooks.fields.docType');
      const current = await field.inputValue();
      const values = await field.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const other = values.find((v) => v && v !== current);
      expect(other, 'another document type to choose').toBeTruthy();
      await field.selectOption(other!);
    },
    'signbook.toSafe.change': async ({ page }) => {
      await page.getByText(fr('signbooks.create.toSafe')).click();
    },
    'signbook.steps.change': async ({ page }) => {
      const admin = persona('admin');
      const step = page.locator('[data-edit-step="0"]');
      await step.getByRole('radio', { name: fr('signbooks.picker.kinds.user') }).click({ force: true });
      await step
        .getByRole('button', { name: `Ajouter ${admin.firstName} ${admin.lastName}` })
        .first()
        .click();
      await expect(step.locator(`[data-signatory-email="${admin.email}"]`)).toBeVisible();
    },
    'signbook.document.choose': async ({ page, events, index, memo }) => {
      const refused = refusedAt(events, index);
      const name = refused ? 'notes.pdf' : 'avenant.pdf';
      memo.set('file', name);
      await page.getByLabel(fr('signbooks.create.document')).setInputFiles({
        name,
        mimeType: 'application/pdf',
        buffer: refused ? Buffer.from('Ceci n’est pas un PDF.\n') : await contractPdf('Avenant'),
      });
    },
    'xstate.done.actor.checkDocument': async ({ page, event, memo }) => {
      if (outputOf(event)) await expect(page.getByText(fr(ERROR_KEYS.notPdf))).toBeVisible();
      else
        await expect(
          page.getByRole('button', {
            name: fr('signbooks.create.removeFile').replace('{{name}}', memo.get('file') as string),
          }),
        ).toBeVisible();
    },
    'signbook.document.remove': async ({ page, memo }) => {
      await page
        .getByRole('button', {
          name: fr('signbooks.create.removeFile').replace('{{name}}', memo.get('file') as string),
        })
        .click();
    },
    'signbook.submit': async ({ page, next, memo }) => {
      if (next?.type === 'api.signbook.failed') await dropCall(page, routeUrl('signbooks.upload'), memo);
      await submitButton(page).click();
    },
    'api.signbook.succeeded': async ({ page, memo }) => {
      await expect(page).toHaveURL(/\/signworkflows\/status\/in-progress\/[0-9a-f-]{36}$/);
      memo.set('created', page.url().split('/').pop());
    },
    'api.signbook.failed': async ({ page, memo }) => {
      await afterDrop(page, memo);
      await expect(toast(page, 'alert.signworkflows.create.error', 'alert')).toBeVisible();
    },
  },
  states: {
    'signbookCreation.templates.loading': null,
    'signbookCreation.templates.ready': async (page, snapshot) => {
      if (sent(snapshot)) return;
      // « Sans modèle », then the templates read (none when the read failed).
      const options = select(page, 'signbooks.create.template').locator('option');
      if (contextOf(snapshot).templates.length) await expect(options).not.toHaveCount(1);
      else await expect(options).toHaveCount(1);
    },
    'signbookCreation.organisation.loading': null,
    'signbookCreation.organisation.ready': async (page, snapshot, memo) => {
      if (sent(snapshot)) return;
      const c = contextOf(snapshot);
      const org = select(page, 'signbooks.fields.organization');
      // The model's `org-a` is the session's organisation; `org-b` the template's.
      if (c.orgId === 'org-a') await expect(org).toHaveValue(memo.get('homeOrg') as string);
      else await expect(org).not.toHaveValue(memo.get('homeOrg') as string);
      // Without document types read, only « Aucun type » (or nothing, under a template) is offered.
      if (!c.docTypes.length)
        await expect(select(page, 'signbooks.fields.docType').locator('option')).toHaveCount(c.template ? 0 : 1);
    },
    'signbookCreation.document.empty': async (page, snapshot) => {
      if (sent(snapshot)) return;
      await expect(page.getByRole('button', { name: /^Retirer .+\.pdf$/ })).toHaveCount(0);
    },
    'signbookCreation.document.checking': null,
    'signbookCreation.document.chosen': async (page, snapshot, memo) => {
      if (sent(snapshot)) return;
      await expect(
        page.getByRole('button', {
          name: fr('signbooks.create.removeFile').replace('{{name}}', memo.get('file') as string),
        }),
      ).toBeVisible();
    },
    'signbookCreation.document.refused': async (page, snapshot) => {
      if (sent(snapshot)) return;
      await expect(page.getByText(fr(ERROR_KEYS.notPdf))).toBeVisible();
    },
    'signbookCreation.submission.idle': async (page, snapshot) => {
      await expect(submitButton(page)).toBeEnabled();
      // Once tried, what is missing is said (the document first of all, when there is none).
      const c = contextOf(snapshot);
      if (c.tried && !c.document) await expect(problems(page)).toBeVisible();
      if (!c.tried) await expect(problems(page)).toHaveCount(0);
    },
    'signbookCreation.submission.sending': null,
    'signbookCreation.submission.sent': async (page, _snapshot, memo) => {
      await expect(toast(page, 'signbooks.create.created', 'status')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: memo.get('name') as string })).toBeVisible();
    },
  },
};
