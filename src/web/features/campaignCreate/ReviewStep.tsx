/** Step 5: what will be sent, then the upload's progress or its failure (the panel shows it too). */
import { Alert, Box, Grid, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { failureText } from './failureText.ts';
import type { CampaignCreation } from './useCampaignCreation.ts';

export const ReviewStep = ({ creation }: { creation: CampaignCreation }) => {
  const { t } = useTranslation();
  const { view } = creation;
  const yes = (on: boolean) => t(on ? 'campaignCreate.review.yes' : 'campaignCreate.review.no');
  const rows: [string, string][] = [
    ['campaignCreate.options.name', view.name],
    ['campaignCreate.options.docName', view.effectiveDocName],
    ['campaignCreate.review.type', view.docType?.label ?? ''],
    ['campaignCreate.review.documents', view.documents.map((d) => d.name).join(', ')],
    [
      'campaignCreate.review.recipients',
      view.mode === 'automatic'
        ? t('campaignCreate.review.automatic')
        : t('campaignCreate.review.manual', { count: view.recipients.length }),
    ],
    ['campaignCreate.options.review', yes(view.review)],
    ['campaignCreate.options.onRefuse', yes(view.onRefuse)],
    ['campaignCreate.options.onError', yes(view.onError)],
  ];
  return (
    <Stack gap="4">
      <Grid as="dl" templateColumns={{ base: '1fr', md: '18rem 1fr' }} columnGap="4" rowGap={{ base: '1', md: '2' }}>
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted" mt={{ base: '2', md: '0' }}>
              {t(label)}
            </Text>
            <Text as="dd" fontWeight="medium" wordBreak="break-word">
              {value}
            </Text>
          </Box>
        ))}
      </Grid>
      {view.isSending || view.isSent ? (
        <Stack gap="1" aria-live="polite">
          <Progress.Root value={view.percentage} max={100} size="sm" colorPalette="blue">
            <Progress.Label>
              {t(view.uploadCompleted ? 'campaignCreate.review.uploadCompleted' : 'campaignCreate.review.uploading')}
            </Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText>{`${view.percentage} %`}</Progress.ValueText>
          </Progress.Root>
        </Stack>
      ) : null}
      {view.failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(view.failure.key)}</Alert.Title>
            {view.failure.detailKey ? (
              <Alert.Description>
                {failureText(t, view.failure.detailKey, view.failure.detail ?? view.failure.fields?.file)}
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {!view.isSending && !view.failure ? (
        <Text fontSize="sm" color="fg.muted">
          {t('campaignCreate.review.ready')}
        </Text>
      ) : null}
    </Stack>
  );
};
