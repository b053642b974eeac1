/**
 * The last visited item (seed 000 §2: "the last visited item id is remembered as the current
 * route"). In memory only: a reload starts afresh, as the seed's store did.
 */
interface MatchLike {
  readonly routeId: string;
  readonly params: Record<string, string>;
  readonly staticData?: { item?: boolean };
}

export interface CurrentRoute {
  readonly routeId: string;
  readonly itemId: string;
  readonly params: Readonly<Record<string, string>>;
}

let current: CurrentRoute | null = null;
const listeners = new Set<() => void>();

const ITEM_PARAMS = ['docId', 'campaignId', 'id'] as const;

export const rememberCurrentRoute = (matches: readonly MatchLike[]): void => {
  const leaf = matches[matches.length - 1];
  if (!leaf?.staticData?.item) return;
  const key = ITEM_PARAMS.find((name) => leaf.params[name]);
  if (!key) return;
  current = { routeId: leaf.routeId, itemId: leaf.params[key] ?? '', params: { ...leaf.params } };
  for (const listener of listeners) listener();
};

export const getCurrentRoute = (): CurrentRoute | null => current;

export const subscribeCurrentRoute = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
