import type { TFunction } from 'i18next';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';

/**
 * The login failure text (seed 001 §8.3): the blocked-account wait when blocked; a key we translate
 * when we know it; else the server's own text; else the default message.
 */
export const loginErrorText = (
  t: TFunction,
  exists: (key: string) => boolean,
  error: { key: string; message?: string } | null,
  isBlocked: boolean,
): string | null => {
  if (isBlocked) return t(ERROR_KEYS.authBlocked);
  if (!error) return null;
  const generic = error.key === ERROR_KEYS.internal || error.key === ERROR_KEYS.badRequest;
  if (!generic && exists(error.key)) return t(error.key);
  if (error.message) return error.message;
  return t(ALERT_KEYS.login.failure);
};
