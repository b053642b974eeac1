/**
 * The sentence after « La création de la campagne a échoué. »: the server's reason, then what it named
 * as a sentence of its own (« Fichier concerné : two.pdf. »), never a bare file name (issue 15).
 */
import type { TFunction } from 'i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';

const subjectOf = (cause: string | undefined): 'files' | 'people' | 'other' =>
  cause?.startsWith('error.upload.')
    ? 'files'
    : cause === ERROR_KEYS.campaignRecipientWithoutEmail
      ? 'people'
      : 'other';

export function failureText(t: TFunction, cause: string | undefined, names: string | undefined): string {
  const reason = cause ? t(cause, { defaultValue: '' }) : '';
  const named = names
    ? t(`campaignCreate.upload.named.${subjectOf(cause)}`, { count: names.split(', ').length, names })
    : '';
  return [reason, named].filter(Boolean).join(' ');
}
