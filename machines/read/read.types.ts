/** A read of one route: what the view asks (`read.query`), and the bus facts that answer it. */
import type { RouteId } from '../../src/contract/routes.ts';

/** What one call sends besides its route: path params, query string, body (a POST list's filters). */
export interface ReadQuery {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  /**
   * What the answer depends on that the call does not send (the session's organisation and domain): a
   * new scope asks again though the call is the same. Not sent.
   */
  readonly scope?: string;
  /**
   * How `read.more` asks the next page of a paged answer (`{ items, count, nextCursor? }`): `cursor` sends
   * the answer's `nextCursor` as `after` (keyset paging), `offset` the number of rows shown as `offset`.
   * Without it the read has one page. Not sent.
   */
  readonly paging?: 'cursor' | 'offset';
}

/** A page of a paged answer, as `read.more` appends them. */
export interface ReadPage {
  readonly items: readonly unknown[];
  readonly count: number;
  readonly nextCursor?: string | null;
}

/** A refused or lost read, as the bus's `api.<routeId>.failed` carries it. */
export interface ReadFailure {
  readonly status: number;
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
}

export interface ReadInput {
  readonly routeId: RouteId;
  /** Tells this reader's calls from every other's on the bus: each call is tagged `<requester>#<n>`. */
  readonly requester: string;
}

export interface ReadContext {
  readonly routeId: RouteId;
  readonly requester: string;
  /** The last query the view sent; `null` until it sends one. */
  readonly query: ReadQuery | null;
  /** Calls asked so far: the current one is tagged `<requester>#<asked>`. */
  readonly asked: number;
  /** The last answer received: the current query's, or an earlier one's while a newer read loads or after it failed. */
  readonly answer: { readonly result: unknown } | null;
  readonly failure: ReadFailure | null;
}

/** Input of the `read` actor: it only asks; the answer comes back on the bus. */
export interface AskInput {
  readonly routeId: RouteId;
  readonly request: string;
  readonly query: ReadQuery;
}

export type ReadEvent =
  | { readonly type: 'read.query'; readonly query: ReadQuery }
  /** Read the same query again: after an action, a « Réessayer », or pushes missed on a reconnection. */
  | { readonly type: 'read.reload' }
  /** The next page of the answer shown, appended to it (« Afficher plus »). */
  | { readonly type: 'read.more' }
  /** The bus's `api.<routeId>.succeeded` for one of this reader's calls (`request`: its tag). */
  | { readonly type: 'api.read.succeeded'; readonly request: string; readonly result: unknown }
  | { readonly type: 'api.read.failed'; readonly request: string; readonly failure: ReadFailure };

export type ReadEventType = ReadEvent['type'];

/** The tag of a reader's n-th call. */
export const requestTag = (requester: string, n: number): string => `${requester}#${n}`;

const isPage = (result: unknown): result is ReadPage =>
  typeof result === 'object' &&
  result !== null &&
  Array.isArray((result as ReadPage).items) &&
  typeof (result as ReadPage).count === 'number';

/**
 * The call that asks the page after `result`, or `null` when there is none (no paging, all the rows counted
 * shown — a full last page still carries a cursor):
 * the cursor or offset goes in the body of a POST list, else in the query string.
 */
export const nextPageOf = (query: ReadQuery | null, result: unknown): ReadQuery | null => {
  if (!query?.paging || !isPage(result)) return null;
  const next =
    query.paging === 'cursor'
      ? typeof result.nextCursor === 'string' && result.nextCursor !== '' && result.items.length < result.count
        ? { after: result.nextCursor }
        : null
      : result.items.length < result.count
        ? { offset: result.items.length }
        : null;
  if (!next) return null;
  return typeof query.body === 'object' && query.body !== null && !Array.isArray(query.body)
    ? { ...query, body: { ...query.body, ...next } }
    : { ...query, query: { ...query.query, ...next } };
};

/** The answer shown with the next page's rows after its own; count and cursor are the new page's. */
export const appendPage = (shown: unknown, page: unknown): unknown =>
  isPage(shown) && isPage(page) ? { ...page, items: [...shown.items, ...page.items] } : page;

/** Two queries ask the same thing (a re-render sends an equal one): compared by value, keys sorted. */
export const sameQuery = (a: ReadQuery | null, b: ReadQuery | null): boolean => stable(a) === stable(b);

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([k1], [k2]) => (k1 < k2 ? -1 : 1)),
        )
      : v,
  );
