import {
  Alert,
  Button,
  Field,
  Fieldset,
  Flex,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  type Failure,
  failureText,
  MAX_LENGTHS,
  type OrgFormField,
  type TextField,
} from '../../../../machines/org-form/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { useOrgForm } from './useOrgForm.ts';

const REQUIRED: ReadonlySet<TextField> = new Set(['name', 'siret', 'city']);
const LAYOUT: readonly (readonly TextField[])[] = [
  ['name', 'siret'],
  ['street'],
  ['zipCode', 'city', 'country'],
  ['reference', 'billingReference', 'internalFolderCode'],
];

/**
 * Create (`/organizations/create[?parentId=]`) and edit (`/organizations/{id}`): the load, the company
 * lookup and the save are the org-form machine (machines/org-form); this view sends it events.
 */
export const OrganizationFormPage = () => {
  const { id } = useParams({ strict: false }) as { id?: string };
  const { parentId } = useSearch({ strict: false }) as { parentId?: string };
  // Another organisation is another form: its own machine, read afresh.
  return <OrganizationForm key={id ?? ''} id={id} parentId={parentId} />;
};

const OrganizationForm = ({ id, parentId }: { id: string | undefined; parentId: string | undefined }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { view, send, leavingUnsaved } = useOrgForm({ orgId: id ?? null, ...(parentId ? { parentId } : {}) });
  const { readOnly, values, failure } = view;
  useBlocker({
    shouldBlockFn: () => leavingUnsaved() && !window.confirm(t('organizations.form.unsaved')),
    enableBeforeUnload: leavingUnsaved,
  });

  const listOf = (fields: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      fields.map((f) => t(`organizations.fields.${f}`)),
    );
  const blockedLines = view.blockedBy.map((line) => t(line.key, { fields: listOf(line.fields) }));
  const set = (field: OrgFormField, value: string) => send({ type: 'form.change', field, value });
  const touch = (field: OrgFormField) => send({ type: 'form.blur', field });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };

  if (!view.formShown) {
    return failure ? <FailureAlert failure={failure} /> : <DelayedLoader label={t('common.loading')} />;
  }

  const fieldFor = (field: TextField) => {
    const error = view.fieldError(field);
    return (
      <Field.Root key={field} required={REQUIRED.has(field)} invalid={Boolean(error)} readOnly={readOnly}>
        <Field.Label>
          {t(`organizations.fields.${field}`)}
          {REQUIRED.has(field) ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        {field === 'siret' ? (
          <Flex gap="2" w="full">
            <Input
              value={values.siret}
              onChange={(e) => set('siret', e.target.value)}
              onBlur={() => touch('siret')}
              inputMode="text"
              autoComplete="off"
              maxLength={MAX_LENGTHS.siret}
            />
            {readOnly ? null : (
              <Button variant="outline" onClick={() => send({ type: 'form.lookup' })} loading={view.isLookingUp}>
                {t('organizations.form.lookup')}
              </Button>
            )}
          </Flex>
        ) : (
          <Input
            value={values[field]}
            onChange={(e) => set(field, e.target.value)}
            onBlur={() => touch(field)}
            maxLength={MAX_LENGTHS[field]}
          />
        )}
        {field === 'siret' && !error ? <Field.HelperText>{t('organizations.form.siretHelp')}</Field.HelperText> : null}
        {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null}
      </Field.Root>
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5" maxW="4xl">
        <Heading as="h1" size="xl">
          {id ? t('organizations.form.editTitle') : t('organizations.form.createTitle')}
        </Heading>
        {readOnly ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t(ERROR_KEYS.orgPayrollManaged)}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Fieldset.Root disabled={view.isSaving}>
          <Stack gap="4">
            {LAYOUT.map((row) => (
              <SimpleGrid key={row.join()} columns={{ base: 1, md: row.length }} gap="4">
                {row.map(fieldFor)}
              </SimpleGrid>
            ))}
            {view.lookupFilled ? (
              <Text color="green.fg" role="status">
                {t('organizations.form.lookupFilled')}
              </Text>
            ) : null}
            {view.lookupError ? (
              <Text color="red.fg" role="alert">
                {t(view.lookupError)}
              </Text>
            ) : null}
            <Field.Root readOnly={readOnly}>
              <Field.Label>{t('organizations.fields.parentId')}</Field.Label>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field value={values.parentId} onChange={(e) => set('parentId', e.target.value)}>
                  <option value="">{t('organizations.form.noParent')}</option>
                  {view.parents.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({p.siret})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
        </Fieldset.Root>
        {failure ? <FailureAlert failure={failure} title={id ? undefined : 'organizations.form.createError'} /> : null}
        <Flex gap="3" wrap="wrap" align="center">
          {readOnly ? null : (
            <Button
              type="submit"
              colorPalette="brand"
              loading={view.isSaving}
              disabled={!view.canSubmit}
              aria-describedby={blockedLines.length ? 'org-form-blocked' : undefined}
            >
              {id ? t('organizations.form.save') : t('organizations.form.create')}
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => void navigate({ to: id ? '/organizations/item/$id' : '/organizations', params: { id } })}
          >
            {t('organizations.form.cancel')}
          </Button>
          {blockedLines.length ? (
            <Text id="org-form-blocked" fontSize="sm" color="fg.muted" data-missing flexBasis="full">
              {blockedLines.join(' ')}
            </Text>
          ) : null}
        </Flex>
      </Stack>
    </form>
  );
};

const FailureAlert = ({ failure, title }: { failure: Failure; title?: string | undefined }) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{t(title)}</Alert.Title> : null}
        <Alert.Description whiteSpace="pre-line" data-testid="org-form-errors">
          {failureText(failure, t)}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
};
