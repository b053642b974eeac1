/**
 * The campaign's dispatched documents, filtered by group or status, paged by the server; rows update
 * live. Each row opens the document page; a failed or waiting document offers retry or send.
 */
import { Badge, Button, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { type CampaignStatus, DISPATCHED_DOC_FILTERS, DISPATCHED_DOC_STATUSES } from '../../../contract/enums.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { type DocAction, docActionFor } from './docActions.ts';
import { docStatusPalette } from './labels.ts';

export const DOC_FILTERS = ['ALL', ...DISPATCHED_DOC_FILTERS, ...DISPATCHED_DOC_STATUSES] as const;
export type DocFilter = (typeof DOC_FILTERS)[number];
const SORT = { field: 'recipientName', dir: 'asc' } as const;

export const DispatchedDocsTable = (props: {
  rows: readonly DispatchedDocument[];
  total: number;
  loading: boolean;
  /** The last read failed: the table says so where its rows would be (none read yet). */
  failed?: boolean;
  filter: DocFilter;
  onFilterChange: (f: DocFilter) => void;
  page: number;
  size: number;
  onPageChange: (p: number) => void;
  onSizeChange: (s: number) => void;
  selected: readonly string[];
  onSelectedChange: (ids: string[]) => void;
  campaignStatus: CampaignStatus;
  /** The document page of a row. */
  docHref: (doc: DispatchedDocument) => string;
  onOpen: (doc: DispatchedDocument) => void;
  onDocAction: (doc: DispatchedDocument, action: DocAction) => void;
  /** The document whose action is running. */
  busyDoc: string | null;
}) => {
  const { campaignStatus, docHref, onOpen, onDocAction, busyDoc } = props;
  const { t } = useTranslation();
  const filterId = useId();
  const columns = useMemo<DataTableColumn<DispatchedDocument>[]>(
    () => [
      {
        id: 'recipientName',
        header: t('campaigns.docs.recipient'),
        cell: (d) => {
          const name = d.recipientName ?? t('campaigns.docs.unknownRecipient');
          return (
            <AppLink
              variant="underline"
              to={docHref(d)}
              aria-label={t('campaigns.docs.open', { recipient: name })}
              onClick={() => onOpen(d)}
            >
              {name}
            </AppLink>
          );
        },
        minWidth: '12rem',
      },
      {
        id: 'status',
        header: t('campaigns.docs.status'),
        cell: (d) => (
          <Badge colorPalette={docStatusPalette(d.status)} data-status={d.status}>
            {t(`campaigns.docStatus.${d.status}`)}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: t('campaigns.docs.actions'),
        cell: (d) => {
          const action = docActionFor(d, campaignStatus);
          if (!action) return null;
          return (
            <Button
              size="xs"
              variant="outline"
              colorPalette="brand"
              data-doc-action={action}
              loading={busyDoc === d.id}
              disabled={busyDoc !== null}
              onClick={(e) => {
                e.stopPropagation();
                onDocAction(d, action);
              }}
            >
              {t(`campaigns.docs.${action}`)}
            </Button>
          );
        },
      },
      {
        id: 'failureCause',
        header: t('campaigns.docs.cause'),
        cell: (d) => (d.failureCause ? t(`campaigns.failureCause.${d.failureCause}`) : ''),
      },
      { id: 'reason', header: t('campaigns.docs.reason'), cell: (d) => d.reason ?? '', minWidth: '12rem' },
    ],
    [t, campaignStatus, docHref, onOpen, onDocAction, busyDoc],
  );
  return (
    <Stack gap="3">
      <Field.Root maxW="sm">
        <Field.Label htmlFor={filterId}>{t('campaigns.docs.filter')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={filterId}
            value={props.filter}
            onChange={(e) => props.onFilterChange(e.target.value as DocFilter)}
          >
            {DOC_FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'ALL' ? t('campaigns.docs.all') : t(`campaigns.docStatus.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <DataTable
        label={t('campaigns.docs.label')}
        columns={columns}
        rows={props.rows}
        rowId={(d) => d.id}
        total={props.total}
        page={props.page}
        size={props.size}
        sort={SORT}
        loading={props.loading}
        emptyText={t(props.failed ? ALERT_KEYS.campaigns.getDispatchedDocsFailure : 'campaigns.docs.empty')}
        onPageChange={props.onPageChange}
        onSizeChange={props.onSizeChange}
        onSortChange={() => undefined}
        selected={props.selected}
        onSelectedChange={props.onSelectedChange}
      />
    </Stack>
  );
};
