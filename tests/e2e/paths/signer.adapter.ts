/**
 * The signer machine in the browser: a one-step signbook (created through the real API, `admin` its
 * signatory) opened on its page, the walk read → channel → code → signed | refused. Codes come from
 * the demo outbox the code screen opens; a wrong code is a real wrong code, the sixth one locks
 * (423 from the server). A code already pending on arrival (`signer.resume`) is a real one: asked
 * through the real API with the signatory's session (and locked there by six wrong codes if it is to be),
 * then the page reloaded. A call that fails is the browser's connection dropped for it.
 * A code's end on the screen is the browser's clock (Playwright's) brought past its lifetime, then set back.
 * The server's own « expired » is the code's real lifetime waited out: the e2e server runs short-lived codes
 * (30 s, SIGNATURE_CODE_TTL_S in scripts/e2e.mjs), and the page's clock is paused meanwhile (a tab asleep), so
 * its own timer does not end the code first; the right code, typed just after the `expiresAt` the server
 * announced, is refused by the server.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { initialTransition } from 'xstate';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { routeUrl } from '../../../src/contract/routes.ts';
import type { SignerEvent } from '../../../machines/signer/index.ts';
import { signerInput } from '../../../machines/signer/signer.fixtures.ts';
import { signerMachine } from '../../../machines/signer/signer.machine.ts';
import { fr, persona } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends SignerEvent['type']> = Extract<SignerEvent, { type: T }>;

const walkOf = (page: Page) => page.getByRole('region', { name: fr('signbooks.signer.title') });
const stepShown = (page: Page, step: string) =>
  expect(walkOf(page).locator(`[data-walk-step="${step}"]`)).toHaveAttribute('aria-current', 'step');
const codeField = (page: Page) => walkOf(page).getByLabel(fr('signbooks.signer.code.label'));
const signButton = (page: Page) =>
  walkOf(page).getByRole('button', { name: fr('signbooks.signer.code.sign'), exact: true });

const contractPdf = async (title: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
};

/** The newest code the demo outbox holds for the signatory, read on the code screen. */
const codeFromOutbox = async (page: Page, memo: Map<string, unknown>): Promise<string> => {
  await walkOf(page)
    .getByRole('button', { name: fr('signbooks.signer.code.openOutbox') })
    .click();
  const outbox = page.getByRole('dialog', { name: fr('signbooks.outbox.title') });
  // The newest code of this path's own signbook: every signer path signs as the same persona, so the outbox
  // also holds the other paths' codes and messages (the first « Code de signature » was at times another's).
  const mine = outbox
    .locator(`[data-outbox-to="${persona('admin').email}"]`)
    .filter({ hasText: `« ${memo.get('name') as string} » est : ` })
    .first();
  await expect(mine).toBeVisible();
  const code = ((await mine.textContent()) ?? '').match(/est : (\d{6})/)?.[1] ?? '';
  expect(code, 'a six-digit code in the message').toMatch(/^\d{6}$/);
  await outbox
    .getByRole('button', { name: fr('common.actions.close') })
    .first()
    .click();
  return code;
};

/**
 * A code asked through the real API with the signatory's session (as another of their tabs would ask it), and
 * locked there if it is to be: six wrong codes, the first five answered « invalid », the sixth 423.
 */
