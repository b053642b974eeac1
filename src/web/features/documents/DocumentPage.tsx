/**
 * One document (`/documents/{docId}`, issue 12): its metadata, who deposited it and where (a link to
 * the campaign or signbook), the PDF page by page (pdf.js, loaded on first use), its download and its
 * deposit certificate. Opening it marks it read once its first page shows, as a mail reader does;
 * « Marquer comme lu » remains for when the preview cannot show. An id the user may not see reads
 * « Document introuvable », exactly like one that does not exist.
 */
import { Badge, Box, Button, Code, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail, DocumentSummary } from '../../../contract/documents.ts';
import type { ApiClient } from '../../api/index.ts';
import type { CommandFailure } from '../../../../machines/command/index.ts';
import { useCommand, useRead, useServices } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { formatSize } from '../../components/pdfFile.ts';
import { PdfViewer } from '../../components/PdfViewer.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { attestationFileName, pdfFileName } from './downloads.ts';
import { employeeNameOf, formatDateTime, formatDay, formatPeriod, ReadBadge } from './labels.tsx';

const originHref = (origin: DocumentSummary['origin']): string | null =>
  origin.id === null
    ? null
    : origin.source === 'campaign'
      ? `/campaigns/${origin.id}`
      : origin.source === 'signbook'
        ? `/signworkflows/status/done/${origin.id}`
        : null;

/** The read time the server answers (or now, when it answers nothing). */
const setRead = async (api: ApiClient, id: string): Promise<string> => {
  const answer = await api.call<Partial<DocumentSummary> | undefined>('documents.setRead', {
    params: { id },
    body: {},
  });
  return answer?.readAt ?? new Date().toISOString();
};

const NotFound = ({ onBack }: { onBack: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3" as="section" aria-labelledby="document-missing" data-testid="document-not-found">
      <Heading as="h1" size="xl" id="document-missing">
        {t('documents.detail.notFound')}
      </Heading>
      <Text>{t('documents.detail.notFoundText')}</Text>
      <Button alignSelf="flex-start" variant="outline" onClick={onBack}>
        ← {t('documents.detail.backToList')}
      </Button>
    </Stack>
  );
};

const AS_BYTES = { bytes: true } as const;

/** Each document its own reads: another id starts afresh, nothing of the previous one shown meanwhile. */
export const DocumentPage = () => {
  const { docId = '' } = useParams({ strict: false }) as { docId?: string };
  return <DocumentView key={docId} docId={docId} />;
};

