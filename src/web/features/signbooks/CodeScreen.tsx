/**
 * Step 3 of the walk: type the code received. A wrong code says so with the tries left and puts the focus
 * back in the emptied field; an expired or locked code leaves only "new code", which then takes the focus.
 * In the demo (codes in the outbox) a link opens the outbox.
 */
import { Alert, Button, Field, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { SignerView } from '../../../../machines/signer/index.ts';
import { OutboxDialog } from './OutboxDialog.tsx';
import type { SignbookCalls } from './signbookAccess.ts';

export const CodeScreen = ({
  view,
  outboxCall,
  onSubmit,
  onRenew,
  onBack,
  onExpired,
}: {
  view: SignerView;
  /** Where this signer's own demo messages are read. */
  outboxCall: SignbookCalls['outbox'];
  onSubmit: (code: string) => void;
  onRenew: () => void;
  onBack: () => void;
  onExpired: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  // A wrong try (one try less) empties the field for the next one.
  const [typed, setTyped] = useState({ tries: view.triesLeft, value: '' });
  const code = typed.tries === view.triesLeft ? typed.value : '';
  const setCode = (value: string) => setTyped({ tries: view.triesLeft, value });
  const [outbox, setOutbox] = useState(false);
  const expiresAt = view.sent?.expiresAt;

  // The code's lifetime (the server's expiresAt): the screen says it is expired without waiting for a refused try.
  useEffect(() => {
    if (!expiresAt || !view.canEnterCode) return;
    const left = new Date(expiresAt).getTime() - Date.now();
    const timer = setTimeout(onExpired, Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [expiresAt, view.canEnterCode]); // eslint-disable-line react-hooks/exhaustive-deps -- onExpired is stable in intent

  const until = expiresAt
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(expiresAt))
    : '';
  const wrong = view.errorKey === ALERT_KEYS.signature.invalidCode;
  const stuck = view.locked || view.expired;

  // A refused try (wrong, malformed, locked, expired): the focus goes where the signer goes on — unless it is elsewhere (the outbox).
  const screen = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const renew = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view.signing || (!view.errorKey && !stuck)) return;
    const active = document.activeElement;
    if (active && active !== document.body && !screen.current?.contains(active)) return;
    (stuck ? renew : field).current?.focus();
  }, [view.signing, view.errorKey, view.triesLeft, stuck]);

  return (
    <Stack gap="4" ref={screen}>
      {view.sent?.to ? (
        <Text>
          {t('signbooks.signer.code.sent', {
            to: view.sent.to,
            channel: t(`signbooks.channelBy.${view.sent.mode}`),
            until,
          })}
        </Text>
      ) : null}
      {view.sent?.outbox ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {t('signbooks.signer.code.demo')}{' '}
              <Link as="button" onClick={() => setOutbox(true)} color="blue.fg" textDecoration="underline">
                {t('signbooks.signer.code.openOutbox')}
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {stuck ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t(view.locked ? 'signbooks.signer.code.lockedTitle' : 'signbooks.signer.code.expiredTitle')}
            </Alert.Title>
            <Alert.Description>
              {t(view.locked ? 'error.signature-code.locked' : 'error.signature-code.expired')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack
          as="form"
          gap="3"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(code);
          }}
        >
          <Field.Root invalid={Boolean(view.errorKey)}>
            <Field.Label htmlFor={`${id}-code`}>{t('signbooks.signer.code.label')}</Field.Label>
            <Input
              ref={field}
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              fontSize="xl"
              letterSpacing="0.3em"
              maxW="14rem"
            />
            {view.errorKey ? (
              <Field.ErrorText role="alert">
                {t(view.errorKey)}
                {wrong ? ` ${t('signbooks.signer.code.triesLeft', { count: view.triesLeft })}` : ''}
              </Field.ErrorText>
            ) : (
              <Field.HelperText>{t('signbooks.signer.code.help')}</Field.HelperText>
            )}
          </Field.Root>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" colorPalette="blue" loading={view.signing}>
              {t('signbooks.signer.code.sign')}
            </Button>
          </Flex>
        </Stack>
      )}
      <Flex gap="2" wrap="wrap">
        <Button
          ref={renew}
          variant={stuck ? 'solid' : 'outline'}
          colorPalette={stuck ? 'blue' : undefined}
          onClick={onRenew}
          disabled={view.busy}
        >
          {t('signbooks.signer.code.renew')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={view.busy}>
          {t('signbooks.signer.code.otherChannel')}
        </Button>
      </Flex>
      <OutboxDialog open={outbox} onClose={() => setOutbox(false)} call={outboxCall} />
    </Stack>
  );
};
