/**
 * The campaign page's own workflow in the browser (machines/campaign-documents): its documents table,
 * the checked documents, a row's action and the campaign's actions, on a campaign each path creates
 * through the real API and opens once the campaign has settled (its status no longer moves the page).
 *
 * - A campaign awaiting validation: the admin's, from the demo's sample payroll (two payslips and one page
 *   naming nobody — an ignored page the operator can give to an employee). Its actions are clicked
 *   (« Valider et distribuer », « Refuser les documents cochés »), its documents checked one by one or the
 *   whole page. A pushed row is another operator's refusal through the real API, heard live.
 * - A campaign whose documents are in error: the free-trial company's (`essai`) past its document limit
 *   (trial.ts), two documents refused « Limite de documents atteinte »: a row's « Réessayer » (refused again).
 * - A campaign in error a retry may fix: the admin's sample payroll, one of its deposits refused by the
 *   personal safe the server deposits through (the test double, matching the path's campaign name): the
 *   campaign's « Relancer », then the page leaves for the list.
 *
 * The documents' reads are held in the browser's network until the path's next fact: then they go to the
 * real server, which answers (`xstate.done.actor.readDocs`), or the connection drops
 * (`xstate.error.actor.readDocs`). While one is held the table is seen loading, and a new query (the page
 * size) or an invalidation (an ignored page given to an employee, which reads the documents again) can be
 * made then. A campaign action's failure is its call dropped by the connection.
 *
 * Chained paths (`chainable`): a path's events need the one campaign `start` made (`campaignFor`); the page
 * naming nobody is given once, another operator's refusal pushed once; a campaign action that went through
 * ends the path.
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type {
  CampaignAction,
  CampaignDocumentsContext,
  CampaignDocumentsEvent,
} from '../../../machines/campaign-documents/index.ts';
import type { Campaign } from '../../../src/contract/entities.ts';
import type { CampaignStatus } from '../../../src/contract/enums.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr, inProgressOrOutcome, sessionHeaders } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { safeControl } from '../support/safe-control.ts';
import { createPayrollCampaign, samplePayroll } from './payroll.ts';
import { holdReads, logInThroughApi, logInThroughForm, openLoggedIn, pushJoined, skipWelcome } from './screens.ts';
import { createManualCampaign, spendTrialAllowance } from './trial.ts';

type Event<T extends CampaignDocumentsEvent['type']> = Extract<CampaignDocumentsEvent, { type: T }>;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CampaignDocumentsContext;

/** The table and its rows are also read while a dialog hides the page from assistive technology. */
const docsTable = (page: Page) => page.getByRole('table', { name: fr('campaigns.docs.label'), includeHidden: true });
const docsSection = (page: Page) => page.getByRole('region', { name: fr('campaigns.docs.title') });
/** The table's document rows (not its loading skeleton nor its « no document » line). */
const docRows = (page: Page) =>
  docsTable(page)
    .getByRole('row', { includeHidden: true })
    .filter({ has: page.getByRole('checkbox', { name: fr('dataTable.selectRow'), includeHidden: true }) });
const rowBox = (page: Page, index: number) =>
  docRows(page)
    .nth(index)
    .getByRole('checkbox', { name: fr('dataTable.selectRow') });
const pageBox = (page: Page) => docsTable(page).getByRole('checkbox', { name: fr('dataTable.selectPage') });
const checkedRows = (page: Page) => docRows(page).filter({ has: page.locator('input[type="checkbox"]:checked') });

const actionButton = (page: Page, id: CampaignAction) =>
  page
    .getByRole('group', { name: fr('campaigns.actions.label') })
    .getByRole('button', { name: fr(`campaigns.actions.${id}`), exact: true });
const confirmDialog = (page: Page, id: CampaignAction) =>
  page.getByRole('alertdialog', { name: fr(`campaigns.confirm.${id}.title`) });
const reasonDialog = (page: Page) => page.getByRole('dialog', { name: fr('campaigns.refuseDocuments.title') });

const toast = (page: Page, key: string, role: 'alert' | 'status') =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole(role)
    .filter({ hasText: fr(key) });

/** The path's campaign: the trial company's in error when a row's action is needed, else one awaiting validation. */
const needsFailedRows = (events: readonly EventObject[]) => events.some((e) => e.type === 'doc.run');