const DocumentView = ({ docId }: { docId: string }) => {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const router = useRouter();
  // The document, then its PDF once the document is known (both through machines/read, from the bus).
  const detail = useRead('documents.get', { params: { id: docId } });
  const loaded = detail.data as DocumentDetail | null;
  const file = useRead('documents.pdf', loaded ? { params: { id: docId } } : null, AS_BYTES);
  const bytes = file.data as Uint8Array | null;
  const fileFailed = file.failure !== null;
  // When it was marked read here (the server's answer to « documents.setRead »).
  const [readAt, setReadAt] = useState<string | null>(null);
  const doc = useMemo(() => (loaded && readAt && !loaded.readAt ? { ...loaded, readAt } : loaded), [loaded, readAt]);
  const missing = detail.failure?.status === 404;

  // Seen is read: once its pages are in, an unread document is marked read, once (quietly: the button stays on failure).
  const unread = doc !== null && !doc.readAt;
  const marking = useRef(false);
  useEffect(() => {
    if (!bytes || !unread || marking.current) return;
    marking.current = true;
    setRead(api, docId).then(setReadAt, () => undefined);
  }, [api, docId, bytes, unread]);

  // The page's commands: busy and failure in the command machine, the answer from the bus.
  const failureOf = (message: string) => (f: CommandFailure) => ({ message, detail: t(f.key) });
  const read = useCommand('documents.setRead', {
    failureAlert: failureOf('documents.messages.readError'),
    // The read time the server answers (or now, when it answers nothing).
    onDone: (answer) => {
      if (!doc) return;
      setReadAt((answer as Partial<DocumentSummary> | undefined)?.readAt ?? new Date().toISOString());
    },
  });
  const pdf = useCommand('documents.pdf', {
    failureAlert: failureOf('documents.messages.pdfError'),
    onDone: (file) => doc && saveBlob(file as Blob, pdfFileName(doc)),
  });
  const attestation = useCommand('documents.attestation', {
    failureAlert: failureOf('documents.messages.attestationError'),
    onDone: (file) => doc && saveBlob(file as Blob, attestationFileName(pdfFileName(doc))),
  });
  const markRead = () => {
    if (doc && !doc.readAt) read.submit({ params: { id: doc.id }, body: {} });
  };

  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/documents' });
  };

  if (missing) return <NotFound onBack={() => void navigate({ to: '/documents' })} />;

  const none = t('documents.detail.none');
  const href = doc ? originHref(doc.origin) : null;
  const facts: [string, ReactNode][] = doc
    ? [
        ['type', doc.typeLabel || doc.typeCode],
        [
          'employee',
          doc.employeeId ? (
            <Stack gap="0">
              <Text>{employeeNameOf(doc)}</Text>
              {doc.employeeEmail ? (
                <Text color="fg.muted" wordBreak="break-all">
                  {doc.employeeEmail}
                </Text>
              ) : null}
            </Stack>
          ) : (
            none
          ),
        ],
        ['destination', t(`documents.destination.${doc.destination}`)],
        ['organization', doc.organizationName],
        ['period', formatPeriod(doc.periodStart, doc.periodEnd, i18n.language)],
        ['emissionDate', formatDay(doc.emissionDate, i18n.language)],
        ['depositedAt', formatDateTime(doc.depositedAt, i18n.language)],
        ['depositedBy', doc.origin.userName ?? doc.transmitter ?? none],
        [
          'origin',
          <HStack key="origin" gap="2" wrap="wrap">
            <Badge>{t(`documents.origin.${doc.origin.source}`)}</Badge>
            {href && doc.origin.name ? <AppLink to={href}>{doc.origin.name}</AppLink> : (doc.origin.name ?? null)}
          </HStack>,
        ],
        ['read', <ReadBadge key="read" doc={doc} t={t} />],
        ['file', `${pdfFileName(doc)} · ${formatSize(doc.size, i18n.language)}`],
        ['pages', doc.pageCount === null ? none : String(doc.pageCount)],
        [
          'sha256',
          <Code key="sha" fontSize="xs" wordBreak="break-all" whiteSpace="normal" data-testid="document-sha256">
            {doc.sha256}
          </Code>,
        ],
        ['keywords', doc.keywords.length ? doc.keywords.join(', ') : none],
        ...[...doc.metaDatas, ...doc.additionalIndexes].map((m): [string, ReactNode] => [`meta:${m.name}`, m.value]),
      ]
    : [];

  return (
    <Stack gap="4" minW="0">
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" size="sm" onClick={back}>
          ← {t('documents.detail.backToList')}
        </Button>
        {doc ? (
          <>
            <Button
              size="sm"
              colorPalette="brand"
              loading={pdf.running}
              disabled={!pdf.canSubmit}
              onClick={() => pdf.submit({ params: { id: doc.id } })}
            >
              {t('documents.actions.downloadPdf')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={attestation.running}
              disabled={!attestation.canSubmit}
              onClick={() => attestation.submit({ params: { id: doc.id } })}
            >
              {t('documents.actions.downloadAttestation')}
            </Button>
            {doc.readAt ? null : (
              <Button size="sm" variant="outline" loading={read.running} disabled={!read.canSubmit} onClick={markRead}>
                {t('documents.actions.markRead')}
              </Button>
            )}
          </>
        ) : null}
      </HStack>
      <Heading as="h1" size="xl" wordBreak="break-word">
        {doc ? doc.description : t('sections.document')}
      </Heading>
      {detail.failure ? (
        <Text role="alert" color="fg.error">
          {t(detail.failure.key)}
        </Text>
      ) : !doc ? (
        <Text>{t('common.loading')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5" alignItems="start">
          <Box as="section" aria-labelledby="document-facts" minW="0">
            <Heading as="h2" size="md" id="document-facts" mb="2">
              {t('documents.detail.facts')}
            </Heading>
            <DataList.Root orientation="horizontal" size="sm">
              {facts.map(([key, value]) => (
                <DataList.Item key={key} data-fact={key}>
                  <DataList.ItemLabel>
                    {key.startsWith('meta:') ? key.slice(5) : t(`documents.detail.${key}`)}
                  </DataList.ItemLabel>
                  <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Box>
          <Box gridColumn={{ lg: 'span 2' }} minW="0">
            {fileFailed ? (
              <Text color="fg.error">{t('pdfViewer.error')}</Text>
            ) : (
              <PdfViewer data={bytes} label={t('documents.detail.preview')} />
            )}
          </Box>
        </SimpleGrid>
      )}
    </Stack>
  );
};
