import { Alert, Button, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAuth, useServices } from '../../app/index.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { LoginForm } from './LoginForm.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { startMicrosoftLogin, useSsoSettings } from './sso.ts';

/**
 * Where the user lands once logged in is decided by the route guards: the app re-runs them
 * when the auth status changes (home, the kept redirect target, or domain choice).
 */
// Loaded on first click: the dialog machinery is not needed to sign in.
const ForgottenPasswordDialog = lazy(() =>
  import('./ForgottenPasswordDialog.tsx').then((m) => ({ default: m.ForgottenPasswordDialog })),
);

export const LoginPage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  const { api } = useServices();
  const sso = useSsoSettings();
  const [ssoError, setSsoError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const search: { password?: string } = useSearch({ strict: false });
  // With CAS_URL set, an unauthenticated user goes to the CAS login (seed 000 §2); `?password=1` keeps the form.
  useEffect(() => {
    if (sso?.casRedirect && sso.casLoginUrl && !search.password) window.location.assign(sso.casLoginUrl);
  }, [search.password, sso]);
  const microsoft = () => {
    // Without a configured provider the account choice says so.
    if (!sso?.microsoft) return void navigate({ to: '/account-choice' });
    setSsoError(null);
    setLeaving(true);
    startMicrosoftLogin(api).catch((error: { key?: string }) => {
      setLeaving(false);
      setSsoError(error.key ?? ALERT_KEYS.login.microsoftFailure);
    });
  };
  return (
    <PublicLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} footer={<LanguageSwitcher />}>
      <Stack gap="4">
        <LoginForm
          busy={auth.status === 'loggingIn'}
          error={auth.loginError}
          isBlocked={auth.isBlocked}
          onSubmit={auth.login}
        />
        <Flex justify="flex-end">
          <Button variant="plain" size="sm" color="brand.fg" px="0" onClick={() => setForgotOpen(true)}>
            {t('auth.actions.forgotPassword')}
          </Button>
        </Flex>
        {forgotOpen ? (
          <Suspense fallback={null}>
            <ForgottenPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
          </Suspense>
        ) : null}
        <Flex align="center" gap="3">
          <Separator flex="1" />
          <Text fontSize="sm" color="fg.muted">
            {t('auth.login.or')}
          </Text>
          <Separator flex="1" />
        </Flex>
        {ssoError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(ssoError)}</Alert.Description>
          </Alert.Root>
        ) : null}
        <Button variant="outline" loading={leaving} onClick={microsoft}>
          {t('auth.actions.microsoft')}
        </Button>
        {sso?.casLoginUrl ? (
          <Button variant="outline" onClick={() => window.location.assign(sso.casLoginUrl!)}>
            {t('auth.actions.cas')}
          </Button>
        ) : null}
        {sso?.demo ? (
          <Text fontSize="sm" color="fg.muted">
            {t('auth.sso.demoNotice')}
          </Text>
        ) : null}
      </Stack>
    </PublicLayout>
  );
};
