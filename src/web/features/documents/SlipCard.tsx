/**
 * One slip of the upload: its PDF, document type, description, destination, employee (for the
 * employee's safe) and optional period, with its errors once the user tried to send, and its
 * upload's progress, cancel and retry.
 */
import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_DESTINATIONS, type DocumentDestination } from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { formatSize } from '../../components/pdfFile.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { PersonPicker, type PersonSearch } from '../rights/PersonPicker.tsx';
import type { SlipUploadState } from './slipUploads.ts';
import type { SlipDraft, SlipErrors } from './slips.ts';
import type { DocTypeOption } from './useDocumentOptions.ts';

export interface SlipCardProps {
  readonly slip: SlipDraft;
  readonly index: number;
  readonly errors: SlipErrors;
  readonly showErrors: boolean;
  readonly leftBehind: boolean;
  readonly types: readonly DocTypeOption[];
  readonly upload: SlipUploadState | null;
  /** What the dialog's machine takes now for this slip. */
  readonly canEdit: boolean;
  readonly canRemove: boolean;
  readonly canCancel: boolean;
  readonly canRetry: boolean;
  readonly employeeSearch: PersonSearch;
  readonly onChange: (next: Partial<SlipDraft>) => void;
  readonly onFile: (file: File) => void;
  readonly onRemove: () => void;
  readonly onCancel: () => void;
  readonly onRetry: () => void;
}

