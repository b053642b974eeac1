/**
 * No raw key may reach the screen in any language: every locale has exactly fr.json's keys, with
 * the same interpolation variables, the contract's alert/error keys all resolve, every key a text
 * nests (`$t(key, …)`) and every key literal written in the web sources exists. And no French text
 * puts a number other than i18next's `count` before a word that agrees with it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { ALERT_KEYS, ERROR_KEYS, SEED_TEXTS } from '../../contract/keys.ts';
import { ROUTE_IDS } from '../../contract/routes.ts';
import { registerFormatters } from './formatters.ts';

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
// `$t(key, {"count": {{n}} })`: i18next's nesting, the key another text is built with.
const nested = (text: string) => [...text.matchAll(/\$t\(([^,)]+)/g)].map((m) => m[1]?.trim() ?? '');

/**
 * A variable other than `count` (with or without a formatter) followed by a word ending like a French
 * plural (s or x): `{{distributed}} documents distribués` reads « 1 documents distribués ». i18next
 * picks `_one`/`_other` on `count` only, so a number whose word agrees must be the `count` of its own
 * key (nested: `$t(key, {"count": {{n}} })`), or the text must say it without agreement
 * (« Résultats affichés : 1 sur 25 »). The word ends where letters (accented ones too) end: « refusé »
 * is not « refus ».
 */
const VARIABLE_BEFORE_PLURAL = /\{\{\s*(?!count\b)\w+(?:\s*,[^}]*)?\}\}\s+[a-zà-ÿ]+[sx](?![\wà-ÿ])/g;
/** Matches that are no agreement, by key: each says why. */
const NOT_AGREEING: Readonly<Record<string, readonly string[]>> = {
  // « 2 sur 3 dans la file » : « dans » is a preposition, it agrees with nothing.
  'campaigns.waiting.text': ['{{of}} dans'],
};

const fr = flatten(load('fr'));

/** i18next's plural suffixes: a language carries exactly the categories of its own plural rules. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralBases = (keys: Map<string, string>) =>
  new Set([...keys.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, '')));
/** The keys with each plural set reduced to its base: what every language must share with fr. */
const shared = (keys: Map<string, string>) => {
  const bases = pluralBases(keys);
  return [
    ...new Set([...keys.keys()].map((k) => (bases.has(k.replace(PLURAL, '')) ? k.replace(PLURAL, '') : k))),
  ].sort();
};

