/**
 * Step 3: the type decides. With a mask, recipients are found in the pages (explained); without one,
 * they are chosen by hand after an irreversible confirmation, each with an e-mail.
 */
import { Alert, Button, CloseButton, Flex, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RecipientPicker } from './RecipientPicker.tsx';
import type { CampaignCreation } from './useCampaignCreation.ts';

export const RecipientsStep = ({ creation }: { creation: CampaignCreation }) => {
  const { t } = useTranslation();
  const { view, send } = creation;
  const [asking, setAsking] = useState(false);
  const type = view.docType?.label ?? '';

  if (view.mode === 'automatic')
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('campaignCreate.recipients.automaticTitle')}</Alert.Title>
          <Alert.Description>{t('campaignCreate.recipients.automaticText', { type })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );

  if (view.needsManualConfirmation)
    return (
      <Stack gap="3">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('campaignCreate.recipients.manualTitle')}</Alert.Title>
            <Alert.Description>{t('campaignCreate.recipients.manualText', { type })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button alignSelf="flex-start" colorPalette="brand" onClick={() => setAsking(true)}>
          {t('campaignCreate.recipients.manualChoose')}
        </Button>
        <ConfirmDialog
          open={asking}
          title="campaignCreate.recipients.confirmTitle"
          text="campaignCreate.recipients.confirmText"
          confirm="campaignCreate.recipients.confirmAction"
          values={{ type }}
          onConfirm={() => {
            setAsking(false);
            send({ type: 'creation.manual.confirm' });
          }}
          onCancel={() => setAsking(false)}
        />
      </Stack>
    );

  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {t('campaignCreate.recipients.manualConfirmed')}
      </Text>
      {view.refusedRecipient ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            {view.refusedRecipient.kind === 'group'
              ? t('campaignCreate.recipients.refusedGroup', {
                  name: view.refusedRecipient.label,
                  names: (view.refusedRecipient.withoutEmail ?? []).join(', '),
                })
              : t('campaignCreate.recipients.refused', { name: view.refusedRecipient.label })}
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <Stack gap="1">
        <Text fontWeight="medium">{t('campaignCreate.recipients.chosen', { count: view.recipients.length })}</Text>
        {view.recipients.length ? (
          <List.Root listStyle="none" gap="1" aria-label={t('campaignCreate.recipients.chosenLabel')}>
            {view.recipients.map((r) => (
              <List.Item key={r.id}>
                <Flex align="center" gap="2" borderWidth="1px" rounded="md" px="3" py="1">
                  <Text flex="1" truncate>
                    {r.label}
                    {r.email ? <Text as="span" color="fg.muted" fontSize="sm">{` — ${r.email}`}</Text> : null}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('campaignCreate.recipients.remove', { name: r.label })}
                    onClick={() => send({ type: 'creation.recipient.remove', id: r.id })}
                  />
                </Flex>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('campaignCreate.recipients.noneChosen')}
          </Text>
        )}
      </Stack>
      <RecipientPicker
        chosen={view.recipients}
        onAdd={(recipient) => send({ type: 'creation.recipient.add', recipient })}
      />
    </Stack>
  );
};
