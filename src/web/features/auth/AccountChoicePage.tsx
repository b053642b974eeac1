import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useServices } from '../../app/index.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { startMicrosoftLogin, useSsoSettings } from './sso.ts';

/** Product account or Microsoft account (seed 000 §2). Without a configured provider the page says so. */
export const AccountChoicePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useServices();
  const sso = useSsoSettings();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  return (
    <PublicLayout title={t('auth.accountChoice.title')}>
      <Stack gap="4">
        <Text>{t('auth.accountChoice.intro')}</Text>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
          {t('auth.actions.useProductAccount')}
        </Button>
        {sso?.microsoft ? (
          <Button
            variant="outline"
            loading={leaving}
            onClick={() => {
              setError(null);
              setLeaving(true);
              startMicrosoftLogin(api).catch((e: { key?: string }) => {
                setLeaving(false);
                setError(e.key ?? ALERT_KEYS.login.microsoftFailure);
              });
            }}
          >
            {t('auth.actions.microsoft')}
          </Button>
        ) : sso ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('auth.external.microsoftTitle')}</Alert.Title>
              <Alert.Description>{t('auth.accountChoice.microsoftUnavailable')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(error)}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Stack>
    </PublicLayout>
  );
};
