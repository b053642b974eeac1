/** Snapshot → what a list or a picker shows; « Réessayer » is offered exactly when the machine takes `read.reload`. */
import type { SnapshotFrom } from 'xstate';
import type { ReadMachine } from './read.machine.ts';
import type { ReadFailure } from './read.types.ts';

export type ReadSnapshot = SnapshotFrom<ReadMachine>;

/** The answer shown (the previous one while a newer read loads), `null` before the first and after a failure. */
export const selectAnswer = (s: ReadSnapshot): unknown =>
  s.matches('failed') ? null : (s.context.answer?.result ?? null);
/** The last answer received, kept after a failure too: for a view that keeps what it drew (the dashboard's charts). */
export const selectLastAnswer = (s: ReadSnapshot): unknown => s.context.answer?.result ?? null;
/** Until the current query's answer is in (not while a next page loads: the rows are shown) (not after a failure: nothing is on its way then). */
export const selectLoading = (s: ReadSnapshot): boolean => s.matches('waiting') || s.matches('loading');
export const selectFailure = (s: ReadSnapshot): ReadFailure | null => (s.matches('failed') ? s.context.failure : null);
/** A next page is on its way (the rows shown stay). */
export const selectLoadingMore = (s: ReadSnapshot): boolean => s.matches('loadingMore');
/** « Afficher plus » is offered: the machine takes `read.more` now (a paged answer shown with a next page). */
export const selectCanMore = (s: ReadSnapshot): boolean => s.can({ type: 'read.more' });
/** There is more to show: a next page can be asked, or is on its way. */
export const selectHasMore = (s: ReadSnapshot): boolean => selectCanMore(s) || selectLoadingMore(s);
/** Why the last next page failed, the rows shown kept (cleared once a page or a new answer lands). */
export const selectMoreFailure = (s: ReadSnapshot): ReadFailure | null =>
  s.matches('shown') || s.matches('loadingMore') ? s.context.failure : null;
export const selectCanReload = (s: ReadSnapshot): boolean => s.can({ type: 'read.reload' });
