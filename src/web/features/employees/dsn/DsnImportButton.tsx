/**
 * « Importer une DSN »: the file dropped or picked in the product's drop zone, uploaded by the shared
 * upload machine (app/trackedUpload.ts: progress and cancel in the notifications panel), then the result.
 */
import { Alert, Button, CloseButton, Dialog, Flex, List, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/constants.ts';
import type { DsnImportResult } from '../../../../contract/dsn.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../../contract/keys.ts';
import { useServices } from '../../../app/index.ts';
import { trackedUpload } from '../../../app/trackedUpload.ts';
import { PdfDropZone } from '../../../components/PdfDropZone.tsx';
import { formatSize } from '../../../components/pdfFile.ts';
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
  | { readonly kind: 'uploading'; readonly percentage: number }
  | { readonly kind: 'failed'; readonly failure: Failure }
  | { readonly kind: 'done'; readonly result: DsnImportResult };

export interface DsnImportButtonProps {
  /** Called after a file was imported (the list reloads its page and counts). */
  readonly onImported?: (result: DsnImportResult) => void;
}

export const DsnImportButton = ({ onImported }: DsnImportButtonProps) => {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
  };
  const close = () => {
    // Closing does not cancel a running upload: it stays in the notifications panel, cancellable there.
    setOpen(false);
    if (step.kind !== 'uploading') reset();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (step.kind === 'failed') setStep({ kind: 'pick' });
  };

  const upload = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    if (file.size > LIMITS.uploadMaxBytes) {
      setStep({ kind: 'failed', failure: { key: ERROR_KEYS.payloadTooLarge, message: t('dsn.import.tooLarge') } });
      return;
    }
    const formData = new FormData();
    formData.append('dsn', file, file.name);
    setStep({ kind: 'uploading', percentage: 0 });
    const { finished } = trackedUpload(
      services,
      { routeId: 'employees.dsn', formData },
      {
        id: 'dsn-upload',
        text: 'dsn.notification.upload',
        onState: (state) => {
          if (state.status === 'uploading') setStep({ kind: 'uploading', percentage: state.percentage });
        },
      },
    );
    void finished.then((state) => {
      if (state.status === 'done') {
        const result = state.result as DsnImportResult;
        setStep({ kind: 'done', result });
        onImported?.(result);
      } else if (state.status === 'failed' && state.failure) {
        const { key, message, errors } = state.failure;
        setStep({
          kind: 'failed',
          failure: { key, ...(message ? { message } : {}), ...(errors ? { errors } : {}) },
        });
      } else {
        setStep({ kind: 'pick' });
      }
    });
  };

  const title = step.kind === 'done' ? t('dsn.result.title') : t('dsn.import.title');
  // A disabled « Importer » says what it waits for, as « Créer » does (issue 15).
  const missingKey = !file ? 'dsn.import.missing.file' : step.kind === 'failed' ? 'dsn.import.missing.refused' : null;
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
                <form onSubmit={upload} noValidate>
                  <Dialog.Body>
                    <Stack gap="4">
                      {step.kind === 'failed' ? <FailureAlert failure={step.failure} /> : null}
                      <PdfDropZone
                        testId="dsn-dropzone"
                        accept={ACCEPT}
                        multiple={false}
                        disabled={step.kind === 'uploading'}
                        onFiles={(files) => choose(files[0] ?? null)}
                        texts={{
                          drop: t('dsn.import.drop'),
                          pick: t('dsn.import.pick'),
                          label: t('dsn.import.file'),
                          hint: t('dsn.import.hint'),
                        }}
                      >
                        {file ? (
                          <Flex
                            mt="3"
                            align="center"
                            gap="2"
                            borderWidth="1px"
                            rounded="md"
                            px="3"
                            py="1"
                            textAlign="start"
                          >
                            <Text flex="1" truncate>
                              {file.name}
                            </Text>
                            <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                              {formatSize(file.size, i18n.language)}
                            </Text>
                            <CloseButton
                              size="sm"
                              aria-label={t('dsn.import.remove', { name: file.name })}
                              disabled={step.kind === 'uploading'}
                              onClick={() => choose(null)}
                            />
                          </Flex>
                        ) : null}
                      </PdfDropZone>
                      {step.kind === 'uploading' ? (
                        <Stack gap="1">
                          <Text role="status">{t('dsn.import.running')}</Text>
                          <Progress.Root value={step.percentage} size="sm" aria-label={t('dsn.import.running')}>
                            <Progress.Track>
                              <Progress.Range />
                            </Progress.Track>
                          </Progress.Root>
                        </Stack>
                      ) : null}
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer flexWrap="wrap">
                    {missingKey ? (
                      <Text id="dsn-import-missing" fontSize="sm" color="fg.muted" data-missing>
                        {t(missingKey)}
                      </Text>
                    ) : null}
                    <Button variant="outline" onClick={close}>
                      {t('common.actions.cancel')}
                    </Button>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={step.kind === 'uploading'}
                      disabled={missingKey !== null}
                      aria-describedby={missingKey ? 'dsn-import-missing' : undefined}
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
