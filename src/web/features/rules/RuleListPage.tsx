/** The access rules of the administrator's company: search, sort and paging (20) in the URL. */
import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { NAMED_SORT_FIELDS, type RuleView } from '../../../contract/rights.ts';
import { useRead } from '../../app/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { rightsSummary } from '../rights/rightsLabels.ts';
import { criteriaSummary, targetsSummary } from './criteriaSummary.ts';

const DEFAULTS: ListDefaults = { sort: { field: 'name', dir: 'asc' }, sortable: NAMED_SORT_FIELDS };

export const RuleListPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListState('rules', DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const { data, loading } = useRead(
    'rules.list',
    {
      body: { offset, limit: size, search: q || undefined, order: { field, sens: dir } },
    },
    { failureAlert: ALERT_KEYS.rights.getRulesError },
  );

  const columns = useMemo<DataTableColumn<RuleView>[]>(
    () => [
      { id: 'name', header: t('rules.fields.name'), cell: (r) => r.name, sortable: true, minWidth: '12rem' },
      {
        id: 'documents',
        header: t('rules.list.documents'),
        cell: (r) => (
          <Text fontSize="sm" minW="10rem" whiteSpace="normal">
            {criteriaSummary(t, r.criteria)}
          </Text>
        ),
      },
      {
        id: 'rights',
        header: t('rules.list.rights'),
        cell: (r) => (
          <Text fontSize="sm" minW="10rem" maxW="20rem" whiteSpace="normal">
            {rightsSummary(t, r.features)}
          </Text>
        ),
      },
      {
        id: 'targets',
        header: t('rules.list.targets'),
        cell: (r) => targetsSummary(t, r.userGroupIds.length, r.userIds.length),
      },
      {
        id: 'createdAt',
        header: t('rules.list.createdAt'),
        cell: (r) => new Date(r.createdAt).toLocaleDateString(i18n.language),
        sortable: true,
      },
    ],
    [t, i18n.language],
  );

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('sections.rules')}
        </Heading>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/rules/create' })}>
          {t('rules.list.create')}
        </Button>
      </HStack>
      <Text color="fg.muted" maxW="3xl">
        {t('rules.list.intro')}
      </Text>
      <SearchField label={t('rules.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('rules.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(r) => r.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q ? 'rules.list.noMatch' : 'rules.list.empty')}
        onRowClick={(r) => void navigate({ to: '/rules/$id', params: { id: r.id } })}
      />
    </Stack>
  );
};
