/**
 * One campaign (seed 000 §2 EditCampaign), in the order an operator reads it: header, where the
 * campaign is (a compact stepper drawn from the machine, the full chart one click away), the running
 * job's progress, the actions the machine allows, the counters by document status, then the
 * documents table; kept live by push.
 */
import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignMachine } from '../../../../machines/campaign/index.ts';
import type { DispatchedDocPage } from '../../../contract/dispatch.ts';
import type { DispatchedDocument, Organization } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type CampaignAction, CampaignActions } from './CampaignActions.tsx';
import { CampaignCounters } from './CampaignCounters.tsx';
import { CampaignLifecycle, lifecycleKey } from './CampaignLifecycle.tsx';
import { CampaignDownloads } from './CampaignDownloads.tsx';
import { CampaignStatusBadge, formatDate } from './CampaignListPage.tsx';
import { type ListScope, documentHref, listLocation } from './campaignPaths.ts';
import { DispatchedDocsTable } from './DispatchedDocsTable.tsx';
import { type DocAction, runDocAction } from './docActions.ts';
import { usePaperProgress } from './paperProgress.ts';
import { PostalInfo } from './PostalInfo.tsx';
import { useDocsTableState } from './tableState.ts';
import { CampaignProgress } from './CampaignProgress.tsx';
import { IgnoredPages } from './IgnoredPages.tsx';
import { LifecycleStepper } from './LifecycleStepper.tsx';
import { RefuseDocumentsDialog } from './RefuseDocumentsDialog.tsx';
import { runCampaignAction } from './runAction.ts';
import { useCampaignDocumentPushes, useCampaignLive } from './useCampaignLive.ts';

type Confirmable = 'refuseDispatch' | 'cancel' | 'deleteDocuments' | 'validate';

export const CampaignPage = () => {
  const params = useParams({ strict: false }) as ListScope & { campaignId?: string };
  if (!params.campaignId) return null;
  // One feed and one lifecycle per campaign: another campaign's page starts its own.
  return <CampaignScreen key={params.campaignId} campaignId={params.campaignId} params={params} />;
};

