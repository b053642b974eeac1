/** A failure as the auth and domain-choice machines keep it: the server's key (and text, when it sent one). */
import type { ErrorInfo } from './auth.types.ts';

export const errorInfo = (error: unknown, fallbackKey: string): ErrorInfo => {
  if (typeof error === 'object' && error !== null && typeof (error as { key?: unknown }).key === 'string') {
    const { key, message } = error as { key: string; message?: unknown };
    return typeof message === 'string' && message ? { key, message } : { key };
  }
  return { key: fallbackKey };
};
