/** Snapshot → what the ignored pages' view needs. */
import type { SnapshotFrom } from 'xstate';
import { type IgnoredPagesMachine, itemKey } from './ignoredPages.machine.ts';

export type IgnoredPagesSnapshot = SnapshotFrom<IgnoredPagesMachine>;

export const selectIgnoredPages = (s: IgnoredPagesSnapshot) => ({
  items: s.context.items,
  /** The key (`itemKey`) of the page whose picker is open. */
  openKey: s.context.open ? itemKey(s.context.open) : null,
  text: s.context.text,
  found: s.context.found,
  /** The employee the page is being given to: every assign button waits. */
  assigning: s.context.assigning,
});
export type IgnoredPagesView = ReturnType<typeof selectIgnoredPages>;
