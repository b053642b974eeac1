/**
 * Formatters the locale texts call by name (`{{recipient, de}}`), for grammar a plain
 * interpolation gets wrong. Registered on every i18next instance (the app's and the tests').
 */
import type { i18n } from 'i18next';

/** French elision of « de » before a vowel or a mute h: « Document d’Olivier André », « de Camille Martin ». */
export const frenchDe = (value: string): string =>
  /^[aeiouyàâäéèêëîïôöùûüœæh]/i.test(value.trim()) ? `d’${value}` : `de ${value}`;

export function registerFormatters(instance: i18n): void {
  // « de » only exists in the French texts; another language calling it gets the value untouched.
  instance.services.formatter?.add('de', (value: unknown, lng: string | undefined) =>
    lng?.startsWith('fr') ? frenchDe(String(value ?? '')) : String(value ?? ''),
  );
}
