/**
 * The demo outbox (no SMTP or SMS provider configured): the messages the server "sent" to this
 * signer only — the session's own, or the guest link's signatory's — newest first, so whoever walks
 * the demo can read their own signature code. Opened from the code screen.
 */
import { Badge, Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '../../../contract/entities.ts';
import { useRead } from '../../app/index.ts';
import { formatDateTime } from './labels.ts';
import type { SignbookCalls } from './signbookAccess.ts';

export const OutboxDialog = ({
  open,
  onClose,
  call,
}: {
  open: boolean;
  onClose: () => void;
  call: SignbookCalls['outbox'];
}) => {
  const [routeId, params] = call;
  // The same call for the same parameters: a new tuple each render must not fetch again.
  const paramsKey = JSON.stringify(params);
  const { t, i18n } = useTranslation();
  const read = useRead(routeId, open ? { params: JSON.parse(paramsKey) as Record<string, string> } : null);
  const messages = read.failure ? 'failed' : ((read.data as readonly OutboxMessage[] | null) ?? null);
  // Opened again: read again (a code sent meanwhile). The first opening reads through its query.
  const { canReload, reload } = read;
  useEffect(() => {
    if (open && canReload) reload();
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- on opening only

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('signbooks.outbox.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" color="fg.muted">
                {t('signbooks.outbox.intro')}
              </Text>
              {messages === null ? <Text>{t('common.loading')}</Text> : null}
              {messages === 'failed' ? <Text color="fg.error">{t('signbooks.outbox.failed')}</Text> : null}
              {Array.isArray(messages) && messages.length === 0 ? <Text>{t('signbooks.outbox.empty')}</Text> : null}
              <Stack as="ul" listStyle="none" gap="3" aria-label={t('signbooks.outbox.list')}>
                {Array.isArray(messages)
                  ? messages.map((m) => (
                      <Box as="li" key={m.id} borderWidth="1px" borderRadius="md" p="3" data-outbox-to={m.to}>
                        <Stack gap="1">
                          <Text fontSize="xs" color="fg.muted">
                            <Badge mr="2">{t(`signbooks.channel.${m.channel}`)}</Badge>
                            {m.to} · {formatDateTime(m.createdAt, i18n.language)}
                          </Text>
                          <Text fontWeight="semibold">{m.subject}</Text>
                          <Text whiteSpace="pre-wrap" fontSize="sm">
                            {m.body}
                          </Text>
                        </Stack>
                      </Box>
                    ))
                  : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={reload} disabled={!canReload}>
                {t('signbooks.outbox.refresh')}
              </Button>
              <Button onClick={onClose}>{t('common.actions.close')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
