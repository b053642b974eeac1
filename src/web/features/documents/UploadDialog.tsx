/**
 * « Déposer des documents » (seed 000 §5): an organisation, then one slip per PDF dropped (checked
 * here by content and size, again by the server), each completed with its type, description,
 * destination and employee. Complete slips upload one by one with progress in the notifications
 * panel; an incomplete last slip stays behind; a failed or canceled slip is retried alone, on its own
 * upload machine.
 */
import { Box, Button, CloseButton, Dialog, Field, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_UPLOAD_MAX_SLIPS } from '../../../contract/documents.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { refusalOf } from '../../components/pdfFile.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { useEmployeeSearch } from '../rights/searches.ts';
import { SlipCard } from './SlipCard.tsx';
import { planUpload, SLIP_ERROR_KEYS, type SlipDraft, slipErrors, slipForFile } from './slips.ts';
import { type SlipUploadHandle, type SlipUploadState, uploadSlip } from './slipUploads.ts';
import { type NamedOption, useOrgDocTypes } from './useDocumentOptions.ts';

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

interface Refusal {
  readonly name: string;
  readonly key: string;
}

export const UploadDialog = ({ open, onClose, onUploaded, orgs, defaultOrgId, createXhr }: UploadDialogProps) => {
  const { t } = useTranslation();
  const services = useServices();
  const alerts = useAlerts();
  const employeeSearch = useEmployeeSearch();
  const orgFieldId = useId();
  const [chosenOrg, setChosenOrg] = useState<string | null>(null);
  const orgId = chosenOrg ?? (orgs.some((o) => o.id === defaultOrgId) ? defaultOrgId : (orgs[0]?.id ?? defaultOrgId));
  const { types } = useOrgDocTypes(orgId);
  const typeCodes = types.map((d) => d.code);
  const [slips, setSlips] = useState<SlipDraft[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [uploads, setUploads] = useState<Record<string, SlipUploadState>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [running, setRunning] = useState(false);
  const handles = useRef(new Map<string, SlipUploadHandle>());

  const pending = slips.filter((s) => uploads[s.id]?.status !== 'done');
  const plan = planUpload(pending, typeCodes);
  const room = DOCUMENT_UPLOAD_MAX_SLIPS - slips.length;

  const update = (id: string, next: Partial<SlipDraft>) =>
    setSlips((all) => all.map((s) => (s.id === id ? { ...s, ...next } : s)));

  const acceptFiles = async (files: File[], into?: string) => {
    const refused: Refusal[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const key = await refusalOf(file);
      if (key) refused.push({ name: file.name, key });
      else accepted.push(file);
    }
    setRefusals(refused);
    if (into) {
      if (accepted[0]) update(into, { file: accepted[0] });
      return;
    }
    const fitting = accepted.slice(0, Math.max(0, room));
    if (fitting.length < accepted.length)
      setRefusals([
        ...refused,
        ...accepted.slice(fitting.length).map((f) => ({ name: f.name, key: 'documents.upload.errors.tooManySlips' })),
      ]);
    setSlips((all) => [...all, ...fitting.map((f) => slipForFile(f))]);
  };

  /**
   * Sends one slip. A slip whose upload failed or was canceled is sent again by the same upload machine
   * (« Réessayer », or « Déposer » once more), as the slip now reads; a new one starts otherwise.
   */
  const runOne = (slip: SlipDraft): Promise<SlipUploadState> => {
    setUploads((u) => ({ ...u, [slip.id]: { status: 'queued', percentage: 0, failure: null, documentId: null } }));
    const earlier = handles.current.get(slip.id);
    const handle =
      earlier ??
      uploadSlip(services, orgId, slip, (state) => setUploads((u) => ({ ...u, [slip.id]: state })), createXhr);
    handles.current.set(slip.id, handle);
    return (earlier ? earlier.retry(orgId, slip) : handle.finished).then((state) => {
      if (state.status === 'done') {
        handle.dispose();
        handles.current.delete(slip.id);
      }
      return state;
    });
  };

  const finish = (results: readonly SlipUploadState[]) => {
    const done = results.filter((r) => r.status === 'done').length;
    const failed = results.filter((r) => r.status === 'failed').length;
    if (done > 0) {
      alerts.push({ type: 'success', message: 'documents.messages.uploaded', values: { count: done } });
      onUploaded();
    }
    if (failed > 0)
      alerts.push({ type: 'error', message: 'documents.messages.uploadFailed', values: { count: failed } });
  };

  const send = async () => {
    setShowErrors(true);
    if (!orgId || plan.blocking.length > 0 || plan.toSend.length === 0) return;
    setRunning(true);
    const results: SlipUploadState[] = [];
    // One after the other: each file's progress is its own, and a failure stops only its slip.
    for (const slip of plan.toSend) results.push(await runOne(slip));
    setRunning(false);
    finish(results);
    if (results.every((r) => r.status === 'done') && !plan.lastLeftBehind) {
      reset();
      onClose();
    }
  };

  const retry = async (slip: SlipDraft) => {
    if (Object.keys(slipErrors(slip, typeCodes)).length > 0) {
      setShowErrors(true);
      return;
    }
    finish([await runOne(slip)]);
  };

  const reset = () => {
    for (const handle of handles.current.values()) handle.dispose();
    handles.current.clear();
    setSlips([]);
    setUploads({});
    setRefusals([]);
    setShowErrors(false);
  };

  const close = () => {
    if (!running && Object.values(uploads).every((u) => u.status === 'done')) reset();
    onClose();
  };

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
                <Field.Root required invalid={showErrors && !orgId} disabled={running}>
                  <Field.Label htmlFor={orgFieldId}>{t('documents.fields.organization')}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      id={orgFieldId}
                      value={orgId}
                      onChange={(e) => setChosenOrg(e.currentTarget.value)}
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
                  {showErrors && !orgId ? <Field.ErrorText>{t(SLIP_ERROR_KEYS.organization)}</Field.ErrorText> : null}
                </Field.Root>
                <PdfDropZone
                  testId="upload-drop-zone"
                  disabled={room <= 0}
                  texts={{
                    drop: t('documents.upload.drop'),
                    pick: t('documents.upload.pickMany'),
                    label: t('documents.upload.files'),
                    hint: t('documents.upload.hint', { count: DOCUMENT_UPLOAD_MAX_SLIPS }),
                  }}
                  onFiles={(files) => void acceptFiles(files)}
                />
                {refusals.length > 0 ? (
                  <Box as="ul" role="alert" ps="5" color="fg.error" fontSize="sm">
                    {refusals.map((r, i) => (
                      <li key={`${r.name}-${i}`}>
                        {t('documents.upload.refused', { name: r.name, reason: t(r.key) })}
                      </li>
                    ))}
                  </Box>
                ) : null}
                {slips.length > 0 ? (
                  <Stack as="ol" gap="3" m="0" p="0" aria-label={t('documents.upload.slips')}>
                    {slips.map((slip, index) => (
                      <SlipCard
                        key={slip.id}
                        slip={slip}
                        index={index}
                        errors={slipErrors(slip, typeCodes)}
                        showErrors={showErrors}
                        leftBehind={plan.lastLeftBehind?.id === slip.id && plan.toSend.length > 0}
                        types={types}
                        upload={uploads[slip.id] ?? null}
                        employeeSearch={employeeSearch}
                        onChange={(next) => update(slip.id, next)}
                        onFile={(file) => void acceptFiles([file], slip.id)}
                        onRemove={() => {
                          handles.current.get(slip.id)?.dispose();
                          handles.current.delete(slip.id);
                          setSlips((all) => all.filter((s) => s.id !== slip.id));
                        }}
                        onCancel={() => handles.current.get(slip.id)?.cancel()}
                        onRetry={() => void retry(slip)}
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
                  disabled={room <= 0}
                  onClick={() => setSlips((all) => [...all, slipForFile(null)])}
                >
                  {t('documents.upload.addSlip')}
                </Button>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              {showErrors && plan.blocking.length > 0 ? (
                <Text color="fg.error" fontSize="sm" flexBasis="100%" role="alert">
                  {t('documents.upload.incompleteSlips', { count: plan.blocking.length })}
                </Text>
              ) : null}
              <HStack gap="2" ms="auto">
                <Button variant="outline" onClick={close}>
                  {t('common.actions.close')}
                </Button>
                <Button
                  colorPalette="brand"
                  loading={running}
                  disabled={pending.length === 0}
                  onClick={() => void send()}
                >
                  {t('documents.upload.send', { count: plan.toSend.length })}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
