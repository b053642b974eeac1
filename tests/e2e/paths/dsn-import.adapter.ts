/**
 * The DSN import machine in the browser: « Importer une DSN » on the employee list, the file chosen in
 * the dialog's drop zone, the real server's answer. The valid demo DSN is imported (the first time it
 * creates 3 employees, then it updates them: the same answer's shape); a refusal is the malformed demo
 * DSN; a file over the limit is 11 MB of text refused before upload. A close or the panel's cancel while the
 * file is sent needs the import to last: the call is held on its way (Playwright's routing) until the fact of
 * its answer, which lets it go to the real server (a cancel drops it meanwhile). The upload's progress: a DSN
 * grown to 130 KB (as a larger payroll's is) on an upload Chromium limits to 32 KB/s, the last bytes' 100 %
 * seen before the answer through 3 s of emulated latency; the emulation is lifted once the path has seen what it
 * watches and waits for the answer. Each submit sets the network its own sending needs (a chained path sends several): limited or not,
 * the call held or not.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { emulateNetwork, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

const VALID = readFileSync(fileURLToPath(new URL('../../fixtures/dsn/valid-utf8-lf.dsn', import.meta.url)));
const MALFORMED = readFileSync(
  fileURLToPath(new URL('../../fixtures/dsn/malformed-unterminated-quote.dsn', import.meta.url)),
);
const HUGE = Buffer.alloc(11 * 1024 * 1024, "S10.G00.00.001,'x'\n");
/**
 * The 11 MB file on disk, under the name the path gives it: set by its path, the browser reads it there (its
 * bytes are not sent through the protocol, seconds on a busy machine). Written once per worker.
 */
const hugeOnDisk = (() => {
  const written = new Map<string, string>();
  return (name: string): string => {
    let path = written.get(name);
    if (!path) {
      const dir = mkdtempSync(join(tmpdir(), 'dsn-huge-'));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      path = join(dir, name);
      writeFileSync(path, HUGE);
      written.set(name, path);
    }
    return path;
  };
})();
/**
 * The demo DSN grown to ~130 KB as a larger payroll's is, with remuneration blocks (S21.G00.51) the
 * import reads past: about 4 s on a limited upload (32 KB/s), long enough to see a share sent.
 */
const grown = (dsn: Buffer) => {
  const text = dsn.toString('utf8');
  const totals = text.lastIndexOf('S90.');
  const remuneration =
    "S21.G00.51.001,'01052026'\nS21.G00.51.002,'31052026'\nS21.G00.51.010,'00001'\n" +
    "S21.G00.51.011,'002'\nS21.G00.51.013,'2100.00'\n";
  return Buffer.from(text.slice(0, totals) + remuneration.repeat(1_000) + text.slice(totals), 'utf8');
};
const LARGE = grown(VALID);
/** The malformed DSN grown the same way: its refusal (line 46) comes once the bytes are seen going. */
const LARGE_MALFORMED = grown(MALFORMED);

const importDialog = (page: Page) => page.getByRole('dialog', { name: fr('dsn.import.title') });
const resultDialog = (page: Page) => page.getByRole('dialog', { name: fr('dsn.result.title') });
const submitOf = (page: Page) => importDialog(page).getByRole('button', { name: fr('dsn.import.submit') });
const isOpen = (snapshot: { context: unknown }) => (snapshot.context as { open: boolean }).open;

type Chosen = EventObject & { file: { name: string; size: number } };

/** The server's answer the path expects after the submit that follows step `index`. */
const answerAfter = (events: readonly EventObject[], index: number): string | undefined => {
  const submit = events.findIndex((e, i) => i > index && e.type === 'dsn.submit');
  return submit < 0
    ? undefined
    : events.slice(submit + 1).find((e) => e.type.startsWith('api.dsn.') && e.type !== 'api.dsn.progressed')?.type;
};

/** A `dsn.close` between a `dsn.submit` and the server's answer. */
const closesWhileSending = (events: readonly EventObject[]): boolean => {
  let sending = false;
  for (const e of events) {
    if (e.type === 'dsn.submit') sending = true;
    else if (e.type.startsWith('api.dsn.')) sending = false;
    else if (e.type === 'dsn.close' && sending) return true;
  }
  return false;
};

/** A sending that watches a share of the bytes go (between 0 and 100 %): the upload is limited. */
const watchesShare = (sending: readonly EventObject[]) =>
  sending.some((e) => e.type === 'api.dsn.progressed' && !allSent(e));
const allSent = (e: EventObject) =>
  e.type === 'api.dsn.progressed' && (e as EventObject & { uploadCompleted: boolean }).uploadCompleted;
const isAnswer = (e: EventObject | undefined) => e?.type === 'api.dsn.succeeded' || e?.type === 'api.dsn.failed';

/**
 * The events of the sending that the submit at or after `index` starts, up to the next submit: each submit of
 * a path is sent on the network its own answer needs (a chained path sends several).
 */
