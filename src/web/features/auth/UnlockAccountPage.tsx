import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useServices } from '../../app/index.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * `/account-unlock/{token}`: the one-time link mailed to the owner of a blocked account. Opening it
 * lifts the block at once (the link is the proof: only the account's mailbox received it).
 */
export const UnlockAccountPage = () => {
  const { t } = useTranslation();
  const { token } = useParams({ strict: false }) as { token: string };
  const { api } = useServices();
  const navigate = useNavigate();
  const [state, setState] = useState<'working' | 'done' | { failed: string }>('working');

  useEffect(() => {
    const controller = new AbortController();
    api
      .call('users.unlockAccount', { body: { token }, signal: controller.signal })
      .then(() => setState('done'))
      .catch((f: { key?: string }) => !controller.signal.aborted && setState({ failed: f.key ?? ERROR_KEYS.internal }));
    return () => controller.abort();
  }, [api, token]);

  return (
    <PublicLayout title={t('auth.unlock.title')}>
      <Stack gap="4">
        {state === 'working' ? <Text role="status">{t('auth.unlock.working')}</Text> : null}
        {state === 'done' ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('auth.unlock.done')}</Alert.Description>
          </Alert.Root>
        ) : null}
        {typeof state === 'object' ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {t(state.failed === ERROR_KEYS.unlockTokenExpired ? state.failed : ERROR_KEYS.unlockTokenExpired)}
            </Alert.Description>
          </Alert.Root>
        ) : null}
        {state !== 'working' ? (
          <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
            {t('auth.unlock.toLogin')}
          </Button>
        ) : null}
      </Stack>
    </PublicLayout>
  );
};
