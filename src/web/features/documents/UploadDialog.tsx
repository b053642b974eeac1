/**
 * « Déposer des documents » (seed 000 §5): an organisation, then one slip per PDF dropped (checked
 * here by content and size, again by the server), each completed with its type, description,
 * destination and employee. Complete slips upload one by one with progress in the notifications
 * panel; an incomplete last slip stays behind; a failed or canceled slip is retried alone, on its own
 * upload machine.
 */
import { Box, Button, CloseButton, Dialog, Field, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_UPLOAD_MAX_SLIPS } from '../../../contract/documents.ts';
import { useEmployeeSearch } from '../rights/searches.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { SlipCard } from './SlipCard.tsx';
import { SLIP_ERROR_KEYS } from './slips.ts';
import { useDocumentUpload } from './useDocumentUpload.ts';
import type { NamedOption } from './useDocumentOptions.ts';

export interface UploadDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Some documents were stored (the list refetches). */
  readonly onUploaded: () => void;
  readonly orgs: readonly NamedOption[];
  readonly defaultOrgId: string;
  /** Tests pass a scripted XMLHttpRequest. */
  readonly createXhr?: () => XMLHttpRequest;
}

/** A thin view of the dialog's machine (machines/document-upload): it sends events and renders its state. */
export const UploadDialog = ({ open, onClose, onUploaded, orgs, defaultOrgId, createXhr }: UploadDialogProps) => {
  const { t } = useTranslation();
  const employeeSearch = useEmployeeSearch();
  const orgFieldId = useId();
  const { view, types, send } = useDocumentUpload({
    orgs,
    defaultOrgId,
    onClose,
    onUploaded,
    ...(createXhr ? { createXhr } : {}),
  });
  const { orgId } = view;
  const close = () => send({ type: 'upload.close' });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : close())}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('documents.upload.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required invalid={view.orgMissing} disabled={!view.canChooseOrg}>
                  <Field.Label htmlFor={orgFieldId}>{t('documents.fields.organization')}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      id={orgFieldId}
                      value={orgId}
                      onChange={(e) => send({ type: 'upload.org.choose', orgId: e.currentTarget.value })}
                    >
                      {orgId ? null : <option value="">{t('documents.upload.chooseOrganization')}</option>}
                      {orgs.map((o) => (
                        <option key={o.id} value={o.id}>
                          {`${'\u00a0\u00a0'.repeat(o.depth)}${o.name}`}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {view.orgMissing ? <Field.ErrorText>{t(SLIP_ERROR_KEYS.organization)}</Field.ErrorText> : null}
                </Field.Root>
                <PdfDropZone
                  testId="upload-drop-zone"
                  disabled={!view.canDrop}
                  texts={{
                    drop: t('documents.upload.drop'),
                    pick: t('documents.upload.pickMany'),
                    label: t('documents.upload.files'),
                    hint: t('documents.upload.hint', { count: DOCUMENT_UPLOAD_MAX_SLIPS }),
                  }}
                  onFiles={(files) => send({ type: 'upload.files.drop', files })}
                />
                {view.refusals.length > 0 ? (
                  <Box as="ul" role="alert" ps="5" color="fg.error" fontSize="sm">
                    {view.refusals.map((r, i) => (
                      <li key={`${r.name}-${i}`}>
                        {t('documents.upload.refused', { name: r.name, reason: t(r.key) })}
                      </li>
                    ))}
                  </Box>
                ) : null}
                {view.slips.length > 0 ? (
                  <Stack as="ol" gap="3" m="0" p="0" aria-label={t('documents.upload.slips')}>
                    {view.slips.map(({ slip, index, errors, leftBehind, upload, ...can }) => (
                      <SlipCard
                        key={slip.id}
                        slip={slip}
                        index={index}
                        errors={errors}
                        showErrors={view.showErrors}
                        leftBehind={leftBehind}
                        types={types}
                        upload={upload}
                        {...can}
                        employeeSearch={employeeSearch}
                        onChange={(changes) => send({ type: 'upload.slip.change', slipId: slip.id, changes })}
                        onFile={(file) => send({ type: 'upload.slip.file.drop', slipId: slip.id, file })}
                        onRemove={() => send({ type: 'upload.slip.remove', slipId: slip.id })}
                        onCancel={() => send({ type: 'upload.slip.cancel', slipId: slip.id })}
                        onRetry={() => send({ type: 'upload.slip.retry', slipId: slip.id })}
                      />
                    ))}
                  </Stack>
                ) : (
                  <Text color="fg.muted">{t('documents.upload.noSlip')}</Text>
                )}
                <Button
                  alignSelf="flex-start"
                  size="sm"
                  variant="outline"
                  disabled={!view.canAddSlip}
                  onClick={() => send({ type: 'upload.slip.add' })}
                >
                  {t('documents.upload.addSlip')}
                </Button>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              {view.blockingCount > 0 ? (
                <Text color="fg.error" fontSize="sm" flexBasis="100%" role="alert">
                  {t('documents.upload.incompleteSlips', { count: view.blockingCount })}
                </Text>
              ) : null}
              <HStack gap="2" ms="auto">
                <Button variant="outline" onClick={close}>
                  {t('common.actions.close')}
                </Button>
                <Button
                  colorPalette="brand"
                  loading={view.isSending}
                  disabled={!view.canSend}
                  onClick={() => send({ type: 'upload.send' })}
                >
                  {t('documents.upload.send', { count: view.sendCount })}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
