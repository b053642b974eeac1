/**
 * « Importer une DSN »: the file dropped or picked in the product's drop zone, uploaded by the shared
 * upload machine (app/trackedUpload.ts: progress and cancel in the notifications panel), then the result.
 * The workflow is machines/dsn-import's (issue 14): this dialog sends its events and renders its view.
 */
import { Alert, Button, CloseButton, Dialog, Flex, List, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DsnFailure } from '../../../../../machines/dsn-import/index.ts';
import type { DsnImportResult } from '../../../../contract/dsn.ts';
import { ALERT_KEYS } from '../../../../contract/keys.ts';
import { PdfDropZone } from '../../../components/PdfDropZone.tsx';
import { formatSize } from '../../../components/pdfFile.ts';
import { DsnResultView } from './DsnResultView.tsx';
import { useDsnImport } from './useDsnImport.ts';

/** Extensions payroll software gives DSN files. */
const ACCEPT = '.dsn,.txt,.edi';

export interface DsnImportButtonProps {
  /** Called after a file was imported (the list reloads its page and counts). */
  readonly onImported?: (result: DsnImportResult) => void;
}

/** A thin view of machines/dsn-import: it sends events and renders the machine's selectors. */
export const DsnImportButton = ({ onImported }: DsnImportButtonProps) => {
  const { t, i18n } = useTranslation();
  const { view, send, choose } = useDsnImport(onImported);
  const { file, failure, result, missingKey } = view;
  const close = () => send({ type: 'dsn.close' });

  const upload = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'dsn.submit' });
  };

  const title = result ? t('dsn.result.title') : t('dsn.import.title');
  // A disabled « Importer » says what it waits for (`missingKey`), as « Créer » does (issue 15).
  return (
    <>
      <Button variant="outline" onClick={() => send({ type: 'dsn.open' })}>
        {t('dsn.import.open')}
      </Button>
      <Dialog.Root
        open={view.open}
        onOpenChange={(d) => (d.open ? undefined : close())}
        placement="center"
        size={result ? 'lg' : 'md'}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              {result ? (
                <>
                  <Dialog.Body>
                    <DsnResultView result={result} />
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={() => send({ type: 'dsn.reset' })}>
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
                      {failure ? <FailureAlert failure={failure} /> : null}
                      <PdfDropZone
                        testId="dsn-dropzone"
                        accept={ACCEPT}
                        multiple={false}
                        disabled={!view.canChooseFile}
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
                              disabled={!view.canChooseFile}
                              onClick={() => choose(null)}
                            />
                          </Flex>
                        ) : null}
                      </PdfDropZone>
                      {view.isSending ? (
                        <Stack gap="1">
                          <Text role="status">{t('dsn.import.running')}</Text>
                          <Progress.Root value={view.percentage} size="sm" aria-label={t('dsn.import.running')}>
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
                      loading={view.isSending}
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
const FailureAlert = ({ failure }: { failure: DsnFailure }) => {
  const { t } = useTranslation();
  const lines = failure.errors && failure.errors.length > 1 ? failure.errors : [];
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(failure.key, { defaultValue: t(ALERT_KEYS.employees.dsnUploadError) })}</Alert.Title>
        {failure.messageKey || failure.message ? (
          <Alert.Description>{failure.messageKey ? t(failure.messageKey) : failure.message}</Alert.Description>
        ) : null}
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
