/**
 * One dispatched document (`/campaigns/{campaignId}/{docId}` and its status variants, seed 000 §2):
 * recipient, status, reason, pages, identifier read, and the part itself in the PDF viewer. The back
 * button returns to the campaign with the step-backward flag, which restores the table as it was.
 * The reads and the action are machines/dispatched-doc, run by `useDispatchedDoc`.
 */
import { Badge, Box, Button, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PdfViewer } from '../../components/PdfViewer.tsx';
import { formatDate } from './CampaignListPage.tsx';
import { type ListScope, STEP_BACK_SEARCH, campaignHref } from './campaignPaths.ts';
import { docStatusPalette } from './labels.ts';
import { useDispatchedDoc } from './useDispatchedDoc.ts';

/** The route's document: a new machine (and a fresh page) when the route moves to another one. */
export const DocumentPage = () => {
  const params = useParams({ strict: false }) as ListScope & { campaignId?: string; docId?: string };
  const { campaignId = '', docId = '' } = params;
  return <DocumentView key={`${campaignId}/${docId}`} params={params} campaignId={campaignId} docId={docId} />;
};

const DocumentView = ({ params, campaignId, docId }: { params: ListScope; campaignId: string; docId: string }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const {
    view: { doc, file, problem, action, acting },
    send,
  } = useDispatchedDoc(campaignId, docId);

  const back = () => void navigate({ to: campaignHref(params, campaignId), search: STEP_BACK_SEARCH } as never);

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
          <Button
            size="sm"
            colorPalette="brand"
            loading={acting}
            data-doc-action={action}
            onClick={() => send({ type: 'doc.action.run' })}
          >
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