const CampaignScreen = ({ campaignId, params }: { campaignId: string; params: ListScope }) => {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { api } = services;
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { campaign, missing, reread } = useCampaignLive(campaignId);
  const [orgName, setOrgName] = useState('');
  const table = useDocsTableState(campaignId);
  const { filter, page, size } = table;
  const [busyDoc, setBusyDoc] = useState<string | null>(null);
  const [docs, setDocs] = useState<{ request: string; data: DispatchedDocPage } | null>(null);
  const [docsVersion, setDocsVersion] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<CampaignAction | null>(null);
  const [asking, setAsking] = useState<Confirmable | 'refuseDocuments' | null>(null);

  const organizationId = campaign?.organizationId;
  useEffect(() => {
    if (!organizationId) return;
    api
      .call<Organization>('organizations.get', { params: { id: organizationId } })
      .then((o) => setOrgName(o.name))
      .catch(() => setOrgName(''));
  }, [api, organizationId]);

  // A new status (the split's end, the dispatch's end) brings documents the table has not read yet:
  // a page opened while the campaign was still splitting would otherwise stay on « Aucun document ».
  const status = campaign?.status;
  const request = JSON.stringify([campaignId, filter, page, size, docsVersion, status]);
  useEffect(() => {
    if (!campaignId || !status) return;
    const controller = new AbortController();
    api
      .call<DispatchedDocPage>('campaigns.dispatchedDocs', {
        params: { campaignId },
        body: { status: filter === 'ALL' ? undefined : [filter], offset: (page - 1) * size, limit: size },
        signal: controller.signal,
      })
      .then((data) => {
        setDocs({ request, data });
        requestAnimationFrame(table.rowsShown);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        alerts.push({ message: ALERT_KEYS.campaigns.getDispatchedDocsFailure, type: 'error' });
      });
    return () => controller.abort();
  }, [api, request]); // eslint-disable-line react-hooks/exhaustive-deps -- request carries every input

  useCampaignDocumentPushes(
    campaignId,
    (doc) =>
      setDocs((d) =>
        d ? { ...d, data: { ...d.data, items: d.data.items.map((row) => (row.id === doc.id ? doc : row)) } } : d,
      ),
    () => setDocsVersion((v) => v + 1),
  );

  usePaperProgress(campaign?.id, campaign?.counts.PAPER_DISPATCHED ?? (campaign ? 0 : undefined));
  const docHref = useCallback((d: DispatchedDocument) => documentHref(params, d.campaignId, d.id), [params]);

  const runDoc = async (doc: DispatchedDocument, action: DocAction) => {
    setBusyDoc(doc.id);
    const outcome = await runDocAction(api, doc, action);
    setBusyDoc(null);
    const status = outcome.doc ? t(`campaigns.docStatus.${outcome.doc.status}`) : '';
    alerts.push({ ...outcome.alert, values: { status } });
    if (outcome.doc) {
      const updated = outcome.doc;
      setDocs((d) =>
        d ? { ...d, data: { ...d.data, items: d.data.items.map((r) => (r.id === updated.id ? updated : r)) } } : d,
      );
    }
    reread();
  };

  const run = async (action: CampaignAction, reason?: string) => {
    if (!campaign) return;
    setBusy(action);
    setAsking(null);
    services.campaignActionSent(campaign.id);
    const outcome = await runCampaignAction(api, campaign, action, { ids: selected, reason });
    setBusy(null);
    alerts.push(outcome.alert);
    if (!outcome.ok) return;
    if (action === 'retry') {
      void navigate({ to: '/campaigns' });
      return;
    }
    // Re-read rather than keep the action's answer: a push sent while the call ran may be newer.
    reread();
    setSelected([]);
    setDocsVersion((v) => v + 1);
  };

  const onAction = (action: CampaignAction) => {
    if (action === 'retry') void run(action);
    else setAsking(action);
  };

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

            <CampaignActions view={view} selectedCount={selected.length} busy={busy} onAction={onAction} />

            <CampaignCounters counts={campaign.counts} />

            <IgnoredPages
              campaign={campaign}
              canAssign={view.step === 'awaitingValidation'}
              onAssigned={() => {
                reread();
                setDocsVersion((v) => v + 1);
              }}
            />
          </>
        )}
      </CampaignLifecycle>
      <CampaignDownloads campaign={campaign} filter={filter} selected={selected} />

      <Box as="section" aria-labelledby="campaign-docs">
        <Heading as="h2" size="md" id="campaign-docs" mb="2">
          {t('campaigns.docs.title')}
        </Heading>
        <DispatchedDocsTable
          rows={docs?.data.items ?? []}
          total={docs?.data.count ?? 0}
          loading={docs?.request !== request}
          filter={filter}
          onFilterChange={table.setFilter}
          page={page}
          size={size}
          onPageChange={table.setPage}
          onSizeChange={table.setSize}
          selected={selected}
          onSelectedChange={setSelected}
          campaignStatus={campaign.status}
          docHref={docHref}
          onOpen={table.remember}
          onDocAction={(doc, action) => void runDoc(doc, action)}
          busyDoc={busyDoc}
        />
      </Box>

      <PostalInfo campaignId={campaign.id} paperCount={campaign.counts.PAPER_DISPATCHED ?? 0} />

      <RefuseDocumentsDialog
        key={asking === 'refuseDocuments' ? 'open' : 'closed'}
        open={asking === 'refuseDocuments'}
        count={selected.length}
        busy={busy === 'refuseDocuments'}
        onConfirm={(reason) => void run('refuseDocuments', reason)}
        onCancel={() => setAsking(null)}
      />
      {asking && asking !== 'refuseDocuments' && (
        <ConfirmDialog
          open
          title={`campaigns.confirm.${asking}.title`}
          text={`campaigns.confirm.${asking}.text`}
          confirm={`campaigns.confirm.${asking}.confirm`}
          danger={asking !== 'validate'}
          busy={busy === asking}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </Stack>
  );
};
