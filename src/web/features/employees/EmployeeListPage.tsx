/**
 * Employee lists (seed 000 §2): all, active, inactive and to-validate (`/employees/status/$status`).
 * Server paging and sorting in the URL, statistics header, bulk validate/deactivate, CSV export,
 * creation side sheet (also opened by `/employees/create`), DSN import. The workflow (the page read per
 * query, the statistics, the selection, the bulk actions and the re-read after them) is
 * machines/employee-list, run by `useEmployeeList`; the query itself stays in the URL.
 */
import { Badge, Box, Button, Heading, HStack, Input, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { type TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeSearchBody } from '../../../contract/entities.ts';
import { useCommand } from '../../app/index.ts';
import { type DataTableColumn, DataTable, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DsnImportButton } from './dsn/index.ts';
import { EmployeeCreateSheet } from './EmployeeCreateSheet.tsx';
import { employeesCsvCall, saveEmployeesCsv } from './exportCsv.ts';
import { useEmployeeList } from './useEmployeeList.ts';
import { type OrgOption, useVisibleOrgs } from './useVisibleOrgs.ts';

type Status = NonNullable<EmployeeSearchBody['status']>;

const DEFAULTS: ListDefaults = {
  sort: { field: 'name', dir: 'asc' },
  size: 20,
  sortable: ['name', 'firstName', 'email', 'registrationNumber', 'birthDate'],
};

const statusBadges = (e: Employee, t: TFunction) => (
  <HStack gap="1" wrap="wrap">
    <Badge colorPalette={e.active ? 'green' : 'gray'}>
      {t(e.active ? 'employees.badges.active' : 'employees.badges.inactive')}
    </Badge>
    {e.needsValidation && <Badge colorPalette="orange">{t('employees.badges.toValidate')}</Badge>}
  </HStack>
);

const columnsFor = (t: TFunction, orgs: readonly OrgOption[]): DataTableColumn<Employee>[] => {
  const orgName = (id: string) => orgs.find((o) => o.id === id)?.name ?? '';
  return [
    {
      id: 'name',
      header: t('employees.fields.name'),
      cell: (e) => e.name,
      sortable: true,
      minWidth: '7rem',
      maxWidth: '11rem',
      priority: 'essential',
    },
    {
      id: 'firstName',
      header: t('employees.fields.firstName'),
      cell: (e) => e.firstName,
      sortable: true,
      maxWidth: '9rem',
      priority: 'essential',
    },
    {
      id: 'email',
      header: t('employees.fields.email'),
      cell: (e) => e.email ?? '',
      sortable: true,
      maxWidth: '11rem',
      priority: 'optional',
    },
    {
      id: 'registrationNumber',
      header: t('employees.fields.registrationNumber'),
      cell: (e) =>
        e.organizations
          .map((o) => o.registrationNumber)
          .filter(Boolean)
          .join(', '),
      sortable: true,
      maxWidth: '8rem',
      priority: 'optional',
    },
    {
      id: 'organizations',
      header: t('employees.fields.organizations'),
      cell: (e) => e.organizations.map((o) => orgName(o.organizationId)).join(', '),
      maxWidth: '10rem',
      priority: 'optional',
    },
    {
      id: 'safeStatus',
      header: t('employees.fields.safeStatus'),
      cell: (e) => t(`employees.safeStatus.${e.safeStatus}`),
      maxWidth: '9rem',
    },
    { id: 'status', header: t('employees.fields.status'), cell: (e) => statusBadges(e, t) },
  ];
};

const STAT_KEYS = [
  ['totalCount', 'employees.stats.total'],
  ['activeCount', 'employees.stats.active'],
  ['inactiveCount', 'employees.stats.inactive'],
  ['needsValidationCount', 'employees.stats.toValidate'],
] as const;

export const EmployeeListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { status?: Status };
  const status = params.status;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const creating = pathname.endsWith('/employees/create');
  const list = useListState(`employees.${status ?? 'all'}`, DEFAULTS);
  const { orgs } = useVisibleOrgs();
  const columns = useMemo(() => columnsFor(t, orgs), [t, orgs]);

  const [search, setSearch] = useState(list.q);
  const [sheetOpen, setSheetOpen] = useState(false);

  const body = useMemo<EmployeeSearchBody>(
    () => ({
      offset: list.offset,
      limit: list.size,
      order: { field: list.sort.field, sens: list.sort.dir },
      ...(list.q ? { search: list.q } : {}),
      ...(status ? { status } : {}),
    }),
    [list.offset, list.size, list.sort.field, list.sort.dir, list.q, status],
  );
  const { view, send } = useEmployeeList(body);
  const { selected, stats } = view;
  const refresh = useCallback(() => send({ type: 'list.reload' }), [send]);

  // Typing waits a little before the URL (hence the call) follows.
  useEffect(() => {
    if (search === list.q) return;
    const timer = setTimeout(() => list.setQuery(search.trim()), 350);
    return () => clearTimeout(timer);
  }, [search, list]);

  const csv = useCommand('employees.list', {
    failureAlert: 'employees.messages.export.error',
    onDone: (file) => saveEmployeesCsv(file as unknown as Blob),
  });
  const exportCsv = () => {
    const { offset: _o, limit: _l, ...filters } = body;
    csv.submit(employeesCsvCall(filters));
  };

  const openEmployee = (e: Employee) =>
    void navigate(
      status
        ? { to: '/employees/status/$status/$id', params: { status, id: e.id } }
        : { to: '/employees/$id', params: { id: e.id } },
    );

  const closeSheet = () => {
    if (creating) void navigate({ to: '/employees' });
    else setSheetOpen(false);
  };

  return (
    <Stack gap="4" minW="0">
      <Heading as="h1" size="lg">
        {status ? `${t('sections.employees')} — ${t(`statuses.employees.${status}`)}` : t('sections.employees')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="section" aria-label={t('employees.stats.total')}>
        {STAT_KEYS.map(([field, label]) => (
          <Stat.Root key={field} borderWidth="1px" rounded="md" p="3" data-testid={`stat-${field}`}>
            <Stat.Label>{t(label)}</Stat.Label>
            <Stat.ValueText>{stats ? stats[field] : '…'}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <HStack wrap="wrap" gap="2" justify="space-between">
        <Input
          type="search"
          maxW="sm"
          placeholder={t('employees.list.search')}
          aria-label={t('employees.list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <HStack wrap="wrap" gap="2">
          <Button colorPalette="brand" onClick={() => setSheetOpen(true)}>
            {t('employees.actions.add')}
          </Button>
          <Button variant="outline" loading={csv.running} disabled={!csv.canSubmit} onClick={exportCsv}>
            {t('employees.actions.export')}
          </Button>
          <DsnImportButton onImported={refresh} />
        </HStack>
      </HStack>
      {selected.length > 0 && (
        <HStack
          wrap="wrap"
          gap="2"
          role="toolbar"
          aria-label={t('employees.list.selected', { count: selected.length })}
        >
          <Text fontSize="sm">{t('employees.list.selected', { count: selected.length })}</Text>
          {view.offersValidate && (
            <Button
              size="sm"
              disabled={!view.canValidate}
              onClick={() => send({ type: 'bulk.request', action: 'validate' })}
            >
              {t('employees.actions.validate')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!view.canDeactivate}
            onClick={() => send({ type: 'bulk.request', action: 'deactivate' })}
          >
            {t('employees.actions.deactivateSelection')}
          </Button>
        </HStack>
      )}
      <Box minW="0">
        <DataTable
          tableId="employees"
          label={t('employees.list.label')}
          columns={columns}
          rows={view.rows}
          rowId={(e) => e.id}
          total={view.total}
          {...list.tableProps}
          loading={view.loading}
          emptyText={t('employees.list.empty')}
          selected={selected}
          onSelectedChange={(ids) => send({ type: 'selection.change', ids })}
          onRowClick={openEmployee}
        />
      </Box>
      <ConfirmDialog
        open={view.confirming !== null}
        title="employees.confirm.title"
        text={view.confirming === 'validate' ? 'employees.confirm.validate' : 'employees.confirm.deactivate'}
        values={{ count: selected.length }}
        confirm="employees.actions.confirm"
        onConfirm={() => send({ type: 'bulk.confirm' })}
        onCancel={() => send({ type: 'bulk.cancel' })}
      />
      <EmployeeCreateSheet
        open={creating || sheetOpen}
        onClose={closeSheet}
        onCreated={() => {
          closeSheet();
          refresh();
        }}
      />
    </Stack>
  );
};
