import { Alert, Button, CloseButton, Dialog, Field, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/constants.ts';
import type { DsnImportResult } from '../../../../contract/dsn.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../../contract/keys.ts';
import { isApiFailure } from '../../../api/failure.ts';
import { useNotifications, useServices } from '../../../app/index.ts';
import { DsnResultView } from './DsnResultView.tsx';

/** Extensions payroll software gives DSN files. */
const ACCEPT = '.dsn,.txt,.edi';

interface Failure {
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
}

type Step =
  | { readonly kind: 'pick' }
  | { readonly kind: 'uploading' }
  | { readonly kind: 'failed'; readonly failure: Failure }
  | { readonly kind: 'done'; readonly result: DsnImportResult };

export interface DsnImportButtonProps {
  /** Called after a file was imported (the list reloads its page and counts). */
  readonly onImported?: (result: DsnImportResult) => void;
}

/** « Importer une DSN »: pick a file, upload it (tracked in the notifications panel), read the result. */
export const DsnImportButton = ({ onImported }: DsnImportButtonProps) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const notifications = useNotifications();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const abort = useRef<AbortController | null>(null);

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
  };
  const close = () => {
    // Closing does not cancel a running upload: it stays in the notifications panel, cancellable there.
    setOpen(false);
    if (step.kind !== 'uploading') reset();
  };

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    if (file.size > LIMITS.uploadMaxBytes) {
      setStep({ kind: 'failed', failure: { key: ERROR_KEYS.payloadTooLarge, message: t('dsn.import.tooLarge') } });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    const task = notifications.track(`dsn-${Date.now()}`, 'dsn.notification.upload', () => controller.abort());
    const formData = new FormData();
    formData.append('dsn', file, file.name);
    setStep({ kind: 'uploading' });
    try {
      const result = await api.call<DsnImportResult>('employees.dsn', { formData, signal: controller.signal });
      task.progress(100);
      task.done();
      setStep({ kind: 'done', result });
      onImported?.(result);
    } catch (error) {
      task.fail();
      const failure: Failure = isApiFailure(error)
        ? {
            key: error.key,
            ...(error.message ? { message: error.message } : {}),
            ...(error.errors ? { errors: error.errors } : {}),
          }
        : { key: ALERT_KEYS.employees.dsnUploadError };
      setStep({ kind: 'failed', failure });
    } finally {
      abort.current = null;
    }
  };

  const title = step.kind === 'done' ? t('dsn.result.title') : t('dsn.import.title');
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('dsn.import.open')}
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(d) => (d.open ? undefined : close())}
        placement="center"
        size={step.kind === 'done' ? 'lg' : 'md'}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              {step.kind === 'done' ? (
                <>
                  <Dialog.Body>
                    <DsnResultView result={step.result} />
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={reset}>
                      {t('dsn.import.again')}
                    </Button>
                    <Button colorPalette="brand" onClick={close}>
                      {t('common.actions.close')}
                    </Button>
                  </Dialog.Footer>
                </>
              ) : (
                <form onSubmit={(e) => void upload(e)} noValidate>
                  <Dialog.Body>
                    <Stack gap="4">
                      {step.kind === 'failed' ? <FailureAlert failure={step.failure} /> : null}
                      <Field.Root required>
                        <Field.Label htmlFor={inputId}>{t('dsn.import.file')}</Field.Label>
                        <Input
                          id={inputId}
                          type="file"
                          accept={ACCEPT}
                          p="1"
                          disabled={step.kind === 'uploading'}
                          onChange={(e) => {
                            setFile(e.target.files?.[0] ?? null);
                            if (step.kind === 'failed') setStep({ kind: 'pick' });
                          }}
                        />
                        <Field.HelperText>{t('dsn.import.hint')}</Field.HelperText>
                      </Field.Root>
                      {step.kind === 'uploading' ? <Text role="status">{t('dsn.import.running')}</Text> : null}
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={close}>
                      {t('common.actions.cancel')}
                    </Button>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={step.kind === 'uploading'}
                      disabled={!file || step.kind === 'failed'}
                    >
                      {t('dsn.import.submit')}
                    </Button>
                  </Dialog.Footer>
                </form>
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.actions.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
};

/** The server's key as the headline, its French message and every problem line under it. */
const FailureAlert = ({ failure }: { failure: Failure }) => {
  const { t } = useTranslation();
  const lines = failure.errors && failure.errors.length > 1 ? failure.errors : [];
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(failure.key, { defaultValue: t(ALERT_KEYS.employees.dsnUploadError) })}</Alert.Title>
        {failure.message ? <Alert.Description>{failure.message}</Alert.Description> : null}
        {lines.length > 0 ? (
          <List.Root ps="5" fontSize="sm">
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
};
