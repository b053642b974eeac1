/**
 * Signbook lists (seed 000 §2): in progress, to sign (the user's inbox), waiting for others, complete,
 * refused and in error (an extension, issue 15),
 * and the whole section. Server paging and search; tabs carry the live badge counts; rows re-read when
 * a signbook changes (push), so a signature elsewhere shows without reload.
 */
import { Alert, Badge, Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { merge } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { SignbookView } from '../../../contract/signbook.ts';
import { useAuth, useBadges, useRead } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { formatDateTime, SIGNBOOK_STATUS_PALETTE } from './labels.ts';
import { itemPath, LIST_TABS, listBodyOf, listPath, scopeOf, titleKeyOf } from './signbookPaths.ts';
import { saysTokenNotValid } from './signClient.ts';
import { useSignClient, useSigningSession } from './useSignClient.ts';

const DEFAULTS: ListDefaults = { sort: { field: 'creationDate', dir: 'desc' }, size: 20, sortable: [] };

export const SignbookStatusBadge = ({ status }: { status: SignbookView['status'] }) => {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={SIGNBOOK_STATUS_PALETTE[status]} data-status={status}>
      {t(`signbooks.status.${status}`)}
    </Badge>
  );
};

const stepText = (t: TFunction, b: SignbookView): string =>
  b.status === 'IN_PROGRESS'
    ? t('signbooks.list.stepOf', { step: b.currentStep + 1, total: b.steps.length })
    : t('signbooks.list.steps', { count: b.steps.length });

const columnsFor = (t: TFunction, locale: string): DataTableColumn<SignbookView>[] => [
  { id: 'name', header: t('signbooks.fields.name'), cell: (b) => b.name, minWidth: '12rem', priority: 'essential' },
  // At 600 px the status (and « À vous de signer ») scrolled out of sight behind these two (issue 15).
  {
    id: 'organization',
    header: t('signbooks.fields.organization'),
    cell: (b) => b.organizationName,
    priority: 'optional',
  },
  {
    id: 'creationDate',
    header: t('signbooks.fields.creationDate'),
    cell: (b) => formatDateTime(b.creationDate, locale),
    priority: 'optional',
  },
  { id: 'step', header: t('signbooks.fields.step'), cell: (b) => stepText(t, b) },
  {
    id: 'status',
    priority: 'essential',
    header: t('signbooks.fields.status'),
    cell: (b) => (
      <HStack gap="1" wrap="wrap">
        <SignbookStatusBadge status={b.status} />
        {b.canSign ? <Badge colorPalette="yellow">{t('signbooks.list.yourTurn')}</Badge> : null}
      </HStack>
    ),
  },
];

export const SignbookListPage = () => {
  const { t, i18n } = useTranslation();
  const sign = useSignClient();
  const { session, features } = useAuth();
  const badges = useBadges();
  const navigate = useNavigate();
  const scope = scopeOf(useParams({ strict: false }));
  const list = useListState(`signbooks.${scope.status ?? 'all'}.${scope.subStatus ?? ''}`, DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);
  const signing = useSigningSession();
  // Seed 000 §2, §6: without an e-mail on the profile (or with the signing session down) signing is unusable.
  const unusable = !session?.email || signing.menuHidden;

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const { offset, size, q } = list;
  const body = listBodyOf(scope);
  const { data, loading } = useRead(
    'signbooks.list',
    session
      ? { body: { ...body, search: q || undefined, offset, limit: size }, scope: `${session.orgId}|${session.domain}` }
      : null,
    {
      client: sign,
      refuses: saysTokenNotValid,
      failureAlert: 'signbooks.list.loadError',
      // A signature elsewhere (or pushes lost on a reconnection) shows without reload.
      staleOn: (bus) => merge(bus.ofType('push.signbook.updated'), missedPushes(bus)),
    },
  );

  const columns = useMemo(() => columnsFor(t, i18n.language), [t, i18n.language]);
  const current = listPath(scope);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t(titleKeyOf(scope))}
        </Heading>
        {unusable ? null : (
          <Button asChild colorPalette="blue">
            <AppLink to="/signworkflows/creation">{t('signbooks.list.create')}</AppLink>
          </Button>
        )}
      </Flex>
      {unusable ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('alert.sidenav.signworkflows.alert')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <nav aria-label={t('signbooks.list.tabs')}>
        <Flex gap="2" wrap="wrap">
          {LIST_TABS.map((tab) => {
            const to = listPath(tab.scope);
            const count = tab.badge ? badges?.signbooks[tab.badge] : undefined;
            return (
              <Button key={tab.id} asChild size="sm" variant={to === current ? 'solid' : 'outline'}>
                <AppLink to={to} aria-current={to === current ? 'page' : undefined} data-tab={tab.id}>
                  {t(titleKeyOf(tab.scope))}
                  {count ? (
                    <Badge ml="1" colorPalette="blue" variant="solid" data-count={tab.id}>
                      {count}
                    </Badge>
                  ) : null}
                </AppLink>
              </Button>
            );
          })}
        </Flex>
      </nav>
      <SearchField label={t('signbooks.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('signbooks.list.label')}
        columns={columns}
        rows={data?.items ?? []}
        rowId={(b) => b.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q ? 'signbooks.list.noMatch' : 'signbooks.list.empty')}
        onRowClick={(b) => void navigate({ to: itemPath(scope, b.id, b.status) })}
      />
      {features.includes('ParaphCreateUpdate') ? (
        <AppLink to="/signworkflows/templates">{t('signbooks.list.templatesLink')}</AppLink>
      ) : null}
    </Stack>
  );
};
