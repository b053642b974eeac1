/**
 * One dispatched document (`/campaigns/{campaignId}/{docId}` and its status variants, seed 000 §2):
 * recipient, status, reason, pages, identifier read, and the part itself in the PDF viewer. The back
 * button returns to the campaign with the step-backward flag, which restores the table as it was.
 */
import { Badge, Box, Button, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchedDocDetail } from '../../../contract/dispatch.ts';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { PdfViewer } from '../../components/PdfViewer.tsx';
import { formatDate } from './CampaignListPage.tsx';
import { type ListScope, STEP_BACK_SEARCH, campaignHref } from './campaignPaths.ts';
import { docActionFor, runDocAction } from './docActions.ts';
import { docStatusPalette } from './labels.ts';

export const DocumentPage = () => {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as ListScope & { campaignId?: string; docId?: string };
  const { campaignId = '', docId = '' } = params;
  const [doc, setDoc] = useState<DispatchedDocDetail | null>(null);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [file, setFile] = useState<Uint8Array | null>(null);
  const [failure, setFailure] = useState<{ docId: string; key: string } | null>(null);
  const problem = failure?.docId === docId ? failure.key : null;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    api
      .call<DispatchedDocDetail>('campaigns.dispatchedDoc', { params: { id: docId }, signal })
      .then(async (d) => {
        setDoc(d);
        if (!d.hasFile) return;
        const blob = await api.call<Blob>('campaigns.dispatchedDocFile', { params: { id: docId }, signal });
        setFile(new Uint8Array(await blob.arrayBuffer()));
      })
      .catch((error: unknown) => {
        if (!signal.aborted) setFailure({ docId, key: isApiFailure(error) ? error.key : 'pdfViewer.error' });
      });
    api
      .call<Campaign>('campaigns.get', { params: { id: campaignId }, signal })
      .then(setCampaign)
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, campaignId, docId]);

  const back = () => void navigate({ to: campaignHref(params, campaignId), search: STEP_BACK_SEARCH } as never);

  const action = doc && campaign ? docActionFor(doc, campaign.status) : null;
  const act = async () => {
    if (!doc || !action) return;
    setBusy(true);
    const outcome = await runDocAction(api, doc, action);
    setBusy(false);
    const updated: DispatchedDocument | null = outcome.doc;
    alerts.push({ ...outcome.alert, values: { status: updated ? t(`campaigns.docStatus.${updated.status}`) : '' } });
    if (updated) setDoc({ ...doc, ...updated });
  };

  const recipient = doc?.recipientName ?? t('campaigns.docs.unknownRecipient');
  const none = t('campaigns.document.none');
  const facts: [string, React.ReactNode][] = doc
    ? [
        ['campaign', doc.campaignName],
        ['recipient', recipient],
        [
          'status',
          <Badge key="s" colorPalette={docStatusPalette(doc.status)} data-status={doc.status}>
            {t(`campaigns.docStatus.${doc.status}`)}
          </Badge>,
        ],
        ['reason', doc.reason ?? none],
        ['cause', doc.failureCause ? t(`campaigns.failureCause.${doc.failureCause}`) : none],
        ['pages', doc.pages.length ? doc.pages.join(', ') : none],
        ['identifier', doc.identifier ?? none],
        ['source', doc.sourceName ?? none],
        ['updated', formatDate(doc.updatedAt, i18n.language)],
      ]
    : [];

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" size="sm" onClick={back}>
          ← {t('campaigns.document.back')}
        </Button>
        {action && (
          <Button size="sm" colorPalette="brand" loading={busy} data-doc-action={action} onClick={() => void act()}>
            {t(`campaigns.docs.${action}`)}
          </Button>
        )}
      </HStack>
      <Heading as="h1" size="xl">
        {doc ? t('campaigns.document.title', { recipient }) : t('sections.campaignDocument')}
      </Heading>
      {problem && !doc ? (
        <Text>{t(problem)}</Text>
      ) : !doc ? (
        <Text>{t('common.loading')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5" alignItems="start">
          <Box as="section" aria-labelledby="doc-facts" gridColumn={{ lg: 'span 1' }}>
            <Heading as="h2" size="md" id="doc-facts" mb="2">
              {t('campaigns.document.facts')}
            </Heading>
            <DataList.Root orientation="horizontal" size="sm">
              {facts.map(([key, value]) => (
                <DataList.Item key={key} data-fact={key}>
                  <DataList.ItemLabel>{t(`campaigns.document.${key}`)}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Box>
          <Box gridColumn={{ lg: 'span 2' }} minW="0">
            {doc.hasFile ? (
              problem ? (
                <Text>{t(problem)}</Text>
              ) : (
                <PdfViewer data={file} label={t('campaigns.document.preview')} />
              )
            ) : (
              <Text color="fg.muted">{t('error.campaign.document-without-file')}</Text>
            )}
          </Box>
        </SimpleGrid>
      )}
    </Stack>
  );
};
