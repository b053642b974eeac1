/** Colours and keys of signbook statuses and signatory states (texts live in the locale files). */
import type { SignatoryState, SignbookStatus } from '../../../contract/enums.ts';

export const SIGNBOOK_STATUS_PALETTE: Record<SignbookStatus, string> = {
  DRAFT: 'gray',
  IN_PROGRESS: 'blue',
  SEALING: 'purple',
  COMPLETE: 'green',
  REFUSED: 'red',
  IN_ERROR: 'orange',
};

export const SIGNATORY_STATE_PALETTE: Record<SignatoryState, string> = {
  signed: 'green',
  refused: 'red',
  waiting: 'gray',
};

export const formatDateTime = (iso: string | null | undefined, locale: string): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '—';
