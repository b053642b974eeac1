/**
 * `/signworkflows/creation`: a signbook from a template or free — name, organisation, the one document
 * (dropped in the product's drop zone and checked there as the server would: ≤ 10 MB, a PDF by its
 * content, opened with pdf.js; the server checks again), its type, signatories per step,
 * the send-to-personal-safe flag; sent as one multipart upload through the signing client. The workflow is
 * the signbook-creation machine's (`useSignbookCreation.ts`): this page renders its view and sends it events.
 */
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/index.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { formatSize } from '../../components/pdfFile.ts';
import { useVisibleOrgs } from '../employees/useVisibleOrgs.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { useSignbookCreation } from './useSignbookCreation.ts';

export const CreationPage = () => {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const { orgs } = useVisibleOrgs();
  const id = useId();
  const { view, send, chooseFile } = useSignbookCreation();
  const { name, orgId, template, document: file, sending } = view;

  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('sections.signbookCreation')}
      </Heading>
      <Flex gap="4" wrap="wrap">
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${id}-template`}>{t('signbooks.create.template')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${id}-template`}
              value={template?.id ?? ''}
              onChange={(e) => send({ type: 'signbook.template.choose', templateId: e.target.value })}
            >
              <option value="">{t('signbooks.create.free')}</option>
              {view.templates.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${id}-org`}>{t('signbooks.fields.organization')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${id}-org`}
              value={orgId}
              onChange={(e) => send({ type: 'signbook.org.change', orgId: e.target.value })}
            >
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
              {orgs.some((o) => o.id === orgId) ? null : <option value={orgId}>{session?.orgName}</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Field.Root required invalid={view.nameMissing}>
        <Field.Label htmlFor={`${id}-name`}>{t('signbooks.fields.name')}</Field.Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => send({ type: 'signbook.name.change', value: e.target.value })}
        />
        <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
      </Field.Root>
      <Flex gap="4" wrap="wrap">
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${id}-type`}>{t('signbooks.fields.docType')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${id}-type`}
              value={view.docType}
              onChange={(e) => send({ type: 'signbook.docType.change', code: e.target.value })}
            >
              {view.docTypeOptional ? <option value="">{t('signbooks.create.noDocType')}</option> : null}
              {view.docTypes.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Field.Root required invalid={Boolean(view.fileError) || view.documentMissing}>
        <PdfDropZone
          testId="signbook-dropzone"
          multiple={false}
          disabled={sending}
          onFiles={(files) => chooseFile(files[0] ?? null)}
          texts={{
            drop: t('signbooks.create.drop'),
            pick: t('signbooks.create.pick'),
            label: t('signbooks.create.document'),
            hint: t('signbooks.create.hint'),
          }}
        >
          {view.checking ? (
            <Text role="status" mt="2" fontSize="sm" color="fg.muted">
              {t('signbooks.create.checking')}
            </Text>
          ) : null}
          {file ? (
            <Flex mt="3" align="center" gap="2" borderWidth="1px" rounded="md" px="3" py="1" textAlign="start">
              <Text flex="1" truncate>
                {file.name}
              </Text>
              <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                {formatSize(file.size, i18n.language)}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('signbooks.create.removeFile', { name: file.name })}
                disabled={sending}
                onClick={() => send({ type: 'signbook.document.remove' })}
              />
            </Flex>
          ) : null}
        </PdfDropZone>
        <Field.ErrorText>{t(view.fileError ?? 'signbooks.create.problems.file')}</Field.ErrorText>
      </Field.Root>
      <Stack gap="2">
        <Heading as="h2" size="md">
          {t('signbooks.create.signatories')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('signbooks.create.stepsHelp')}
        </Text>
        <StepsEditor
          steps={view.steps}
          onChange={(steps) => send({ type: 'signbook.steps.change', steps })}
          typed={false}
        />
      </Stack>
      <Checkbox.Root
        checked={view.toSafe}
        onCheckedChange={({ checked }) => send({ type: 'signbook.toSafe.change', value: checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('signbooks.create.toSafe')}</Checkbox.Label>
      </Checkbox.Root>
      {view.problems.length ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {view.problems.map((p) => (
              <Alert.Description key={p}>{t(p)}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {view.failure ? (
        <Text role="alert" color="fg.error">
          {t(view.failure)}
        </Text>
      ) : null}
      <Button
        colorPalette="blue"
        alignSelf="flex-start"
        loading={sending}
        onClick={() => send({ type: 'signbook.submit' })}
      >
        {t('signbooks.create.submit')}
      </Button>
    </Stack>
  );
};
