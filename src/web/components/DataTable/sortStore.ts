/**
 * Per-list sort persistence (seed 000: "persisted preferences include sort orders of many lists").
 * The URL wins when it names a sort; otherwise the last sort chosen on that list comes back.
 */
import type { TableSort } from './types.ts';

const storageKey = (listId: string): string => `table.sort.${listId}`;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const readStoredSort = (listId: string): TableSort | null => {
  const raw = storage()?.getItem(storageKey(listId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TableSort>;
    if (typeof parsed.field === 'string' && (parsed.dir === 'asc' || parsed.dir === 'desc'))
      return { field: parsed.field, dir: parsed.dir };
  } catch {
    // A corrupt entry is ignored: the list falls back to its default sort.
  }
  return null;
};

export const storeSort = (listId: string, sort: TableSort): void => {
  try {
    storage()?.setItem(storageKey(listId), JSON.stringify(sort));
  } catch {
    // Private mode or a full quota: the sort simply is not remembered.
  }
};
