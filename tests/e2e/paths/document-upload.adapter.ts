/**
 * The upload dialog's workflow in the browser (machines/document-upload): « Déposer des documents » on
 * the documents page opened by `admin`, its slips (at most two, as the paths' input says), the sending run
 * and a slip's « Réessayer ». The dialog's machine runs from the page's first load (the dialog is mounted
 * closed): the organisations are told to it then, and the organisation's document types once their read
 * comes back — held in the browser's network until the path's fact (`upload.types.known`).
 *
 * Drops are real files: PDFs made with pdf-lib, and a text file named `.pdf` the browser's check refuses
 * (not a PDF). The check of the path's first drop waits for pdf.js, loaded on first use: its files are held
 * in the browser's network until the check's fact, so further drops can be made while it waits; later checks
 * read the file at once.
 *
 * Each slip's upload is held in the network until its end's fact, then goes to the real server (stored) or
 * is dropped by the network (failed); one the path ends with in flight (closing the dialog meanwhile, the run's
 * next slip) is held in the network. A sending the path cancels or watches a percentage of sends 2 MB PDFs on
 * an upload bandwidth limited to 256 KB/s (Chromium's network emulation, `slowUploads`), set per sending.
 *
 * Chained paths (`chainable`): once pdf.js has loaded, a drop's check answers at once, so its fact comes right
 * after the drop; a cancel is answered « canceled »; a percentage seen means the request went to the server
 * (not dropped); another organisation chosen ends the path.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { DocumentUploadContext, DocumentUploadEvent } from '../../../machines/document-upload/index.ts';
import { planOf } from '../../../machines/document-upload/documentUpload.model.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { fullSpeed, logInThroughApi, openLoggedIn, skipWelcome, slowUploads } from './screens.ts';

type Event<T extends DocumentUploadEvent['type']> = Extract<DocumentUploadEvent, { type: T }>;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DocumentUploadContext;

const pathOf = (url: string) => new URL(url, 'http://app').pathname;
const UPLOAD_PATH = pathOf(routeUrl('documents.upload'));
/** The organisation's document types' read (`/organization/{id}/conf/doc-type`), whatever the organisation. */
const [TYPES_HEAD, TYPES_TAIL] = pathOf(routeUrl('documents.orgDocTypes', { id: 'ID' })).split('ID') as [
  string,
  string,
];
const isTypesRead = (path: string) => path.startsWith(TYPES_HEAD) && path.endsWith(TYPES_TAIL);

const dialogOf = (page: Page) => page.getByRole('dialog', { name: fr('documents.upload.title') });
const slipCards = (page: Page) => dialogOf(page).getByTestId('slip');
const slipCard = (page: Page, index: number) =>
  dialogOf(page).getByRole('listitem', { name: fr('documents.upload.slipTitle').replace('{{index}}', `${index + 1}`) });
const statusOf = (page: Page, index: number) => slipCard(page, index).getByTestId('slip-status');
const sendButton = (page: Page) => dialogOf(page).getByRole('button', { name: /^Déposer \d+ documents?$/ });
const closeButton = (page: Page) =>
  dialogOf(page)
    .getByRole('button', { name: fr('common.actions.close'), exact: true })
    .last();
const refusals = (page: Page) =>
  dialogOf(page)
    .getByRole('alert')
    .filter({ has: page.locator('li') });

/** The slip's place in the dialog, by the model's id. */
const indexOf = (snapshot: AnyMachineSnapshot, slipId: string) =>
  contextOf(snapshot).slips.findIndex((s) => s.id === slipId);

/** A valid PDF; `padding` bytes attached make it long to send on a limited connection. */
const pdfBytes = async (line: string, padding: number): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(line, { x: 60, y: 760, size: 14, font });
  if (padding) await pdf.attach(randomBytes(padding), 'annexe.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
};

/** Uploads long enough to see a percentage and to cancel: 2 MB PDFs on a limited upload bandwidth. */
const slowPath = (events: readonly EventObject[]) =>
  events.some((e) => e.type === 'upload.slip.cancel' || e.type === 'api.slip.progressed');

/** What the sending that `index` starts (« Déposer », « Réessayer ») meets, up to the path's next one. */
const untilNextSending = (events: readonly EventObject[], index: number) => {
  const rest = events.slice(index + 1);
  const next = rest.findIndex((e) => e.type === 'upload.send' || e.type === 'upload.slip.retry');
  return next < 0 ? rest : rest.slice(0, next);
};

