/**
 * The documents list's filters in the URL (`/documents?from=2026-01-01&type=PAYSLIP,CONTRACT&read=unread`),
 * beside the paging, sort and search that `useListState` keeps. Lists travel comma-separated; anything
 * malformed is dropped, so a hand-edited URL never breaks the page.
 */
import {
  DOCUMENT_DESTINATIONS,
  DOCUMENT_READ_FILTERS,
  DOCUMENT_SORT_FIELDS,
  DOCUMENT_SOURCES,
  type DocumentDestination,
  type DocumentFilter,
  type DocumentSource,
} from '../../../contract/documents.ts';
import type { ListDefaults } from '../../components/DataTable/index.ts';

export const DOCUMENTS_LIST_DEFAULTS: ListDefaults = {
  sort: { field: 'depositedAt', dir: 'desc' },
  size: 20,
  sortable: DOCUMENT_SORT_FIELDS,
};

export type ReadFilter = (typeof DOCUMENT_READ_FILTERS)[number];

/** The filters the panel edits (the full-text search stays `q`, owned by useListState). */
export interface DocumentFilters {
  readonly from: string;
  readonly to: string;
  readonly types: readonly string[];
  readonly orgs: readonly string[];
  readonly employee: string;
  readonly groups: readonly string[];
  readonly destination: DocumentDestination | '';
  readonly source: DocumentSource | '';
  readonly metaKey: string;
  readonly metaValue: string;
  readonly keywords: readonly string[];
  readonly read: ReadFilter | '';
}

export const NO_FILTERS: DocumentFilters = {
  from: '',
  to: '',
  types: [],
  orgs: [],
  employee: '',
  groups: [],
  destination: '',
  source: '',
  metaKey: '',
  metaValue: '',
  keywords: [],
  read: '',
};

/** Each filter's URL parameter. */
export const FILTER_PARAMS = {
  from: 'from',
  to: 'to',
  types: 'type',
  orgs: 'org',
  employee: 'emp',
  groups: 'group',
  destination: 'dest',
  source: 'origin',
  metaKey: 'mk',
  metaValue: 'mv',
  keywords: 'kw',
  read: 'read',
} as const satisfies Record<keyof DocumentFilters, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9A-Za-z-]{1,64}$/;
const CODE = /^[0-9A-Za-z_.-]{1,64}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const day = (value: unknown): string => {
  const v = text(value);
  return DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : '';
};
const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | '' =>
  choices.includes(value as T) ? (value as T) : '';
const listOf = (value: unknown, pattern?: RegExp): string[] => {
  const raw = Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : text(value);
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && (!pattern || pattern.test(s)));
  return [...new Set(items)];
};

export const parseDocumentFilters = (raw: Record<string, unknown>): DocumentFilters => {
  const p = FILTER_PARAMS;
  return {
    from: day(raw[p.from]),
    to: day(raw[p.to]),
    types: listOf(raw[p.types], CODE),
    orgs: listOf(raw[p.orgs], ID),
    employee: listOf(raw[p.employee], ID)[0] ?? '',
    groups: listOf(raw[p.groups], ID),
    destination: oneOf(DOCUMENT_DESTINATIONS, raw[p.destination]),
    source: oneOf(DOCUMENT_SOURCES, raw[p.source]),
    metaKey: text(raw[p.metaKey]),
    metaValue: text(raw[p.metaValue]),
    keywords: listOf(raw[p.keywords]),
    read: oneOf(DOCUMENT_READ_FILTERS, raw[p.read]),
  };
};

/** URL parameters for the filters: an empty filter leaves its parameter out. */
export const filtersToSearch = (f: DocumentFilters): Record<string, string | undefined> => {
  const p = FILTER_PARAMS;
  const str = (v: string) => (v === '' ? undefined : v);
  const list = (v: readonly string[]) => (v.length ? v.join(',') : undefined);
  return {
    [p.from]: str(f.from),
    [p.to]: str(f.to),
    [p.types]: list(f.types),
    [p.orgs]: list(f.orgs),
    [p.employee]: str(f.employee),
    [p.groups]: list(f.groups),
    [p.destination]: str(f.destination),
    [p.source]: str(f.source),
    [p.metaKey]: str(f.metaKey),
    [p.metaValue]: str(f.metaValue),
    [p.keywords]: list(f.keywords),
    [p.read]: str(f.read),
  };
};

/** The filters as the contract's `DocumentFilter` (what `documents.list` and `documents.archive` take). */
export const filtersToBody = (f: DocumentFilters, search: string): DocumentFilter => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(f.from ? { periodStart: f.from } : {}),
  ...(f.to ? { periodEnd: f.to } : {}),
  ...(f.types.length ? { typeCodes: [...f.types] } : {}),
  ...(f.orgs.length ? { organizationIds: [...f.orgs] } : {}),
  ...(f.employee ? { employeeIds: [f.employee] } : {}),
  ...(f.groups.length ? { employeeGroupIds: [...f.groups] } : {}),
  ...(f.destination ? { destination: f.destination } : {}),
  ...(f.source ? { source: f.source } : {}),
  ...(f.metaKey ? { metaKey: f.metaKey } : {}),
  ...(f.metaValue ? { metaValue: f.metaValue } : {}),
  ...(f.keywords.length ? { keywords: [...f.keywords] } : {}),
  ...(f.read ? { read: f.read } : {}),
});

/** How many filters are set (the « Filtres (3) » button), the search aside. */
export const activeFilterCount = (f: DocumentFilters): number =>
  (Object.keys(NO_FILTERS) as (keyof DocumentFilters)[]).filter((k) => {
    const v = f[k];
    return Array.isArray(v) ? v.length > 0 : v !== '';
  }).length;

/** A period whose end comes before its start finds nothing: the panel says so. */
export const periodIsInverted = (f: Pick<DocumentFilters, 'from' | 'to'>): boolean =>
  f.from !== '' && f.to !== '' && f.to < f.from;