const StatusLine = ({
  upload,
  onCancel,
  onRetry,
  canCancel,
  canRetry,
}: Pick<SlipCardProps, 'upload' | 'onCancel' | 'onRetry' | 'canCancel' | 'canRetry'>) => {
  const { t } = useTranslation();
  if (!upload) return null;
  const { status, percentage, failure } = upload;
  return (
    <Stack gap="1" data-testid="slip-status" data-status={status}>
      <HStack gap="3" wrap="wrap">
        <Badge
          colorPalette={
            status === 'done' ? 'green' : status === 'failed' ? 'red' : status === 'canceled' ? 'gray' : 'blue'
          }
        >
          {t(`documents.upload.status.${status}`, { percentage })}
        </Badge>
        {status === 'uploading' || status === 'queued' ? (
          <Button size="xs" variant="outline" disabled={!canCancel} onClick={onCancel}>
            {t('documents.upload.cancel')}
          </Button>
        ) : null}
        {status === 'failed' || status === 'canceled' ? (
          <Button size="xs" colorPalette="brand" disabled={!canRetry} onClick={onRetry}>
            {t('documents.upload.retry')}
          </Button>
        ) : null}
      </HStack>
      {status === 'uploading' ? (
        <Progress.Root value={percentage} size="sm" aria-label={t('documents.upload.progress', { percentage })}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {failure ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t(failure.key, { defaultValue: t(ERROR_KEYS.internal) })}
          {failure.errors?.length ? ` — ${failure.errors.join(' ; ')}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
};

export const SlipCard = (props: SlipCardProps) => {
  const { slip, index, errors, showErrors, types, upload, onChange } = props;
  const { t, i18n } = useTranslation();
  const ids = { type: useId(), description: useId(), destination: useId(), from: useId(), to: useId() };
  const locked = !props.canEdit;
  const error = (field: keyof SlipErrors) => (showErrors && errors[field] ? t(errors[field]) : null);
  const title = t('documents.upload.slipTitle', { index: index + 1 });

  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      rounded="md"
      p="3"
      aria-label={title}
      data-testid="slip"
      borderColor={props.leftBehind ? 'orange.400' : undefined}
    >
      <Stack gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Stack gap="0" minW="0" flex="1">
            <Text fontWeight="semibold">{title}</Text>
            {slip.file ? (
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {`${slip.file.name} · ${formatSize(slip.file.size, i18n.language)}`}
              </Text>
            ) : null}
          </Stack>
          <Button size="xs" variant="ghost" colorPalette="red" disabled={!props.canRemove} onClick={props.onRemove}>
            {t('documents.upload.removeSlip')}
          </Button>
        </HStack>
        {!slip.file ? (
          <Box>
            <PdfDropZone
              multiple={false}
              disabled={locked}
              texts={{
                drop: t('documents.upload.dropOne'),
                pick: t('documents.upload.pick'),
                label: t('documents.upload.fileOf', { index: index + 1 }),
              }}
              onFiles={(files) => files[0] && props.onFile(files[0])}
            />
            {error('file') ? (
              <Text color="fg.error" fontSize="sm" mt="1">
                {error('file')}
              </Text>
            ) : null}
          </Box>
        ) : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required invalid={error('typeCode') !== null} disabled={locked}>
            <Field.Label htmlFor={ids.type}>{t('documents.fields.type')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={ids.type}
                value={slip.typeCode}
                onChange={(e) => onChange({ typeCode: e.currentTarget.value })}
              >
                <option value="">{t('documents.upload.chooseType')}</option>
                {types.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {error('typeCode') ? <Field.ErrorText>{error('typeCode')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root required invalid={error('description') !== null} disabled={locked}>
            <Field.Label htmlFor={ids.description}>{t('documents.fields.description')}</Field.Label>
            <Input
              id={ids.description}
              size="sm"
              value={slip.description}
              onChange={(e) => onChange({ description: e.currentTarget.value })}
              autoComplete="off"
            />
            {error('description') ? <Field.ErrorText>{error('description')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root disabled={locked}>
            <Field.Label htmlFor={ids.destination}>{t('documents.fields.destination')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={ids.destination}
                value={slip.destination}
                onChange={(e) => onChange({ destination: e.currentTarget.value as DocumentDestination })}
              >
                {DOCUMENT_DESTINATIONS.map((d) => (
                  <option key={d} value={d}>
                    {t(`documents.destination.${d}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <HStack gap="2" align="flex-start">
            <Field.Root invalid={error('period') !== null} disabled={locked}>
              <Field.Label htmlFor={ids.from}>{t('documents.upload.periodStart')}</Field.Label>
              <Input
                id={ids.from}
                size="sm"
                type="date"
                value={slip.periodStart}
                onChange={(e) => onChange({ periodStart: e.currentTarget.value })}
              />
            </Field.Root>
            <Field.Root invalid={error('period') !== null} disabled={locked}>
              <Field.Label htmlFor={ids.to}>{t('documents.upload.periodEnd')}</Field.Label>
              <Input
                id={ids.to}
                size="sm"
                type="date"
                value={slip.periodEnd}
                onChange={(e) => onChange({ periodEnd: e.currentTarget.value })}
              />
              {error('period') ? <Field.ErrorText>{error('period')}</Field.ErrorText> : null}
            </Field.Root>
          </HStack>
        </SimpleGrid>
        {slip.destination === 'EMPLOYEE_SAFE' ? (
          slip.employee ? (
            <HStack gap="3" wrap="wrap">
              <Text fontSize="sm" data-testid="slip-employee">
                {t('documents.upload.employeeChosen', { name: slip.employee.label })}
              </Text>
              <Button size="xs" variant="outline" disabled={locked} onClick={() => onChange({ employee: null })}>
                {t('documents.upload.changeEmployee')}
              </Button>
            </HStack>
          ) : (
            <Box>
              <PersonPicker
                label={t('documents.fields.employee')}
                placeholder={t('documents.filters.employeeHint')}
                emptyText={t('documents.filters.noEmployee')}
                search={props.employeeSearch}
                chosenIds={new Set()}
                disabled={locked}
                onAdd={(p) => onChange({ employee: { id: p.id, label: p.label } })}
              />
              {error('employee') ? (
                <Text color="fg.error" fontSize="sm" mt="1">
                  {error('employee')}
                </Text>
              ) : null}
            </Box>
          )
        ) : null}
        {props.leftBehind ? (
          <Text fontSize="sm" color="orange.fg">
            {t('documents.upload.lastLeftBehind')}
          </Text>
        ) : null}
        <StatusLine
          upload={upload}
          onCancel={props.onCancel}
          onRetry={props.onRetry}
          canCancel={props.canCancel}
          canRetry={props.canRetry}
        />
      </Stack>
    </Box>
  );
};
