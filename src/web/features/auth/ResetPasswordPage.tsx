import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PasswordRulesList } from '../../components/PasswordRulesList.tsx';
import { isPasswordValid } from './passwordRules.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** `/token-reinitialization/{token}`: a new password under the rules of seed 000 §5, then login with a success alert. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { token } = useParams({ strict: false }) as { token: string };
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = isPasswordValid(password, confirmation);
  const expired = failure === ERROR_KEYS.reinitTokenExpired || failure === ERROR_KEYS.notFound;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setSending(true);
    setFailure(null);
    api
      .call('users.reinitPasswordToken', { body: { token, password, confirmation } })
      .then(() => {
        alerts.push({ message: ALERT_KEYS.users.reinitPasswordSuccess, type: 'success' });
        void navigate({ to: '/login' });
      })
      .catch((f: { key?: string }) => setFailure(f.key ?? ERROR_KEYS.internal))
      .finally(() => setSending(false));
  };

  return (
    <PublicLayout title={t('auth.reset.title')} subtitle={t('auth.reset.intro')}>
      {expired ? (
        <Stack gap="4">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(ALERT_KEYS.users.reinitTokenFail)}</Alert.Description>
          </Alert.Root>
          <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
            {t('auth.reset.restart')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            {failure ? (
              <Text color="red.fg" role="alert">
                {t(failure, { defaultValue: t(ALERT_KEYS.users.reinitPasswordError) })}
              </Text>
            ) : null}
            <PasswordField
              label={t('auth.reset.password')}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              required
              describedBy={rulesId}
            />
            <PasswordField
              label={t('auth.reset.confirmation')}
              value={confirmation}
              onChange={setConfirmation}
              autoComplete="new-password"
              required
              describedBy={rulesId}
            />
            <PasswordRulesList id={rulesId} password={password} confirmation={confirmation} />
            <Button type="submit" colorPalette="brand" loading={sending} disabled={!valid}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicLayout>
  );
};
