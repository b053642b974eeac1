/** Badge colours of campaign and document statuses; their texts are `campaigns.status.*` / `campaigns.docStatus.*`. */
import {
  COUNTED_AS_DISPATCHED,
  COUNTED_AS_NOT_DISPATCHED,
  DISPATCHED_DOC_STATUSES,
  type CampaignStatus,
  type DispatchedDocStatus,
} from '../../../contract/enums.ts';

export const CAMPAIGN_STATUS_PALETTE: Record<CampaignStatus, string> = {
  SPLITTING: 'blue',
  NEEDS_VALIDATION: 'orange',
  NEEDS_CLIENT_VALIDATION: 'orange',
  NEEDS_DISPATCHING: 'blue',
  DRAFT: 'gray',
  DISPATCHING: 'blue',
  DISPATCHED: 'green',
  DISPATCHED_WAIT_CUSTOMER_DISPATCHING: 'teal',
  IN_ERROR: 'red',
  CANCELED: 'gray',
  REFUSED: 'purple',
  EDITIQUE_ERROR: 'red',
};

export const docStatusPalette = (status: DispatchedDocStatus): string =>
  COUNTED_AS_DISPATCHED.includes(status)
    ? 'green'
    : status === 'CANT_CREATE_DOC_ERROR' || status === 'CANT_CREATE_EMP_ERROR' || status === 'NOT_DISPATCHED'
      ? 'red'
      : status === 'DISPATCHING' || status === 'NEEDS_DISPATCHING'
        ? 'blue'
        : 'orange';

type Counts = Readonly<Record<string, number>>;
const sum = (counts: Counts, statuses: readonly string[]) => statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);

/** The seed's counted-as rule (000 §4): statuses outside both lists count in the total only. */
export const countTotals = (counts: Counts) => ({
  dispatched: sum(counts, COUNTED_AS_DISPATCHED),
  notDispatched: sum(counts, COUNTED_AS_NOT_DISPATCHED),
  total: sum(counts, DISPATCHED_DOC_STATUSES),
});
