import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A yes/no question before a bulk action. */
export const ConfirmDialog = (props: { open: boolean; text: string; onConfirm: () => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(d) => (d.open ? undefined : props.onCancel())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('employees.confirm.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.text}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onCancel}>
                {t('employees.actions.cancel')}
              </Button>
              <Button colorPalette="brand" onClick={props.onConfirm}>
                {t('employees.actions.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
