/**
 * `/signworkflows/templates/{id}` (and `/new`): a template's name, organisation, document types and
 * ordered steps with one signatory type each; every template signatory needs an e-mail (seed 000 §5).
 * Create, save, delete. The workflow is the signbook-template machine's (`useSignbookTemplate.ts`): this page
 * renders its view and sends it events.
 */
import { Alert, Button, Checkbox, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useVisibleOrgs } from '../employees/useVisibleOrgs.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { useSignbookTemplate } from './useSignbookTemplate.ts';

/** One machine per template: a created template's address starts the next one. */
export const TemplatePage = () => {
  const { id = 'new' } = useParams({ strict: false }) as { id?: string };
  return <TemplateEditor key={id} id={id} />;
};

const TemplateEditor = ({ id }: { readonly id: string }) => {
  const { t } = useTranslation();
  const { orgs } = useVisibleOrgs();
  const fid = useId();
  const { view, send } = useSignbookTemplate(id);
  const { creating, name, orgId, docTypes, busy } = view;

  if (!view.loaded) return <Text>{t('common.loading')}</Text>;
  return (
    <Stack gap="5" maxW="4xl">
      <AppLink to="/signworkflows/templates">{t('signbooks.templates.back')}</AppLink>
      <Heading as="h1" size="xl">
        {creating ? t('signbooks.templates.create') : name || t('sections.signbookTemplate')}
      </Heading>
      <Flex gap="4" wrap="wrap">
        <Field.Root required invalid={view.nameMissing} flex="1" minW="14rem">
          <Field.Label htmlFor={`${fid}-name`}>{t('signbooks.fields.name')}</Field.Label>
          <Input
            id={`${fid}-name`}
            value={name}
            onChange={(e) => send({ type: 'template.name.change', value: e.target.value })}
          />
          <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
        </Field.Root>
        <Field.Root flex="1" minW="14rem">
          <Field.Label htmlFor={`${fid}-org`}>{t('signbooks.fields.organization')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${fid}-org`}
              value={orgId}
              onChange={(e) => send({ type: 'template.org.change', orgId: e.target.value })}
            >
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
          {view.types.map((d) => (
            <Checkbox.Root
              key={d.code}
              checked={docTypes.includes(d.code)}
              onCheckedChange={({ checked }) =>
                send({ type: 'template.docType.toggle', code: d.code, checked: checked === true })
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
        <StepsEditor steps={view.steps} onChange={(steps) => send({ type: 'template.steps.change', steps })} typed />
      </Stack>
      {view.messages.length ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {view.messages.map((p) => (
              <Alert.Description key={p}>{t(p)}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="blue" loading={busy} onClick={() => send({ type: 'template.save' })}>
          {t('common.actions.save')}
        </Button>
        {creating ? null : (
          <Button variant="outline" colorPalette="red" onClick={() => send({ type: 'template.delete.ask' })}>
            {t('signbooks.templates.delete')}
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={view.confirming}
        title="signbooks.templates.deleteTitle"
        text="signbooks.templates.deleteText"
        values={{ name }}
        confirm="signbooks.templates.delete"
        danger
        busy={busy}
        onConfirm={() => send({ type: 'template.delete.confirm' })}
        onCancel={() => send({ type: 'template.delete.cancel' })}
      />
    </Stack>
  );
};
