/**
 * The read machine (machines/read) on a screen that pages and reads again on a push: the safe's documents
 * offered on the documents step of a new campaign (`/campaigns/create`, « Bulletin de paie »), eight at a
 * time, « Afficher plus » appending the older ones, a deposit heard by push (`push.documents.deposited`)
 * reading the list again. It walks what the other screens leave (`read.adapter.ts`,
 * `read-campaigns.adapter.ts`, `read-members.adapter.ts`): a reload while a next page is on its way.
 *
 * The path works in a world of its own, so no other path's deposit reads the list again under it: an
 * organisation created through the real API below the administrator's (one per worker, whose paths run one
 * after the other), holding twenty payslips of its employer's safe (three pages of eight), and a user of it
 * created through the rights API, who sees that organisation only (no children, no other access): their push
 * socket joins that organisation's rooms alone, and the campaigns, dispatches, uploads and signbooks of the
 * other paths, all in the demo's organisations, never reach it. No route deletes an organisation or needs
 * this user gone: the replay's demo database is fresh each run.
 *
 * The picker's reads are held in the browser's network until the path's next fact, then go to the real
 * server. A reload is a document deposited in that organisation through the real upload route (the user's
 * session, another call than the page's): its push makes the picker read its first page again, the next
 * page it held abandoned.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot } from 'xstate';
import { nextPageOf, type ReadContext, type ReadEvent } from '../../../machines/read/index.ts';
import type { Organization } from '../../../src/contract/entities.ts';
import type { UserAdminDetail, UserInput } from '../../../src/contract/rights.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr, printedMessage } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { newSiret } from './org-form.adapter.ts';
import { holdReads, logInThroughApi, openLoggedIn, ownSession, skipWelcome } from './screens.ts';

type Event<T extends ReadEvent['type']> = Extract<ReadEvent, { type: T }>;

const TYPE = 'Bulletin de paie';
const TYPE_CODE = 'BULLETIN_PAIE';
/** Payslips in the world's safe: three pages of eight, so the first two have a next one. */
const PAYSLIPS = 20;
const PASSWORD = 'Parcours-coffre-2025';
const PATH = new URL(routeUrl('documents.list'), 'http://app').pathname;
const section = (page: Page) =>
  page.getByRole('region', { name: fr('campaignCreate.documents.safe.title').replace('{{type}}', TYPE) });
const results = (page: Page) => section(page).getByRole('list', { name: fr('campaignCreate.documents.safe.results') });
const moreButton = (page: Page) =>
  section(page).getByRole('button', { name: fr('campaignCreate.documents.safe.more').replace(/\s*\(.*$/, '') });

const readAsked = async (memo: Map<string, unknown>, before: number) =>
  expect
    .poll(() => memo.get('reads') as number, { message: 'the picker reads the safe’s documents', timeout: 20_000 })
    .toBeGreaterThan(before);

async function letReadsGo(memo: Map<string, unknown>): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'a read of the documents is on its way' }).toBeGreaterThan(0);
  // A read the page abandoned is already gone: nothing to let through.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
}

