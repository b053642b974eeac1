/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { IgnoredPageItem } from '../../src/contract/dispatch.ts';
import type { Campaign } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { DISPATCHED_DOC_CAMPAIGN } from '../dispatched-doc/dispatchedDoc.fixtures.ts';
import { EMPLOYEE } from '../employee-sheet/employeeSheet.fixtures.ts';
import type { IgnoredPagesEvent, IgnoredPagesEventType, IgnoredPagesInput } from './ignoredPages.types.ts';

/** A campaign awaiting validation with two pages that matched nobody. */
export const IGNORED_CAMPAIGN: Campaign = { ...DISPATCHED_DOC_CAMPAIGN, status: 'NEEDS_VALIDATION', ignoredPages: 2 };

export const IGNORED_INPUT: IgnoredPagesInput = {
  campaignId: IGNORED_CAMPAIGN.id,
  organizationId: IGNORED_CAMPAIGN.organizationId,
};

export const IGNORED_ITEMS: readonly [IgnoredPageItem, IgnoredPageItem] = [
  { sourceId: '0195f3a2-0000-7000-8000-0000000000f1', sourceName: 'paie-mars-2026.pdf', page: 2, readText: 'DURAND' },
  { sourceId: '0195f3a2-0000-7000-8000-0000000000f1', sourceName: 'paie-mars-2026.pdf', page: 5, readText: '' },
];

type EventOf<T extends IgnoredPagesEventType> = Extract<IgnoredPagesEvent, { type: T }>;
type Fixtures = { readonly [T in IgnoredPagesEventType]: readonly EventOf<T>[] };

export const ignoredPagesFixtures = {
  'ignored.picker.toggle': [
    { type: 'ignored.picker.toggle', item: IGNORED_ITEMS[0] },
    { type: 'ignored.picker.toggle', item: IGNORED_ITEMS[1] },
  ],
  // What was read cleared, to list the organisation's first employees; a space after it is no new search.
  'ignored.search.edit': [
    { type: 'ignored.search.edit', text: '' },
    { type: 'ignored.search.edit', text: ' ' },
  ],
  'ignored.search.settled': [{ type: 'ignored.search.settled' }],
  'ignored.assign': [{ type: 'ignored.assign', employeeId: EMPLOYEE.id }],
  // Another operator gave one of the two pages; the same count as the list changes nothing.
  'ignored.count.changed': [
    { type: 'ignored.count.changed', count: 1 },
    { type: 'ignored.count.changed', count: 2 },
  ],
  'xstate.done.actor.loadItems': [{ type: 'xstate.done.actor.loadItems', output: IGNORED_ITEMS }],
  'xstate.error.actor.loadItems': [
    { type: 'xstate.error.actor.loadItems', error: { key: 'error.internal', status: 500 } },
  ],
  // Someone found, or nobody (what was read on an ignored page names nobody).
  'xstate.done.actor.searchEmployees': [
    { type: 'xstate.done.actor.searchEmployees', output: [EMPLOYEE] },
    { type: 'xstate.done.actor.searchEmployees', output: [] },
  ],
  'xstate.error.actor.searchEmployees': [
    { type: 'xstate.error.actor.searchEmployees', error: { key: 'error.internal', status: 500 } },
  ],
  'xstate.done.actor.assignPage': [
    { type: 'xstate.done.actor.assignPage', output: { ...IGNORED_CAMPAIGN, ignoredPages: 1 } },
  ],
  // Refused (validated meanwhile), or the connection dropped (the API client's failure, web/api/client.ts).
  'xstate.error.actor.assignPage': [
    { type: 'xstate.error.actor.assignPage', error: { key: ERROR_KEYS.illegalTransition, status: 409 } },
    { type: 'xstate.error.actor.assignPage', error: { key: ERROR_KEYS.network, status: 0 } },
  ],
} satisfies Fixtures;
