/** The user groups of the administrator's company: search, sort and paging (20) in the URL. */
import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { NAMED_SORT_FIELDS, type UserGroupView } from '../../../contract/rights.ts';
import { useRead } from '../../app/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { rightsSummary } from '../rights/rightsLabels.ts';

const DEFAULTS: ListDefaults = { sort: { field: 'name', dir: 'asc' }, sortable: NAMED_SORT_FIELDS };

export const UserGroupListPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListState('user-groups', DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const { data, loading } = useRead(
    'userGroups.list',
    {
      body: { offset, limit: size, search: q || undefined, order: { field, sens: dir } },
    },
    { failureAlert: ALERT_KEYS.rights.getUserGroupsError },
  );

  const columns = useMemo<DataTableColumn<UserGroupView>[]>(
    () => [
      { id: 'name', header: t('userGroups.fields.name'), cell: (g) => g.name, sortable: true, minWidth: '12rem' },
      {
        id: 'members',
        header: t('userGroups.list.members'),
        cell: (g) => t('userGroups.list.memberCount', { count: g.memberCount }),
      },
      {
        id: 'rights',
        header: t('userGroups.list.rights'),
        cell: (g) => (
          <Text fontSize="sm" minW="12rem" maxW="24rem" whiteSpace="normal">
            {rightsSummary(t, g.features)}
          </Text>
        ),
      },
      {
        id: 'rules',
        header: t('userGroups.list.rules'),
        cell: (g) => (g.ruleIds.length ? t('userGroups.list.ruleCount', { count: g.ruleIds.length }) : '—'),
      },
      {
        id: 'createdAt',
        header: t('userGroups.list.createdAt'),
        cell: (g) => new Date(g.createdAt).toLocaleDateString(i18n.language),
        sortable: true,
      },
    ],
    [t, i18n.language],
  );

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('sections.userGroups')}
        </Heading>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/user-groups/create' })}>
          {t('userGroups.list.create')}
        </Button>
      </HStack>
      <SearchField label={t('userGroups.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('userGroups.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(g) => g.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q ? 'userGroups.list.noMatch' : 'userGroups.list.empty')}
        onRowClick={(g) => void navigate({ to: '/user-groups/$id', params: { id: g.id } })}
      />
    </Stack>
  );
};
