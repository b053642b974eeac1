/**
 * A dialog that asks why before an action that needs a reason (refusing campaign documents, refusing
 * to sign): the confirm button stays disabled until a reason is typed — `texts.required`, when given, says
 * so under the field while it is empty (described by it, field and button) —; the reason is sent trimmed.
 */
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  /** Translated texts. */
  readonly texts: {
    readonly title: string;
    readonly text?: string;
    readonly label: string;
    readonly help?: string;
    /** Why the confirm button is disabled, shown while no reason is typed. */
    readonly required?: string;
    readonly confirm: string;
  };
  /** Where the focus goes on closing (null: back to what opened the dialog). */
  readonly finalFocusEl?: () => HTMLElement | null;
  readonly colorPalette?: 'red' | 'orange';
  readonly maxLength?: number;
  readonly onConfirm: (reason: string) => void;
  readonly onCancel: () => void;
}

export const ReasonDialog = ({
  open,
  busy,
  texts,
  colorPalette = 'red',
  maxLength = 500,
  onConfirm,
  onCancel,
  finalFocusEl,
}: ReasonDialogProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const helpId = `${id}-help`;
  const requiredId = `${id}-required`;
  const missing = !trimmed && texts.required ? requiredId : undefined;
  const describedBy = [texts.help ? helpId : undefined, missing].filter(Boolean).join(' ') || undefined;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onCancel())}
      placement="center"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{texts.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {texts.text ? <Text mb="3">{texts.text}</Text> : null}
              <Field.Root required ids={{ helperText: helpId }}>
                <Field.Label htmlFor={id}>{texts.label}</Field.Label>
                <Textarea
                  id={id}
                  value={reason}
                  rows={3}
                  maxLength={maxLength}
                  onChange={(e) => setReason(e.target.value)}
                  aria-describedby={describedBy}
                />
                {texts.help ? <Field.HelperText>{texts.help}</Field.HelperText> : null}
                {missing ? (
                  <Text id={requiredId} textStyle="xs" color="fg.muted">
                    {texts.required}
                  </Text>
                ) : null}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.actions.cancel')}
              </Button>
              <Button
                colorPalette={colorPalette}
                disabled={!trimmed}
                loading={busy}
                aria-describedby={missing}
                onClick={() => onConfirm(trimmed)}
              >
                {texts.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
