import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../contract/constants.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { isPasswordValid } from '../../../contract/validation.ts';

const profileRoute = getRouteApi('/app/profile');
const keyOf = (failure: unknown): string =>
  typeof failure === 'object' && failure !== null && 'key' in failure && typeof failure.key === 'string'
    ? failure.key
    : ERROR_KEYS.internal;

const IdentityCard = () => {
  const { t } = useTranslation();
  const user = profileRoute.useLoaderData();
  const { api } = useServices();
  const auth = useAuth();
  const alerts = useAlerts();
  const firstId = useId();
  const lastId = useId();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.name;
  const complete = firstName.trim() !== '' && lastName.trim() !== '';

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!changed || !complete) return;
    setSaving(true);
    setError(null);
    api
      .call('users.updateBasic', {
        params: { id: user.userId },
        body: { firstName: firstName.trim(), lastName: lastName.trim() },
      })
      .then(() => {
        alerts.push({ message: 'profile.identity.saved', type: 'success' });
        auth.refresh();
      })
      .catch((f: unknown) => setError(keyOf(f)))
      .finally(() => setSaving(false));
  };

  return (
    <Card.Root as="section" aria-labelledby="profile-identity">
      <Card.Header>
        <Heading as="h2" size="md" id="profile-identity">
          {t('profile.identity.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={save} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root required invalid={firstName.trim() === ''}>
                <Field.Label htmlFor={firstId}>{t('profile.identity.firstName')}</Field.Label>
                <Input
                  id={firstId}
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                  autoComplete="given-name"
                />
                <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={lastName.trim() === ''}>
                <Field.Label htmlFor={lastId}>{t('profile.identity.lastName')}</Field.Label>
                <Input
                  id={lastId}
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                  autoComplete="family-name"
                />
                <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {/* One text per language: French puts a space before the colon, English does not. */}
              {t('profile.identity.summary', { login: user.login, email: user.email ?? '—' })}
            </Text>
            {user.email ? null : (
              <Text fontSize="sm" color="orange.fg">
                {t('profile.identity.noEmail')}
              </Text>
            )}
            {error ? (
              <Text color="red.fg" role="alert">
                {t(error, { defaultValue: t(ERROR_KEYS.internal) })}
              </Text>
            ) : null}
            <Button
              type="submit"
              alignSelf="flex-start"
              colorPalette="brand"
              loading={saving}
              disabled={!changed || !complete}
            >
              {t('common.actions.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};

const PasswordCard = () => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = current !== '' && isPasswordValid(password, confirmation);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setSending(true);
    setError(null);
    api
      .call('users.changePassword', { body: { oldPassword: current, password, confirmation } })
      .then(() => {
        alerts.push({ message: ALERT_KEYS.users.passwordChangeSuccess, type: 'success' });
        setCurrent('');
        setPassword('');
        setConfirmation('');
      })
      .catch((f: unknown) => setError(keyOf(f)))
      .finally(() => setSending(false));
  };

  return (
    <Card.Root as="section" aria-labelledby="profile-password">
      <Card.Header>
        <Heading as="h2" size="md" id="profile-password">
          {t('profile.password.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="4" maxW="md">
            <PasswordField
              label={t('profile.password.current')}
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
              required
            />
            <NewPasswordFields
              passwordLabel={t('profile.password.new')}
              confirmationLabel={t('profile.password.confirmation')}
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
            />
            {error ? (
              <Text color="red.fg" role="alert">
                {t(error, { defaultValue: t(ALERT_KEYS.users.passwordChangeError) })}
              </Text>
            ) : null}
            <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={sending} disabled={!valid}>
              {t('profile.password.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};

const LanguageCard = () => {
  const { t } = useTranslation();
  const user = profileRoute.useLoaderData();
  const { api } = useServices();
  // The server keeps the language too, so it follows the user to another browser.
  const persist = (locale: Locale) =>
    void api
      .call('users.updateBasic', {
        params: { id: user.userId },
        body: { firstName: user.firstName, lastName: user.name, locale },
      })
      .catch(() => undefined);
  return (
    <Card.Root as="section" aria-labelledby="profile-language">
      <Card.Header>
        <Heading as="h2" size="md" id="profile-language">
          {t('profile.language.title')}
        </Heading>
      </Card.Header>
      <Card.Body gap="2">
        <LanguageSwitcher onChanged={persist} />
        <Text fontSize="sm" color="fg.muted">
          {t('profile.language.help')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
};

export const ProfilePage = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('sections.profile')}
      </Heading>
      <IdentityCard />
      <PasswordCard />
      <LanguageCard />
    </Stack>
  );
};