/**
 * The page's upload bandwidth for the sending that starts now: limited (256 KB/s) when that sending is
 * watched or canceled, else the connection's own. Set per sending, a chained path's other uploads are fast.
 */
async function uploadSpeed(page: Page, memo: Map<string, unknown>, slow: boolean): Promise<void> {
  if (!slow && !memo.get('slowed')) return;
  memo.set('slowed', slow);
  await (slow ? slowUploads(page) : fullSpeed(page));
}

/** The check's verdicts that answer the drop at `index` (drops are checked in turn), if the path has them. */
const verdictsFor = (events: readonly EventObject[], index: number): Event<'api.files.checked'>['verdicts'] | null => {
  const isDrop = (e: EventObject) => e.type === 'upload.files.drop' || e.type === 'upload.slip.file.drop';
  const rank = events.slice(0, index).filter(isDrop).length;
  const checked = events.filter((e) => e.type === 'api.files.checked')[rank] as Event<'api.files.checked'> | undefined;
  return checked?.verdicts ?? null;
};

/** The files of a drop: a PDF per accepted verdict, a text file named `.pdf` per refused one. */
interface CheckShows {
  readonly accepted: string[];
  readonly refused: string[];
  /** The slip dropped on (its file replaced), else null: new slips. */
  readonly into: string | null;
}

