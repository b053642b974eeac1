import { Button, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/index.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { LoginForm } from './LoginForm.tsx';
import { PublicLayout } from './PublicLayout.tsx';

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
        <Button variant="outline" onClick={() => void navigate({ to: '/account-choice' })}>
          {t('auth.actions.microsoft')}
        </Button>
      </Stack>
    </PublicLayout>
  );
};
