/**
 * i18next with a tiny fetch backend. The server serves the locale files; when it cannot (Vite dev
 * server without the API, a stale deploy) the bundled copy is loaded as a lazy chunk so the
 * interface never shows raw keys. French is both the default and the fallback language.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { registerFormatters } from './formatters.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';

/** Cache-busting segment of the locale URL; the server accepts any value. */
export const I18N_BUNDLE_ID = '1';
export const LOCALE_STORAGE_KEY = 'app.locale';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const storedLocale = (): Locale => {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};

const bundled = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

const loadLocale = async (locale: string): Promise<Record<string, unknown>> => {
  try {
    const res = await fetch(`/static/i18n/${I18N_BUNDLE_ID}/${locale}.json`, {
      headers: { accept: 'application/json' },
    });
    if (res.ok && (res.headers.get('content-type') ?? '').includes('json'))
      return (await res.json()) as Record<string, unknown>;
  } catch {
    // network failure: the bundled copy below still gives a readable interface
  }
  const load = bundled[`./locales/${locale}.json`];
  if (!load) throw new Error(`unknown locale ${locale}`);
  return (await load()).default;
};

const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, _namespace: string, callback: ReadCallback) => {
    loadLocale(language).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const initI18n = async (): Promise<typeof i18next> => {
  if (i18next.isInitialized) return i18next;
  await i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: storedLocale(),
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      // Server texts (notifications, details) go through t() as fallbacks: a ':' in them is not a namespace.
      nsSeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  registerFormatters(i18next);
  document.documentElement.lang = i18next.language;
  return i18next;
};

export const changeLocale = async (locale: Locale): Promise<void> => {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
};

export { i18next };
