import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from './PublicLayout.tsx';

/** Product account or Microsoft account. No Microsoft tenant is configured here, and the page says so. */
export const AccountChoicePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout title={t('auth.accountChoice.title')}>
      <Stack gap="4">
        <Text>{t('auth.accountChoice.intro')}</Text>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
          {t('auth.actions.useProductAccount')}
        </Button>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auth.external.microsoftTitle')}</Alert.Title>
            <Alert.Description>{t('auth.accountChoice.microsoftUnavailable')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    </PublicLayout>
  );
};
