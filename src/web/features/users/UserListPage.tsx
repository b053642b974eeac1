/**
 * The users an administrator manages: server paging (20), sort, search and status (active / inactive)
 * in the URL, each user's effective rights (their own, their groups' and their rules') in one line.
 */
import { Badge, Button, Field, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import {
  USER_ADMIN_SORT_FIELDS,
  USER_STATUSES,
  type UserAdminView,
  type UserStatus,
} from '../../../contract/rights.ts';
import { useRead } from '../../app/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { rightsSummary } from '../rights/rightsLabels.ts';

const DEFAULTS: ListDefaults = { sort: { field: 'lastName', dir: 'asc' }, sortable: USER_ADMIN_SORT_FIELDS };

const isStatus = (value: unknown): value is UserStatus => USER_STATUSES.includes(value as UserStatus);

export const UserListPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const statusId = useId();
  const list = useListState('users', DEFAULTS);
  const raw = useSearch({ strict: false }) as { status?: unknown };
  const status = isStatus(raw.status) ? raw.status : undefined;
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const setStatus = (next: string) =>
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({
        ...prev,
        status: isStatus(next) ? next : undefined,
        page: undefined,
      })) as never,
    });

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const { data, loading, failure, canReload, reload } = useRead(
    'users.list',
    {
      body: { offset, limit: size, search: q || undefined, status, order: { field, sens: dir } },
    },
    { failureAlert: ALERT_KEYS.rights.getUsersError },
  );

  const columns = useMemo<DataTableColumn<UserAdminView>[]>(
    () => [
      { id: 'lastName', header: t('users.fields.lastName'), cell: (u) => u.lastName, sortable: true },
      { id: 'firstName', header: t('users.fields.firstName'), cell: (u) => u.firstName, sortable: true },
      { id: 'login', header: t('users.fields.login'), cell: (u) => u.login, sortable: true },
      { id: 'email', header: t('users.fields.email'), cell: (u) => u.email ?? '—', sortable: true, minWidth: '12rem' },
      {
        id: 'status',
        header: t('users.list.status'),
        cell: (u) => (
          <Badge colorPalette={u.active ? 'green' : 'gray'}>
            {t(u.active ? 'rights.status.active' : 'rights.status.inactive')}
          </Badge>
        ),
      },
      {
        id: 'rights',
        header: t('users.list.rights'),
        cell: (u) => (
          <Text fontSize="sm" minW="12rem" maxW="24rem" whiteSpace="normal">
            {rightsSummary(t, u.effectiveFeatures)}
          </Text>
        ),
      },
      {
        id: 'createdAt',
        header: t('users.list.createdAt'),
        cell: (u) => new Date(u.createdAt).toLocaleDateString(i18n.language),
        sortable: true,
      },
    ],
    [t, i18n.language],
  );

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('sections.users')}
        </Heading>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/users/create' })}>
          {t('users.list.create')}
        </Button>
      </HStack>
      <HStack gap="4" wrap="wrap" align="flex-end">
        <SearchField label={t('users.list.search')} maxW="md" value={text} onChange={setText} />
        <Field.Root width="48">
          <Field.Label htmlFor={statusId}>{t('users.list.status')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field id={statusId} value={status ?? ''} onChange={(e) => setStatus(e.currentTarget.value)}>
              <option value="">{t('users.list.allStatuses')}</option>
              <option value="active">{t('users.list.activeOnly')}</option>
              <option value="inactive">{t('users.list.inactiveOnly')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {failure && canReload ? (
        <HStack>
          <Button variant="outline" onClick={reload}>
            {t('common.actions.retry')}
          </Button>
        </HStack>
      ) : null}
      <DataTable
        label={t('users.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(u) => u.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q || status ? 'users.list.noMatch' : 'users.list.empty')}
        onRowClick={(u) => void navigate({ to: '/users/$id', params: { id: u.id } })}
      />
    </Stack>
  );
};
