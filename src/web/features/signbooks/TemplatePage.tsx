/**
 * `/signworkflows/templates/{id}` (and `/new`): a template's name, organisation, document types and
 * ordered steps with one signatory type each; every template signatory needs an e-mail (seed 000 §5).
 * Create, save, delete.
 */
import { Alert, Button, Checkbox, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import type { TemplateBody, TemplateView } from '../../../contract/signbook.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useVisibleOrgs } from '../employees/useVisibleOrgs.ts';
import { type DraftStep, fromTemplateSteps, refusalOf, toTemplateSteps } from './signatories.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { useSignClient } from './useSignClient.ts';

export const TemplatePage = () => {
  const { t } = useTranslation();
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  const creating = id === 'new';
  const { api } = useServices();
  const sign = useSignClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { session } = useAuth();
  const { orgs } = useVisibleOrgs();
  const fid = useId();
  const [loaded, setLoaded] = useState(creating);
  const [name, setName] = useState('');
  const [orgId, setOrgId] = useState(session?.orgId ?? '');
  const [docTypes, setDocTypes] = useState<string[]>([]);
  const [types, setTypes] = useState<readonly OrgDocTypeConf[]>([]);
  const [steps, setSteps] = useState<DraftStep[]>([{ signatoryType: 'user', signatories: [] }]);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (creating) return;
    sign
      .call<TemplateView>('signbooks.template', { params: { id } })
      .then((x) => {
        setName(x.name);
        setOrgId(x.organizationId);
        setDocTypes([...x.docTypes]);
        setSteps(fromTemplateSteps(x.steps));
        setLoaded(true);
      })
      .catch((f: unknown) => setError(isApiFailure(f) ? f.key : 'error.internal'));
  }, [sign, id, creating]);

  useEffect(() => {
    if (!orgId) return;
    api
      .call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId } })
      .then(setTypes)
      .catch(() => setTypes([]));
  }, [api, orgId]);

  const problems = [
    ...(name.trim() ? [] : ['validation.required']),
    ...(steps.length && steps.every((s) => s.signatories.length) ? [] : ['signbooks.create.problems.emptyStep']),
    ...(steps.some((s) => s.signatories.some((g) => refusalOf(g))) ? ['error.signbook.signatory-without-email'] : []),
  ];

  const save = () => {
    setTried(true);
    if (problems.length) return;
    const body: TemplateBody = { name: name.trim(), organizationId: orgId, docTypes, steps: toTemplateSteps(steps) };
    setBusy(true);
    setError(null);
    sign
      .call<TemplateView>(creating ? 'signbooks.templateCreate' : 'signbooks.templateUpdate', {
        ...(creating ? {} : { params: { id } }),
        body,
      })
      .then((saved) => {
        alerts.push({ message: 'signbooks.templates.saved', type: 'success' });
        if (creating) void navigate({ to: `/signworkflows/templates/${saved.id}` as '/' });
      })
      .catch((f: unknown) => setError(isApiFailure(f) ? f.key : 'error.internal'))
      .finally(() => setBusy(false));
  };

  const remove = () => {
    setBusy(true);
    sign
      .call('signbooks.templateDelete', { params: { id } })
      .then(() => {
        alerts.push({ message: 'signbooks.templates.deleted', type: 'success' });
        void navigate({ to: '/signworkflows/templates' as '/' });
      })
      .catch((f: unknown) => setError(isApiFailure(f) ? f.key : 'error.internal'))
      .finally(() => {
        setBusy(false);
        setConfirm(false);
      });
  };

  if (!loaded && !error) return <Text>{t('common.loading')}</Text>;
  return (
    <Stack gap="5" maxW="4xl">
      <AppLink to="/signworkflows/templates">{t('signbooks.templates.back')}</AppLink>
      <Heading as="h1" size="xl">
        {creating ? t('signbooks.templates.create') : name || t('sections.signbookTemplate')}
      </Heading>
      <Flex gap="4" wrap="wrap">
        <Field.Root required invalid={tried && !name.trim()} flex="1" minW="14rem">
          <Field.Label htmlFor={`${fid}-name`}>{t('signbooks.fields.name')}</Field.Label>
          <Input id={`${fid}-name`} value={name} onChange={(e) => setName(e.target.value)} />
          <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
        </Field.Root>
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${fid}-org`}>{t('signbooks.fields.organization')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field id={`${fid}-org`} value={orgId} onChange={(e) => setOrgId(e.target.value)}>
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold">
          {t('signbooks.templates.docTypes')}
        </Text>
        <Flex gap="4" wrap="wrap">
          {types.map((d) => (
            <Checkbox.Root
              key={d.code}
              checked={docTypes.includes(d.code)}
              onCheckedChange={({ checked }) =>
                setDocTypes((list) => (checked ? [...list, d.code] : list.filter((c) => c !== d.code)))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{d.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">
          {t('signbooks.templates.steps')}
        </Heading>
        <StepsEditor steps={steps} onChange={setSteps} typed />
      </Stack>
      {(tried && problems.length) || error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {[...(tried ? problems : []), ...(error ? [error] : [])].map((p) => (
              <Alert.Description key={p}>{t(p)}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="blue" loading={busy} onClick={save}>
          {t('common.actions.save')}
        </Button>
        {creating ? null : (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirm(true)}>
            {t('signbooks.templates.delete')}
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={confirm}
        title="signbooks.templates.deleteTitle"
        text="signbooks.templates.deleteText"
        values={{ name }}
        confirm="signbooks.templates.delete"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      />
    </Stack>
  );
};
