/**
 * The documents archive (`/documents`, issue 12): every document the user's access rules let them
 * see, with search, filters, sort and paging in the URL, the count (« plus de 1 000 » past the cap),
 * a selection or the whole filter zipped into `documents.zip`, and the upload dialog. At 600 px the
 * table becomes one column per document, so the page never scrolls sideways.
 */
import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_ARCHIVE_MAX_DOCUMENTS,
  type DocumentPage,
  type DocumentSearchBody,
  type DocumentSummary,
} from '../../../contract/documents.ts';
import type { Employee } from '../../../contract/entities.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
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
import { downloadArchive } from './downloads.ts';
import { employeeNameOf, formatDateTime, formatPeriod, OriginCell, ReadBadge } from './labels.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useDocumentOptions } from './useDocumentOptions.ts';
import { useDocumentsPush } from './useDocumentsPush.ts';

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
  const services = useServices();
  const { api } = services;
  const alerts = useAlerts();
  const auth = useAuth();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const list = useListState('documents', DOCUMENTS_LIST_DEFAULTS);
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filters = useMemo(() => parseDocumentFilters(raw), [raw]);
  const options = useDocumentOptions();
  const employeeSearch = useEmployeeSearch();
  const filterCount = activeFilterCount(filters);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [text, setText] = useState(list.q);
  const settledText = useDebounced(text.trim(), 350);
  const [reload, setReload] = useState(0);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const [zipping, setZipping] = useState(false);

  useEffect(() => {
    if (settledText !== list.q) list.setQuery(settledText);
  }, [settledText]); // eslint-disable-line react-hooks/exhaustive-deps -- only a settled text moves the URL

  const filterBody = useMemo(() => filtersToBody(filters, list.q), [filters, list.q]);
  const body = useMemo<DocumentSearchBody>(
    () => ({
      ...filterBody,
      offset: list.offset,
      limit: list.size,
      order: { field: list.sort.field as NonNullable<DocumentSearchBody['order']>['field'], sens: list.sort.dir },
    }),
    [filterBody, list.offset, list.size, list.sort.field, list.sort.dir],
  );
  const filterKey = JSON.stringify(filterBody);
  const requestKey = `${JSON.stringify(body)}#${reload}`;
  const [answer, setAnswer] = useState<{ key: string; page: DocumentPage | null } | null>(null);
  const page = answer?.page ?? null;
  const loading = answer?.key !== requestKey;
  // The selection spans pages and belongs to one filter: a new filter starts it empty.
  const [selection, setSelection] = useState<{ key: string; rows: Map<string, number> }>({ key: '', rows: new Map() });
  const selectedRows = selection.key === filterKey ? selection.rows : new Map<string, number>();
  const selected = [...selectedRows.keys()];

  useEffect(() => {
    const controller = new AbortController();
    api
      .call<DocumentPage>('documents.list', { body, signal: controller.signal })
      .then((p) => setAnswer({ key: requestKey, page: p }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key: requestKey, page: null });
        alerts.push({
          type: 'error',
          message: 'documents.messages.listError',
          ...(isApiFailure(failure) ? { detail: t(failure.key) } : {}),
        });
      });
    return () => controller.abort();
  }, [api, requestKey]); // eslint-disable-line react-hooks/exhaustive-deps -- body is in requestKey; alerts is stable

  useDocumentsPush(refresh);

  // The chosen employee's name, for the filter's line: from the rows when one is theirs, else asked for.
  const [employee, setEmployee] = useState<{ id: string; label: string } | null>(null);
  const employeeRow = filters.employee ? page?.items.find((d) => d.employeeId === filters.employee) : undefined;
  const employeeLabel = employeeRow
    ? employeeNameOf(employeeRow)
    : employee?.id === filters.employee
      ? employee.label
      : null;
  const needsEmployeeName = filters.employee !== '' && employeeLabel === null && !loading;
  useEffect(() => {
    if (!needsEmployeeName) return;
    const controller = new AbortController();
    api
      .call<Employee>('employees.get', { params: { id: filters.employee }, signal: controller.signal })
      .then((e) => setEmployee({ id: e.id, label: `${e.name} ${e.firstName}` }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, filters.employee, needsEmployeeName]);

  const setFilters = (next: Partial<DocumentFilters>) =>
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({
        ...prev,
        ...filtersToSearch({ ...filters, ...next }),
        page: undefined,
      })) as never,
    });

  const setSelected = (ids: string[]) => {
    const sizes = new Map<string, number>();
    for (const id of ids) sizes.set(id, selectedRows.get(id) ?? page?.items.find((d) => d.id === id)?.size ?? 0);
    setSelection({ key: filterKey, rows: sizes });
  };

  const zip = async (which: 'selection' | 'filter') => {
    const count = which === 'selection' ? selected.length : (page?.count ?? 0);
    const atLeast = which === 'filter' && page?.countCapped === true;
    const expected = which === 'selection' ? [...selectedRows.values()].reduce((a, b) => a + b, 0) : null;
    setZipping(true);
    try {
      const saved = await downloadArchive(
        services,
        which === 'selection' ? { ids: selected } : { filter: filterBody },
        count,
        expected,
        atLeast,
      );
      if (saved)
        alerts.push({
          type: 'success',
          message: atLeast ? 'documents.messages.archiveSavedMany' : 'documents.messages.archiveSaved',
          values: { count },
        });
    } catch (failure) {
      alerts.push({
        type: 'error',
        message: 'documents.messages.archiveError',
        ...(isApiFailure(failure) ? { detail: t(failure.key) } : {}),
      });
    } finally {
      setZipping(false);
    }
  };

  const columns = useMemo(
    () => (mobile ? narrowColumns(t, i18n.language) : wideColumns(t, i18n.language)),
    [mobile, t, i18n.language],
  );
  const count = page?.count ?? 0;
  const capped = page?.countCapped === true;
  const totalText = page
    ? capped
      ? t('documents.list.countCapped', { count: new Intl.NumberFormat(i18n.language).format(count) })
      : t('documents.list.count', { count })
    : undefined;
  // Past the list's cap the count is « plus de 1 000 »: the server zips up to
  // DOCUMENT_ARCHIVE_MAX_DOCUMENTS and refuses more with a key that says to narrow the filter.
  const tooMany = count > DOCUMENT_ARCHIVE_MAX_DOCUMENTS;
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
            {totalText ?? t('common.loading')}
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
            <Button size="sm" colorPalette="brand" loading={zipping} onClick={() => void zip('selection')}>
              {t('documents.actions.zipSelection')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
              {t('documents.actions.clearSelection')}
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          loading={zipping}
          disabled={count === 0 || tooMany}
          title={tooMany ? t('documents.list.tooManyToZip', { max: DOCUMENT_ARCHIVE_MAX_DOCUMENTS }) : undefined}
          onClick={() => void zip('filter')}
        >
          {zipAllText}
        </Button>
      </HStack>
      <Box minW="0">
        <DataTable
          label={t('documents.list.label')}
          columns={columns}
          rows={page?.items ?? []}
          rowId={(d) => d.id}
          total={count}
          {...(totalText ? { totalText } : {})}
          {...list.tableProps}
          loading={loading}
          emptyText={t(filterCount > 0 || list.q ? 'documents.list.noMatch' : 'documents.list.empty')}
          selected={selected}
          onSelectedChange={setSelected}
          onRowClick={(d) => void navigate({ to: '/documents/$docId', params: { docId: d.id } })}
        />
      </Box>
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={refresh}
        orgs={options.orgs}
        defaultOrgId={auth.session?.orgId ?? ''}
      />
    </Stack>
  );
};