const sendingOf = (events: readonly EventObject[], index: number): readonly EventObject[] => {
  const submit = events.findIndex((e, i) => i >= index && e.type === 'dsn.submit');
  if (submit < 0) return [];
  const next = events.findIndex((e, i) => i > submit && e.type === 'dsn.submit');
  return events.slice(submit, next < 0 ? undefined : next);
};

const PLAIN = {};

/** The page's network as the path needs it now (Chromium's emulation), set only when it changes. */
const network = async (page: Page, memo: Map<string, unknown>, conditions: Parameters<typeof emulateNetwork>[1]) => {
  if (JSON.stringify(memo.get('network') ?? PLAIN) === JSON.stringify(conditions)) return;
  await emulateNetwork(page, conditions);
  memo.set('network', conditions);
};

/**
 * The page's network for one sending. A share watched: the upload limited to 32 KB/s, with 3 s of latency when
 * the last bytes must be seen before the answer too (`afterSeen` lifts it).
 * The last bytes alone: only the latency, a small file sent at once. A close or a cancel while sending: the
 * import held on its way (Playwright's routing) until the fact of its answer lets it go to the real server; a
 * cancel drops it meanwhile, and one the path never hears the answer of stays held.
 */
const networkFor = async (page: Page, sending: readonly EventObject[], memo: Map<string, unknown>) => {
  const latencyMs = sending.some(allSent) ? 3_000 : 0;
  if (watchesShare(sending)) await network(page, memo, { latencyMs, uploadBytesPerSecond: 32 * 1024 });
  else await network(page, memo, latencyMs ? { latencyMs } : PLAIN);
  const held =
    !watchesShare(sending) && (closesWhileSending(sending) || sending.some((e) => e.type === 'api.dsn.canceled'));
  memo.set('hold', held);
  memo.set('held', []);
  if (held && !memo.get('routed')) {
    memo.set('routed', true);
    await page.route(`**${routeUrl('employees.dsn')}`, async (route) => {
      if (memo.get('hold')) (memo.get('held') as Route[]).push(route);
      else await route.continue();
    });
  }
};

/** The fact of a held import's answer: it goes on to the real server. */
const letGo = async (memo: Map<string, unknown>) => {
  if (!memo.get('hold')) return;
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'the import is on its way' }).toBeGreaterThan(0);
  memo.set('hold', false);
  for (const route of held.splice(0)) await route.continue();
};

/**
 * Once what the path watches is seen and its next fact is the server's answer, the emulation is lifted: the rest
 * of the bytes go at once, the answer comes at once. Before the last bytes' 100 % the upload stays as it is (the
 * emulation changed in flight, Chromium let the answer through before the 100 % was shown).
 */
const afterSeen = async (page: Page, memo: Map<string, unknown>, next: EventObject | undefined) => {
  if (isAnswer(next)) await network(page, memo, PLAIN);
};

const progress = (page: Page) => importDialog(page).getByRole('progressbar');
const bell = (page: Page) => page.getByRole('button', { name: fr('shell.topbar.notifications'), exact: true });

/** Resolves once the server has answered the import (the dialog may be closed meanwhile). */
const answered = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === routeUrl('employees.dsn'), { timeout: 30_000 });