/** One-page PDFs deposited in the employer's safe of the organisation through the real upload route. */
async function deposit(
  page: Page,
  headers: Record<string, string>,
  orgId: string,
  typeCode: string,
  count: number,
): Promise<void> {
  const stamp = Date.now();
  const slips = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const description = `Parcours coffre de la campagne ${stamp} n° ${i + 1}`;
      pdf.addPage([595, 842]).drawText(description, { x: 60, y: 760, size: 14, font });
      return { id: `slip-${i + 1}`, description, buffer: Buffer.from(await pdf.save()) };
    }),
  );
  const answer = await page.request.post(routeUrl('documents.upload'), {
    headers,
    multipart: {
      data: JSON.stringify({
        organizationId: orgId,
        slips: slips.map(({ id, description }) => ({
          id,
          typeCode,
          description,
          destination: 'EMPLOYER_SAFE',
          employeeId: null,
        })),
      }),
      ...Object.fromEntries(
        slips.map(({ id, buffer }) => [id, { name: `${id}.pdf`, mimeType: 'application/pdf', buffer }]),
      ),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The path's world: its organisation and the user who sees only it. */
interface World {
  readonly orgId: string;
  readonly login: string;
}
let unique = 0;
let workerWorld: World | undefined;

/**
 * An organisation below the administrator's, twenty payslips in its employer's safe, and a user of it who
 * sees it alone (campaigns and documents), with a password set from the link they are mailed.
 */
async function newWorld(page: Page): Promise<World> {
  const { headers, orgId: adminOrgId } = await ownSession(page, 'admin');
  const n = `${Date.now()}.${test.info().parallelIndex}.${(unique += 1)}`;
  const org = await page.request.post(routeUrl('organizations.create'), {
    headers,
    data: {
      name: `Parcours coffre ${n}`,
      siret: newSiret(),
      street: null,
      zipCode: null,
      city: 'Lyon',
      country: 'France',
      parentId: adminOrgId,
      reference: null,
      billingReference: null,
      internalFolderCode: null,
    },
  });
  expect(org.ok(), await org.text()).toBe(true);
  const orgId = ((await org.json()) as Organization).id;
  await deposit(page, headers, orgId, TYPE_CODE, PAYSLIPS);
  const created = await page.request.post(routeUrl('users.create'), {
    headers,
    data: {
      login: `parcours.coffre.${n}`,
      firstName: 'Inès',
      lastName: 'Coffre',
      email: `parcours.coffre.${n}@horizon-demo.fr`,
      rootOrgId: orgId,
      access: [],
      rootIncludesChildren: false,
      features: ['DocListDispatch', 'DocCreateDispatch', 'DocSearch'],
      userGroupIds: [],
      linkedToMicrosoft: false,
    } satisfies UserInput,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const user = (await created.json()) as UserAdminDetail;
  const sent = await page.request.post(routeUrl('users.reinitPassword'), { headers, data: { userId: user.id } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const mail = await printedMessage(user.email!, '');
  const token = mail.body.match(/\/token-reinitialization\/(\S+)/)?.[1];
  expect(token, mail.body).toBeTruthy();
  const set = await page.request.post(routeUrl('users.reinitPasswordToken'), {
    data: { token, password: PASSWORD, confirmation: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return { orgId, login: user.login };
}

const answersMore = (s: AnyMachineSnapshot, e: Event<'api.read.succeeded'>) =>
  nextPageOf((s.context as ReadContext).query, e.result) !== null;

export const readSafeDocumentsAdapter: MachineAdapter = {
  machine: 'read',
  variant: 'the safe’s documents of a new campaign (pages, push)',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const world = (workerWorld ??= await newWorld(page));
    const { headers, session } = await logInThroughApi(page, { login: world.login, password: PASSWORD });
    // The user sees their organisation alone: only its deposits reach their socket.
    expect(session.orgId).toBe(world.orgId);
    memo.set('deposit', () => deposit(page, headers, world.orgId, 'NOTE_SERVICE', 1));
    await holdReads(page, PATH, memo);
    await openLoggedIn(page, '/campaigns/create');
    await page.getByRole('radio', { name: TYPE }).check({ force: true });
  },
  how: {
    'read.query': 'the documents step opened after « Bulletin de paie » is chosen: the picker asks the newest eight',
    'read.more': '« Afficher plus » under the safe’s documents',
    'read.reload':
      'a document deposited through the real upload route (another call of the user’s session, in their organisation): its push reads the list again',
    'api.read.succeeded':
      'the held read goes to the real server, which answers eight of the twenty payslips of the organisation’s safe',
  },
  events: {
    'read.query': async ({ page, memo }) => {
      await page.getByRole('button', { name: fr('campaignCreate.actions.next'), exact: true }).click();
      await readAsked(memo, 0);
    },
    'read.more': async ({ page, memo }) => {
      const asked = memo.get('reads') as number;
      await moreButton(page).click();
      await readAsked(memo, asked);
    },
    'read.reload': async ({ memo }) => {
      const asked = memo.get('reads') as number;
      await (memo.get('deposit') as () => Promise<void>)();
      await readAsked(memo, asked);
    },
    'api.read.succeeded': async ({ memo }) => letReadsGo(memo),
  },
  // The list opens once (no search typed here: the member picker walks new queries); its first two pages have a next one.
  offered: (snapshot, event) =>
    event.type === 'read.query'
      ? snapshot.matches('waiting')
      : event.type !== 'api.read.succeeded' || answersMore(snapshot, event as Event<'api.read.succeeded'>),
  states: {
    'read.waiting': null,
    'read.loading': async (page) => {
      await expect(section(page).getByText(fr('common.loading'))).toBeVisible();
      await expect(results(page)).toHaveCount(0);
    },
    'read.shown': async (page, snapshot) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'false');
      if (snapshot.can({ type: 'read.more' })) await expect(moreButton(page)).toBeEnabled();
    },
    'read.loadingMore': async (page) => {
      await expect(results(page)).toHaveAttribute('aria-busy', 'true');
      await expect(moreButton(page)).toBeDisabled();
    },
  },
};
