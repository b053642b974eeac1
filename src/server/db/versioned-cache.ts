/**
 * The caches of values kept per scope version (the users list's totals and orders, an
 * administrator's reach, the list scope, the compiled document predicate): a Map whose oldest entry
 * goes first once it holds `entries`. Their keys start with the scope version read with the session,
 * so a change of who sees what (any node) makes the next call miss, and old versions age out.
 */
export function rememberBounded<T>(cache: Map<string, T>, key: string, value: T, entries: number): void {
  if (!cache.has(key) && cache.size >= entries) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}