describe('locales', () => {
  for (const locale of LOCALES) {
    const keys = flatten(load(locale));
    it(`${locale} has exactly the keys of fr, each translated, with the same variables`, () => {
      expect(shared(keys)).toEqual(shared(fr));
      for (const [key, text] of keys) {
        expect(text.trim(), `${locale}:${key}`).not.toBe('');
        const base = key.replace(PLURAL, '');
        const model = fr.get(key) ?? fr.get(`${base}_other`) ?? '';
        expect(variables(text), `${locale}:${key}`).toEqual(variables(model));
      }
    });
    // French, Spanish and Portuguese say « many » for exact millions (CLDR): without `_many`,
    // i18next shows the raw key for 1 000 000 documents.
    it(`${locale} has every plural category of its language for each plural text`, () => {
      const categories: readonly string[] = new Intl.PluralRules(locale)
        .resolvedOptions()
        .pluralCategories.filter((c) => c !== 'zero');
      const missing: string[] = [];
      for (const base of pluralBases(keys)) {
        // `_zero` is i18next's own optional case for 0, not a plural category of the language.
        const present = PLURAL_CATEGORIES.filter((c) => c !== 'zero' && keys.has(`${base}_${c}`));
        const expected = PLURAL_CATEGORIES.filter((c) => categories.includes(c));
        if (present.join() !== expected.join()) missing.push(`${base}: ${present.join()} ≠ ${expected.join()}`);
      }
      expect(missing).toEqual([]);
    });
    it(`${locale} resolves every key its texts nest`, () => {
      for (const [key, text] of keys)
        for (const target of nested(text)) expect(resolves(keys, target), `${locale}:${key} → ${target}`).toBe(true);
    });
    it(`${locale} resolves every alert and error key of the contract`, () => {
      for (const key of [...leaves(ALERT_KEYS), ...leaves(ERROR_KEYS)])
        expect(resolves(keys, key), `${locale}:${key}`).toBe(true);
    });
  }

  it('puts no number other than count before a French word that agrees with it', () => {
    const found: string[] = [];
    for (const [key, text] of fr)
      for (const [match] of text.matchAll(VARIABLE_BEFORE_PLURAL))
        if (!NOT_AGREEING[key]?.includes(match)) found.push(`${key}: ${match}`);
    expect(found).toEqual([]);
  });

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
        // `actor.on('profile.alert', …)`: a fact a machine emits, heard by its view, not a text.
        const heard = /\.on\(\s*$/.test(text.slice(Math.max(0, match.index - 8), match.index));
        // `'api.campaigns.get.succeeded'`: a call's outcome on the bus (a route id's), not a text.
        const outcome = /^api\.(.+)\.(succeeded|failed)$/.exec(key ?? '');
        if (
          key &&
          !event &&
          !heard &&
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

describe('numbers and the words that agree with them', () => {
  const texts = i18next.createInstance();
  void texts.init({
    lng: 'fr',
    fallbackLng: false,
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: load(l) }])),
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  registerFormatters(texts);
  const fr = (key: string, options: Record<string, unknown>) => texts.t(key, { ...options, lng: 'fr' });
  /** The texts whose numbers once read « 1 documents », each with a singular and a plural case. */
  const CASES: readonly (readonly [string, Record<string, unknown>])[] = [
    ['dashboard.charts.campaigns.summary', { count: 1, distributed: 1, waitingSafe: 1, inError: 1 }],
    ['dashboard.charts.campaigns.summary', { count: 3, distributed: 1234, waitingSafe: 2, inError: 0 }],
    ['dashboard.charts.signbooks.averageDays', { count: 1.5 }],
    ['dashboard.charts.signbooks.averageDays', { count: 2.5 }],
    ['organizations.list.totals', { count: 1, employees: 1, active: 1 }],
    ['organizations.list.totals', { count: 3, employees: 1200, active: 0 }],
    ['masks.preview.summary', { count: 1, total: 1 }],
    ['masks.preview.summary', { count: 4, total: 5 }],
    ['campaigns.page.pages', { count: 1, total: '200' }],
    ['campaigns.page.pages', { count: 2, total: '200' }],
    ['campaigns.progress.documents', { count: 1, total: '58' }],
    ['campaigns.progress.documents', { count: 57, total: '58' }],
    ['campaigns.progress.pagesRate', { count: 1 }],
    ['campaigns.progress.docsRate', { count: 12 }],
    ['documents.upload.hint', { count: 20 }],
    // An exact million is CLDR's « many » in French, Spanish and Portuguese.
    ['campaigns.progress.documents', { count: 1_000_000, total: '1 000 000' }],
  ];

  it('reads them in agreement in French, decimals below 2 singular', () => {
    // Intl's French thousands separator is a narrow no-break space (U+202F).
    expect(CASES.map(([key, options]) => fr(key, options))).toEqual([
      'Sur la dernière campagne : 1 document distribué, 1 en attente du coffre-fort du salarié, 1 en erreur.',
      'Sur les 3 dernières campagnes : 1\u202f234 documents distribués, 2 en attente du coffre-fort du salarié, 0 en erreur.',
      '1,5 jour',
      '2,5 jours',
      '1 organisation visible · 1 salarié dont 1 actif',
      '3 organisations visibles · 1\u202f200 salariés dont 0 actif',
      '1 page attribuée à un salarié sur 1',
      '4 pages attribuées à un salarié sur 5',
      '1 page découpée sur 200',
      '2 pages découpées sur 200',
      '1 document traité sur 58',
      '57 documents traités sur 58',
      '1 page/s',
      '12 documents/s',
      'PDF uniquement, 10 Mo au plus par document, 20 bordereaux au plus.',
      '1\u202f000\u202f000 documents traités sur 1 000 000',
    ]);
  });

  for (const locale of LOCALES)
    it(`builds them whole in ${locale}: nothing nested or interpolated is left over`, () => {
      for (const [key, options] of CASES) {
        const text = texts.t(key, { ...options, lng: locale });
        expect(text, `${locale}:${key}`).not.toMatch(/\$t\(|\{\{|\}\}|^[\w.]+$/);
      }
      expect(
        texts.t('dashboard.charts.campaigns.summary', {
          count: 1,
          distributed: 1,
          waitingSafe: 1,
          inError: 1,
          lng: 'en',
        }),
      ).toBe("In the last campaign: 1 document distributed, 1 waiting for the employee's safe, 1 in error.");
    });
});
