import { Center, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TIMINGS } from '../../contract/constants.ts';

/**
 * A spinner that stays invisible for the first 300 ms (seed 000 §2), so fast answers never
 * flash a loader at the user.
 */
export const DelayedLoader = ({
  delayMs = ALERT_TIMINGS.loaderDelayMs,
  label,
}: {
  delayMs?: number;
  label?: string;
}) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <Center role="status" aria-live="polite" p="6" gap="3">
      <Spinner size="lg" colorPalette="brand" color="brand.solid" />
      <span>{label ?? t('common.loading')}</span>
    </Center>
  );
};
