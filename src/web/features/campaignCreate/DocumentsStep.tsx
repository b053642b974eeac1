/**
 * Step 2: the PDF files, dropped or picked. Each one is checked here as the server would (≤ 10 MB, a PDF
 * by its content, opened with pdf.js: damaged, encrypted or empty is refused with the server's key) and
 * a refused one is listed with its reason; the demo's sample payroll file can be downloaded.
 */
import { Badge, CloseButton, Flex, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth, useCommand } from '../../app/index.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { formatSize, refusalOf } from '../../components/pdfFile.ts';
import { SafeDocumentsPicker } from './SafeDocumentsPicker.tsx';
import type { CampaignCreation } from './useCampaignCreation.ts';

const SAMPLE_PAGES = 20;

export const DocumentsStep = ({ creation }: { creation: CampaignCreation }) => {
  const { t, i18n } = useTranslation();
  const { view, send, addFile, removeFile } = creation;
  // The sample file comes back on the bus; the command machine says whether it is on its way.
  const sample = useCommand('campaigns.samplePayroll', {
    failureAlert: 'campaignCreate.documents.sampleError',
    onDone: (file) => saveBlob(file as Blob, 'bulletins-exemple.pdf'),
  });
  const [checking, setChecking] = useState<string | null>(null);
  const { hasFeature } = useAuth();
  const disabled = !view.canAddDocuments;

  const add = async (files: readonly File[]) => {
    for (const file of files) {
      setChecking(file.name);
      // Campaign documents are stored decrypted (`storablePdf`): a signed and encrypted one is refused.
      const key = await refusalOf(file, { decrypts: true }).finally(() => setChecking(null));
      if (key) send({ type: 'creation.document.reject', file: { name: file.name, key } });
      else addFile(file);
    }
  };
  const downloadSample = () => {
    if (sample.canSubmit) sample.submit({ query: { pages: SAMPLE_PAGES } });
  };

  return (
    <Stack gap="3">
      <PdfDropZone
        testId="campaign-dropzone"
        large
        disabled={disabled}
        onFiles={(files) => void add(files)}
        texts={{
          drop: t('campaignCreate.documents.drop'),
          pick: t('campaignCreate.documents.pick'),
          label: t('campaignCreate.documents.label'),
          hint: t('campaignCreate.documents.hint'),
        }}
      />
      {checking ? (
        <Text role="status" fontSize="sm" color="fg.muted">
          {t('campaignCreate.documents.checking', { name: checking })}
        </Text>
      ) : null}
      {view.documents.length > 0 ? (
        <List.Root listStyle="none" gap="1" aria-label={t('campaignCreate.documents.list')}>
          {view.documents.map((d) => (
            <List.Item key={d.id}>
              <Flex align="center" gap="2" borderWidth="1px" rounded="md" px="3" py="1">
                <Text flex="1" truncate>
                  {d.name}
                </Text>
                {d.fromSafe ? (
                  <Badge colorPalette="teal" flexShrink={0}>
                    {t('campaignCreate.documents.safe.badge')}
                  </Badge>
                ) : null}
                <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                  {formatSize(d.size, i18n.language)}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('campaignCreate.documents.remove', { name: d.name })}
                  disabled={view.isSending}
                  onClick={() => removeFile(d.id)}
                />
              </Flex>
            </List.Item>
          ))}
        </List.Root>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {t('campaignCreate.documents.none')}
        </Text>
      )}
      {view.rejected.length > 0 ? (
        <List.Root role="alert" color="fg.error" fontSize="sm" ps="4">
          {view.rejected.map((r) => (
            <List.Item key={r.name}>
              {t('campaignCreate.documents.refused', { name: r.name, reason: t(r.key) })}
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      <Text fontSize="sm">
        <Link as="button" colorPalette="blue" onClick={downloadSample} aria-disabled={!sample.canSubmit}>
          {t('campaignCreate.documents.sample')}
        </Link>{' '}
        <Text as="span" color="fg.muted">
          {t('campaignCreate.documents.sampleHint')}
        </Text>
      </Text>
      {hasFeature('DocSearch') ? <SafeDocumentsPicker creation={creation} /> : null}
    </Stack>
  );
};
