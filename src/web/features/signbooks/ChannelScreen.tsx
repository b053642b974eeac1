/**
 * Step 2 of the walk: how to receive the code (SMS, e-mail or voice message) and where. A refused request
 * (no or wrong destination, sending failed) puts the focus back in the destination field.
 */
import { Button, Field, Flex, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_CODE_MODES, type SignatureCodeMode } from '../../../contract/enums.ts';
import type { SignerView } from '../../../../machines/signer/index.ts';

export const ChannelScreen = ({
  view,
  onRequest,
  onBack,
}: {
  view: SignerView;
  onRequest: (mode: SignatureCodeMode, destination: string) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<SignatureCodeMode>(view.mode);
  const [email, setEmail] = useState(view.email);
  const [phone, setPhone] = useState(view.phone);
  const byMail = mode === 'email';
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!view.requesting && view.errorKey) field.current?.focus();
  }, [view.requesting, view.errorKey]);
  return (
    <Stack
      as="form"
      gap="4"
      onSubmit={(e) => {
        e.preventDefault();
        onRequest(mode, byMail ? email : phone);
      }}
    >
      <RadioGroup.Root value={mode} onValueChange={({ value }) => value && setMode(value as SignatureCodeMode)}>
        <Text as="legend" fontWeight="semibold" mb="2" id={`${id}-legend`}>
          {t('signbooks.signer.channel.legend')}
        </Text>
        <Flex gap="4" wrap="wrap" role="radiogroup" aria-labelledby={`${id}-legend`}>
          {SIGNATURE_CODE_MODES.map((m) => (
            <RadioGroup.Item key={m} value={m}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`signbooks.channel.${m}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
      <Field.Root invalid={Boolean(view.errorKey)}>
        <Field.Label htmlFor={`${id}-to`}>
          {t(byMail ? 'signbooks.signer.channel.email' : 'signbooks.signer.channel.phone')}
        </Field.Label>
        <Input
          ref={field}
          id={`${id}-to`}
          type={byMail ? 'email' : 'tel'}
          autoComplete={byMail ? 'email' : 'tel'}
          value={byMail ? email : phone}
          onChange={(e) => (byMail ? setEmail(e.target.value) : setPhone(e.target.value))}
        />
        {view.errorKey ? <Field.ErrorText>{t(view.errorKey)}</Field.ErrorText> : null}
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button type="submit" colorPalette="blue" loading={view.requesting}>
          {t('signbooks.signer.channel.send')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={view.requesting}>
          {t('signbooks.signer.back')}
        </Button>
      </Flex>
    </Stack>
  );
};
