/**
 * The signbook machine in the browser, seen by its manager (`admin`) on the signbook's page: a
 * two-step draft created through the real API (step 1 `admin` for the fixture's `hr`; step 2 `paie`
 * and `multi` (on the main domain) for `emp` and `mgr`). No screen creates a draft or
 * renames one (the creation page sends a signbook started): those intents go through the real API;
 * a draft is sent to its signatories with the page's « Envoyer aux signataires ». Signatories sign and refuse through the real API with their own sessions (a code asked,
 * read from their demo outbox, signed), as their own screens would; the seal is the real job. The
 * manager's own actions, « Envoyer aux signataires » and « Supprimer le parapheur », are clicked on
 * the page, which follows the rest live.
 * A failed seal: the signbook is sent to the employee signatories' personal safes, `emp` is a new employee
 * of the path's own (signing as a guest through the link the demo server prints, through the real guest
 * API), and the personal safe the server deposits through (the test double) refuses the sealed document
 * once — a rule matching the path's signbook name: the seal fails, « Relancer le scellement » seals again.
 */
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EventObject } from 'xstate';
import type { OutboxMessage } from '../../../src/contract/entities.ts';
import type { SignbookStatus } from '../../../src/contract/enums.ts';
import { AUTH_HEADERS, routeUrl } from '../../../src/contract/routes.ts';
import type { SignbookEvent } from '../../../machines/signbook/index.ts';
import { fr, persona, printedMessage, sessionHeaders } from '../support.ts';
import { safeControl } from '../support/safe-control.ts';
import type { MachineAdapter } from './adapter.ts';
import { afterPath, logInThroughApi, openLoggedIn, skipWelcome } from './screens.ts';

type Of<T extends SignbookEvent['type']> = Extract<SignbookEvent, { type: T }>;
/** The fixture's signatories and the demo personas standing for them. */
const PERSONA = { hr: 'admin', emp: 'paie', mgr: 'multi' } as const;
type Role = keyof typeof PERSONA;

interface Signer {
  readonly userId: string;
  /** Its own API session, when it acts in the path. */
  readonly api?: APIRequestContext;
  readonly headers?: Record<string, string>;
}

const contractPdf = async (title: string): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
};