/** The path retries the whole campaign: one the safe refused a deposit of. */
const needsRetry = (events: readonly EventObject[]) =>
  events.some((e) => e.type === 'action.request' && (e as Event<'action.request'>).action === 'retry');

/**
 * The campaign an event needs (`start` makes one per path): the trial's in error for a row's action, one the
 * safe refused a deposit of for « Relancer », one awaiting validation for its actions, for the page naming
 * nobody (given to an employee only while the campaign awaits validation) and for another operator's refusal.
 */
const campaignFor = (e: EventObject): 'failedRows' | 'retry' | 'validation' | null => {
  switch (e.type) {
    case 'doc.run':
    case 'xstate.done.actor.runDocAction':
      return 'failedRows';
    case 'action.request':
      return (e as Event<'action.request'>).action === 'retry' ? 'retry' : 'validation';
    case 'docs.invalidate':
    case 'docs.pushed':
      return 'validation';
    default:
      return null;
  }
};

const pathOf = (url: string) => new URL(url, 'http://app').pathname;

async function campaignSettles(
  page: Page,
  headers: Record<string, string>,
  id: string,
  status: CampaignStatus,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(routeUrl('campaigns.get', { id }), { headers });
        return ((await answer.json()) as Campaign).status;
      },
      { message: `campaign ${id} reaches ${status}`, timeout: 60_000, intervals: [100, 200, 300, 500] },
    )
    .toBe(status);
}

const heldReads = (memo: Map<string, unknown>) => memo.get('held') as Route[];
/** Waits until the page has asked for its documents once more than `before` times. */
const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect
    .poll(() => memo.get('reads') as number, { message: 'the page reads its documents again' })
    .toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>, how: 'answer' | 'drop'): Promise<void> {
  await expect
    .poll(() => heldReads(memo).length, { message: 'a read of the documents is on its way' })
    .toBeGreaterThan(0);
  for (const route of heldReads(memo).splice(0)) {
    // A read the page abandoned is already gone: nothing to let through.
    if (how === 'answer') await route.continue().catch(() => undefined);
    else await route.abort('internetdisconnected').catch(() => undefined);
  }
}

/** The page size, 20 ↔ 50: the same documents asked for again (a new query). */
async function newQuery(page: Page, memo: Map<string, unknown>): Promise<void> {
  const before = memo.get('reads') as number;
  const size = docsSection(page).getByRole('combobox', { name: fr('dataTable.pageSize') });
  await size.selectOption((await size.inputValue()) === '20' ? '50' : '20');
  await readAsked(memo, before);
}

/** The source page that named nobody, given to an employee: the page then reads its documents again. */
async function assignIgnoredPage(page: Page, memo: Map<string, unknown>): Promise<void> {
  const before = memo.get('reads') as number;
  const item = page.locator('[data-ignored-page]').first();
  await item.getByRole('button', { name: fr('campaigns.ignored.assign'), exact: true }).click();
  // What was read on it names nobody: any employee of the campaign's organisation, by an empty search.
  await item.getByRole('textbox', { name: fr('campaigns.ignored.search') }).fill('');
  const assign = item.locator('[data-assign-employee]').first();
  await assign.click();
  await expect(toast(page, 'campaigns.ignored.assigned', 'status')).toBeVisible();
  await readAsked(memo, before);
}

/** The campaign action's call goes, or the connection drops under it (the next fact says which). */
const awaited = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined); // a path that ends before its outcome never waits for it
  return promise;
};

async function armAction(page: Page, memo: Map<string, unknown>, action: CampaignAction, ok: boolean): Promise<void> {
  const id = memo.get('id') as string;
  const path = pathOf(
    action === 'validate'
      ? routeUrl('campaigns.validate', { id })
      : action === 'retry'
        ? routeUrl('campaigns.retry', { id })
        : routeUrl('campaigns.refuseDocuments'),
  );
  const isCall = (url: URL) => url.pathname === path;
  if (ok) {
    memo.set('call', awaited(page.waitForResponse((r) => isCall(new URL(r.url())))));
    return;
  }
  const drop = (route: Route) => route.abort('internetdisconnected');
  await page.route(isCall, drop);
  const failed = page.waitForEvent('requestfailed', (r) => isCall(new URL(r.url())));
  memo.set('call', awaited(failed.then(() => page.unroute(isCall, drop))));
}

