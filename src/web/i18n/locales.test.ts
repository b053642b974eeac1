/**
 * No raw key may reach the screen in any language: every locale has exactly fr.json's keys, with
 * the same interpolation variables, the contract's alert/error keys all resolve, and every key
 * literal written in the web sources exists.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { ALERT_KEYS, ERROR_KEYS, SEED_TEXTS } from '../../contract/keys.ts';
import { ROUTE_IDS } from '../../contract/routes.ts';

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${locale}.json`), 'utf8')) as Tree;

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
};
const leaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(leaves);
// `{{name}}` or `{{name, formatter}}` (formatters.ts): the variable is the name either way.
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)(?:\s*,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const resolves = (keys: Map<string, string>, key: string) => keys.has(key) || keys.has(`${key}_other`);

const fr = flatten(load('fr'));

describe('locales', () => {
  for (const locale of LOCALES) {
    const keys = flatten(load(locale));
    it(`${locale} has exactly the keys of fr, each translated, with the same variables`, () => {
      expect([...keys.keys()].sort()).toEqual([...fr.keys()].sort());
      for (const [key, text] of keys) {
        expect(text.trim(), `${locale}:${key}`).not.toBe('');
        expect(variables(text), `${locale}:${key}`).toEqual(variables(fr.get(key) ?? ''));
      }
    });
    it(`${locale} resolves every alert and error key of the contract`, () => {
      for (const key of [...leaves(ALERT_KEYS), ...leaves(ERROR_KEYS)])
        expect(resolves(keys, key), `${locale}:${key}`).toBe(true);
    });
  }

  it("uses the seed's French texts as the French values", () => {
    expect(fr.get(ALERT_KEYS.login.failure)).toBe(SEED_TEXTS.loginDefaultError);
    expect(fr.get(ERROR_KEYS.authBadCredentials)).toBe(SEED_TEXTS.loginDefaultError);
    expect(fr.get(ALERT_KEYS.users.reinitTokenFail)).toBe(SEED_TEXTS.resetTokenExpired);
    expect(fr.get(ALERT_KEYS.login.microsoftFailure)).toBe(SEED_TEXTS.microsoftFailure);
    expect(fr.get(ALERT_KEYS.reminderNeedsEmail)).toBe(SEED_TEXTS.reminderNeedsEmail);
    expect(fr.get('shell.notifications.empty')).toBe(SEED_TEXTS.noNotification);
    expect(fr.get('validation.required')).toBe(SEED_TEXTS.required);
  });

  it('knows every key literal written in the web sources', () => {
    const domains =
      'common|auth|password|shell|sections|statuses|dashboard|profile|system|validation|error|alert|api|user';
    const literal = new RegExp(`['"]((?:${domains})\\.[\\w.-]+)['"]`, 'g');
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    // The views' folders; bus/api/push/app speak in event names and route ids, not texts.
    for (const dir of ['features', 'components', 'routes']) walk(join(root, dir));
    const routeIds = new Set<string>(ROUTE_IDS);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(literal)) {
        const key = match[1];
        // `{ type: 'auth.domain.choose' }`: an event sent to a machine, not a text.
        const event = /type:\s*$/.test(text.slice(Math.max(0, match.index - 8), match.index));
        // `'api.campaigns.get.succeeded'`: a call's outcome on the bus (a route id's), not a text.
        const outcome = /^api\.(.+)\.(succeeded|failed)$/.exec(key ?? '');
        if (
          key &&
          !event &&
          !(outcome?.[1] && routeIds.has(outcome[1])) &&
          !key.endsWith('.') &&
          !/\.(ts|tsx|json)$/.test(key) &&
          !routeIds.has(key) &&
          !resolves(fr, key)
        )
          missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
