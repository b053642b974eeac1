import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { useCommand } from '../../app/index.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { isPasswordValid } from '../../../contract/validation.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** `/token-reinitialization/{token}`: a new password under the rules of seed 000 §5, then login with a success alert. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { token } = useParams({ strict: false }) as { token: string };
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useCommand('users.reinitPasswordToken', {
    successAlert: ALERT_KEYS.users.reinitPasswordSuccess,
    onDone: () => void navigate({ to: '/login' }),
  });
  const failure = reset.failure?.key ?? null;
  const valid = isPasswordValid(password, confirmation);
  const expired = failure === ERROR_KEYS.reinitTokenExpired || failure === ERROR_KEYS.notFound;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && reset.canSubmit) reset.submit({ body: { token, password, confirmation } });
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
            <NewPasswordFields
              passwordLabel={t('auth.reset.password')}
              confirmationLabel={t('auth.reset.confirmation')}
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
            />
            <Button type="submit" colorPalette="brand" loading={reset.running} disabled={!valid || !reset.canSubmit}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicLayout>
  );
};
