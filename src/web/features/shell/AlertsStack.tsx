import { Alert, Box, Button, CloseButton, Progress, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Alert as AlertModel } from '../../../contract/entities.ts';
import { tidyAlertText } from '../../../contract/keys.ts';
import { useAlerts } from '../../app/index.ts';

const fillPath = (to: string, params: Readonly<Record<string, string>> = {}) =>
  to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** One alert: translated and tidied (seed 001 §8.5), with its optional button and progress. */
export const AlertItem = ({
  alert,
  onClose,
  onButton,
}: {
  alert: AlertModel;
  onClose: () => void;
  onButton: () => void;
}) => {
  const { t } = useTranslation();
  const { detail, ...values } = alert.values ?? {};
  const text = tidyAlertText(t(alert.message, { ...values, defaultValue: alert.message }));
  return (
    <Alert.Root
      status={alert.type}
      variant="solid"
      boxShadow="lg"
      alignItems="center"
      role={alert.type === 'error' ? 'alert' : 'status'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {text}
          {detail ? ` ${tidyAlertText(String(detail))}` : ''}
        </Alert.Description>
        {alert.percentage !== undefined ? (
          <Progress.Root value={alert.percentage} size="xs" mt="2" colorPalette="gray" aria-label={text}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
      </Alert.Content>
      {alert.button ? (
        <Button size="xs" variant="surface" colorPalette="gray" onClick={onButton}>
          {t(alert.button.label)}
        </Button>
      ) : null}
      <CloseButton size="xs" aria-label={t('shell.alerts.close')} onClick={onClose} />
    </Alert.Root>
  );
};

/** Alerts stacked at the bottom centre, newest last. */
export const AlertsStack = () => {
  const { t } = useTranslation();
  const { alerts, close } = useAlerts();
  const navigate = useNavigate();
  if (alerts.length === 0) return null;
  return (
    <Box
      position="fixed"
      bottom="4"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      w="min(560px, calc(100vw - 16px))"
      aria-label={t('shell.alerts.region')}
      role="region"
    >
      <Stack gap="2">
        {alerts.map((alert) => (
          <AlertItem
            key={alert.id}
            alert={alert}
            onClose={() => close(alert.id)}
            onButton={() => {
              if (alert.button) void navigate({ to: fillPath(alert.button.to, alert.button.params) as '/' });
              close(alert.id);
            }}
          />
        ))}
      </Stack>
    </Box>
  );
};