const codePendingOnServer = async (page: Page, memo: Map<string, unknown>, locked: boolean) => {
  const headers = memo.get('headers') as Record<string, string>;
  const workflowId = memo.get('id') as string;
  const asked = await page.request.post(routeUrl('signbooks.recoverCode', { workflowId }), {
    headers,
    data: { mode: 'email' },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  if (!locked) return;
  for (let i = 0; i < 6; i += 1) {
    const tried = await page.request.post(routeUrl('signbooks.sign', { workflowId }), {
      headers,
      data: { codeSignature: '000000' },
    });
    expect(tried.status(), await tried.text()).toBe(i < 5 ? 400 : 423);
  }
};

/** The server's answer to the next code asked (its `expiresAt`, for a path that waits the code's lifetime out). */
const watchAsked = (page: Page, memo: Map<string, unknown>) => {
  const path = routeUrl('signbooks.recoverCode', { workflowId: memo.get('id') as string });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  answer.catch(() => undefined);
  memo.set('asked', answer);
};

/** Wrong tries the server has counted on the signatory's current code (`wrong` in the memo). */
const wrongSoFar = (memo: Map<string, unknown>) => (memo.get('wrong') as number | undefined) ?? 0;

/**
 * The code typed, and still in the field a moment later. Paths were seen at « Signer » with an empty field:
 * the code read from the outbox was then another message's (see `codeFromOutbox`), an empty string typed.
 */
const typeCode = async (page: Page, code: string) =>
  expect(async () => {
    await codeField(page).fill(code);
    await page.waitForTimeout(300);
    await expect(codeField(page)).toHaveValue(code, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

/** A wrong code typed and sent; the server counts it (five are answered « invalid », then 423). */
const wrongCode = async (page: Page, memo: Map<string, unknown>) => {
  await typeCode(page, '000000');
  await signButton(page).click();
  memo.set('wrong', wrongSoFar(memo) + 1);
};

const invalidShown = (page: Page) =>
  expect(walkOf(page).getByText(fr('signworkflow.signatureFrame.invalideCode'))).toBeVisible();

/** The walk's context before anything happened: a reload (`signer.resume`) starts the page's machine there. */
const START_CONTEXT = JSON.stringify(
  (initialTransition(signerMachine, signerInput) as unknown as [AnyMachineSnapshot])[0].context,
);

const lockedAlert = (walk: Locator) => walk.getByText(fr('signbooks.signer.code.lockedTitle'));

/** The browser's connection drops for one call (the server never sees it); `failed` settles once it has. */
const cutCall = async (page: Page, path: string, memo: Map<string, unknown>) => {
  await page.route(`**${path}`, (route) => route.abort('internetdisconnected'));
  memo.set(
    'failed',
    page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname === path),
  );
};

/** After a dropped call: wait until it has failed, then give the connection back. */
const afterCut = async (page: Page, memo: Map<string, unknown>) => {
  await (memo.get('failed') as Promise<unknown>);
  await page.unrouteAll();
};

const errorKeyOf = (event: EventObject | undefined) =>
  (event as { error?: { key?: string; status?: number } } | undefined)?.error;

/** The server refuses the code as expired (its lifetime passed on the server's clock). */
const expiredOnServer = (event: EventObject | undefined) =>
  event?.type === 'xstate.error.actor.submitCode' && /expired/.test(errorKeyOf(event)?.key ?? '');

export const signerAdapter: MachineAdapter = {
  machine: 'signer',
  ownContext: true,
  start: async (page, events, memo) => {
    await skipWelcome(page);
    // The browser's own clock, so that the code screen's timer can be brought to the code's end.
    if (events.some((e) => e.type === 'signer.code.expired' || expiredOnServer(e))) await page.clock.install();
    const { session, headers } = await logInThroughApi(page, 'admin');
    const name = `Parcours signataire ${Date.now()}-${test.info().workerIndex}`;
    const created = await page.request.post(routeUrl('signbooks.upload'), {
      headers,
      multipart: {
        json: JSON.stringify({ name, steps: [{ signatories: [{ type: 'user', userId: session.userId }] }] }),
        file: { name: 'contrat.pdf', mimeType: 'application/pdf', buffer: await contractPdf(name) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { signbook } = (await created.json()) as { signbook: { id: string } };
    memo.set('id', signbook.id);
    memo.set('name', name);
    memo.set('headers', headers);
    await openLoggedIn(page, `/signworkflows/status/in-progress/to-sign/${signbook.id}`);
    await expect(walkOf(page)).toBeVisible();
  },
  offered: (snapshot: AnyMachineSnapshot, event: EventObject) => {
    // A reload starts the page's machine afresh: the model's walk must be where it started too (a chained
    // path may come back there, after « Retour »).
    if (event.type === 'signer.resume') return JSON.stringify(snapshot.context) === START_CONTEXT;
    // After a reload the code screen no longer links the demo outbox: codes are typed where it does.
    if (event.type === 'signer.code.submit') {
      return (snapshot.context as { sent: { outbox?: boolean } | null }).sent?.outbox !== false;
    }
    // No code pending is not something the walk's screens let happen (they ask for one first).
    if (event.type === 'xstate.error.actor.submitCode') {
      return !/missing/.test(errorKeyOf(event)?.key ?? '');
    }
    return true;
  },
  how: {
    'signer.read': '« J’ai lu le document, je veux signer »',
    'signer.back': '« Retour » on the channel screen, « Changer de mode de réception » on the code screen',
    'signer.code.request':
      '« Recevoir mon code » with the signatory’s e-mail (an empty destination is refused on the screen)',
    'signer.code.submit': 'the code typed and « Signer » (a malformed one is refused on the screen)',
    'signer.code.renew': '« Recevoir un nouveau code »',
    'signer.refuse': '« Refuser de signer » (on every screen of the walk), a reason, confirm',
    'signer.code.expired':
      'the browser’s clock (Playwright’s) brought past the code’s lifetime: the code screen’s timer fires',
    'signer.resume':
      'the page reloaded with a code pending on the server (asked first through the real API, and locked there by six wrong codes if it is to be)',
    'xstate.done.actor.requestCode': 'the server sends the code (demo outbox)',
    'xstate.error.actor.requestCode': 'the request fails (connection dropped for it)',
    'xstate.done.actor.submitCode': 'the server signs with the outbox’s code',
    'xstate.error.actor.submitCode':
      'the server refuses a wrong code, and locks at the sixth; the right code typed after its lifetime (30 s on the e2e server, the page’s clock paused meanwhile); or the call fails (connection dropped for it)',
    'xstate.done.actor.submitRefusal': 'the server records the refusal',
    'xstate.error.actor.submitRefusal': 'the refusal fails (connection dropped for it)',
  },
  events: {
    'signer.read': async ({ page }) =>
      walkOf(page)
        .getByRole('button', { name: fr('signbooks.signer.read.next') })
        .click(),
    'signer.back': async ({ page, before }) => {
      const key = before.matches('choosingChannel') ? 'signbooks.signer.back' : 'signbooks.signer.code.otherChannel';
      await walkOf(page)
        .getByRole('button', { name: fr(key) })
        .click();
    },
    'signer.code.request': async ({ page, event, next, memo }) => {
      const { email, phone } = event as Of<'signer.code.request'>;
      const walk = walkOf(page);
      if (!(email ?? phone ?? '').trim()) {
        await walk.getByRole('textbox').first().fill('');
      }
      if (next?.type === 'xstate.error.actor.requestCode')
        await cutCall(page, routeUrl('signbooks.recoverCode', { workflowId: memo.get('id') as string }), memo);
      else watchAsked(page, memo);
      await walk.getByRole('button', { name: fr('signbooks.signer.channel.send') }).click();
    },
    'signer.code.submit': async ({ page, event, next, memo }) => {
      const { code } = event as Of<'signer.code.submit'>;
      if (next?.type === 'xstate.done.actor.submitCode') {
        const code = await codeFromOutbox(page, memo);
        memo.set('code', code);
        await typeCode(page, code);
      } else if (expiredOnServer(next)) {
        // The right code, typed once its lifetime has passed on the server's clock. The page's clock is paused
        // meanwhile (a tab asleep): the code screen's own timer would otherwise end it first.
        const code = await codeFromOutbox(page, memo);
        const asked = (await (memo.get('asked') as Promise<{ json: () => Promise<unknown> }>)).json();
        const expiresAt = new Date(((await asked) as { expiresAt: string }).expiresAt).getTime();
        // Typed before the tab sleeps, sent once the code's lifetime has passed.
        await typeCode(page, code);
        await page.clock.pauseAt(Date.now() + 100);
        const wait = expiresAt - Date.now() + 250;
        test.info().setTimeout(test.info().timeout + Math.max(0, wait));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      } else if (next?.type === 'xstate.error.actor.submitCode') {
        // The server locks at the sixth wrong code: the first five are wrong codes too.
        // (less those the server has counted on this code already).
        if (errorKeyOf(next)?.status === 423 || /locked/.test(errorKeyOf(next)?.key ?? '')) {
          while (wrongSoFar(memo) < 5) {
            await wrongCode(page, memo);
            await invalidShown(page);
          }
        }
        await typeCode(page, '000000');
        if (errorKeyOf(next)?.status === 0) {
          await cutCall(page, routeUrl('signbooks.sign', { workflowId: memo.get('id') as string }), memo);
        } else memo.set('wrong', wrongSoFar(memo) + 1);
      } else {
        await typeCode(page, code);
      }
      await signButton(page).click();
    },
    'signer.code.renew': async ({ page, memo }) => {
      watchAsked(page, memo);
      await walkOf(page)
        .getByRole('button', { name: fr('signbooks.signer.code.renew') })
        .click();
    },
    'signer.refuse': async ({ page, event, next, memo }) => {
      await walkOf(page)
        .getByRole('button', { name: fr('signbooks.refuse.open') })
        .click();
      const dialog = page.getByRole('dialog', { name: fr('signbooks.refuse.title') });
      await dialog.getByLabel(fr('signbooks.refuse.reason')).fill((event as Of<'signer.refuse'>).reason);
      if (next?.type === 'xstate.error.actor.submitRefusal')
        await cutCall(page, routeUrl('signbooks.refuse', { workflowId: memo.get('id') as string }), memo);
      await dialog.getByRole('button', { name: fr('signbooks.refuse.confirm') }).click();
    },
    'signer.resume': async ({ page, event, memo }) => {
      // A code pending on the server when the page opens: asked through the API (locked if it is to be), then the
      // page reloaded.
      const resume = event as Of<'signer.resume'>;
      const locked = resume.locked || resume.triesLeft <= 0;
      await codePendingOnServer(page, memo, locked);
      memo.set('wrong', locked ? 6 : 0);
      await page.reload();
      await expect(walkOf(page)).toBeVisible();
    },
    'signer.code.expired': async ({ page }) => {
      // The browser's clock jumps past the code's lifetime (10 minutes at most here): the code screen's own timer ends it.
      await page.clock.fastForward('10:30');
      await expect(walkOf(page).getByText(fr('signbooks.signer.code.expiredTitle'))).toBeVisible();
      // Back to the real time, so that a new code is not found already expired by the browser.
      await page.clock.setSystemTime(new Date());
    },
    'xstate.done.actor.requestCode': async ({ memo }) => {
      memo.set('wrong', 0);
    },
    'xstate.error.actor.requestCode': async ({ page, memo }) => afterCut(page, memo),
    'xstate.done.actor.submitCode': async () => {},
    'xstate.error.actor.submitCode': async ({ page, event, memo }) => {
      if (errorKeyOf(event)?.status === 0) await afterCut(page, memo);
      if (expiredOnServer(event)) {
        // The server has said it: the tab wakes up, its clock back to the real time (no timer fired on the way).
        await expect(walkOf(page).getByText(fr('signbooks.signer.code.expiredTitle'))).toBeVisible();
        await page.clock.resume();
        await page.clock.setSystemTime(new Date());
      }
    },
    'xstate.done.actor.submitRefusal': async () => {},
    'xstate.error.actor.submitRefusal': async ({ page, memo }) => {
      await afterCut(page, memo);
      await page.keyboard.press('Escape');
    },
  },
  states: {
    'signer.reading': async (page) => stepShown(page, 'read'),
    'signer.choosingChannel': async (page) => stepShown(page, 'channel'),
    'signer.requestingCode': null,
    'signer.enteringCode': async (page) => {
      await stepShown(page, 'code');
      await expect(codeField(page)).toBeVisible();
    },
    'signer.signing': null,
    'signer.expired': async (page) => {
      await expect(walkOf(page).getByText(fr('signbooks.signer.code.expiredTitle'))).toBeVisible();
    },
    'signer.locked': async (page) => {
      await expect(lockedAlert(walkOf(page))).toBeVisible();
    },
    'signer.refusing': null,
    'signer.signed': async (page) => {
      await expect(walkOf(page).getByText(fr('signbooks.signer.done.title'))).toBeVisible();
    },
    'signer.refused': async (page) => {
      await expect(walkOf(page).getByText(fr('signbooks.signer.refused.title'))).toBeVisible();
    },
  },
};
