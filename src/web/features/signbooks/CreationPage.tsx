/**
 * `/signworkflows/creation`: a signbook from a template or free — name, organisation, the one document
 * (dropped in the product's drop zone and checked there as the server would: ≤ 10 MB, a PDF by its
 * content, opened with pdf.js; the server checks again), its type, signatories per step,
 * the send-to-personal-safe flag; sent as one multipart upload through the API client.
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
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { SignbookCreated, SignbookUploadJson, TemplatePage, TemplateView } from '../../../contract/signbook.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { formatSize, refusalOf as fileRefusalOf } from '../../components/pdfFile.ts';
import { useVisibleOrgs } from '../employees/useVisibleOrgs.ts';
import { type DraftStep, draftProblems, fromTemplateSteps, toUploadSteps } from './signatories.ts';
import { itemPath } from './signbookPaths.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { useSignClient } from './useSignClient.ts';

export const CreationPage = () => {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const sign = useSignClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { session } = useAuth();
  const { orgs } = useVisibleOrgs();
  const id = useId();
  const [name, setName] = useState('');
  const [orgId, setOrgId] = useState(session?.orgId ?? '');
  const [templates, setTemplates] = useState<readonly TemplateView[]>([]);
  const [template, setTemplate] = useState<TemplateView | null>(null);
  const [docTypes, setDocTypes] = useState<readonly OrgDocTypeConf[]>([]);
  const [docType, setDocType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [steps, setSteps] = useState<DraftStep[]>([{ signatoryType: 'user', signatories: [] }]);
  const [toSafe, setToSafe] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    sign
      .call<TemplatePage>('signbooks.templates', { body: {} })
      .then((p) => setTemplates(p.items))
      .catch(() => setTemplates([]));
  }, [sign]);

  useEffect(() => {
    if (!orgId) return;
    api
      .call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId } })
      .then((list) => setDocTypes(list.filter((d) => d.enabled)))
      .catch(() => setDocTypes([]));
  }, [api, orgId]);

  const chooseTemplate = (tid: string) => {
    const chosen = templates.find((x) => x.id === tid) ?? null;
    setTemplate(chosen);
    if (!chosen) return;
    if (!name.trim()) setName(chosen.name);
    if (chosen.organizationId) setOrgId(chosen.organizationId);
    setDocType(chosen.docTypes[0] ?? '');
    setSteps(fromTemplateSteps(chosen.steps));
  };

  const chooseFile = async (chosen: File | null) => {
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    setChecking(true);
    // The server stores the document decrypted (`storablePdf`): a signed and encrypted one is refused; the
    // seal appends to it (`assertSealable`): a certified one is refused.
    const refusal = await fileRefusalOf(chosen, { decrypts: true, sealable: true }).finally(() => setChecking(false));
    if (refusal) setFileError(refusal);
    else setFile(chosen);
  };

  const allowedTypes = template?.docTypes.length
    ? docTypes.filter((d) => template.docTypes.includes(d.code))
    : docTypes;
  const problems = draftProblems({ name, file, steps });

  const submit = () => {
    setTried(true);
    if (problems.length || !file) return;
    const json: SignbookUploadJson = {
      name: name.trim(),
      ...(template ? { templateId: template.id } : {}),
      ...(orgId ? { organizationId: orgId } : {}),
      ...(docType ? { docTypeCode: docType } : {}),
      sendToPersonalSafe: toSafe,
      steps: toUploadSteps(steps),
    };
    const form = new FormData();
    form.append('json', JSON.stringify(json));
    form.append('file', file, file.name);
    setSending(true);
    setFailure(null);
    sign
      .call<SignbookCreated>('signbooks.upload', { formData: form })
      .then((created) => {
        for (const w of created.warnings) {
          const g = created.signbook.steps[w.stepIndex]?.signatories[w.signatoryIndex];
          alerts.push({ message: w.key, type: 'warning', detail: g ? `${g.firstname} ${g.name}` : undefined });
        }
        alerts.push({ message: 'signbooks.create.created', type: 'success' });
        void navigate({ to: itemPath({ status: 'in-progress' }, created.signbook.id) as '/' });
      })
      .catch((f: unknown) => {
        setFailure(isApiFailure(f) ? f.key : ALERT_KEYS.signature.createError);
        alerts.push({ message: ALERT_KEYS.signature.createError, type: 'error' });
      })
      .finally(() => setSending(false));
  };

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
              onChange={(e) => chooseTemplate(e.target.value)}
            >
              <option value="">{t('signbooks.create.free')}</option>
              {templates.map((x) => (
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
            <NativeSelect.Field id={`${id}-org`} value={orgId} onChange={(e) => setOrgId(e.target.value)}>
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
      <Field.Root required invalid={tried && !name.trim()}>
        <Field.Label htmlFor={`${id}-name`}>{t('signbooks.fields.name')}</Field.Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
      </Field.Root>
      <Flex gap="4" wrap="wrap">
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${id}-type`}>{t('signbooks.fields.docType')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field id={`${id}-type`} value={docType} onChange={(e) => setDocType(e.target.value)}>
              {template?.docTypes.length ? null : <option value="">{t('signbooks.create.noDocType')}</option>}
              {allowedTypes.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Field.Root required invalid={Boolean(fileError) || (tried && !file)}>
        <PdfDropZone
          testId="signbook-dropzone"
          multiple={false}
          disabled={sending}
          onFiles={(files) => void chooseFile(files[0] ?? null)}
          texts={{
            drop: t('signbooks.create.drop'),
            pick: t('signbooks.create.pick'),
            label: t('signbooks.create.document'),
            hint: t('signbooks.create.hint'),
          }}
        >
          {checking ? (
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
                onClick={() => setFile(null)}
              />
            </Flex>
          ) : null}
        </PdfDropZone>
        <Field.ErrorText>{t(fileError ?? 'signbooks.create.problems.file')}</Field.ErrorText>
      </Field.Root>
      <Stack gap="2">
        <Heading as="h2" size="md">
          {t('signbooks.create.signatories')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('signbooks.create.stepsHelp')}
        </Text>
        <StepsEditor steps={steps} onChange={setSteps} typed={false} />
      </Stack>
      <Checkbox.Root checked={toSafe} onCheckedChange={({ checked }) => setToSafe(checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('signbooks.create.toSafe')}</Checkbox.Label>
      </Checkbox.Root>
      {tried && problems.length ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {problems.map((p) => (
              <Alert.Description key={p}>{t(p)}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {failure ? (
        <Text role="alert" color="fg.error">
          {t(failure)}
        </Text>
      ) : null}
      <Button colorPalette="blue" alignSelf="flex-start" loading={sending} onClick={submit}>
        {t('signbooks.create.submit')}
      </Button>
    </Stack>
  );
};
