/**
 * Paper dispatch of a campaign (`GET /dispatch/{id}/editiqueInfos`): counts by postal status and each
 * letter's dates, refreshed on demand (seed 000 §4). The postal side is simulated (see the note shown).
 */
import { Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRead } from '../../app/index.ts';

const shortDate = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) : '—';

export const PostalInfo = ({ campaignId, paperCount }: { campaignId: string; paperCount: number }) => {
  const { t, i18n } = useTranslation();
  // Read when paper documents appear (or their number changes); then only on demand.
  const {
    data: infos,
    loading,
    canReload,
    reload,
  } = useRead(
    'campaigns.editiqueInfos',
    paperCount > 0 ? { params: { id: campaignId }, scope: String(paperCount) } : null,
    { failureAlert: 'campaigns.postal.failure' },
  );

  const locale = i18n.language;
  return (
    <Box as="section" aria-labelledby="campaign-postal">
      <HStack gap="3" mb="2" wrap="wrap">
        <Heading as="h2" size="md" id="campaign-postal">
          {t('campaigns.postal.title')}
        </Heading>
        <Button size="sm" variant="outline" loading={loading && canReload} disabled={!canReload} onClick={reload}>
          {t('campaigns.postal.refresh')}
        </Button>
      </HStack>
      {!infos || infos.paperCount === 0 ? (
        <Text color="fg.muted">{t('campaigns.postal.empty')}</Text>
      ) : (
        <Stack gap="2">
          <Text>
            {t('campaigns.postal.summary', {
              count: infos.paperCount,
              time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(infos.refreshedAt)),
            })}
          </Text>
          <HStack gap="2" wrap="wrap">
            {Object.entries(infos.byStatus).map(([status, n]) => (
              <Badge key={status} data-postal-status={status}>
                {t(`campaigns.postal.status.${status}`)} · {n}
              </Badge>
            ))}
          </HStack>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-labelledby="campaign-postal">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('campaigns.postal.recipient')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaigns.postal.statusLabel')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaigns.postal.dispatchDate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaigns.postal.receptionDate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('campaigns.postal.returnDate')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {infos.documents.map((d) => (
                  <Table.Row key={d.id}>
                    <Table.Cell>{d.recipientName ?? t('campaigns.docs.unknownRecipient')}</Table.Cell>
                    <Table.Cell>{t(`campaigns.postal.status.${d.status}`)}</Table.Cell>
                    <Table.Cell>{shortDate(d.dispatchDate, locale)}</Table.Cell>
                    <Table.Cell>{shortDate(d.receptionDate, locale)}</Table.Cell>
                    <Table.Cell>{shortDate(d.returnDate, locale)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {t('campaigns.postal.simulated')}
          </Text>
        </Stack>
      )}
    </Box>
  );
};
