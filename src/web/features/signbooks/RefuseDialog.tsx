/** Refusing to sign needs a reason (it ends the signbook and the creator is told why). */
import { Button, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const RefuseDialog = ({
  open,
  busy,
  onRefuse,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onRefuse: (reason: string) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onCancel())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('signbooks.refuse.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root required>
                <Field.Label htmlFor={id}>{t('signbooks.refuse.reason')}</Field.Label>
                <Textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
                <Field.HelperText>{t('signbooks.refuse.help')}</Field.HelperText>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.actions.cancel')}
              </Button>
              <Button colorPalette="red" loading={busy} disabled={!reason.trim()} onClick={() => onRefuse(reason)}>
                {t('signbooks.refuse.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
