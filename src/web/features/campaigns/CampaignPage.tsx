/**
 * One campaign (seed 000 §2 EditCampaign), in the order an operator reads it: header, where the
 * campaign is (a compact stepper drawn from the machine, the full chart one click away), the running
 * job's progress, the actions the machine allows, the counters by document status, then the
 * documents table; kept live by push.
 */
import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignMachine } from '../../../../machines/campaign/index.ts';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { useRead } from '../../app/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CampaignActions } from './CampaignActions.tsx';
import { CampaignCounters } from './CampaignCounters.tsx';
import { CampaignLifecycle, lifecycleKey } from './CampaignLifecycle.tsx';
import { CampaignDownloads } from './CampaignDownloads.tsx';
import { CampaignStatusBadge, formatDate } from './CampaignListPage.tsx';
import { type ListScope, documentHref, listLocation } from './campaignPaths.ts';
import { DispatchedDocsTable } from './DispatchedDocsTable.tsx';
import type { DocAction } from './docActions.ts';
import { usePaperProgress } from './paperProgress.ts';
import { PostalInfo } from './PostalInfo.tsx';
import { useDocsTableState } from './tableState.ts';
import { CampaignProgress } from './CampaignProgress.tsx';
import { confirmWarning } from './confirmWarning.ts';
import { IgnoredPages } from './IgnoredPages.tsx';
import { LifecycleStepper } from './LifecycleStepper.tsx';
import { RefuseDocumentsDialog } from './RefuseDocumentsDialog.tsx';
import { selectionEvents } from './selection.ts';
import { useCampaignDocuments } from './useCampaignDocuments.ts';
import { useCampaignLive } from './useCampaignLive.ts';

export const CampaignPage = () => {
  const params = useParams({ strict: false }) as ListScope & { campaignId?: string };
  if (!params.campaignId) return null;
  // One feed and one lifecycle per campaign: another campaign's page starts its own.
  return <CampaignScreen key={params.campaignId} campaignId={params.campaignId} params={params} />;
};

