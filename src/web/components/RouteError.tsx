import { Alert, Button, Stack } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A page's data could not be loaded: say so in the user's words (the failure's key) and offer a retry. */
export const RouteError = ({ error, fallbackKey = 'error.internal' }: { error: unknown; fallbackKey?: string }) => {
  const { t } = useTranslation();
  const router = useRouter();
  const key =
    typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string'
      ? error.key
      : fallbackKey;
  return (
    <Stack gap="3" maxW="xl">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{t(key, { defaultValue: t(fallbackKey) })}</Alert.Description>
      </Alert.Root>
      <Button alignSelf="flex-start" variant="outline" onClick={() => void router.invalidate()}>
        {t('common.actions.retry')}
      </Button>
    </Stack>
  );
};
