/**
 * French texts for the few answers that carry words as well as keys (the `errors` list the
 * create-error alerts show, seed 001 §8.2). They come from the web's French catalogue so the API
 * and the screens never word the same rule twice.
 */
import { readFileSync } from 'node:fs';
import { projectPath } from '../paths.ts';

const FRENCH_CATALOGUE = projectPath('src/web/i18n/locales/fr.json');
let catalogue: Record<string, unknown> | null = null;

/** The French text of a translation key; the key itself when the catalogue lacks it. */
export function frenchText(key: string): string {
  if (!catalogue) {
    try {
      catalogue = JSON.parse(readFileSync(FRENCH_CATALOGUE, 'utf8')) as Record<string, unknown>;
    } catch {
      catalogue = {};
    }
  }
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}
