/**
 * The reminders row (issue 15 §8): « 13 salariés sont à valider », « 1 campagne en erreur peut être
 * relancée »… sit in a row at the top of the page, in the flow, where they cover no table row and
 * no button. Closing one hides it for the session (machines/alerts, kept across reloads).
 */
import { Alert, Button, CloseButton, Flex } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tidyAlertText } from '../../../contract/keys.ts';
import { useReminders } from '../../app/index.ts';

export const RemindersBar = () => {
  const { t } = useTranslation();
  const { reminders, close } = useReminders();
  const navigate = useNavigate();
  if (reminders.length === 0) return null;
  return (
    <Flex as="section" wrap="wrap" gap="2" mb="3" aria-label={t('shell.reminders.region')}>
      {reminders.map((reminder) => {
        const text = tidyAlertText(t(reminder.message, { ...reminder.values, defaultValue: reminder.message }));
        return (
          <Alert.Root
            key={reminder.id}
            role="group"
            aria-label={text}
            status={reminder.type}
            variant="subtle"
            size="sm"
            alignItems="center"
            flex="1 1 320px"
            py="1.5"
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{text}</Alert.Description>
            </Alert.Content>
            {reminder.button ? (
              <Button size="xs" variant="outline" onClick={() => void navigate({ to: reminder.button!.to as '/' })}>
                {t(reminder.button.label)}
              </Button>
            ) : null}
            <CloseButton size="xs" aria-label={t('shell.reminders.close')} onClick={() => close(reminder.id)} />
          </Alert.Root>
        );
      })}
    </Flex>
  );
};
