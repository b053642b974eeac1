/** Context, events, input and emitted facts of a campaign's ignored pages (its list and the assign picker). */
import type { IgnoredPageItem } from '../../src/contract/dispatch.ts';
import type { Campaign, Employee } from '../../src/contract/entities.ts';

export interface IgnoredPagesInput {
  readonly campaignId: string;
  /** The campaign's organisation: the picker searches its employees. */
  readonly organizationId: string;
}

export interface IgnoredPagesContext extends IgnoredPagesInput {
  readonly items: readonly IgnoredPageItem[];
  /** The page whose picker is open (one at a time). */
  readonly open: IgnoredPageItem | null;
  /** The picker's search, as typed (it starts with what was read on the page). */
  readonly text: string;
  /** The employees the last search found. */
  readonly found: readonly Employee[];
  /** The employee the page is being given to. */
  readonly assigning: string | null;
}

export type IgnoredPagesEvent =
  /** Opens this page's picker, or closes it when it is the open one. */
  | { readonly type: 'ignored.picker.toggle'; readonly item: IgnoredPageItem }
  | { readonly type: 'ignored.search.edit'; readonly text: string }
  /** Raised by the machine itself once the search has stopped changing. */
  | { readonly type: 'ignored.search.settled' }
  | { readonly type: 'ignored.assign'; readonly employeeId: string }
  /**
   * The campaign's count of ignored pages as its push now says (the view sends it on each change):
   * another operator gave a page meanwhile when it no longer matches the list.
   */
  | { readonly type: 'ignored.count.changed'; readonly count: number }
  | { readonly type: 'xstate.done.actor.loadItems'; readonly output: readonly IgnoredPageItem[] }
  | { readonly type: 'xstate.error.actor.loadItems'; readonly error: unknown }
  | { readonly type: 'xstate.done.actor.searchEmployees'; readonly output: readonly Employee[] }
  | { readonly type: 'xstate.error.actor.searchEmployees'; readonly error: unknown }
  /** Output: the campaign as the server left it (one ignored page fewer). */
  | { readonly type: 'xstate.done.actor.assignPage'; readonly output: Campaign }
  | { readonly type: 'xstate.error.actor.assignPage'; readonly error: unknown };
export type IgnoredPagesEventType = IgnoredPagesEvent['type'];

export interface IgnoredPagesAlert {
  readonly type: 'success' | 'error';
  /** Translation key of the message. */
  readonly key: string;
}

/** What the list tells its view: an alert to show; the page given (the campaign as it now is). */
export type IgnoredPagesEmitted =
  | { readonly type: 'ignored.alert'; readonly alert: IgnoredPagesAlert }
  | { readonly type: 'ignored.assigned'; readonly campaign: Campaign };