export const dsnImportAdapter: MachineAdapter = {
  machine: 'dsn-import',
  start: async (page) => {
    await skipWelcome(page);
    await logInThroughApi(page, 'admin');
    await openLoggedIn(page, '/employees');
  },
  how: {
    'dsn.open': '« Importer une DSN » on the employee list',
    'dsn.close': 'the dialog’s close button (×)',
    'dsn.file.choose':
      'a file set in the drop zone’s input: the demo DSN (the malformed one when the server is to refuse it), or 11 MB of text',
    'dsn.file.remove': 'the chosen file’s « Retirer » (×)',
    'dsn.submit': '« Importer »',
    'dsn.reset': '« Importer un autre fichier » on the result',
    'api.dsn.succeeded': 'the real server imports the demo DSN (a call held on its way let go)',
    'api.dsn.failed': 'the real server refuses the malformed demo DSN (line 46)',
    'api.dsn.progressed':
      'the bytes sent, a 130 KB DSN on an upload limited to 32 KB/s: a share between 0 and 100 %, or 100 % before the answer (3 s of latency emulated)',
    'api.dsn.canceled':
      'the notifications panel’s « Annuler » while the DSN is sent (held on its way; the dialog closed meanwhile)',
  },
  events: {
    'dsn.open': async ({ page }) => {
      await page.getByRole('button', { name: fr('dsn.import.open') }).click();
    },
    'dsn.close': async ({ page, before }) => {
      const dialog = (before.context as { result: unknown }).result ? resultDialog(page) : importDialog(page);
      await dialog
        .getByRole('button', { name: fr('common.actions.close') })
        .last()
        .click();
    },
    'dsn.file.choose': async ({ page, event, events, index }) => {
      const { file } = event as Chosen;
      const input = importDialog(page).getByLabel(fr('dsn.import.file'));
      if (file.size > 10 * 1024 * 1024) {
        await input.setInputFiles(hugeOnDisk(file.name));
        return;
      }
      const watched = watchesShare(sendingOf(events, index));
      const buffer =
        answerAfter(events, index) === 'api.dsn.failed'
          ? watched
            ? LARGE_MALFORMED
            : MALFORMED
          : watched
            ? LARGE
            : VALID;
      await input.setInputFiles({ name: file.name, mimeType: 'text/plain', buffer });
    },
    'dsn.file.remove': async ({ page, before }) => {
      const name = (before.context as { file: { name: string } }).file.name;
      await importDialog(page)
        .getByRole('button', { name: fr('dsn.import.remove').replace('{{name}}', name) })
        .click();
    },
    'dsn.submit': async ({ page, events, index, memo }) => {
      // Watching the bytes go: the upload limited to 32 KB/s (Chromium's network emulation), with 3 s of
      // latency when the last bytes must be seen before the server's answer; or the call held on its way.
      await networkFor(page, sendingOf(events, index), memo);
      const answer = answered(page);
      answer.catch(() => undefined); // a refusal before upload never calls the server
      memo.set('answer', answer);
      await submitOf(page).click();
    },
    'dsn.reset': async ({ page }) => {
      await resultDialog(page)
        .getByRole('button', { name: fr('dsn.import.again') })
        .click();
    },
    'api.dsn.succeeded': async ({ memo }) => {
      await letGo(memo);
      await (memo.get('answer') as Promise<unknown>);
    },
    'api.dsn.failed': async ({ memo }) => {
      await letGo(memo);
      await (memo.get('answer') as Promise<unknown>);
    },
    'api.dsn.progressed': async ({ page, event, next, memo }) => {
      if (allSent(event)) await expect(progress(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
      else await expect(progress(page)).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/, { timeout: 20_000 });
      await afterSeen(page, memo, next);
    },
    'api.dsn.canceled': async ({ page }) => {
      // The dialog was closed while sending: the import goes on in the notifications panel, cancelled there.
      await bell(page).click();
      const [before = '', after = ''] = fr('shell.notifications.cancel').split('{{text}}');
      await page
        .getByRole('button', { name: new RegExp(`^${before}${fr('dsn.notification.upload')}${after}$`) })
        .click();
      await expect(page.getByText(fr('shell.notifications.canceled'), { exact: true }).first()).toBeVisible();
      await page.keyboard.press('Escape');
    },
  },
  states: {
    'dsnImport.idle': async (page, snapshot) => {
      if (!isOpen(snapshot)) {
        await expect(importDialog(page)).toBeHidden();
        await expect(resultDialog(page)).toBeHidden();
        return;
      }
      await expect(importDialog(page).getByTestId('dsn-dropzone')).toContainText(fr('dsn.import.drop'));
      await expect(submitOf(page)).toBeDisabled();
      await expect(submitOf(page)).toHaveAccessibleDescription(fr('dsn.import.missing.file'));
    },
    'dsnImport.ready': async (page, snapshot) => {
      if (!isOpen(snapshot)) {
        await expect(importDialog(page)).toBeHidden();
        return;
      }
      const name = (snapshot.context as { file: { name: string } }).file.name;
      await expect(importDialog(page).getByTestId('dsn-dropzone')).toContainText(name);
      await expect(importDialog(page).getByRole('alert')).toHaveCount(0);
      await expect(submitOf(page)).toBeEnabled();
    },
    // Work in flight: the answer that ends it checks the outcome.
    'dsnImport.sending': async (page, snapshot) => {
      if (!isOpen(snapshot)) await expect(importDialog(page)).toBeHidden();
    },
    'dsnImport.failed': async (page, snapshot) => {
      const failure = (snapshot.context as { failure: { messageKey?: string } }).failure;
      const alert = importDialog(page).getByRole('alert');
      if (failure.messageKey) await expect(alert).toContainText(fr(failure.messageKey));
      else await expect(alert).toContainText('Ligne 46 : guillemet fermant manquant');
      await expect(submitOf(page)).toBeDisabled();
      await expect(submitOf(page)).toHaveAccessibleDescription(fr('dsn.import.missing.refused'));
    },
    'dsnImport.result': async (page, snapshot) => {
      if (!isOpen(snapshot)) {
        await expect(resultDialog(page)).toBeHidden();
        return;
      }
      await expect(resultDialog(page).getByRole('status')).toHaveText(/^Individus lus : 8 — /);
      await expect(resultDialog(page).getByRole('region', { name: fr('dsn.result.rejected') })).toContainText(
        'Ligne 258 — Guérin Yann',
      );
    },
  },
  // The file, « Importer » and the result's buttons are in the dialog: offered only while it is open. The
  // panel's cancel is behind the modal dialog: offered once it is closed. A share sent is seen in the dialog.
  offered: (snapshot, event) => {
    if (event.type === 'api.dsn.canceled') return !isOpen(snapshot);
    if (event.type === 'api.dsn.progressed') return isOpen(snapshot);
    return event.type === 'dsn.open' || event.type.startsWith('api.') || isOpen(snapshot);
  },
};
