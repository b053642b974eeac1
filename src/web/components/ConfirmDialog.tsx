import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A yes/no question (delete, leave with unsaved changes); texts are translation keys. */
export const ConfirmDialog = ({
  open,
  title,
  text,
  confirm,
  dismiss = 'common.actions.cancel',
  danger = false,
  busy = false,
  values,
  warning,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  /** The button that closes without acting: « Fermer » when the action itself reads « Annuler … ». */
  dismiss?: string;
  danger?: boolean;
  busy?: boolean;
  /** Interpolation values for the text (e.g. `{ count }`). */
  values?: Record<string, unknown>;
  /** What the action will leave undone, said after the text (a key and its values, e.g. `{ count }`). */
  warning?: { readonly key: string; readonly values?: Record<string, unknown> } | null;
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
              {warning ? (
                <Text mt="2" fontWeight="medium" color="fg.warning">
                  {t(warning.key, warning.values)}
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t(dismiss)}
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
