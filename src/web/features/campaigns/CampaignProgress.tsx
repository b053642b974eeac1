/**
 * The running job's progress: pages split out of the PDF's pages while splitting, documents handled
 * out of those to distribute while distributing, with the rate measured from the pushed progress
 * (`campaign.progressed`, a few per second) since the page saw the job run.
 */
import { HStack, Progress, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/entities.ts';
import { countTotals } from './labels.ts';

/** Documents a distribution still has to handle. */
const PENDING = ['NEEDS_DISPATCHING', 'DISPATCHING'] as const;
/** Documents no distribution will handle. */
const OUT_OF_RUN = ['REFUSED', 'CANCELED'] as const;

export const dispatchProgress = (counts: Readonly<Record<string, number>>): { done: number; total: number } => {
  const all = countTotals(counts).total;
  const pending = PENDING.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const total = all - OUT_OF_RUN.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return { done: total - pending, total };
};

export const CampaignProgress = ({ campaign, step }: { campaign: Campaign; step: string }) => {
  const { t, i18n } = useTranslation();
  const splitting = step === 'splitting';
  const { done, total } = splitting
    ? { done: campaign.pagesSplit, total: campaign.pagesTotal }
    : dispatchProgress(campaign.counts);
  // The first value seen for this step: the rate is measured from there, as pushes move `done`.
  const start = useRef<{ step: string; at: number; done: number } | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  useEffect(() => {
    const now = Date.now();
    if (start.current?.step !== step) {
      start.current = { step, at: now, done };
      setRate(null);
      return;
    }
    const seconds = (now - start.current.at) / 1000;
    if (seconds >= 1 && done > start.current.done) setRate(Math.round((done - start.current.done) / seconds));
  }, [step, done]);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const number = (n: number) => n.toLocaleString(i18n.language);
  // `done` and the rate are each their text's count (formatted by the text): « 1 page découpée », « 1 document/s ».
  const label = splitting
    ? t('campaigns.page.pages', { count: done, total: number(total) })
    : t('campaigns.progress.documents', { count: done, total: number(total) });
  return (
    <Progress.Root value={total > 0 ? percent : null} max={100} size="md" colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" wrap="wrap" gap="2" mb="1">
        <Text fontSize="sm">{label}</Text>
        <Text fontSize="sm" color="fg.muted">
          {total > 0 ? new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100) : ''}
          {rate !== null
            ? ` · ${t(splitting ? 'campaigns.progress.pagesRate' : 'campaigns.progress.docsRate', { count: rate })}`
            : ''}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
};
