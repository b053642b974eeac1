/** The users sharing the session's organisations: read only for now (search, sort, paging in the URL). */
import { Badge, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization, User } from '../../../contract/entities.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';

interface UserPage {
  readonly count: number;
  readonly items: readonly User[];
}

const DEFAULTS: ListDefaults = {
  sort: { field: 'lastName', dir: 'asc' },
  sortable: ['login', 'lastName', 'firstName', 'email'],
};

/** The typed text, once it has stopped changing, so typing sends one search. */
const useSettled = (value: string, ms = 300): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

export const UserListPage = () => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const list = useListState('users', DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useSettled(text);
  // The answer remembers which request it answers: the table is loading until the current one is in.
  const [answer, setAnswer] = useState<{ request: string; page: UserPage | null } | null>(null);
  const [orgNames, setOrgNames] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  useEffect(() => {
    // Root organisations come as ids; the visible organisations give their names.
    api
      .call<Organization[]>('organizations.eligible')
      .then((orgs) => setOrgNames(new Map(orgs.map((o) => [o.id, o.name]))))
      .catch(() => setOrgNames(new Map()));
  }, [api]);

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const request = JSON.stringify([offset, size, q, field, dir]);
  const loading = answer?.request !== request;
  const data = answer?.page ?? null;
  useEffect(() => {
    const controller = new AbortController();
    api
      .call<UserPage>('users.list', {
        body: { offset, limit: size, search: q || undefined, order: { field, sens: dir } },
        signal: controller.signal,
      })
      .then((page) => setAnswer({ request, page }))
      .catch(() => {
        if (controller.signal.aborted) return;
        setAnswer({ request, page: null });
        alerts.push({ message: 'users.list.loadError', type: 'error' });
      });
    return () => controller.abort();
  }, [api, request]); // eslint-disable-line react-hooks/exhaustive-deps -- alerts is stable in use

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      { id: 'login', header: t('users.list.login'), cell: (u) => u.login, sortable: true },
      { id: 'lastName', header: t('users.list.lastName'), cell: (u) => u.lastName, sortable: true },
      { id: 'firstName', header: t('users.list.firstName'), cell: (u) => u.firstName, sortable: true },
      { id: 'email', header: t('users.list.email'), cell: (u) => u.email ?? '—', sortable: true, minWidth: '12rem' },
      { id: 'features', header: t('users.list.features'), cell: (u) => u.features.length },
      {
        id: 'rootOrgs',
        header: t('users.list.rootOrgs'),
        cell: (u) => u.rootOrgs.map((r) => orgNames.get(r.orgId) ?? '—').join(', ') || '—',
      },
      {
        id: 'freeTrial',
        header: t('users.list.freeTrial'),
        cell: (u) => (u.isFreeTrial ? <Badge colorPalette="orange">{t('users.list.yes')}</Badge> : t('users.list.no')),
      },
    ],
    [t, orgNames],
  );

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t('sections.users')}
      </Heading>
      <SearchField label={t('users.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('users.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(u) => u.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t('users.list.empty')}
      />
    </Stack>
  );
};
