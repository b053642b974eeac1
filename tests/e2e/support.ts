/**
 * Shared steps for the browser tests. Texts are read from the locale files the app ships, so a test
 * fails when the screen stops showing what a French (or English) user is meant to read.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { personaByLogin, type Persona } from '../../src/server/db/seed/personas.ts';
import { AUTH_HEADERS } from '../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../src/web/app/sessionStore.ts';

type Messages = { [key: string]: string | Messages };
const load = (locale: string): Messages =>
  JSON.parse(readFileSync(new URL(`../../src/web/i18n/locales/${locale}.json`, import.meta.url), 'utf8')) as Messages;
const LOCALES: Record<string, Messages> = { fr: load('fr'), en: load('en') };

/** The text of a translation key, without interpolation (callers pass keys whose text has none). */
export function text(key: string, locale: 'fr' | 'en' = 'fr'): string {
  let node: string | Messages | undefined = LOCALES[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${locale} text for ${key}`);
  return node;
}

export const fr = (key: string) => text(key, 'fr');

/**
 * A campaign action's « … en cours » toast, or already the outcome that replaces it: a short run can
 * end, and be pushed, before the action's answer reaches the page (web/app/services.ts).
 */
export function inProgressOrOutcome(page: Page, inProgressKey: string, name: string) {
  const said = [
    fr(inProgressKey),
    ...['dispatched', 'error'].map((k) => fr(`alert.campaign.outcome.${k}`).replace('{{name}}', name)),
  ];
  const escaped = said.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return page.getByText(new RegExp(`^(${escaped.join('|')})$`));
}

export function persona(login: string): Persona {
  const found = personaByLogin(login);
  if (!found) throw new Error(`no demo persona ${login}`);
  return found;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `tests/artifacts/screens/${name}.png`, fullPage: true });
}

/** Fills and submits the login form; stays on whatever page the app goes to next. */
export async function submitLogin(page: Page, login: string, password: string, locale: 'fr' | 'en' = 'fr') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(text('auth.fields.login', locale), { exact: true }).fill(login);
  await page.getByLabel(text('auth.fields.password', locale), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('auth.actions.submit', locale), exact: true }).click();
}

/** Waits for the dashboard and closes the first-visit welcome dialog so the shell is usable. */
export async function landOnDashboard(page: Page, locale: 'fr' | 'en' = 'fr') {
  await expect(page).toHaveURL(/\/dashboard/);
  // The welcome dialog is modal: the page behind it is hidden from assistive technology until it closes.
  const welcome = page.getByRole('dialog', { name: text('dashboard.welcome.title', locale) });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: text('dashboard.welcome.start', locale) }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: text('sections.dashboard', locale) })).toBeVisible();
}

export async function loginAs(page: Page, login: string) {
  const p = persona(login);
  await page.goto('/login');
  await submitLogin(page, p.login, p.password);
  await landOnDashboard(page);
}

/** The session tokens the app keeps in the browser, for calls made on the user's behalf. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const { token, refresh } = await page.evaluate(
    (keys) => ({ token: localStorage.getItem(keys.token), refresh: localStorage.getItem(keys.refreshToken) }),
    SESSION_KEYS,
  );
  expect(token, 'the app stores the access token in localStorage').toBeTruthy();
  return {
    [AUTH_HEADERS.authorization]: `Bearer ${token}`,
    ...(refresh ? { [AUTH_HEADERS.refreshToken]: refresh } : {}),
  };
}

/**
 * Waits for enter animations, so a screenshot shows the element in place rather than sliding in. An
 * animation cancelled meanwhile (replaced by the next one) rejects its `finished` with an AbortError:
 * it is over too, not a failure (seen once at 600 px, the drawer's opening).
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}

export interface PrintedMessage {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/**
 * The newest message to `to` whose subject starts with `subject`, as the demo server printed it on
 * its console (the e-mails nobody may read in the app: guest signing links, reset links).
 */
export async function printedMessage(to: string, subject: string): Promise<PrintedMessage> {
  const log = process.env.E2E_SERVER_LOG ?? 'tests/artifacts/server.log';
  let found: PrintedMessage | undefined;
  await expect
    .poll(() => {
      const blocks = readFileSync(log, 'utf8').split('┌').slice(1);
      const messages = blocks.map((block) => {
        const raw = block.split('\n');
        const field = (name: string) => raw.find((l) => l.startsWith(`│ ${name}: `))?.slice(name.length + 4) ?? '';
        const start = raw.findIndex((l) => l.startsWith('├'));
        const end = raw.findIndex((l) => l.startsWith('└'));
        const body = raw.slice(start + 1, end).map((l) => l.replace(/^│ ?/, ''));
        return { to: field('To'), subject: field('Subject'), body: body.join('\n') };
      });
      found = messages.reverse().find((m) => m.to === to && m.subject.startsWith(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Drops `files` on the element `testId` as a user dragging them from the desktop would (a real `drop`). */
export async function dropFiles(
  page: Page,
  testId: string,
  files: readonly { readonly name: string; readonly bytes: Buffer; readonly type?: string }[],
): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return data;
    },
    files.map((f) => ({ name: f.name, bytes: [...f.bytes], type: f.type ?? 'application/pdf' })),
  );
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}
