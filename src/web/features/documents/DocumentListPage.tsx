/**
 * The documents archive (`/documents`, issue 12): every document the user's access rules let them
 * see, with search, filters, sort and paging in the URL, the count (« plus de 1 000 » past the cap),
 * a selection or the whole filter zipped into `documents.zip`, and the upload dialog. At 600 px the
 * table becomes one column per document, so the page never scrolls sideways. Its workflow (the reads,
 * the selection, the zip) is machines/document-list's, run by `useDocumentList.ts`.
 */
import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_ARCHIVE_MAX_DOCUMENTS,
  type DocumentSearchBody,
  type DocumentSummary,
} from '../../../contract/documents.ts';
import { useAuth } from '../../app/index.ts';
import { DataTable, type DataTableColumn, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { useEmployeeSearch } from '../rights/searches.ts';
import { DocumentFiltersPanel } from './DocumentFiltersPanel.tsx';
import {
  activeFilterCount,
  DOCUMENTS_LIST_DEFAULTS,
  type DocumentFilters,
  filtersToBody,
  filtersToSearch,
  NO_FILTERS,
  parseDocumentFilters,
} from './documentSearch.ts';
import { employeeNameOf, formatDateTime, formatPeriod, OriginCell, ReadBadge } from './labels.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useDocumentOptions } from './useDocumentOptions.ts';
import { useDocumentList } from './useDocumentList.ts';

/** Cell text that wraps within a width, so the table fits beside the navigation at 1280 px. */
const Wrap = ({ children, max = '10rem', bold = false }: { children: ReactNode; max?: string; bold?: boolean }) => (
  <Text whiteSpace="normal" wordBreak="break-word" maxW={max} minW="5rem" fontWeight={bold ? 'semibold' : 'normal'}>
    {children}
  </Text>
);

const wideColumns = (t: TFunction, locale: string): DataTableColumn<DocumentSummary>[] => [
  {
    id: 'description',
    header: t('documents.fields.description'),
    cell: (d) => (
      <Wrap max="16rem" bold={!d.readAt}>
        {d.description}
      </Wrap>
    ),
    sortable: true,
  },
  {
    id: 'typeCode',
    header: t('documents.fields.type'),
    cell: (d) => <Wrap max="9rem">{d.typeLabel || d.typeCode}</Wrap>,
    sortable: true,
  },
  {
    id: 'employeeName',
    header: t('documents.fields.employee'),
    cell: (d) => <Wrap max="9rem">{employeeNameOf(d) || t(`documents.destination.${d.destination}`)}</Wrap>,
    sortable: true,
  },
  {
    id: 'organization',
    header: t('documents.fields.organization'),
    cell: (d) => <Wrap max="9rem">{d.organizationName}</Wrap>,
  },
  {
    id: 'periodStart',
    header: t('documents.fields.period'),
    cell: (d) => <Wrap max="8rem">{formatPeriod(d.periodStart, d.periodEnd, locale)}</Wrap>,
    sortable: true,
  },
  {
    id: 'depositedAt',
    header: t('documents.fields.depositedAt'),
    cell: (d) => <Wrap max="7rem">{formatDateTime(d.depositedAt, locale)}</Wrap>,
    sortable: true,
  },
  { id: 'origin', header: t('documents.fields.origin'), cell: (d) => <OriginCell doc={d} t={t} /> },
  { id: 'read', header: t('documents.fields.read'), cell: (d) => <ReadBadge doc={d} t={t} /> },
];

/** One column at 600 px: the document's facts stacked, still sortable by date. */
const narrowColumns = (t: TFunction, locale: string): DataTableColumn<DocumentSummary>[] => [
  {
    id: 'depositedAt',
    header: t('documents.list.document'),
    sortable: true,
    cell: (d) => (
      <Stack gap="0.5" minW="0" whiteSpace="normal" data-testid="document-card">
        <HStack justify="space-between" align="start" gap="2">
          <Text fontWeight={d.readAt ? 'normal' : 'semibold'} wordBreak="break-word">
            {d.description}
          </Text>
          <ReadBadge doc={d} t={t} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {[d.typeLabel || d.typeCode, employeeNameOf(d), formatPeriod(d.periodStart, d.periodEnd, locale)]
            .filter((s) => s && s !== '—')
            .join(' · ')}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {`${d.organizationName} · ${formatDateTime(d.depositedAt, locale)} · ${t(`documents.origin.${d.origin.source}`)}`}
        </Text>
      </Stack>
    ),
  },
];

export const DocumentListPage = () => {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const list = useListState('documents', DOCUMENTS_LIST_DEFAULTS);
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filters = useMemo(() => parseDocumentFilters(raw), [raw]);
  const options = useDocumentOptions();
  const employeeSearch = useEmployeeSearch();
  const filterCount = activeFilterCount(filters);
  // What is on screen only (a panel shown, a dialog open, the text being typed): the workflow is the machine's.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [text, setText] = useState(list.q);
  const settledText = useDebounced(text.trim(), 350);

  useEffect(() => {
    if (settledText !== list.q) list.setQuery(settledText);
  }, [settledText]); // eslint-disable-line react-hooks/exhaustive-deps -- only a settled text moves the URL

  const query = useMemo<DocumentSearchBody>(
    () => ({
      ...filtersToBody(filters, list.q),
      offset: list.offset,
      limit: list.size,
      order: { field: list.sort.field as NonNullable<DocumentSearchBody['order']>['field'], sens: list.sort.dir },
    }),
    [filters, list.q, list.offset, list.size, list.sort.field, list.sort.dir],
  );
  const { view, send } = useDocumentList(query);
  const reload = useCallback(() => send({ type: 'list.reload' }), [send]);

  // The chosen employee's name, for the filter's line: from the rows when one is theirs, else as the machine read it.
  const employeeRow = filters.employee ? view.rows.find((d) => d.employeeId === filters.employee) : undefined;
  const employeeLabel = employeeRow
    ? employeeNameOf(employeeRow)
    : view.employee?.id === filters.employee
      ? view.employee.label
      : null;

  const setFilters = (next: Partial<DocumentFilters>) =>
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({
        ...prev,
        ...filtersToSearch({ ...filters, ...next }),
        page: undefined,
      })) as never,
    });

  const columns = useMemo(
    () => (mobile ? narrowColumns(t, i18n.language) : wideColumns(t, i18n.language)),
    [mobile, t, i18n.language],
  );
  const count = view.count ?? 0;
  const capped = view.capped;
  const totalText =
    view.count !== null
      ? capped
        ? t('documents.list.countCapped', { count: new Intl.NumberFormat(i18n.language).format(count) })
        : t('documents.list.count', { count })
      : undefined;
  // Past the list's cap the count is « plus de 1 000 »: the server zips up to
  // DOCUMENT_ARCHIVE_MAX_DOCUMENTS and refuses more with a key that says to narrow the filter.
  const tooMany = view.tooManyToZip;
  const selected = view.selected;
  const zipAllText = capped
    ? t('documents.actions.zipAllCapped', { count: new Intl.NumberFormat(i18n.language).format(count) })
    : t('documents.actions.zipAll', { count });

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" size="xl">
            {t('sections.documents')}
          </Heading>
          <Text color="fg.muted" data-testid="documents-count" aria-live="polite">
            {totalText ?? t(view.failed ? 'documents.messages.listError' : 'common.loading')}
          </Text>
        </Box>
        {auth.hasFeature('DocSearch') ? (
          <Button colorPalette="brand" onClick={() => setUploadOpen(true)}>
            {t('documents.upload.open')}
          </Button>
        ) : null}
      </HStack>
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Box flex="1" minW="12rem" maxW="md">
          <SearchField label={t('documents.list.search')} value={text} onChange={setText} />
        </Box>
        <Button
          variant={filtersOpen ? 'subtle' : 'outline'}
          aria-expanded={filtersOpen}
          aria-controls="document-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {t('documents.filters.toggle')}
          {filterCount > 0 ? <Badge colorPalette="brand">{filterCount}</Badge> : null}
        </Button>
      </HStack>
      {filtersOpen ? (
        <Box id="document-filters" minW="0">
          <DocumentFiltersPanel
            filters={filters}
            options={options}
            employeeLabel={employeeLabel}
            employeeSearch={employeeSearch}
            onChange={setFilters}
            onClear={() => setFilters(NO_FILTERS)}
          />
        </Box>
      ) : null}
      <HStack wrap="wrap" gap="2" role="toolbar" aria-label={t('documents.list.actions')}>
        {selected.length > 0 ? (
          <>
            <Text fontSize="sm">{t('documents.list.selected', { count: selected.length })}</Text>
            <Button
              size="sm"
              colorPalette="brand"
              loading={view.zipping === 'selection'}
              disabled={!view.canZipSelection}
              onClick={() => send({ type: 'archive.start', scope: 'selection' })}
            >
              {t('documents.actions.zipSelection')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => send({ type: 'selection.change', ids: [] })}>
              {t('documents.actions.clearSelection')}
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          loading={view.zipping === 'filter'}
          disabled={!view.canZipFilter}
          title={tooMany ? t('documents.list.tooManyToZip', { max: DOCUMENT_ARCHIVE_MAX_DOCUMENTS }) : undefined}
          onClick={() => send({ type: 'archive.start', scope: 'filter' })}
        >
          {zipAllText}
        </Button>
      </HStack>
      <Box minW="0">
        <DataTable
          label={t('documents.list.label')}
          columns={columns}
          rows={view.rows}
          rowId={(d) => d.id}
          total={count}
          {...(totalText ? { totalText } : {})}
          {...list.tableProps}
          loading={view.loading}
          emptyText={t(filterCount > 0 || list.q ? 'documents.list.noMatch' : 'documents.list.empty')}
          selected={selected}
          onSelectedChange={(ids) => send({ type: 'selection.change', ids })}
          onRowClick={(d) => void navigate({ to: '/documents/$docId', params: { docId: d.id } })}
        />
      </Box>
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={reload}
        orgs={options.orgs}
        defaultOrgId={auth.session?.orgId ?? ''}
      />
    </Stack>
  );
};