/** A persona's own API session (its own request context: the page's session stays the admin's). */
const signerFor = async (baseURL: string, login: string): Promise<Signer> => {
  const api = await request.newContext({ baseURL });
  const p = persona(login);
  const answer = await api.post(routeUrl('auth.login'), { data: { login: p.login, password: p.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { userId: string; domain: string };
  let access = answer.headers()[AUTH_HEADERS.setAuthorization];
  const refresh = answer.headers()[AUTH_HEADERS.setRefreshToken] ?? '';
  // `multi` logs in on the legacy domain: the signbooks of this path are the main domain's.
  if (body.domain !== 'main') {
    const switched = await api.post(routeUrl('auth.switchDomain'), {
      headers: { [AUTH_HEADERS.authorization]: `Bearer ${access}` },
      data: { domain: 'main' },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    access = switched.headers()[AUTH_HEADERS.setAuthorization] ?? access;
  }
  return {
    api,
    userId: body.userId,
    headers: { [AUTH_HEADERS.authorization]: `Bearer ${access}`, [AUTH_HEADERS.refreshToken]: refresh },
  };
};

/**
 * A demo user's id, learnt from its login once per worker.
 */
const userIds = new Map<string, Promise<string>>();
const userIdOf = (baseURL: string, login: string): Promise<string> => {
  if (!userIds.has(login))
    userIds.set(
      login,
      signerFor(baseURL, login).then(async ({ api, userId }) => {
        await api?.dispose();
        return userId;
      }),
    );
  return userIds.get(login)!;
};

const header = (page: Page) => page.getByRole('heading', { level: 1 }).locator('..');
const deleteButton = (page: Page) =>
  page
    .getByRole('group', { name: fr('signbooks.view.actions') })
    .getByRole('button', { name: fr('signbooks.view.delete') });

/** The path ends in a failed seal: its sealed document goes to an employee's safe, which refuses it. */
const sealFails = (events: readonly EventObject[]) => events.some((e) => e.type === 'job.seal.failed');

/** A new employee of the admin's organisation, with an e-mail of its own (its guest link is printed for it). */
async function newEmployee(page: Page, headers: Record<string, string>, orgId: string) {
  const n = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post(routeUrl('employees.create'), {
    headers,
    data: {
      name: 'Parcours',
      firstName: `Scellement ${n}`,
      birthDate: '1988-02-03',
      email: `scellement.${n}@example.fr`,
      organizations: [{ organizationId: orgId }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; email: string };
}

/** The employee signs as a guest: the link mailed to it (printed by the demo server), a code, the signature. */
async function guestSigns(page: Page, email: string, name: string): Promise<void> {
  const invitation = await printedMessage(email, 'Document à signer');
  const token = invitation.body.match(/\/signworkflows\/guest\/([^\s/?#]+)/)?.[1];
  expect(token, invitation.body).toBeTruthy();
  const asked = await page.request.post(routeUrl('signbooks.guestRecoverCode', { token: token! }), {
    data: { mode: 'email' },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const outbox = await page.request.get(routeUrl('signbooks.guestOutbox', { token: token! }));
  expect(outbox.ok(), await outbox.text()).toBe(true);
  const newest = ((await outbox.json()) as OutboxMessage[])
    .filter((m) => m.subject === `Code de signature : ${name}`)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const code = newest?.body.match(/est : (\d{6})/)?.[1] ?? '';
  expect(code, 'a signature code in the guest’s outbox').toHaveLength(6);
  const signed = await page.request.post(routeUrl('signbooks.guestSign', { token: token! }), {
    data: { codeSignature: code },
  });
  expect(signed.status(), await signed.text()).toBeLessThan(300);
}

/** The signatory's own API session (the path's start logged it in). */
const actor = (memo: Map<string, unknown>, role: string): Required<Signer> => {
  const signer = (memo.get('signers') as Record<Role, Signer>)[role as Role];
  if (!signer.api || !signer.headers) throw new Error(`signatory ${role} has no session in this path`);
  return signer as Required<Signer>;
};

/** What the manager sees: the status badge, who signed, and whether « Supprimer » is offered. */
const shows = async (page: Page, status: SignbookStatus, signed: number, canDelete: boolean) => {
  await expect(header(page).locator('[data-status]')).toHaveAttribute('data-status', status);
  const steps = page.getByRole('list', { name: fr('signbooks.view.steps') });
  await expect(steps.locator('[data-signatory][data-state="signed"]')).toHaveCount(signed);
  await expect(deleteButton(page)).toHaveCount(canDelete ? 1 : 0);
  // A draft (with signatories, as every path's is) is offered to be sent; nothing else is.
  await expect(page.getByRole('button', { name: fr('signbooks.view.start') })).toHaveCount(status === 'DRAFT' ? 1 : 0);
};

/** A manager's call the page does not offer, made with the page's own session. */
const put = async (page: Page, route: string, data: object) => {
  const answer = await page.request.put(route, { headers: await sessionHeaders(page), data });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
};

export const signbookAdapter: MachineAdapter = {
  machine: 'signbook',
  start: async (page, events, memo) => {
    await skipWelcome(page);
    const { session, headers } = await logInThroughApi(page, 'admin');
    // Only the signatories who act in this path log in (a login costs a password hash on the server).
    const acting = new Set(
      events.flatMap((e) => ('signatoryId' in e ? [(e as { signatoryId: string }).signatoryId] : [])),
    );
    const baseURL = test.info().project.use.baseURL!;
    const other = async (role: 'emp' | 'mgr'): Promise<Signer> =>
      acting.has(role) ? signerFor(baseURL, PERSONA[role]) : { userId: await userIdOf(baseURL, PERSONA[role]) };
    const failing = sealFails(events);
    const employee = failing ? await newEmployee(page, headers, session.orgId) : null;
    if (employee) {
      memo.set('guestEmail', employee.email);
      afterPath(memo, async () => {
        await page.request.put(routeUrl('employees.deactivate', { id: employee.id }), { headers });
      });
    }
    const signers = {
      hr: { api: page.request, headers, userId: session.userId },
      emp: employee ? { userId: employee.id } : await other('emp'),
      mgr: await other('mgr'),
    } satisfies Record<Role, Signer>;
    memo.set('signers', signers);
    afterPath(memo, async () => {
      await signers.emp.api?.dispose();
      await signers.mgr.api?.dispose();
    });
    const name = `Parcours parapheur ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    memo.set('name', name);
    // The employee's safe refuses the sealed document once: the seal fails; sealed again, it is taken.
    if (failing)
      await safeControl().addRule({ match: name, action: 'refuse', reason: 'Coffre-fort clôturé', times: 1 });
    const created = await page.request.post(routeUrl('signbooks.upload'), {
      headers,
      multipart: {
        json: JSON.stringify({
          name,
          draft: true,
          ...(employee ? { sendToPersonalSafe: true } : {}),
          steps: [['hr'], ['emp', 'mgr']].map((ids) => ({
            signatories: ids.map((r) =>
              employee && r === 'emp'
                ? { type: 'employee', employeeId: employee.id }
                : { type: 'user', userId: signers[r as Role].userId },
            ),
          })),
        }),
        file: { name: 'contrat.pdf', mimeType: 'application/pdf', buffer: await contractPdf(name) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { signbook } = (await created.json()) as { signbook: { id: string } };
    memo.set('id', signbook.id);
    await openLoggedIn(page, `/signworkflows/status/in-progress/${signbook.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await shows(page, 'DRAFT', 0, true);
  },
  how: {
    'signbook.start': '« Envoyer aux signataires » on the draft’s page',
    'signbook.update': 'renamed through the real API (no screen renames a signbook): the page shows it live',
    'signbook.delete': '« Supprimer le parapheur » and its confirmation, on the page',
    'signatory.sign':
      'the signatory (admin, paie, multi) asks a code, reads it in their demo outbox and signs, through the real API',
    'signatory.refuse': 'the signatory (paie) refuses with a reason, through the real API',
    'job.seal.completed': 'the real seal job, after the last signature',
    'job.seal.failed':
      'the real seal job, the sealed document refused by the employee signatory’s safe (the test double, a rule on the signbook’s name)',
    'signbook.retrySeal': '« Relancer le scellement » on the page (the safe takes the document this time)',
  },
  events: {
    'signbook.start': async ({ page }) => {
      await page.getByRole('button', { name: fr('signbooks.view.start') }).click();
      await expect(page.getByText(fr('signbooks.view.started'))).toBeVisible();
    },
    'signbook.update': async ({ page, memo }) => {
      const name = `${memo.get('name') as string} (modifié)`;
      await put(page, routeUrl('signbooks.update', { id: memo.get('id') as string }), { name });
      memo.set('name', name);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    },
    'signbook.delete': async ({ page }) => {
      await deleteButton(page).click();
      const dialog = page.getByRole('alertdialog', { name: fr('signbooks.view.deleteTitle') });
      await dialog.getByRole('button', { name: fr('signbooks.view.delete'), exact: true }).click();
    },
    'signatory.sign': async ({ page, event, memo }) => {
      const role = (event as Of<'signatory.sign'>).signatoryId;
      const guestEmail = memo.get('guestEmail') as string | undefined;
      if (role === 'emp' && guestEmail) return guestSigns(page, guestEmail, memo.get('name') as string);
      const signer = actor(memo, role);
      const workflowId = memo.get('id') as string;
      const asked = await signer.api.post(routeUrl('signbooks.recoverCode', { workflowId }), {
        headers: signer.headers,
        data: { mode: 'email' },
      });
      expect(asked.status(), await asked.text()).toBeLessThan(300);
      const outbox = await signer.api.get(routeUrl('outbox.list'), { headers: signer.headers });
      expect(outbox.ok(), await outbox.text()).toBe(true);
      const messages = (await outbox.json()) as OutboxMessage[];
      // This signbook's newest code (the admin's outbox also holds other paths' codes).
      const newest = messages
        .filter((m) => m.subject === `Code de signature : ${memo.get('name') as string}`)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      const code = newest?.body.match(/est : (\d{6})/)?.[1] ?? '';
      expect(code, 'a signature code in the outbox').toHaveLength(6);
      const signed = await signer.api.post(routeUrl('signbooks.sign', { workflowId }), {
        headers: signer.headers,
        data: { codeSignature: code },
      });
      expect(signed.status(), await signed.text()).toBeLessThan(300);
    },
    'signatory.refuse': async ({ event, memo }) => {
      const { signatoryId, reason } = event as Of<'signatory.refuse'>;
      const signer = actor(memo, signatoryId);
      const refused = await signer.api.post(routeUrl('signbooks.refuse', { workflowId: memo.get('id') as string }), {
        headers: signer.headers,
        data: { reason },
      });
      expect(refused.status(), await refused.text()).toBeLessThan(300);
    },
    'job.seal.completed': async () => {},
    'job.seal.failed': async ({ page }) => {
      await expect(page.getByText('Coffre-fort clôturé', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    },
    'signbook.retrySeal': async ({ page }) => {
      await page.getByRole('button', { name: fr('signbooks.view.retrySeal') }).click();
      await expect(page.getByRole('button', { name: fr('signbooks.view.retrySeal') })).toHaveCount(0);
    },
  },
  states: {
    'signbook.draft': async (page, snapshot) => shows(page, 'DRAFT', 0, snapshot.can({ type: 'signbook.delete' })),
    'signbook.inProgress': async (page, snapshot) =>
      shows(page, 'IN_PROGRESS', (snapshot.context as { signed: string[] }).signed.length, true),
    // The real seal job runs as soon as the last signature is in: the fact that ends it asserts.
    'signbook.sealing': null,
    'signbook.completed': async (page) => {
      await shows(page, 'COMPLETE', 3, true);
      await expect(page.getByRole('button', { name: fr('signbooks.view.download') })).toBeVisible();
    },
    'signbook.refused': async (page, snapshot) => {
      await shows(page, 'REFUSED', (snapshot.context as { signed: string[] }).signed.length, true);
      await expect(page.getByRole('alert').filter({ hasText: 'Clause de mobilité à revoir' })).toBeVisible();
    },
    'signbook.sealFailed': async (page) => {
      await expect(header(page).locator('[data-status]')).toHaveAttribute('data-status', 'IN_ERROR');
      await expect(page.getByRole('button', { name: fr('signbooks.view.retrySeal') })).toBeVisible();
    },
    'signbook.deleted': async (page) => {
      await expect(page).toHaveURL(/\/signworkflows\/status\/in-progress$/);
      await expect(page.getByText(fr('signbooks.view.deleted'))).toBeVisible();
    },
  },
};
