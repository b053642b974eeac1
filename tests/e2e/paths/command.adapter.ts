/**
 * The command machine in the browser (machines/command), on two screens.
 *
 * The forgotten-password dialog of the login page (nobody logged in): an address typed, « Envoyer le
 * lien » sends it (`command.submit`); the call is held in the browser's network until the path's next
 * fact, so the button is seen busy, then goes to the real server, which answers (the dialog says the link
 * is sent), or its connection drops (the dialog's error; the link can be sent again from there).
 *
 * The signbook's deletion (the variant): a draft of the path's own, created through the real API, on its
 * page as the administrator; « Supprimer le parapheur » asks for the confirmation (`command.submit` with
 * `confirm`), « Annuler » declines it, the dialog's « Supprimer le parapheur » confirms. The deletion is
 * held the same way, then goes to the server (the list of signbooks, « Le parapheur a été supprimé. ») or
 * is dropped (the deletion's error alert, the draft still there).
 */
import { expect, type Page, type Route } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ALERT_KEYS } from '../../../src/contract/keys.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { fr } from '../support.ts';
import type { MachineAdapter, ScreenCheck } from './adapter.ts';
import { afterPath, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

const pathOf = (url: string) => new URL(url, 'http://app').pathname;
const toConfirm = (event: EventObject) => (event as { confirm?: boolean }).confirm === true;

/** The command's calls (to `path`) wait in the browser's network until `letGo`. */
async function holdCalls(page: Page, memo: Map<string, unknown>, path: string, method: string): Promise<void> {
  const held: Route[] = [];
  memo.set('held', held);
  memo.set('calls', 0);
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      held.push(route);
      memo.set('calls', (memo.get('calls') as number) + 1);
    },
  );
}
const called = async (memo: Map<string, unknown>, before: number) =>
  expect.poll(() => memo.get('calls') as number, { message: 'the command is sent' }).toBeGreaterThan(before);

async function letGo(memo: Map<string, unknown>, how: 'answer' | 'drop'): Promise<void> {
  const held = memo.get('held') as Route[];
  await expect.poll(() => held.length, { message: 'the command is on its way' }).toBeGreaterThan(0);
  for (const route of held.splice(0)) {
    if (how === 'answer') await route.continue();
    else await route.abort('internetdisconnected');
  }
}

// The forgotten-password dialog.
const forgotDialog = (page: Page) => page.getByRole('dialog', { name: fr('auth.forgot.title') });
const sendLink = (page: Page) => forgotDialog(page).getByRole('button', { name: fr('auth.actions.sendLink') });
const linkSent = (page: Page) => forgotDialog(page).getByRole('status');
const sendFailed = (page: Page) => forgotDialog(page).getByRole('alert');

export const commandAdapter: MachineAdapter = {
  machine: 'command',
  start: async (page, _events, memo) => {
    await holdCalls(page, memo, pathOf(routeUrl('users.passwordLost')), 'POST');
    await page.goto('/login');
    await page.getByRole('button', { name: fr('auth.actions.forgotPassword') }).click();
    await expect(forgotDialog(page)).toBeVisible();
  },
  how: {
    'command.submit': 'an address typed in the forgotten-password dialog, « Envoyer le lien »',
    'api.command.succeeded': 'the held call goes to the real server, which answers: the dialog says the link is sent',
    'api.command.failed': 'the held call’s connection drops (the browser’s network): the dialog’s error',
  },
  events: {
    'command.submit': async ({ page, memo }) => {
      const before = memo.get('calls') as number;
      const n = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      await forgotDialog(page).getByLabel(fr('auth.fields.email')).fill(`parcours.commande.${n}@example.fr`);
      await sendLink(page).click();
      await called(memo, before);
    },
    'api.command.succeeded': async ({ memo }) => letGo(memo, 'answer'),
    'api.command.failed': async ({ memo }) => letGo(memo, 'drop'),
  },
  // The dialog sends without a confirmation, and once the link is sent it only offers to close.
  offered: (snapshot, event) =>
    event.type !== 'command.submit' || (!toConfirm(event) && !snapshot.matches({ ready: 'done' })),
  states: {
    'command.ready.idle': async (page) => {
      await expect(sendLink(page)).toBeVisible();
      await expect(sendFailed(page)).toHaveCount(0);
    },
    'command.confirming': null,
    'command.running': async (page) => {
      await expect(sendLink(page)).toBeDisabled();
      await expect(linkSent(page)).toHaveCount(0);
    },
    'command.ready.done': async (page) => {
      await expect(linkSent(page)).toHaveText(fr(ALERT_KEYS.users.passwordLostSent));
      await expect(sendLink(page)).toHaveCount(0);
    },
    'command.ready.failed': async (page) => {
      await expect(sendFailed(page)).toHaveText(fr('error.network'));
      await expect(sendLink(page)).toBeEnabled();
    },
  },
};

