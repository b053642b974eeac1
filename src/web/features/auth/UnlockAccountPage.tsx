import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useCommand } from '../../app/index.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * `/account-unlock/{token}`: the one-time link mailed to the owner of a blocked account. Opening it
 * lifts the block at once (the link is the proof: only the account's mailbox received it).
 */
export const UnlockAccountPage = () => {
  const { t } = useTranslation();
  const { token } = useParams({ strict: false }) as { token: string };
  const navigate = useNavigate();
  const unlock = useCommand('users.unlockAccount');
  const { submit } = unlock;
  // Sent once the page is open (a second submit while it runs is not taken); leaving the page abandons it.
  useEffect(() => submit({ body: { token } }), [submit, token]);
  const working = !unlock.done && !unlock.failure;

  return (
    <PublicLayout title={t('auth.unlock.title')}>
      <Stack gap="4">
        {working ? <Text role="status">{t('auth.unlock.working')}</Text> : null}
        {unlock.done ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('auth.unlock.done')}</Alert.Description>
          </Alert.Root>
        ) : null}
        {unlock.failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(ERROR_KEYS.unlockTokenExpired)}</Alert.Description>
          </Alert.Root>
        ) : null}
        {!working ? (
          <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
            {t('auth.unlock.toLogin')}
          </Button>
        ) : null}
      </Stack>
    </PublicLayout>
  );
};