async function filesFor(
  events: readonly EventObject[],
  index: number,
  memo: Map<string, unknown>,
  into: string | null = null,
) {
  const verdicts = verdictsFor(events, index) ?? [{ key: null }];
  // Big enough to be seen sending when a later step watches or cancels a sending.
  const padding = slowPath(events.slice(index)) ? 2 * 1024 * 1024 : 0;
  const files = [];
  const names: CheckShows = { accepted: [], refused: [], into };
  for (const v of verdicts) {
    const n = (memo.get('files') as number | undefined) ?? 0;
    memo.set('files', n + 1);
    files.push(
      v.key
        ? { name: `pas-un-pdf-${n}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('Ceci n’est pas un PDF.\n') }
        : {
            name: `parcours-${n}.pdf`,
            mimeType: 'application/pdf',
            buffer: await pdfBytes(`parcours dépôt ${Date.now()} ${n}`, padding),
          },
    );
    (v.key ? names.refused : names.accepted).push(files.at(-1)!.name);
  }
  // What the drop's check will show, in the order drops are checked.
  memo.set('checks', [...((memo.get('checks') as CheckShows[] | undefined) ?? []), names]);
  return files;
}

/**
 * The oldest drop's check has answered on screen: its accepted files named in the slips, its refused ones
 * in the refusals (the model's `api.files.checked` happened). Once pdf.js has loaded, the next drops' checks
 * answer right after it: a later drop on the same slip may already have replaced its file, a later check its
 * refusals. The dialog closed meanwhile shows nothing.
 */
async function checkAnswered(page: Page, memo: Map<string, unknown>): Promise<void> {
  const [names, ...rest] = (memo.get('checks') as CheckShows[] | undefined) ?? [];
  memo.set('checks', rest);
  if (!names || !(await dialogOf(page).isVisible())) return;
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const name of names.accepted) {
    const later = names.into === null ? [] : rest.filter((d) => d.into === names.into).flatMap((d) => d.accepted);
    const shown = new RegExp(`(${[name, ...later].map(escape).join('|')})`);
    await expect(slipCards(page).getByText(shown).first()).toBeVisible({ timeout: 20_000 });
  }
  if (rest.length === 0)
    for (const name of names.refused) await expect(refusals(page).getByText(name).first()).toBeVisible();
}

/** The dialog's organisation's types have been read (the page's read of them answered). */
const typesRead = (_page: Page, memo: Map<string, unknown>) => memo.get('typesRead') === true;

/** The dialog, opened again if a path closed it. */
async function dialogOpen(page: Page): Promise<void> {
  if (await dialogOf(page).isVisible()) return;
  await page.getByRole('button', { name: fr('documents.upload.open'), exact: true }).click();
  await expect(dialogOf(page)).toBeVisible();
}

/** Held requests of one kind, let go to the real server at the path's fact. */
async function hold(page: Page, memo: Map<string, unknown>, name: string, match: (path: string) => boolean) {
  const held: Route[] = [];
  memo.set(name, held);
  const handler = (route: Route) => {
    if (memo.get(`${name}.free`)) return route.continue();
    held.push(route);
    return undefined;
  };
  await page.route((url) => match(url.pathname), handler);
}
async function letGo(memo: Map<string, unknown>, name: string): Promise<void> {
  const held = memo.get(name) as Route[];
  await expect.poll(() => held.length, { message: `${name}: a request is on its way` }).toBeGreaterThan(0);
  memo.set(`${name}.free`, true);
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
}

/** What the next upload request meets: the real server, or held until its end's fact (stored or dropped). */
async function armUpload(page: Page, memo: Map<string, unknown>, events: readonly EventObject[], index: number) {
  const rest = untilNextSending(events, index);
  await uploadSpeed(page, memo, slowPath(rest));
  const ended = rest.find((e) => e.type === 'api.slip.ended') as Event<'api.slip.ended'> | undefined;
  // Watched or canceled while sent (bandwidth limited): it goes at once.
  if (slowPath(rest)) memo.set('nextUpload', 'pass');
  // Else held until its end's fact, then sent to the server or dropped: the sending is seen before it ends
  // (a small file stored at once would close the dialog before the sending's state is looked at).
  else if (ended) memo.set('nextUpload', ended.state.status === 'failed' ? 'fail' : 'hold');
  // Else the path ends with it in flight: held.
  else memo.delete('nextUpload');
  memo.set('endHeld', !slowPath(rest) && !!ended);
}

/** The upload held until its end's fact goes to the server (stored) or its connection is dropped (failed). */
async function endUpload(memo: Map<string, unknown>, status: string): Promise<void> {
  // A watched sending went at once: nothing held.
  if (!memo.get('endHeld') || (status !== 'done' && status !== 'failed')) return;
  memo.set('endHeld', false);
  await expect.poll(() => memo.has('heldUpload'), { message: 'the upload is on its way' }).toBe(true);
  const route = memo.get('heldUpload') as Route;
  memo.delete('heldUpload');
  if (status === 'done') await route.continue();
  else await route.abort('connectionreset');
}

export const documentUploadAdapter: MachineAdapter = {
  machine: 'document-upload',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    // pdf.js, loaded by the first drop's check: held until that check's fact.
    await hold(page, memo, 'pdfjs', (path) => /\/assets\/pdf-[^/]+\.js$/.test(path));
    // Each upload request meets what the path's next outcome says (armed by « Déposer » or « Réessayer »):
    // the real server at once (a watched sending), or held until the end's fact, which lets it go to the
    // server or drops its connection. A request the path says nothing of (the next slip of a run) stays in
    // flight until the path ends.
    await page.route(
      (url) => url.pathname === UPLOAD_PATH,
      async (route) => {
        const outcome = memo.get('nextUpload');
        memo.delete('nextUpload');
        if (outcome === 'pass') return route.continue();
        if (outcome === 'hold' || outcome === 'fail') memo.set('heldUpload', route);
        return undefined;
      },
    );
    page.on('response', (r) => {
      if (isTypesRead(pathOf(r.url())) && r.ok()) memo.set('typesRead', true);
    });
    await openLoggedIn(page, '/documents');
    await dialogOpen(page);
  },
  how: {
    'upload.orgs.known':
      'the documents page opened: the organisations the user sees, read by the page, are told to the dialog (its « Organisation » list)',
    'upload.types.known':
      'the organisation’s document types, read as the page opens, are told to the dialog (a slip’s « Type » list)',
    'upload.org.choose': 'another organisation chosen in the dialog’s « Organisation »',
    'upload.files.drop': 'PDFs made with pdf-lib (and a text file named `.pdf`) picked in the dialog’s drop zone',
    'upload.slip.file.drop': 'a PDF picked in an empty slip’s own drop zone',
    'api.files.checked':
      'the browser’s check answers (a text file refused: not a PDF); the first one once pdf.js, held in the network, has loaded',
    'upload.slip.add': '« Ajouter un bordereau »',
    'upload.slip.change':
      'the slip’s type, description and destination (employer’s safe) filled; or its description erased',
    'upload.slip.remove': 'the slip’s « Retirer »',
    'upload.send': '« Déposer N documents » (with an incomplete slip: its errors shown)',
    'upload.slip.cancel': 'the slip’s « Annuler » while it is sent (upload bandwidth limited)',
    'upload.slip.retry': 'the slip’s « Réessayer » after a failure or a cancel',
    'api.slip.progressed': 'a percentage between 0 and 100 shown (upload bandwidth limited)',
    'api.slip.ended': 'the real server stores the document; or the upload request dropped by the network; or canceled',
    'upload.close': '« Fermer »',
  },
  events: {
    'upload.orgs.known': async ({ page }) => {
      await dialogOpen(page);
      const options = dialogOf(page).getByLabel(fr('documents.fields.organization')).locator('option[value]');
      await expect
        .poll(() => options.evaluateAll((os) => os.filter((o) => (o as HTMLOptionElement).value).length))
        .toBeGreaterThan(0);
    },
    'upload.types.known': async ({ page, memo }) => {
      await dialogOpen(page);
      await expect
        .poll(() => typesRead(page, memo), { message: 'the organisation’s document types are read' })
        .toBe(true);
    },
    'upload.org.choose': async ({ page }) => {
      await dialogOpen(page);
      const select = dialogOf(page).getByLabel(fr('documents.fields.organization'));
      const current = await select.inputValue();
      const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const other = values.find((v) => v && v !== current);
      expect(other, 'the admin sees another organisation').toBeTruthy();
      await select.selectOption(other!);
    },
    'upload.files.drop': async ({ page, events, index, memo }) => {
      await dialogOpen(page);
      await dialogOf(page)
        .getByLabel(fr('documents.upload.files'))
        .setInputFiles(await filesFor(events, index, memo));
    },
    'upload.slip.file.drop': async ({ page, event, before, events, index, memo }) => {
      await dialogOpen(page);
      const at = indexOf(before, (event as Event<'upload.slip.file.drop'>).slipId);
      const [file] = await filesFor(events, index, memo, (event as Event<'upload.slip.file.drop'>).slipId);
      await slipCard(page, at)
        .getByLabel(fr('documents.upload.fileOf').replace('{{index}}', `${at + 1}`))
        .setInputFiles([file!]);
    },
    'api.files.checked': async ({ page, memo }) => {
      if (!memo.get('pdfjs.free')) await letGo(memo, 'pdfjs');
      await checkAnswered(page, memo);
    },
    'upload.slip.add': async ({ page }) => {
      await dialogOpen(page);
      await dialogOf(page)
        .getByRole('button', { name: fr('documents.upload.addSlip'), exact: true })
        .click();
    },
    'upload.slip.change': async ({ page, event, before }) => {
      await dialogOpen(page);
      const { slipId, changes } = event as Event<'upload.slip.change'>;
      const card = slipCard(page, indexOf(before, slipId));
      if (changes.typeCode)
        await card.getByLabel(fr('documents.fields.type')).selectOption({ label: 'Note de service' });
      if (changes.description !== undefined)
        await card
          .getByLabel(fr('documents.fields.description'))
          .fill(changes.description ? `Parcours généré : ${changes.description}` : '');
      if (changes.destination)
        await card.getByLabel(fr('documents.fields.destination')).selectOption(changes.destination);
    },
    'upload.slip.remove': async ({ page, event, before }) => {
      await dialogOpen(page);
      await slipCard(page, indexOf(before, (event as Event<'upload.slip.remove'>).slipId))
        .getByRole('button', { name: fr('documents.upload.removeSlip'), exact: true })
        .click();
    },
    'upload.send': async ({ page, events, index, memo }) => {
      await dialogOpen(page);
      await armUpload(page, memo, events, index);
      await sendButton(page).click();
    },
    'upload.slip.cancel': async ({ page, event, before }) => {
      const at = indexOf(before, (event as Event<'upload.slip.cancel'>).slipId);
      await dialogOpen(page);
      await expect(statusOf(page, at)).toHaveAttribute('data-status', /queued|uploading/);
      await statusOf(page, at)
        .getByRole('button', { name: fr('documents.upload.cancel'), exact: true })
        .click();
    },
    'upload.slip.retry': async ({ page, event, before, events, index, memo }) => {
      await dialogOpen(page);
      await armUpload(page, memo, events, index);
      await statusOf(page, indexOf(before, (event as Event<'upload.slip.retry'>).slipId))
        .getByRole('button', { name: fr('documents.upload.retry'), exact: true })
        .click();
    },
    'api.slip.progressed': async ({ page, event, before }) => {
      const at = indexOf(before, (event as Event<'api.slip.progressed'>).slipId);
      await dialogOpen(page);
      await expect(statusOf(page, at)).toHaveText(/Envoi\s:\s[1-9]\d?\s%/, { timeout: 20_000 });
    },
    'api.slip.ended': async ({ page, event, before, memo }) => {
      const { slipId, state } = event as Event<'api.slip.ended'>;
      await endUpload(memo, state.status);
      const at = indexOf(before, slipId);
      const closes = contextOf(before).closeAfter && state.status === 'done' && contextOf(before).queue.length === 1;
      if (closes) {
        await expect(dialogOf(page)).toBeHidden({ timeout: 30_000 });
        return;
      }
      await dialogOpen(page);
      await expect(statusOf(page, at)).toHaveAttribute('data-status', state.status, { timeout: 30_000 });
    },
    'upload.close': async ({ page }) => {
      await dialogOpen(page);
      await closeButton(page).click();
      await expect(dialogOf(page)).toBeHidden();
    },
  },
  offered: (snapshot, event) => {
    // A slip's own drop zone is shown while it has no file.
    if (event.type === 'upload.slip.file.drop') {
      const slip = contextOf(snapshot).slips.find((s) => s.id === (event as Event<'upload.slip.file.drop'>).slipId);
      return !slip?.file;
    }
    // A slip's own drop zone takes one file: its check answers one verdict.
    if (event.type !== 'api.files.checked') return true;
    const drop = contextOf(snapshot).drops[0];
    return !drop || drop.into === null || (event as Event<'api.files.checked'>).verdicts.length === 1;
  },
  chainable: (walked, snapshot, event) => {
    const last = walked.at(-1);
    const canceledEnd =
      event.type === 'api.slip.ended' && (event as Event<'api.slip.ended'>).state.status === 'canceled';
    // Another organisation chosen: its types are not the ones a slip's « Type » is filled with; the path ends there.
    if (walked.some((e) => e.type === 'upload.org.choose')) return false;
    // A canceled upload answers « canceled » at once, and only a cancel makes one.
    if (last?.type === 'upload.slip.cancel') return canceledEnd;
    if (canceledEnd) return false;
    // A sending whose percentage was seen goes to the server: the network drops only one it holds from the start.
    if (event.type === 'api.slip.ended' && (event as Event<'api.slip.ended'>).state.status === 'failed') {
      const sending = walked.findLastIndex((e) => e.type === 'upload.send' || e.type === 'upload.slip.retry');
      if (walked.slice(sending + 1).some((e) => e.type === 'api.slip.progressed')) return false;
    }
    // Once pdf.js has loaded (a check answered), a drop's check answers at once: nothing comes before it.
    if (walked.some((e) => e.type === 'api.files.checked') && contextOf(snapshot).drops.length > 0)
      return event.type === 'api.files.checked';
    return true;
  },
  states: {
    'documentUpload.drop.idle': async (page, snapshot) => {
      if (!(await dialogOf(page).isVisible())) return;
      const c = contextOf(snapshot);
      await expect(slipCards(page)).toHaveCount(c.slips.length);
      if (c.refusals.length) await expect(refusals(page).locator('li')).toHaveCount(c.refusals.length);
      else await expect(refusals(page)).toHaveCount(0);
    },
    'documentUpload.drop.checking': null,
    'documentUpload.run.idle': async (page, snapshot) => {
      if (!(await dialogOf(page).isVisible())) return;
      const c = contextOf(snapshot);
      for (const [index, slip] of c.slips.entries()) {
        const status = c.uploads[slip.id]?.status;
        if (status === 'failed' || status === 'canceled')
          await expect(statusOf(page, index)).toHaveAttribute('data-status', status);
      }
      // Errors are shown once « Déposer » was tried with an incomplete slip before the last.
      if (c.showErrors && planOf(c).blocking.length > 0)
        await expect(dialogOf(page).getByText(/incomplets?\s:/)).toBeVisible();
    },
    'documentUpload.run.sending': null,
  },
};