// The signbook's deletion.
const actions = (page: Page) => page.getByRole('group', { name: fr('signbooks.view.actions') });
const deleteButton = (page: Page) => actions(page).getByRole('button', { name: fr('signbooks.view.delete') });
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: fr('signbooks.view.deleteTitle') });
const confirmButton = (page: Page) =>
  confirmDialog(page).getByRole('button', { name: fr('signbooks.view.delete'), exact: true });
const toast = (page: Page, key: string) =>
  page
    .getByRole('region', { name: fr('shell.alerts.region') })
    .getByRole('alert')
    .filter({ hasText: fr(key) });

const draftPdf = async (title: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
};

/** The draft's page, its deletion offered (no confirmation open). */
const draftShown: ScreenCheck = async (page: Page, _s: AnyMachineSnapshot, memo: Map<string, unknown>) => {
  await expect(page.getByRole('heading', { level: 1, name: memo.get('name') as string })).toBeVisible();
  await expect(confirmDialog(page)).toHaveCount(0);
  await expect(deleteButton(page)).toBeEnabled();
};

export const commandDeleteAdapter: MachineAdapter = {
  machine: 'command',
  variant: 'the signbook’s deletion',
  start: async (page, _events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    const name = `Parcours suppression ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    const created = await page.request.post(routeUrl('signbooks.upload'), {
      headers,
      multipart: {
        json: JSON.stringify({
          name,
          draft: true,
          steps: [{ signatories: [{ type: 'user', userId: session.userId }] }],
        }),
        file: { name: 'contrat.pdf', mimeType: 'application/pdf', buffer: await draftPdf(name) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { signbook } = (await created.json()) as { signbook: { id: string } };
    // A draft the path did not delete goes (the page's own deletion may be held or dropped).
    afterPath(memo, async () => {
      await page.request.delete(routeUrl('signbooks.delete', { id: signbook.id }), { headers });
    });
    await holdCalls(page, memo, pathOf(routeUrl('signbooks.delete', { id: signbook.id })), 'DELETE');
    await openLoggedIn(page, `/signworkflows/status/in-progress/${signbook.id}`);
    await draftShown(page, undefined as never, memo);
  },
  how: {
    'command.submit': '« Supprimer le parapheur » on a draft’s page (it asks for a confirmation)',
    'command.cancel': '« Annuler » in the confirmation',
    'command.confirm': '« Supprimer le parapheur » in the confirmation',
    'api.command.succeeded': 'the held deletion goes to the real server: the list of signbooks, « supprimé »',
    'api.command.failed': 'the held deletion’s connection drops (the browser’s network): the deletion’s error alert',
  },
  events: {
    'command.submit': async ({ page }) => {
      await deleteButton(page).click();
      await expect(confirmDialog(page)).toBeVisible();
    },
    'command.cancel': async ({ page }) => {
      await confirmDialog(page)
        .getByRole('button', { name: fr('common.actions.cancel') })
        .click();
    },
    'command.confirm': async ({ page, memo }) => {
      const before = memo.get('calls') as number;
      await confirmButton(page).click();
      await called(memo, before);
    },
    'api.command.succeeded': async ({ memo }) => letGo(memo, 'answer'),
    'api.command.failed': async ({ memo }) => letGo(memo, 'drop'),
  },
  // The page asks for a confirmation before deleting; once deleted it is left for the list.
  offered: (snapshot, event) =>
    event.type !== 'command.submit' || (toConfirm(event) && !snapshot.matches({ ready: 'done' })),
  states: {
    'command.ready.idle': draftShown,
    'command.confirming': async (page) => {
      await expect(confirmButton(page)).toBeEnabled();
    },
    'command.running': async (page) => {
      await expect(confirmDialog(page)).toBeVisible();
      await expect(confirmButton(page)).toBeDisabled();
    },
    'command.ready.done': async (page) => {
      await expect(page).toHaveURL(/\/signworkflows\/status\/in-progress$/);
      await expect(toast(page, 'signbooks.view.deleted')).toBeVisible();
    },
    'command.ready.failed': async (page, snapshot, memo) => {
      await expect(toast(page, ALERT_KEYS.signature.deleteError)).toBeVisible();
      await draftShown(page, snapshot, memo);
    },
  },
};
