/** The employee groups of the current organisation and below: search, sort, paging in the URL. */
import { Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeGroup } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';

const DEFAULTS: ListDefaults = {
  sort: { field: 'name', dir: 'asc' },
  sortable: ['name', 'orgName', 'employeeCount'],
};

export const GroupListPage = () => {
  const { t } = useTranslation();
  const { session } = useAuth();
  const navigate = useNavigate();
  const list = useListState('employee-groups', DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);
  const orgId = session?.orgId;

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const { data, loading } = useRead(
    'groups.listForOrg',
    orgId
      ? {
          params: { orgID: orgId },
          body: { offset, limit: size, search: q || undefined, order: { field, sens: dir } },
        }
      : null,
    { failureAlert: ALERT_KEYS.groups.allError },
  );

  const columns = useMemo<DataTableColumn<EmployeeGroup>[]>(
    () => [
      { id: 'name', header: t('groups.list.name'), cell: (g) => g.name, sortable: true, minWidth: '12rem' },
      { id: 'orgName', header: t('groups.list.organization'), cell: (g) => g.orgName, sortable: true },
      {
        id: 'employeeCount',
        header: t('groups.list.employeeCount'),
        cell: (g) => t('groups.list.employees', { count: g.employeeCount }),
        sortable: true,
      },
    ],
    [t],
  );

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('sections.employeeGroups')}
        </Heading>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/employee-groups/create' })}>
          {t('groups.list.create')}
        </Button>
      </HStack>
      <SearchField label={t('groups.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('groups.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(g) => g.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q ? 'groups.list.noMatch' : 'groups.list.empty')}
        onRowClick={(g) => void navigate({ to: '/employee-groups/$id', params: { id: g.id } })}
      />
    </Stack>
  );
};
