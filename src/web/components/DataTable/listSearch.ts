/**
 * The validated search schema of every paged list: `?page=2&size=50&sort=name&dir=desc&q=dup`.
 * Anything invalid falls back to the list's defaults, so a hand-edited URL never breaks the page.
 */
import { Schema as S } from 'effect';
import { LIMITS, PAGE_SIZES } from '../../../contract/constants.ts';
import type { ListState, TableSort } from './types.ts';

export { PAGE_SIZES };

const Page = S.NumberFromString.pipe(S.int(), S.greaterThanOrEqualTo(1));
const Size = S.NumberFromString.pipe(S.int(), S.between(1, 1000));
const SortField = S.String.pipe(S.pattern(/^[A-Za-z0-9_.]+$/));
const Dir = S.Literal('asc', 'desc');

export const ListSearch = S.Struct({
  page: S.optional(Page),
  size: S.optional(Size),
  sort: S.optional(SortField),
  dir: S.optional(Dir),
  q: S.optional(S.String),
});

const decodeField = <A, I>(schema: S.Schema<A, I, never>, value: unknown): A | undefined => {
  if (value === undefined || value === null) return undefined;
  // The router parses `?page=2` into a number; the schema reads strings.
  const input = typeof value === 'number' ? String(value) : value;
  const result = S.decodeUnknownEither(schema)(input);
  return result._tag === 'Right' ? result.right : undefined;
};

export interface ListDefaults {
  readonly sort: TableSort;
  readonly size?: number;
  /** Sort fields the server accepts; any other falls back to the default. */
  readonly sortable?: readonly string[];
}

export const parseListSearch = (
  raw: Record<string, unknown>,
  defaults: ListDefaults,
  storedSort: TableSort | null,
): ListState => {
  const page = decodeField(Page, raw.page) ?? 1;
  const size = decodeField(Size, raw.size) ?? defaults.size ?? LIMITS.defaultPageSize;
  const field = decodeField(SortField, raw.sort);
  const dir = decodeField(Dir, raw.dir);
  const allowed = (f: string | undefined): f is string =>
    f !== undefined && (defaults.sortable ? defaults.sortable.includes(f) : true);
  const sort: TableSort = allowed(field)
    ? { field, dir: dir ?? 'asc' }
    : storedSort && allowed(storedSort.field)
      ? storedSort
      : defaults.sort;
  const q = typeof raw.q === 'string' ? raw.q : '';
  return { page, size, sort, q };
};

/** Search params for a state: defaults are left out so the plain URL stays plain. */
export const listStateToSearch = (
  state: ListState,
  defaults: ListDefaults,
): Record<string, string | number | undefined> => ({
  page: state.page > 1 ? state.page : undefined,
  size: state.size !== (defaults.size ?? LIMITS.defaultPageSize) ? state.size : undefined,
  sort: state.sort.field,
  dir: state.sort.dir,
  q: state.q ? state.q : undefined,
});
