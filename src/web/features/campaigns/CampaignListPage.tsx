/**
 * Campaign lists (seed 000 §2): all, and each URL status and error sub-status of the side navigation.
 * Server paging, sort and search in the URL; the page re-reads when a campaign changes (push).
 */
import { Badge, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import type { Campaign } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';
import { DataTable, type DataTableColumn, type ListDefaults, useListState } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { campaignLocation, type ListScope, statusesForScope, subStatusForScope } from './campaignPaths.ts';
import { CAMPAIGN_STATUS_PALETTE, countTotals } from './labels.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { NewCampaignButton } from '../campaignCreate/NewCampaignButton.tsx';

const DEFAULTS: ListDefaults = {
  sort: { field: 'creationDate', dir: 'desc' },
  size: 20,
  sortable: ['name', 'creationDate', 'sendDate', 'status', 'recipientsCount'],
};

export const formatDate = (iso: string | null, locale: string): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** The campaign's status; while its job waits for a worker, « en attente » with its place in the queue. */
export const CampaignStatusBadge = ({
  status,
  waiting,
}: {
  status: Campaign['status'];
  waiting?: Campaign['waiting'];
}) => {
  const { t } = useTranslation();
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={CAMPAIGN_STATUS_PALETTE[status]} data-status={status}>
        {t(`campaigns.status.${status}`)}
      </Badge>
      {waiting ? (
        <Badge colorPalette="gray" variant="outline" data-waiting={waiting.position}>
          {t('campaigns.waiting.badge', { position: waiting.position, of: waiting.of })}
        </Badge>
      ) : null}
    </HStack>
  );
};

const columnsFor = (t: TFunction, locale: string, orgName: (id: string) => string): DataTableColumn<Campaign>[] => [
  {
    id: 'name',
    header: t('campaigns.fields.name'),
    // A page that matched nobody is a payslip nobody gets: said by the name, not only in a download.
    cell: (c) =>
      c.ignoredPages > 0 ? (
        <HStack gap="1" wrap="wrap">
          <span>{c.name}</span>
          <Badge colorPalette="orange" data-ignored-pages={c.ignoredPages}>
            {t('campaigns.ignored.title', { count: c.ignoredPages })}
          </Badge>
        </HStack>
      ) : (
        c.name
      ),
    sortable: true,
    minWidth: '9rem',
    maxWidth: '14rem',
    // Campaigns often differ by their end only (« … novembre 2026 — Marseille » / « — Lyon »): two lines.
    lines: 2,
    priority: 'essential',
  },
  {
    id: 'docType',
    header: t('campaigns.fields.docType'),
    cell: (c) => c.docTypeLabel ?? c.mainDocType,
    maxWidth: '8rem',
    priority: 'optional',
  },
  {
    id: 'organization',
    header: t('campaigns.fields.organization'),
    cell: (c) => orgName(c.organizationId),
    maxWidth: '8rem',
    priority: 'optional',
  },
  {
    id: 'creationDate',
    header: t('campaigns.fields.creationDate'),
    cell: (c) => formatDate(c.creationDate, locale),
    sortable: true,
    priority: 'optional',
  },
  {
    id: 'sendDate',
    header: t('campaigns.fields.sendDate'),
    cell: (c) => formatDate(c.sendDate, locale),
    sortable: true,
    priority: 'optional',
    hiddenByDefault: true,
  },
  {
    id: 'status',
    header: t('campaigns.fields.status'),
    cell: (c) => <CampaignStatusBadge status={c.status} waiting={c.waiting} />,
    sortable: true,
    priority: 'essential',
  },
  {
    id: 'recipientsCount',
    header: t('campaigns.fields.recipients'),
    // Documents and recipients differ when a page found nobody or someone gets several documents:
    // the documents' number, under the recipients', is what « Distribués » counts out of.
    cell: (c) => (
      <>
        {new Intl.NumberFormat(locale).format(c.recipientsCount)}
        {c.documentCount !== c.recipientsCount ? (
          <Text as="span" display="block" fontSize="xs" color="fg.muted">
            {t('campaigns.list.documents', { count: c.documentCount })}
          </Text>
        ) : null}
      </>
    ),
    sortable: true,
  },
  {
    id: 'dispatched',
    priority: 'essential',
    header: t('campaigns.fields.dispatched'),
    cell: (c) => {
      const totals = countTotals(c.counts);
      const total = totals.total || c.documentCount;
      // While the PDF is being split no document exists yet: « 0 / 0 » would read as an empty campaign.
      if (c.status === 'SPLITTING' && total === 0) {
        return (
          // Wraps under the column's header rather than widening the table.
          <HStack gap="2" color="fg.muted" whiteSpace="normal" maxW="8rem" data-splitting>
            <Spinner size="xs" flexShrink={0} aria-hidden />
            <Text as="span" fontSize="sm" lineHeight="short">
              {t('campaigns.list.splitting')}
            </Text>
          </HStack>
        );
      }
      return t('campaigns.list.dispatchedOf', { dispatched: totals.dispatched, total });
    },
  },
];

export const CampaignListPage = () => {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const navigate = useNavigate();
  const scope = useParams({ strict: false }) as ListScope;
  const list = useListState(`campaigns.${scope.status ?? 'all'}`, DEFAULTS);
  const [text, setText] = useState(list.q);
  const settled = useDebounced(text);

  useEffect(() => {
    if (settled !== list.q) list.setQuery(settled);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new settled text moves the URL

  const { offset, size, q } = list;
  const { field, dir } = list.sort;
  const statuses = statusesForScope(scope);
  const subStatus = subStatusForScope(scope);
  const { data, loading } = useRead(
    'campaigns.list',
    session
      ? {
          body: {
            status: statuses,
            subStatus,
            search: q || undefined,
            offset,
            limit: size,
            order: { field, sens: dir },
          },
          scope: `${session.orgId}|${session.domain}`,
        }
      : null,
    {
      failureAlert: ALERT_KEYS.campaigns.allError,
      // A status change anywhere in the organisation may move a campaign in or out of this list; after a
      // reconnection whose missed pushes the server could not give back, any of them may have.
      staleOn: (bus) => merge(bus.ofType('push.campaign.updated'), missedPushes(bus)),
    },
  );

  const orgs = data?.orgs;
  const columns = useMemo(() => {
    const names = new Map((orgs ?? []).map((o) => [o.id, o.name]));
    return columnsFor(t, i18n.language, (id) => names.get(id) ?? '');
  }, [t, i18n.language, orgs]);

  const title = scope.subStatus
    ? t(`statuses.campaigns.${scope.subStatus}`)
    : scope.status
      ? t(`statuses.campaigns.${scope.status}`)
      : t('sections.campaigns');

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <NewCampaignButton />
      <SearchField label={t('campaigns.list.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        tableId="campaigns"
        label={t('campaigns.list.label')}
        columns={columns}
        rows={data?.dispatchs ?? []}
        rowId={(c) => c.id}
        total={data?.count ?? 0}
        {...list.tableProps}
        loading={loading}
        emptyText={t(q ? 'campaigns.list.noMatch' : 'campaigns.list.empty')}
        onRowClick={(c) => void navigate(campaignLocation(scope, c.id))}
      />
    </Stack>
  );
};
