/** Asks the reason before refusing the checked documents of a campaign awaiting validation. */
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const RefuseDocumentsDialog = ({
  open,
  count,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = reason.trim();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onCancel())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('campaigns.refuseDocuments.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t('campaigns.refuseDocuments.text', { count })}</Text>
              <Field.Root required>
                <Field.Label htmlFor={id}>{t('campaigns.refuseDocuments.reason')}</Field.Label>
                <Textarea id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.actions.cancel')}
              </Button>
              <Button colorPalette="orange" disabled={!trimmed} loading={busy} onClick={() => onConfirm(trimmed)}>
                {t('campaigns.refuseDocuments.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
