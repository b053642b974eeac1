import { Box, Button, Flex, IconButton, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../contract/entities.ts';
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon } from '../../components/icons.tsx';

interface NotificationsListProps {
  notifications: readonly Notification[];
  /** The machine's offers (`snapshot.can`): cancel a task the app can stop, close any entry, reset. */
  canCancel: (id: string) => boolean;
  canClose: (id: string) => boolean;
  canReset: boolean;
  onCancel: (id: string) => void;
  onClose: (id: string) => void;
  onReset: () => void;
}

/**
 * The notifications panel body: progress for running tasks (cancellable when the app can stop them),
 * an icon once finished, and a close (×) on every entry (seed 000 §4: removed on close).
 */
export const NotificationsList = ({
  notifications,
  canCancel,
  canClose,
  canReset,
  onCancel,
  onClose,
  onReset,
}: NotificationsListProps) => {
  const { t } = useTranslation();
  if (notifications.length === 0)
    return (
      <Text p="4" color="fg.muted" textAlign="center">
        {t('shell.notifications.empty')}
      </Text>
    );
  return (
    <Stack gap="0">
      <Box as="ul" m="0" p="0" maxH="60vh" overflowY="auto">
        {notifications.map((n) => {
          const text = t(n.text, { ...n.values, defaultValue: n.text });
          return (
            <Box as="li" key={n.id} listStyleType="none" px="3" py="2" borderBottomWidth="1px">
              <Flex align="center" gap="2">
                <Text flex="1" fontSize="sm" lineClamp={2}>
                  {text}
                </Text>
                {n.state === 'running' ? (
                  canCancel(n.id) ? (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('shell.notifications.cancel', { text })}
                      onClick={() => onCancel(n.id)}
                    >
                      {t('common.actions.cancel')}
                    </Button>
                  ) : null
                ) : n.state === 'done' ? (
                  <Box color="green.fg" role="img" aria-label={t('shell.notifications.done')}>
                    <CheckCircleIcon />
                  </Box>
                ) : n.state === 'error' ? (
                  <Box color="red.fg" role="img" aria-label={t('shell.notifications.error')}>
                    <ErrorCircleIcon />
                  </Box>
                ) : (
                  <Text fontSize="xs" color="fg.muted">
                    {t('shell.notifications.canceled')}
                  </Text>
                )}
                {canClose(n.id) ? (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('shell.notifications.close', { text })}
                    onClick={() => onClose(n.id)}
                  >
                    <CloseIcon />
                  </IconButton>
                ) : null}
              </Flex>
              {n.state === 'running' ? (
                <Progress.Root
                  value={n.percentage}
                  size="xs"
                  colorPalette="brand"
                  mt="2"
                  aria-label={t('shell.notifications.running', { percentage: Math.round(n.percentage) })}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              ) : null}
            </Box>
          );
        })}
      </Box>
      <Flex justify="flex-end" p="2">
        <Button size="xs" variant="ghost" onClick={onReset} disabled={!canReset}>
          {t('shell.notifications.reset')}
        </Button>
      </Flex>
    </Stack>
  );
};
