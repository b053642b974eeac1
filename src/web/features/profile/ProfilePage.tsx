import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useProfile, type Profile } from './useProfile.ts';

const profileRoute = getRouteApi('/app/profile');

const IdentityCard = ({ user, profile: { view, send } }: { user: CurrentUser; profile: Profile }) => {
  const { t } = useTranslation();
  const firstId = useId();
  const lastId = useId();
  const save = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'profile.identity.save' });
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
              <Field.Root required invalid={view.firstNameMissing}>
                <Field.Label htmlFor={firstId}>{t('profile.identity.firstName')}</Field.Label>
                <Input
                  id={firstId}
                  value={view.firstName}
                  onChange={(e) => send({ type: 'profile.identity.edit', field: 'firstName', value: e.target.value })}
                  autoComplete="given-name"
                />
                <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={view.lastNameMissing}>
                <Field.Label htmlFor={lastId}>{t('profile.identity.lastName')}</Field.Label>
                <Input
                  id={lastId}
                  value={view.lastName}
                  onChange={(e) => send({ type: 'profile.identity.edit', field: 'lastName', value: e.target.value })}
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
            {view.identityError ? (
              <Text color="red.fg" role="alert">
                {t(view.identityError, { defaultValue: t(ERROR_KEYS.internal) })}
              </Text>
            ) : null}
            <Button
              type="submit"
              alignSelf="flex-start"
              colorPalette="brand"
              loading={view.savingIdentity}
              disabled={!view.canSaveIdentity}
            >
              {t('common.actions.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};

const PasswordCard = ({ profile: { view, send } }: { profile: Profile }) => {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'profile.password.submit' });
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
              value={view.passwords.current}
              onChange={(value) => send({ type: 'profile.password.edit', field: 'current', value })}
              autoComplete="current-password"
              required
            />
            <NewPasswordFields
              passwordLabel={t('profile.password.new')}
              confirmationLabel={t('profile.password.confirmation')}
              password={view.passwords.password}
              confirmation={view.passwords.confirmation}
              onPasswordChange={(value) => send({ type: 'profile.password.edit', field: 'password', value })}
              onConfirmationChange={(value) => send({ type: 'profile.password.edit', field: 'confirmation', value })}
            />
            {view.passwordError ? (
              <Text color="red.fg" role="alert">
                {t(view.passwordError, { defaultValue: t(ALERT_KEYS.users.passwordChangeError) })}
              </Text>
            ) : null}
            <Button
              type="submit"
              alignSelf="flex-start"
              colorPalette="brand"
              loading={view.sendingPassword}
              disabled={!view.canChangePassword}
            >
              {t('profile.password.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};

const LanguageCard = ({ profile: { send } }: { profile: Profile }) => {
  const { t } = useTranslation();
  return (
    <Card.Root as="section" aria-labelledby="profile-language">
      <Card.Header>
        <Heading as="h2" size="md" id="profile-language">
          {t('profile.language.title')}
        </Heading>
      </Card.Header>
      <Card.Body gap="2">
        <LanguageSwitcher onChanged={(locale) => send({ type: 'profile.locale.change', locale })} />
        <Text fontSize="sm" color="fg.muted">
          {t('profile.language.help')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
};

/** The user as the route read them; the identity, password and language workflows are the profile machine. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const user = profileRoute.useLoaderData();
  const profile = useProfile(user);
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('sections.profile')}
      </Heading>
      <IdentityCard user={user} profile={profile} />
      <PasswordCard profile={profile} />
      <LanguageCard profile={profile} />
    </Stack>
  );
};
