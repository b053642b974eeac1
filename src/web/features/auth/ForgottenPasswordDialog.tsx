import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useCommand } from '../../app/index.ts';

/** Forgotten password: sends `users.passwordLost` with the e-mail, then confirms without revealing whether the account exists. */
export const ForgottenPasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const send = useCommand('users.passwordLost');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() && send.canSubmit) send.submit({ body: { email: email.trim() } });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('auth.forgot.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {send.done ? (
                  <Alert.Root status="success" role="status">
                    <Alert.Indicator />
                    <Alert.Description>{t(ALERT_KEYS.users.passwordLostSent)}</Alert.Description>
                  </Alert.Root>
                ) : (
                  <Stack gap="3">
                    <Text>{t('auth.forgot.intro')}</Text>
                    <Field.Root required>
                      <Field.Label htmlFor={emailId}>{t('auth.fields.email')}</Field.Label>
                      <Input
                        id={emailId}
                        type="email"
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                        autoComplete="email"
                      />
                    </Field.Root>
                    {send.failure ? (
                      <Text color="red.fg" role="alert">
                        {t(send.failure.key, { defaultValue: t('error.internal') })}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">
                    {send.done ? t('common.actions.close') : t('common.actions.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                {send.done ? null : (
                  <Button
                    type="submit"
                    colorPalette="brand"
                    loading={send.running}
                    disabled={!email.trim() || !send.canSubmit}
                  >
                    {t('auth.actions.sendLink')}
                  </Button>
                )}
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