const SUCCESS: Partial<Record<CampaignAction, string>> = {
  validate: 'alert.campaign.validation.inProgress',
  refuseDocuments: 'alert.campaign.refuse.success',
  retry: 'alert.campaign.retry.inProgress',
};
const FAILURE: Partial<Record<CampaignAction, string>> = {
  validate: 'alert.campaign.send.failure',
  retry: 'alert.campaign.send.failure',
  refuseDocuments: 'alert.campaign.refuse.documents.failure',
};

/** The demo's sample payroll of three pages, asked once per worker: the same file for every path (a fixed seed). */
let sample: Promise<Buffer> | null = null;
const cachedSample = (page: Page, headers: Record<string, string>): Promise<Buffer> =>
  (sample ??= samplePayroll(page, headers));

export const campaignDocumentsAdapter: MachineAdapter = {
  machine: 'campaign-documents',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const name = `Parcours documents ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    let id: string;
    if (needsFailedRows(events)) {
      await logInThroughForm(page, 'essai');
      const recipients = await spendTrialAllowance(page);
      id = await createManualCampaign(page, { name, review: false, recipients: recipients.slice(0, 2), files: 1 });
      await campaignSettles(page, await sessionHeaders(page), id, 'IN_ERROR');
    } else if (needsRetry(events)) {
      const { headers } = await logInThroughApi(page, 'admin');
      // The safe refuses the campaign's first deposit (retryable): the campaign ends in error, « Relancer » offered.
      await safeControl().addRule({ match: name, action: 'refuse', reason: 'Coffre-fort en maintenance', times: 1 });
      id = await createPayrollCampaign(page, headers, { name, review: false, pdf: await cachedSample(page, headers) });
      await campaignSettles(page, headers, id, 'IN_ERROR');
    } else {
      const { headers } = await logInThroughApi(page, 'admin');
      id = await createPayrollCampaign(page, headers, { name, review: true, pdf: await cachedSample(page, headers) });
      await campaignSettles(page, headers, id, 'NEEDS_VALIDATION');
    }
    memo.set('id', id);
    // The documents' reads wait in the network until the path's next fact (a new query may overtake one).
    await holdReads(page, pathOf(routeUrl('campaigns.dispatchedDocs', { campaignId: id })), memo);
    memo.set('joined', pushJoined(page));
    if (needsFailedRows(events)) await page.goto(`/campaigns/${id}`);
    else await openLoggedIn(page, `/campaigns/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },
  how: {
    'docs.query':
      'the page asks for its first documents once the campaign is read; then a new page size (20 ↔ 50), while a read is held or after',
    'xstate.done.actor.readDocs': 'the held read goes to the real server, which answers the documents',
    'xstate.error.actor.readDocs': 'the held read’s connection drops (the browser’s network)',
    'docs.invalidate':
      'the source page that named nobody: « Attribuer à un salarié » › an employee; the page reads its documents again',
    'docs.pushed':
      'another operator refuses a document through the real API: its row is pushed and shown « Refusé » live',
    'selection.toggle': 'a row’s checkbox',
    'selection.all': '« Sélectionner toute la page »',
    'selection.clear': 'the last checked row unchecked, or the whole page unchecked',
    'doc.run':
      'a row’s action: « Réessayer » on a document of the free-trial company refused past its limit (essai; no new campaign has a row to « Envoyer »)',
    'xstate.done.actor.runDocAction':
      'the real server tries the document again: refused again, the row and alert say so',
    'action.request':
      '« Valider et distribuer » (« Refuser les documents cochés » once documents are checked); « Relancer » on a campaign whose deposit the safe double refused',
    'action.confirm': 'the confirmation’s button, or a reason typed and « Refuser »',
    'action.cancel': '« Annuler » in the confirmation (« Fermer » in the campaign cancel’s)',
    'xstate.done.actor.runAction':
      'the real server’s answer (validated, documents refused), or the connection dropped under the call (its failure alert)',
  },
  events: {
    'docs.query': async ({ page, before, memo }) => {
      if (before.matches({ documents: 'waiting' })) return readAsked(memo, 0);
      await newQuery(page, memo);
    },
    'xstate.done.actor.readDocs': async ({ memo }) => letReadsGo(memo, 'answer'),
    'xstate.error.actor.readDocs': async ({ page, memo }) => {
      await letReadsGo(memo, 'drop');
      await expect(toast(page, 'alert.campaign.get.dispatchedDocs.failure', 'alert')).toBeVisible();
    },
    'docs.invalidate': async ({ page, memo }) => assignIgnoredPage(page, memo),
    'docs.pushed': async ({ page, memo }) => {
      await (memo.get('joined') as Promise<void>);
      const link = docRows(page).first().getByRole('link');
      const docId = (await link.getAttribute('href'))!.split('/').pop()!;
      const reason = `Refusé par un autre opérateur ${Date.now()}`;
      const answer = await page.request.post(routeUrl('campaigns.refuseDocuments'), {
        headers: await sessionHeaders(page),
        data: { ids: [docId], reason },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      const row = docRows(page).filter({ hasText: reason });
      await expect(row).toHaveCount(1);
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'REFUSED');
    },
    'selection.toggle': async ({ page, event, before }) => {
      const { id } = event as Event<'selection.toggle'>;
      const { docs, selected } = contextOf(before);
      const index = docs!.items.findIndex((d) => d.id === id);
      await rowBox(page, index).setChecked(!selected.includes(id));
    },
    'selection.all': async ({ page }) => {
      await pageBox(page).check();
      await expect(checkedRows(page)).toHaveCount(await docRows(page).count());
    },
    'selection.clear': async ({ page }) => {
      const checked = await checkedRows(page).count();
      if (checked === (await docRows(page).count())) await pageBox(page).uncheck();
      else {
        expect(checked, 'one document left checked').toBe(1);
        await checkedRows(page).first().getByRole('checkbox').uncheck();
      }
      await expect(checkedRows(page)).toHaveCount(0);
    },
    'doc.run': async ({ page, memo }) => {
      const retried = routeUrl('campaigns.retryDispatchedDoc', { id: 'x' }).replace(/x$/, '');
      memo.set(
        'docCall',
        awaited(page.waitForResponse((r) => r.request().method() === 'POST' && pathOf(r.url()).startsWith(retried))),
      );
      const failed = docRows(page).filter({ has: page.locator('[data-status="CANT_CREATE_DOC_ERROR"]') });
      await failed
        .first()
        .getByRole('button', { name: fr('campaigns.docs.retry'), exact: true })
        .click();
    },
    'xstate.done.actor.runDocAction': async ({ page, memo }) => {
      const answer = await (memo.get('docCall') as ReturnType<Page['waitForResponse']>);
      expect(answer.ok(), await answer.text()).toBe(true);
      // Tried again, refused again: the trial's limit is still reached.
      expect(((await answer.json()) as { status: string }).status).toBe('CANT_CREATE_DOC_ERROR');
      await expect(toast(page, 'campaign.dispactchedDoc.retry.failure', 'alert')).toBeVisible();
    },
    'action.request': async ({ page, event, next, memo }) => {
      const { action } = event as Event<'action.request'>;
      // No confirmation for a retry: its call goes at once, answered or dropped as the next fact says.
      if (action === 'retry')
        await armAction(
          page,
          memo,
          action,
          next?.type !== 'xstate.done.actor.runAction' || (next as Event<'xstate.done.actor.runAction'>).output.ok,
        );
      await actionButton(page, action).click();
    },
    'action.confirm': async ({ page, before, next, memo }) => {
      const { action } = contextOf(before);
      const ok =
        next?.type !== 'xstate.done.actor.runAction' || (next as Event<'xstate.done.actor.runAction'>).output.ok;
      await armAction(page, memo, action!, ok);
      if (action === 'refuseDocuments') {
        const dialog = reasonDialog(page);
        await dialog.getByLabel(fr('campaigns.refuseDocuments.reason')).fill('Doublon');
        await dialog.getByRole('button', { name: fr('campaigns.refuseDocuments.confirm'), exact: true }).click();
      } else {
        await confirmDialog(page, action!)
          .getByRole('button', { name: fr(`campaigns.confirm.${action}.confirm`), exact: true })
          .click();
      }
    },
    'action.cancel': async ({ page, before }) => {
      const { action } = contextOf(before);
      const dialog = action === 'refuseDocuments' ? reasonDialog(page) : confirmDialog(page, action!);
      const dismiss = action === 'cancel' ? 'common.actions.close' : 'common.actions.cancel';
      await dialog.getByRole('button', { name: fr(dismiss), exact: true }).click();
    },
    'xstate.done.actor.runAction': async ({ page, event, before, memo }) => {
      const { action } = contextOf(before);
      const { ok } = (event as Event<'xstate.done.actor.runAction'>).output;
      await memo.get('call');
      if (!ok) return expect(toast(page, FAILURE[action!]!, 'alert')).toBeVisible();
      if (action === 'validate' || action === 'retry')
        await expect(inProgressOrOutcome(page, SUCCESS[action]!, memo.get('name') as string).first()).toBeVisible();
      else await expect(toast(page, SUCCESS[action!]!, 'status')).toBeVisible();
    },
  },
  offered: (snapshot, event) => {
    const { selected } = contextOf(snapshot);
    const shown = snapshot.matches({ documents: 'shown' });
    switch (event.type) {
      // The table's rows and the actions are used once the documents are on screen.
      case 'selection.toggle':
      case 'docs.pushed':
      case 'doc.run':
      case 'action.request':
        return shown;
      // The page's checkbox checks a page none of whose rows is checked (else it is one more row: a toggle).
      case 'selection.all':
        return shown && selected.length === 0;
      // Unchecking sends « none » only when something was checked.
      case 'selection.clear':
        return shown && selected.length > 0;
      default:
        return true;
    }
  },
  chainable: (walked, _snapshot, event) => {
    // One campaign per path: its events all need the same one.
    const needs = campaignFor(event);
    if (needs && walked.some((e) => (campaignFor(e) ?? needs) !== needs)) return false;
    // The sample payroll has one page naming nobody: given once (its document then is a third row, so the
    // page's checkbox would check three where the model, reading its two fixtures again, checks two).
    if (event.type === 'docs.invalidate' && walked.some((e) => e.type === 'docs.invalidate')) return false;
    if (event.type === 'selection.all' && walked.some((e) => e.type === 'docs.invalidate')) return false;
    // Another operator refuses a document once (the first row, then refused).
    if (event.type === 'docs.pushed' && walked.some((e) => e.type === 'docs.pushed')) return false;
    // A campaign action that went through changes the campaign (validated, documents refused: a new status
    // the page reads again; retried: the page left for the list): the path ends there.
    return !walked.some(
      (e) => e.type === 'xstate.done.actor.runAction' && (e as Event<'xstate.done.actor.runAction'>).output.ok,
    );
  },
  states: {
    'campaignDocuments.documents.waiting': null,
    'campaignDocuments.documents.loading': async (page) => {
      await expect(docsTable(page)).toHaveAttribute('aria-busy', 'true');
    },
    'campaignDocuments.documents.shown': async (page, snapshot) => {
      // While a campaign action's call runs, its answer may already have come back: the page then reads
      // its documents again (the next fact of the path), so the table is not checked meanwhile.
      // After a retry the page has left for the list: its table is gone with it.
      if (snapshot.matches({ campaignAction: 'running' }) || snapshot.matches({ campaignAction: 'left' })) return;
      await expect(docsTable(page)).toHaveAttribute('aria-busy', 'false');
      await expect(docRows(page).first()).toBeVisible();
      await expect(checkedRows(page)).toHaveCount(contextOf(snapshot).selected.length);
    },
    'campaignDocuments.documents.failed': async (page, snapshot) => {
      // The alert says the read failed, and the table too where no rows were read before (nothing loads).
      await expect(toast(page, 'alert.campaign.get.dispatchedDocs.failure', 'alert')).toBeVisible();
      await expect(docsTable(page)).toHaveAttribute('aria-busy', 'false');
      if (!contextOf(snapshot).docs)
        await expect(docsTable(page)).toContainText(fr('alert.campaign.get.dispatchedDocs.failure'));
    },
    'campaignDocuments.docAction.idle': async (page) => {
      await expect(docsTable(page).locator('[data-doc-action]:disabled')).toHaveCount(0);
    },
    'campaignDocuments.docAction.running': null,
    'campaignDocuments.campaignAction.idle': async (page) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(reasonDialog(page)).toHaveCount(0);
    },
    'campaignDocuments.campaignAction.confirming': async (page, snapshot) => {
      const { action } = contextOf(snapshot);
      await expect(action === 'refuseDocuments' ? reasonDialog(page) : confirmDialog(page, action!)).toBeVisible();
    },
    'campaignDocuments.campaignAction.running': null,
    'campaignDocuments.campaignAction.left': async (page) => {
      await expect(page).toHaveURL(/\/campaigns$/);
    },
  },
};
