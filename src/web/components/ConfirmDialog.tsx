import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A yes/no question (delete, leave with unsaved changes); texts are translation keys. */
export const ConfirmDialog = ({
  open,
  title,
  text,
  confirm,
  danger = false,
  busy = false,
  values,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  /** Interpolation values for the text (e.g. `{ count }`). */
  values?: Record<string, unknown>;
  onConfirm: () => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onCancel())}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t(title)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t(text, values)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.actions.cancel')}
              </Button>
              <Button colorPalette={danger ? 'red' : 'brand'} loading={busy} onClick={onConfirm}>
                {t(confirm)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
