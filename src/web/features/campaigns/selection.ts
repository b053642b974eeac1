/**
 * The table's new checked list as machines/campaign-documents events: one document (un)checked is a
 * toggle, the whole page checked is « all », nothing left is « clear »; anything else, one toggle per
 * document that changed.
 */
import type { CampaignDocumentsEvent } from '../../../../machines/campaign-documents/index.ts';
import type { DispatchedDocument } from '../../../contract/entities.ts';

type SelectionEvent = Extract<CampaignDocumentsEvent, { type: `selection.${string}` }>;

export const selectionEvents = (
  before: readonly string[],
  after: readonly string[],
  rows: readonly DispatchedDocument[],
): SelectionEvent[] => {
  if (after.length === 0) return before.length ? [{ type: 'selection.clear' }] : [];
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const missing = rows.map((r) => r.id).filter((id) => !before.includes(id));
  if (added.length > 1 && removed.length === 0 && added.length === missing.length) return [{ type: 'selection.all' }];
  return [...added, ...removed].map((id) => ({ type: 'selection.toggle', id }));
};
