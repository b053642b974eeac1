import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField.tsx';
import { loginErrorText } from './loginError.ts';

export interface LoginFormProps {
  busy: boolean;
  error: { key: string; message?: string } | null;
  isBlocked: boolean;
  onSubmit: (login: string, password: string) => void;
}

export const LoginForm = ({ busy, error, isBlocked, onSubmit }: LoginFormProps) => {
  const { t, i18n } = useTranslation();
  const loginId = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const errorText = loginErrorText(t, (key) => i18n.exists(key), error, isBlocked);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!login.trim() || !password) return;
    onSubmit(login.trim(), password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {errorText ? (
          <Alert.Root status={isBlocked ? 'warning' : 'error'} role="alert">
            <Alert.Indicator />
            <Alert.Description>{errorText}</Alert.Description>
          </Alert.Root>
        ) : null}
        <Field.Root required>
          <Field.Label htmlFor={loginId}>{t('auth.fields.login')}</Field.Label>
          <Input
            id={loginId}
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            autoComplete="username"
            autoFocus
          />
        </Field.Root>
        <PasswordField
          label={t('auth.fields.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        <Button type="submit" colorPalette="brand" loading={busy} disabled={!login.trim() || !password}>
          {t('auth.actions.submit')}
        </Button>
      </Stack>
    </form>
  );
};
