import { Alert, Button, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** External sign-in entries (seed 000 §2). None has a provider configured on this installation. */
const Unavailable = ({ title, text }: { title: string; text: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout title={title}>
      <Stack gap="4">
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{text}</Alert.Description>
        </Alert.Root>
        <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
          {t('common.actions.backToLogin')}
        </Button>
      </Stack>
    </PublicLayout>
  );
};

export const SsoLoginPage = () => {
  const { t } = useTranslation();
  return <Unavailable title={t('auth.external.ssoTitle')} text={t('auth.external.ssoUnavailable')} />;
};

export const EdocLoginPage = () => {
  const { t } = useTranslation();
  return <Unavailable title={t('auth.external.edocTitle')} text={t('auth.external.edocUnavailable')} />;
};

export const MicrosoftLoginPage = () => {
  const { t } = useTranslation();
  return (
    <Unavailable
      title={t('auth.external.microsoftTitle')}
      text={`${t(ALERT_KEYS.login.microsoftFailure)}. ${t('auth.accountChoice.microsoftUnavailable')}`}
    />
  );
};
