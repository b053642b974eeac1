/**
 * Which columns a user chose to see in a table (the column chooser), per user and table, in
 * localStorage: `app.columns.<userId>.<tableId>` → the ids of the columns they hid. The user comes
 * from `DataTableUserContext` (the shell provides the session's user).
 */
import { createContext, useCallback, useContext, useState } from 'react';

export const DataTableUserContext = createContext<string | null>(null);

const keyOf = (userId: string | null, tableId: string) => `app.columns.${userId ?? 'anonymous'}.${tableId}`;

export const readHidden = (userId: string | null, tableId: string): string[] | null => {
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(userId, tableId)) ?? 'null') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : null;
  } catch {
    return null;
  }
};

const writeHidden = (userId: string | null, tableId: string, hidden: readonly string[]): void => {
  try {
    localStorage.setItem(keyOf(userId, tableId), JSON.stringify(hidden));
  } catch {
    // preference only: the choice holds until the page reloads
  }
};

/** The hidden column ids of `tableId` (its defaults until the user chooses) and a setter that saves them. */
export const useHiddenColumns = (
  tableId: string | undefined,
  defaults: readonly string[],
): [readonly string[], (hidden: readonly string[]) => void] => {
  const userId = useContext(DataTableUserContext);
  const [hidden, setHidden] = useState<readonly string[]>(
    () => (tableId ? readHidden(userId, tableId) : null) ?? defaults,
  );
  const update = useCallback(
    (next: readonly string[]) => {
      setHidden(next);
      if (tableId) writeHidden(userId, tableId, next);
    },
    [tableId, userId],
  );
  return [hidden, update];
};
