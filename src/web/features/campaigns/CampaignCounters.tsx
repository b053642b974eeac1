/** The campaign's document counters (seed 000 §4 counted-as rules) and one badge per status present. */
import { Badge, Box, Heading, HStack, SimpleGrid, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DISPATCHED_DOC_STATUSES } from '../../../contract/enums.ts';
import { countTotals, docStatusPalette } from './labels.ts';

export const CampaignCounters = ({ counts }: { counts: Readonly<Record<string, number>> }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const totals = countTotals(counts);
  const perStatus = DISPATCHED_DOC_STATUSES.filter((s) => (counts[s] ?? 0) > 0);
  return (
    <Box as="section" aria-labelledby="campaign-counters">
      <Heading as="h2" size="md" id="campaign-counters" mb="2">
        {t('campaigns.counters.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {(
          [
            ['dispatched', totals.dispatched],
            ['notDispatched', totals.notDispatched],
            ['total', totals.total],
          ] as const
        ).map(([key, value]) => (
          <Stat.Root key={key} borderWidth="1px" rounded="md" p="3" data-counter={key}>
            <Stat.Label>{t(`campaigns.counters.${key}`)}</Stat.Label>
            <Stat.ValueText>{number.format(value)}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <HStack gap="2" wrap="wrap" mt="2" aria-label={t('campaigns.counters.byStatus')}>
        {perStatus.map((s) => (
          <Badge key={s} colorPalette={docStatusPalette(s)} data-count-status={s}>
            {t('campaigns.counters.status', { status: t(`campaigns.docStatus.${s}`), count: counts[s] })}
          </Badge>
        ))}
      </HStack>
    </Box>
  );
};