const CampaignScreen = ({ campaignId, params }: { campaignId: string; params: ListScope }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { campaign, missing, reread } = useCampaignLive(campaignId);
  const table = useDocsTableState(campaignId);
  const { filter, page, size } = table;
  // The page's workflow (documents, selection, actions): machines/campaign-documents.
  const { view: docs, send } = useCampaignDocuments({
    campaignId,
    status: campaign?.status,
    filter,
    page,
    size,
    reread,
    rowsShown: table.rowsShown,
  });

  const organizationId = campaign?.organizationId;
  // The organisation's name in the summary (none when it cannot be read), through the read machine.
  const organization = useRead('organizations.get', organizationId ? { params: { id: organizationId } } : null);
  const orgName = organization.data?.name ?? '';

  usePaperProgress(campaign?.id, campaign?.counts.PAPER_DISPATCHED ?? (campaign ? 0 : undefined));
  const docHref = useCallback((d: DispatchedDocument) => documentHref(params, d.campaignId, d.id), [params]);
  const onDocAction = useCallback(
    (doc: DispatchedDocument, action: DocAction) => send({ type: 'doc.run', doc, action }),
    [send],
  );
  const onSelectedChange = useCallback(
    (ids: string[]) => {
      for (const event of selectionEvents(docs.selected, ids, docs.rows)) send(event);
    },
    [send, docs.selected, docs.rows],
  );

  if (missing)
    return (
      <Stack gap="3">
        <Text>{t('error.not-found')}</Text>
        <Button alignSelf="start" variant="outline" onClick={() => void navigate(listLocation(params))}>
          {t('campaigns.page.back')}
        </Button>
      </Stack>
    );
  if (!campaign) return <Text>{t('common.loading')}</Text>;

  const locale = i18n.language;

  return (
    <Stack gap="5">
      <Stack gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="xl">
            {campaign.name}
          </Heading>
          <CampaignStatusBadge status={campaign.status} waiting={campaign.waiting} />
        </HStack>
        <Text color="fg.muted">
          {t('campaigns.page.summary', {
            docName: campaign.docName,
            organization: orgName,
            created: formatDate(campaign.creationDate, locale),
            sent: campaign.sendDate ? formatDate(campaign.sendDate, locale) : t('campaigns.page.notSent'),
          })}
        </Text>
      </Stack>

      {/* What follows reads the lifecycle actor, restored anew for each description the server gives. */}
      <CampaignLifecycle key={lifecycleKey(campaign)} campaign={campaign}>
        {(view) => (
          <>
            <LifecycleStepper
              machine={campaignMachine}
              current={view.step}
              via={campaign.splitError ? 'splitting' : undefined}
              skip={campaign.review ? [] : ['awaitingValidation']}
            />

            {campaign.waiting ? (
              <Text role="status">
                {t('campaigns.waiting.text', { position: campaign.waiting.position, of: campaign.waiting.of })}
              </Text>
            ) : (
              view.isWorking && <CampaignProgress campaign={campaign} step={view.step} />
            )}

            {campaign.splitError && view.step === 'inError' && (
              <Alert.Root status="error" variant="surface">
                <Alert.Indicator />
                <Alert.Description>
                  {t('campaigns.page.splitFailed', { reason: t(campaign.splitError) })}
                </Alert.Description>
              </Alert.Root>
            )}

            <CampaignActions
              view={view}
              selectedCount={docs.selected.length}
              busy={docs.busy}
              onAction={(action) => send({ type: 'action.request', action })}
            />

            <CampaignCounters counts={campaign.counts} />

            <IgnoredPages
              campaign={campaign}
              canAssign={view.step === 'awaitingValidation'}
              onAssigned={() => {
                reread();
                send({ type: 'docs.invalidate' });
              }}
            />
          </>
        )}
      </CampaignLifecycle>
      <CampaignDownloads campaign={campaign} filter={filter} selected={docs.selected} />

      <Box as="section" aria-labelledby="campaign-docs">
        <Heading as="h2" size="md" id="campaign-docs" mb="2">
          {t('campaigns.docs.title')}
        </Heading>
        <DispatchedDocsTable
          rows={docs.rows}
          total={docs.total}
          loading={docs.loading}
          failed={docs.failed}
          filter={filter}
          onFilterChange={table.setFilter}
          page={page}
          size={size}
          onPageChange={table.setPage}
          onSizeChange={table.setSize}
          selected={docs.selected}
          onSelectedChange={onSelectedChange}
          campaignStatus={campaign.status}
          docHref={docHref}
          onOpen={table.remember}
          onDocAction={onDocAction}
          busyDoc={docs.busyDoc}
        />
      </Box>

      <PostalInfo campaignId={campaign.id} paperCount={campaign.counts.PAPER_DISPATCHED ?? 0} />

      <RefuseDocumentsDialog
        key={docs.askingReason ? 'open' : 'closed'}
        open={docs.askingReason}
        count={docs.selected.length}
        busy={docs.busy === 'refuseDocuments'}
        onConfirm={(reason) => send({ type: 'action.confirm', reason })}
        onCancel={() => send({ type: 'action.cancel' })}
      />
      {docs.confirming && (
        <ConfirmDialog
          open
          title={`campaigns.confirm.${docs.confirming}.title`}
          text={`campaigns.confirm.${docs.confirming}.text`}
          confirm={`campaigns.confirm.${docs.confirming}.confirm`}
          // « Annuler » beside « Annuler la campagne » would read as the final action.
          dismiss={docs.confirming === 'cancel' ? 'common.actions.close' : 'common.actions.cancel'}
          danger={docs.confirming !== 'validate'}
          busy={docs.busy === docs.confirming}
          warning={confirmWarning(docs.confirming, campaign)}
          onConfirm={() => send({ type: 'action.confirm' })}
          onCancel={() => send({ type: 'action.cancel' })}
        />
      )}
    </Stack>
  );
};
